//! The approval handler (`hooks/approve`), the judge's text reply (`hooks/judge` with `reply: "text"`), tools with
//! kinds at initialize and the four file/shell events, against a tiny scripted peer playing hookd (what hookd sends is
//! fixed here; the peer echoes the client's answers and its initialize params as notifications). The same flows
//! against the built sidecar are in `bonsai_e2e.rs`.

mod common;

use common::*;
use hookd_client::protocol::*;
use hookd_client::{Hookd, ServerNotification};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc::UnboundedReceiver;

/// Answers initialize (echoing its params as `test/initialize`), sends the server requests `test/send` gives it, and
/// echoes every answer of the client as `test/echo`.
const PEER: &str = r#"
    const out = (m) => process.stdout.write(JSON.stringify(m) + '\n');
    require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.method === 'initialize') {
        out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '0.1', serverInfo: { name: 'hookd', version: '0-fake' }, dialect: 'bonsai', events: [], hooks: [], diagnostics: [] } });
        out({ jsonrpc: '2.0', method: 'test/initialize', params: m.params });
      } else if (m.method === 'test/send') {
        out({ jsonrpc: '2.0', id: m.id, result: {} });
        out({ jsonrpc: '2.0', id: m.params.id, method: m.params.method, params: m.params.params });
      } else if (m.method && m.method.startsWith('hooks/')) {
        out({ jsonrpc: '2.0', method: 'test/event', params: { method: m.method, params: m.params } });
        out({ jsonrpc: '2.0', id: m.id, result: { event: m.method.slice(6), decision: 'none', continue: true, notes: [], runs: [] } });
      } else if (m.method === undefined) {
        out({ jsonrpc: '2.0', method: 'test/echo', params: m });
      } else if (m.method === 'shutdown') {
        out({ jsonrpc: '2.0', id: m.id, result: null });
      } else if (m.method === 'exit') {
        process.exit(0);
      }
    });
"#;

fn approval() -> Value {
    json!({ "hookId": "project:fmt", "name": "fmt", "event": "PostFileWrite", "source": "/w/.bonsai/config.toml",
            "actionType": "shell", "summary": "cargo fmt", "matcher": "path=src/**/*.rs", "hash": "sha256:0123" })
}

fn text_judge() -> Value {
    json!({ "hookId": "project:review", "event": "PreFileWrite", "sessionId": "s1", "kind": "prompt",
            "prompt": "Is this diff safe?", "timeoutMs": 30000, "reply": "text" })
}

struct Peer {
    hookd: Hookd,
    notes: UnboundedReceiver<ServerNotification>,
    _ws: TempDir,
}

async fn peer(configure: impl FnOnce(hookd_client::Builder) -> hookd_client::Builder) -> Peer {
    let ws = TempDir::new("hookd-rs-bonsai-fake");
    let (tx, notes) = tokio::sync::mpsc::unbounded_channel();
    let builder = Hookd::builder().command("node").arg("-e").arg(PEER).workspace(ws.path()).on_notification(move |n| {
        let _ = tx.send(n.clone());
    });
    let hookd = configure(builder).spawn().await.unwrap();
    Peer { hookd, notes, _ws: ws }
}

impl Peer {
    /// The next `test/<what>` notification's params.
    async fn next(&mut self, what: &str) -> Value {
        loop {
            match tokio::time::timeout(Duration::from_secs(10), self.notes.recv()).await.expect("the peer reports within 10 s") {
                Some(ServerNotification::Other { method, params: Some(params) }) if method == format!("test/{what}") => return params,
                Some(_) => continue,
                None => panic!("the peer's notifications ended"),
            }
        }
    }
    /// Makes the peer send one server request; returns the client's answer.
    async fn answer(&mut self, id: i64, method: &str, params: Value) -> Value {
        let _: Value = self.hookd.request("test/send", Some(&json!({ "id": id, "method": method, "params": params }))).await.unwrap();
        let answer = self.next("echo").await;
        assert_eq!(answer["id"], id, "{answer}");
        answer
    }
}

