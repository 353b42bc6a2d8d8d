//! The wamp additions of the Rust client against a tiny scripted peer playing hookd: the tool approval handler
//! (`hooks/askToolApproval`, declaring `capabilities.toolApproval`), `trust_workspace`, the new event params
//! (`turnKind`, `unattended`, `isError`, `finish`, `rootRun`, session `agent`/`runtime`) and the new result fields
//! typed (`warnings`, `binding`, `approval`, `refusal`, `unresolved`, `notFired`). The same flows against the built
//! sidecar are in `wamp_e2e.rs`.

mod common;

use common::*;
use hookd_client::protocol::*;
use hookd_client::{Hookd, ServerNotification};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc::UnboundedReceiver;

/// Answers initialize (echoing its params as `test/initialize`), sends the server requests `test/send` gives it,
/// echoes every event's params as `test/event` and answers it with the result `test/result` set last, and echoes
/// every answer of the client as `test/echo`.
const PEER: &str = r#"
    const out = (m) => process.stdout.write(JSON.stringify(m) + '\n');
    let next = null;
    require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.method === 'initialize') {
        out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '0.1', serverInfo: { name: 'hookd', version: '0-fake' }, dialect: 'wamp', events: [], hooks: [], diagnostics: [] } });
        out({ jsonrpc: '2.0', method: 'test/initialize', params: m.params });
      } else if (m.method === 'test/send') {
        out({ jsonrpc: '2.0', id: m.id, result: {} });
        out({ jsonrpc: '2.0', id: m.params.id, method: m.params.method, params: m.params.params });
      } else if (m.method === 'test/result') {
        next = m.params;
        out({ jsonrpc: '2.0', id: m.id, result: {} });
      } else if (m.method && m.method.startsWith('hooks/')) {
        out({ jsonrpc: '2.0', method: 'test/event', params: { method: m.method, params: m.params } });
        out({ jsonrpc: '2.0', id: m.id, result: next || { event: m.method.slice(6), decision: 'none', continue: true, notes: [], runs: [] } });
      } else if (m.method === undefined) {
        out({ jsonrpc: '2.0', method: 'test/echo', params: m });
      } else if (m.method === 'shutdown') {
        out({ jsonrpc: '2.0', id: m.id, result: null });
      } else if (m.method === 'exit') {
        process.exit(0);
      }
    });
"#;

fn ask() -> Value {
    json!({ "sessionId": "s1", "event": "PreToolUse", "runId": "run-1", "toolName": "shell", "toolUseId": "tu-1",
            "toolInput": { "command": "git push" }, "reason": "pushing needs a human", "options": ["allow", "deny"] })
}

struct Peer {
    hookd: Hookd,
    notes: UnboundedReceiver<ServerNotification>,
    _ws: TempDir,
}

async fn peer(configure: impl FnOnce(hookd_client::Builder) -> hookd_client::Builder) -> Peer {
    let ws = TempDir::new("hookd-rs-wamp-fake");
    let (tx, notes) = tokio::sync::mpsc::unbounded_channel();
    let builder = Hookd::builder().command("node").arg("-e").arg(PEER).workspace(ws.path()).dialect("wamp").on_notification(move |n| {
        let _ = tx.send(n.clone());
    });
    let hookd = configure(builder).spawn().await.unwrap();
    Peer { hookd, notes, _ws: ws }
}

impl Peer {
    async fn next(&mut self, what: &str) -> Value {
        loop {
            match tokio::time::timeout(Duration::from_secs(10), self.notes.recv()).await.expect("the peer reports within 10 s") {
                Some(ServerNotification::Other { method, params: Some(params) }) if method == format!("test/{what}") => return params,
                Some(_) => continue,
                None => panic!("the peer's notifications ended"),
            }
        }
    }
    async fn answer(&mut self, id: i64, method: &str, params: Value) -> Value {
        let _: Value = self.hookd.request("test/send", Some(&json!({ "id": id, "method": method, "params": params }))).await.unwrap();
        let answer = self.next("echo").await;
        assert_eq!(answer["id"], id, "{answer}");
        answer
    }
}

