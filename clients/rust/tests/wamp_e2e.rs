//! The wamp dialect through the Rust client and the built sidecar: initialize with `trust_workspace` and the tool
//! approval handler, and (with the wamp loader and output rules) a user hooks file whose deny is binding, whose refused
//! prompt carries the refusal, whose copied "Bash" matcher is a warning, and whose ask reaches `on_tool_approval` (or,
//! unattended, becomes a binding deny). Every event has a `run_id`, as wamp requires.

mod common;

use common::*;
use hookd_client::protocol::*;
use serde_json::json;
use std::path::Path;
use std::sync::{Arc, Mutex};

const ASK_OUTPUT: &str = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing needs a human"}}"#;

fn group(command: &str, matcher: Option<&str>) -> serde_json::Value {
    let mut group = json!({ "hooks": [{ "type": "command", "command": command }] });
    if let Some(matcher) = matcher {
        group["matcher"] = json!(matcher);
    }
    group
}

/// `<home>/.wamp/hooks.json` (user scope: runs without trust).
fn user_hooks(home: &Path, hooks: serde_json::Value) {
    let path = home.join(".wamp/hooks.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, json!({ "hooks": hooks }).to_string()).unwrap();
}

fn call(run_id: &str) -> PreToolUse {
    PreToolUse { run_id: Some(run_id.into()), ..PreToolUse::new(SessionInfo::new("s"), "shell", json!({ "command": "git push" }).as_object().unwrap().clone()) }
}

#[tokio::test]
async fn a_cloud_session_trusts_its_own_workspace_initialize_with_trust_workspace_and_the_tool_approval_handler() {
    let (ws, home) = (TempDir::new("hookd-rs-wamp"), TempDir::new("hookd-rs-wamp-home"));
    let hookd = builder(ws.path())
        .home(home.path())
        .dialect("wamp")
        .trust_workspace(true)
        .on_tool_approval(|_| async { ToolApprovalAnswer::Deny })
        .spawn()
        .await
        .unwrap();
    let init = hookd.initialize_result();
    assert_eq!(init.dialect, "wamp");
    let caps = init.capabilities.as_ref().unwrap();
    assert!(caps.server_requests.iter().any(|r| r.method == methods::ASK_TOOL_APPROVAL && r.capability == "toolApproval"), "{caps:?}");
    assert!(caps.options.iter().any(|o| o == "trustWorkspace"), "{caps:?}");
    let session = SessionInfo { agent: Some("wamp".into()), runtime: Some("native".into()), ..SessionInfo::new("s1") };
    let prompt = UserPromptSubmit { run_id: Some("run-1".into()), turn_kind: Some(TurnKind::Message), ..UserPromptSubmit::new(session, "hello") };
    let result = hookd.user_prompt_submit(prompt).await.unwrap();
    assert_eq!((result.decision.clone(), result.continue_, result.refusal.clone(), result.binding), (Decision::None, true, None, None));
    assert!(result.unknown_fields().is_empty(), "{:?}", result.unknown_fields());
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_deny_is_binding_a_refused_prompt_carries_the_refusal_and_a_copied_bash_matcher_is_a_warning() {
    let (ws, home) = (TempDir::new("hookd-rs-wamp"), TempDir::new("hookd-rs-wamp-home"));
    user_hooks(
        home.path(),
        json!({
            "PreToolUse": [group("echo 'rm -rf is not allowed from chat' >&2; exit 2", Some("shell")), group("exit 0", Some("Bash"))],
            "UserPromptSubmit": [group("echo 'no secrets in prompts' >&2; exit 2", None)],
        }),
    );
    let hookd = builder(ws.path()).home(home.path()).dialect("wamp").tools(["shell", "write"]).spawn().await.unwrap();
    assert!(hookd.initialize_result().diagnostics.iter().any(|d| d.severity == Severity::Warning && d.message.contains("Bash")));
    let denied = hookd.pre_tool_use(PreToolUse { tool_input: json!({ "command": "rm -rf /" }).as_object().unwrap().clone(), ..call("run-1") }).await.unwrap();
    assert_eq!((denied.decision.clone(), denied.binding), (Decision::Deny, Some(true)));
    assert!(denied.reason.as_deref().unwrap_or("").contains("rm -rf is not allowed from chat"), "{denied:?}");
    let refused = hookd.user_prompt_submit(UserPromptSubmit { run_id: Some("run-2".into()), ..UserPromptSubmit::new(SessionInfo::new("s"), "my key is sk-123") }).await.unwrap();
    assert_eq!(refused.decision, Decision::Block);
    let refusal = refused.refusal.as_ref().expect("a refusal");
    assert_eq!((refusal.code.as_str(), refusal.data.reason.as_str()), ("failed_precondition", "no secrets in prompts"));
    assert!(refused.warnings.iter().flatten().any(|w| w.contains("no secrets in prompts")), "{:?}", refused.warnings);
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn when_nobody_can_answer_as_in_an_unattended_run_an_ask_becomes_a_refusal_and_the_handler_is_never_asked() {
    let (ws, home) = (TempDir::new("hookd-rs-wamp"), TempDir::new("hookd-rs-wamp-home"));
    user_hooks(home.path(), json!({ "PreToolUse": [group(&format!("echo '{ASK_OUTPUT}'"), Some("shell"))] }));
    let asked = Arc::new(Mutex::new(0));
    let count = asked.clone();
    let hookd = builder(ws.path())
        .home(home.path())
        .dialect("wamp")
        .tools(["shell"])
        .on_tool_approval(move |_| {
            *count.lock().unwrap() += 1;
            async { ToolApprovalAnswer::Allow }
        })
        .spawn()
        .await
        .unwrap();
    let result = hookd.pre_tool_use(PreToolUse { unattended: Some(true), ..call("run-1") }).await.unwrap();
    assert_eq!((result.decision.clone(), result.binding, result.approval.clone()), (Decision::Deny, Some(true), None));
    assert!(result.reason.as_deref().unwrap_or("").contains("nobody can answer this unattended run"), "{result:?}");
    assert!(result.warnings.iter().flatten().any(|w| w.contains("nobody can answer")), "{:?}", result.warnings);
    assert_eq!(*asked.lock().unwrap(), 0);
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn hooks_are_read_once_per_send_and_a_copied_bash_matchers_warning_comes_with_the_runs_first_result() {
    let (ws, home) = (TempDir::new("hookd-rs-wamp"), TempDir::new("hookd-rs-wamp-home"));
    user_hooks(home.path(), json!({ "PreToolUse": [group("exit 0", Some("Bash"))] }));
    let hookd = builder(ws.path()).home(home.path()).dialect("wamp").tools(["shell", "write"]).spawn().await.unwrap();
    let first = hookd.pre_tool_use(call("run-1")).await.unwrap();
    assert!(first.warnings.iter().flatten().any(|w| w.contains("Bash")), "{:?}", first.warnings);
    user_hooks(home.path(), json!({ "PreToolUse": [group("echo 'edited: no' >&2; exit 2", Some("shell"))] }));
    assert_eq!(hookd.pre_tool_use(call("run-1")).await.unwrap().decision, Decision::None, "the running turn keeps its hooks");
    let next = hookd.pre_tool_use(call("run-2")).await.unwrap();
    assert_eq!((next.decision, next.binding), (Decision::Deny, Some(true)));
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_ask_shows_one_approval_card_with_only_allow_and_deny_and_unattended_it_becomes_a_refusal() {
    let (ws, home) = (TempDir::new("hookd-rs-wamp"), TempDir::new("hookd-rs-wamp-home"));
    user_hooks(home.path(), json!({ "PreToolUse": [group(&format!("echo '{ASK_OUTPUT}'"), Some("shell"))] }));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let record = asked.clone();
    let answers = Arc::new(Mutex::new(vec![ToolApprovalAnswer::Allow, ToolApprovalAnswer::Deny]));
    let hookd = builder(ws.path())
        .home(home.path())
        .dialect("wamp")
        .tools(["shell"])
        .on_tool_approval(move |params: AskToolApprovalParams| {
            record.lock().unwrap().push(params);
            let answer = answers.lock().unwrap().pop().unwrap();
            async move { answer }
        })
        .spawn()
        .await
        .unwrap();
    let denied = hookd.pre_tool_use(PreToolUse { tool_use_id: Some("tu-1".into()), ..call("run-1") }).await.unwrap();
    {
        let asked = asked.lock().unwrap();
        assert_eq!((asked[0].tool_name.as_deref(), asked[0].tool_use_id.as_deref(), asked[0].run_id.as_deref()), (Some("shell"), Some("tu-1"), Some("run-1")));
        assert_eq!(asked[0].options, vec![ToolApprovalAnswer::Allow, ToolApprovalAnswer::Deny]);
        assert!(asked[0].reason.contains("pushing needs a human"), "{}", asked[0].reason);
    }
    assert_eq!((denied.decision.clone(), denied.binding), (Decision::Deny, Some(true)));
    assert!(denied.reason.as_deref().unwrap_or("").starts_with("denied at the approval card: "), "{denied:?}");
    let allowed = hookd.pre_tool_use(call("run-2")).await.unwrap();
    assert_eq!((allowed.decision.clone(), allowed.approval.as_ref().and_then(|a| a.answer.clone())), (Decision::None, Some(ToolApprovalAnswer::Allow)));
    let unattended = hookd.pre_tool_use(PreToolUse { unattended: Some(true), ..call("run-3") }).await.unwrap();
    assert_eq!(asked.lock().unwrap().len(), 2, "never asked for an unattended run");
    assert_eq!((unattended.decision.clone(), unattended.binding), (Decision::Deny, Some(true)));
    assert!(unattended.reason.as_deref().unwrap_or("").contains("nobody can answer this unattended run"), "{unattended:?}");
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn without_the_handler_the_ask_is_in_the_result_with_only_allow_and_deny() {
    let (ws, home) = (TempDir::new("hookd-rs-wamp"), TempDir::new("hookd-rs-wamp-home"));
    user_hooks(home.path(), json!({ "PreToolUse": [group(&format!("echo '{ASK_OUTPUT}'"), Some("shell"))] }));
    let hookd = builder(ws.path()).home(home.path()).dialect("wamp").tools(["shell"]).spawn().await.unwrap();
    let result = hookd.pre_tool_use(call("run-1")).await.unwrap();
    assert_eq!(result.decision, Decision::Ask);
    let approval = result.approval.as_ref().expect("an approval");
    assert_eq!(approval.options, vec![ToolApprovalAnswer::Allow, ToolApprovalAnswer::Deny]);
    assert!(approval.reason.contains("pushing needs a human"), "{}", approval.reason);
    assert_eq!(approval.answer, None);
    hookd.shutdown().await.unwrap();
}