#[tokio::test]
async fn hookd_asks_the_client_a_server_to_client_request_showing_the_command_or_url_answers_once_session_project_deny() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let answers = Arc::new(Mutex::new(vec![ApprovalAnswer::Deny, ApprovalAnswer::Project, ApprovalAnswer::Session, ApprovalAnswer::Once]));
    let mut p = peer(|b| {
        b.on_approve(move |params: ApproveHookParams| {
            record.lock().unwrap().push(params);
            let answer = answers.lock().unwrap().pop().unwrap();
            async move { answer }
        })
    })
    .await;
    let init = p.next("initialize").await;
    assert_eq!(init["capabilities"]["hookApproval"], true, "{init}");
    let mut got = Vec::new();
    for id in 20..24 {
        got.push(p.answer(id, methods::APPROVE, approval()).await["result"].clone());
    }
    assert_eq!(got, vec![json!({ "answer": "once" }), json!({ "answer": "session" }), json!({ "answer": "project" }), json!({ "answer": "deny" })]);
    let seen = seen.lock().unwrap();
    assert_eq!(
        (seen[0].hook_id.as_str(), seen[0].summary.as_str(), seen[0].action_type.as_str(), seen[0].matcher.as_deref(), seen[0].hash.as_str()),
        ("project:fmt", "cargo fmt", "shell", Some("path=src/**/*.rs"), "sha256:0123")
    );
    drop(seen);
    assert!(p.hookd.shutdown().await.unwrap().success());
}