#[tokio::test]
async fn an_ask_asks_for_one_approval_with_only_allow_and_deny_as_a_server_to_client_request() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let answers = Arc::new(Mutex::new(vec![ToolApprovalAnswer::Deny, ToolApprovalAnswer::Allow]));
    let mut p = peer(|b| {
        b.on_tool_approval(move |params: AskToolApprovalParams| {
            record.lock().unwrap().push(params);
            let answer = answers.lock().unwrap().pop().unwrap();
            async move { answer }
        })
    })
    .await;
    let init = p.next("initialize").await;
    assert_eq!(init["capabilities"]["toolApproval"], true, "{init}");
    assert_eq!(p.answer(20, methods::ASK_TOOL_APPROVAL, ask()).await["result"], json!({ "answer": "allow" }));
    assert_eq!(p.answer(21, methods::ASK_TOOL_APPROVAL, ask()).await["result"], json!({ "answer": "deny" }));
    let seen = seen.lock().unwrap();
    let first = &seen[0];
    assert_eq!(
        (first.session_id.as_str(), first.event.as_str(), first.run_id.as_deref(), first.tool_name.as_deref(), first.tool_use_id.as_deref(), first.reason.as_str()),
        ("s1", "PreToolUse", Some("run-1"), Some("shell"), Some("tu-1"), "pushing needs a human")
    );
    assert_eq!(first.options, vec![ToolApprovalAnswer::Allow, ToolApprovalAnswer::Deny]);
    assert_eq!(first.tool_input.as_ref().unwrap()["command"], "git push");
    assert!(first.other.is_empty(), "{:?}", first.other);
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_tool_approval_answer_other_than_allow_or_deny_is_an_error_answer_and_without_a_handler_method_not_found() {
    let mut p = peer(|b| b.on_tool_approval(|_| async { ToolApprovalAnswer::Other("allow_for_chat".into()) })).await;
    let answer = p.answer(30, methods::ASK_TOOL_APPROVAL, ask()).await;
    assert!(answer.get("result").is_none(), "{answer}");
    assert_eq!(answer["error"]["code"], error_codes::INTERNAL_ERROR);
    assert!(answer["error"]["message"].as_str().unwrap().contains("allow or deny"), "{answer}");
    p.hookd.shutdown().await.unwrap();

    let mut p = peer(|b| b).await;
    let init = p.next("initialize").await;
    assert!(init["capabilities"].get("toolApproval").is_none(), "{init}");
    assert_eq!(p.answer(31, methods::ASK_TOOL_APPROVAL, ask()).await["error"]["code"], error_codes::METHOD_NOT_FOUND);
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_cloud_session_trusts_its_own_workspace_trust_workspace_goes_to_initialize_options() {
    let options = ServerOptions { kill_grace_ms: Some(100), ..Default::default() };
    let mut p = peer(|b| b.options(options).trust_workspace(true)).await;
    let init = p.next("initialize").await;
    assert_eq!(init["options"], json!({ "killGraceMs": 100, "trustWorkspace": true }), "{init}");
    assert_eq!(init["dialect"], "wamp");
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_wamp_event_params_go_on_the_wire_and_the_wamp_result_fields_are_typed() {
    let mut p = peer(|b| b).await;
    let session = SessionInfo { agent: Some("wamp".into()), runtime: Some("acp".into()), ..SessionInfo::new("s") };
    let refused = json!({
        "event": "UserPromptSubmit", "decision": "block", "continue": true, "reason": "no secrets", "notes": [], "runs": [],
        "warnings": ["a hook failed", "no secrets"], "binding": true,
        "approval": { "options": ["allow", "deny"], "reason": "ask me", "answer": "deny" },
        "refusal": { "code": "failed_precondition", "message": "prompt refused by a hook: no secrets", "data": { "reason": "no secrets" } },
        "unresolved": "tests still fail", "notFired": "not fired here"
    });
    let _: Value = p.hookd.request("test/result", Some(&refused)).await.unwrap();
    let prompt = UserPromptSubmit {
        session: session.clone(),
        prompt: "hi".into(),
        turn_kind: Some(TurnKind::Scheduled),
        unattended: Some(true),
        run_id: Some("r1".into()),
        ..Default::default()
    };
    let result = p.hookd.event(&prompt).await.unwrap();
    let sent = p.next("event").await;
    assert_eq!(
        sent["params"],
        json!({ "session": { "id": "s", "agent": "wamp", "runtime": "acp" }, "prompt": "hi", "turnKind": "scheduled", "unattended": true, "runId": "r1" })
    );
    assert!(result.unknown_fields().is_empty(), "{:?}", result.unknown_fields());
    assert_eq!(result.warnings.as_deref(), Some(&["a hook failed".to_string(), "no secrets".to_string()][..]));
    assert_eq!(result.binding, Some(true));
    let approval = result.approval.as_ref().unwrap();
    assert_eq!((approval.options.clone(), approval.reason.as_str(), approval.answer.clone()), (vec![ToolApprovalAnswer::Allow, ToolApprovalAnswer::Deny], "ask me", Some(ToolApprovalAnswer::Deny)));
    let refusal = result.refusal.as_ref().unwrap();
    assert_eq!((refusal.code.as_str(), refusal.data.reason.as_str()), ("failed_precondition", "no secrets"));
    assert_eq!((result.unresolved.as_deref(), result.not_fired.as_deref()), (Some("tests still fail"), Some("not fired here")));
    assert_eq!(serde_json::to_value(&result).unwrap(), refused);

    let stop = Stop { session: session.clone(), finish: Some(RunFinish::UserStop), root_run: Some(false), run_id: Some("r1".into()), ..Default::default() };
    p.hookd.event(&stop).await.unwrap();
    assert_eq!(p.next("event").await["params"], json!({ "session": { "id": "s", "agent": "wamp", "runtime": "acp" }, "finish": "user_stop", "rootRun": false, "runId": "r1" }));
    let post = PostToolUse {
        session: SessionInfo::new("s"),
        tool_name: "shell".into(),
        tool_input: json!({ "command": "false" }).as_object().unwrap().clone(),
        tool_response: Some(json!("exit 1")),
        is_error: Some(true),
        ..Default::default()
    };
    p.hookd.event(&post).await.unwrap();
    let sent = p.next("event").await;
    assert_eq!((sent["params"]["isError"].clone(), sent["params"]["toolResponse"].clone()), (json!(true), json!("exit 1")));
    let start = SessionStart { session: SessionInfo::new("s"), turn_kind: Some(TurnKind::Goal), ..Default::default() };
    p.hookd.event(&start).await.unwrap();
    assert_eq!(p.next("event").await["params"], json!({ "session": { "id": "s" }, "turnKind": "goal" }));
    p.hookd.shutdown().await.unwrap();
}