#[tokio::test]
async fn an_approval_answer_the_crate_does_not_know_is_an_error_answer_and_without_a_handler_method_not_found() {
    let mut p = peer(|b| b.on_approve(|_| async { ApprovalAnswer::Other("always".into()) })).await;
    let answer = p.answer(30, methods::APPROVE, approval()).await;
    assert_eq!(answer["error"]["code"], error_codes::INTERNAL_ERROR, "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap().contains("once, session, project or deny"), "{answer}");
    p.hookd.shutdown().await.unwrap();

    let mut p = peer(|b| b).await;
    let init = p.next("initialize").await;
    assert!(init["capabilities"].get("hookApproval").is_none(), "{init}");
    assert_eq!(p.answer(31, methods::APPROVE, approval()).await["error"]["code"], error_codes::METHOD_NOT_FOUND);
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_judge_answers_a_text_request_with_the_model_reply_verbatim_and_keeps_the_verdict_form() {
    let reply = r#"{"decision":"block","reason":"it deletes the tests"}"#;
    let mut p = peer(|b| {
        b.on_judge(move |params: JudgeParams| async move {
            if params.wants_text() {
                JudgeResult::text(reply)
            } else {
                JudgeResult::not_ok("no")
            }
        })
    })
    .await;
    assert_eq!(p.answer(40, methods::JUDGE, text_judge()).await["result"], json!({ "text": reply }));
    let mut verdict = text_judge();
    verdict.as_object_mut().unwrap().remove("reply");
    assert_eq!(p.answer(41, methods::JUDGE, verdict).await["result"], json!({ "ok": false, "reason": "no" }));
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_judge_answer_of_the_wrong_form_is_an_error_answer_naming_the_form_asked_for() {
    let mut p = peer(|b| b.on_judge(|params: JudgeParams| async move { if params.wants_text() { JudgeResult::ok() } else { JudgeResult::text("allow") } })).await;
    let text = p.answer(50, methods::JUDGE, text_judge()).await;
    assert!(text["error"]["message"].as_str().unwrap().contains("asks for the model's text reply"), "{text}");
    let mut verdict = text_judge();
    verdict["reply"] = json!("verdict");
    let verdict = p.answer(51, methods::JUDGE, verdict).await;
    assert!(verdict["error"]["message"].as_str().unwrap().contains("asks for a verdict"), "{verdict}");
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn tools_go_to_initialize_with_their_kinds_and_the_four_event_methods_send_their_fields() {
    let mut p = peer(|b| {
        b.dialect("bonsai")
            .tools(["Read"])
            .tool(ToolDeclaration::shell("bash"))
            .tool(ToolDeclaration { path_field: Some("file".into()), ..ToolDeclaration::file_write("write") })
    })
    .await;
    let init = p.next("initialize").await;
    assert_eq!(init["tools"], json!(["Read", { "name": "bash", "kind": "shell" }, { "name": "write", "kind": "file_write", "pathField": "file" }]));
    let session = SessionInfo::new("s");
    let files = vec![FileChange::modify("src/main.rs", "old\n", "new\n"), FileChange::moved("a.rs", "b.rs", "x\n"), FileChange::delete("c.rs", "gone\n")];
    let result = p.hookd.pre_file_write(PreFileWrite::new(session.clone(), files.clone())).await.unwrap();
    assert_eq!(result.event, "PreFileWrite");
    let sent = p.next("event").await;
    assert_eq!(sent["method"], "hooks/PreFileWrite");
    assert_eq!(
        sent["params"]["files"],
        json!([
            { "path": "src/main.rs", "operation": "modify", "oldContent": "old\n", "newContent": "new\n" },
            { "path": "b.rs", "operation": "move", "fromPath": "a.rs", "oldContent": "x\n", "newContent": "x\n" },
            { "path": "c.rs", "operation": "delete", "oldContent": "gone\n" },
        ])
    );
    p.hookd.post_file_write(PostFileWrite::new(session.clone(), files[..1].to_vec())).await.unwrap();
    assert_eq!(p.next("event").await["method"], "hooks/PostFileWrite");
    p.hookd.pre_bash(PreBash::new(session.clone(), "cargo test")).await.unwrap();
    assert_eq!(p.next("event").await["params"], json!({ "session": { "id": "s" }, "command": "cargo test" }));
    p.hookd.post_bash(PostBash::new(session.clone(), "cargo test", 101, "FAILED")).await.unwrap();
    assert_eq!(p.next("event").await["params"], json!({ "session": { "id": "s" }, "command": "cargo test", "exitCode": 101, "outputExcerpt": "FAILED" }));
    assert!(p.hookd.shutdown().await.unwrap().success());
}

#[test]
fn the_new_shapes_round_trip_with_nothing_untyped() {
    let init = json!({ "protocolVersion": "0.1", "workspace": "/w", "dialect": "bonsai",
        "capabilities": { "hookApproval": true, "modelJudge": true },
        "options": { "networkAccess": "denied", "ledgerPath": "/w/.bonsai/ledger.jsonl" },
        "tools": ["Read", { "name": "bash", "kind": "shell", "commandField": "cmd" }] });
    let typed: InitializeParams = serde_json::from_value(init.clone()).unwrap();
    assert!(typed.unknown_fields().is_empty(), "{:?}", typed.unknown_fields());
    assert_eq!(typed.options.as_ref().unwrap().network_access, Some(NetworkAccess::Denied));
    assert_eq!(typed.tools.as_ref().unwrap()[1], Tool::Declared(ToolDeclaration { command_field: Some("cmd".into()), ..ToolDeclaration::shell("bash") }));
    assert_eq!(serde_json::to_value(&typed).unwrap(), init);
    let approve: ApproveHookParams = serde_json::from_value(approval()).unwrap();
    assert!(approve.unknown_fields().is_empty());
    assert_eq!(serde_json::to_value(&approve).unwrap(), approval());
    let judge: JudgeParams = serde_json::from_value(text_judge()).unwrap();
    assert!(judge.wants_text() && judge.unknown_fields().is_empty());
    let post_bash = json!({ "session": { "id": "s" }, "command": "ls", "exitCode": 0, "outputExcerpt": "a" });
    let typed: PostBash = serde_json::from_value(post_bash.clone()).unwrap();
    assert_eq!(serde_json::to_value(&typed).unwrap(), post_bash);
    assert_eq!(serde_json::from_value::<FailureClass>(json!("network_denied")).unwrap(), FailureClass::NetworkDenied);
    assert_eq!(EventName::ALL.iter().filter(|e| e.as_str().ends_with("Bash") || e.as_str().ends_with("FileWrite")).count(), 4);
}
