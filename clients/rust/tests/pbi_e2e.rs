//! The pbi dialect through the Rust client and the built sidecar: initialize with the review options, the pbi
//! session/event fields accepted, and (once the pbi loader, part B, and review/*, part D, are in the sidecar) trust
//! review end to end: the startup warning (`hooks/reviewWarnings` + stderr), an untrusted hook skipped,
//! `review_trust` → it runs, `review_disable` → it never runs, `review_enable`, an unknown key -32011, and
//! `hooks_state.json` in pbi-agent's format. Until then the review test says it did not run (Rust has no skip).

mod common;

use common::*;
use hookd_client::protocol::*;
use serde_json::json;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const WARNING_1: &str = "1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).";

/// `<workspace>/.agents/hooks.json` with one PreToolUse hook on `shell` that records it ran and blocks (exit 2).
fn deny_hook(workspace: &Path) {
    let marker = workspace.join("ran.txt");
    let command = format!("echo ran >> {}; echo 'blocked by policy' >&2; exit 2", marker.display());
    let hooks = json!({ "hooks": { "PreToolUse": [{ "matcher": "shell", "hooks": [{ "type": "command", "command": command, "timeout": 30 }] }] } });
    std::fs::create_dir_all(workspace.join(".agents")).unwrap();
    std::fs::write(workspace.join(".agents/hooks.json"), serde_json::to_string_pretty(&hooks).unwrap()).unwrap();
}

fn shell_call() -> PreToolUse {
    PreToolUse::new(SessionInfo::new("s1"), "shell", object(json!({ "command": "ls" })))
}

#[tokio::test]
async fn initialize_pbi_with_the_review_options_and_send_the_pbi_fields() {
    let (ws, home) = (TempDir::new("hookd-rs-pbi"), TempDir::new("hookd-rs-pbi-home"));
    let options = ServerOptions {
        dangerously_bypass_hook_trust: Some(false),
        hook_state_path: Some(home.path().join("state.json").display().to_string()),
        managed_policy_dir: Some(home.path().join("policy").display().to_string()),
        ..Default::default()
    };
    let hookd = builder(ws.path()).home(home.path()).dialect("pbi").options(options).spawn().await.unwrap();
    let init = hookd.initialize_result();
    assert_eq!(init.dialect, "pbi");
    let caps = init.capabilities.as_ref().unwrap();
    for option in ["dangerouslyBypassHookTrust", "managedHooksPath", "hookStatePath"] {
        assert!(caps.options.iter().any(|o| o == option), "{option} in {caps:?}");
    }
    let session = SessionInfo { provider: Some("openai".into()), agent_name: Some("main".into()), workspace_directory_key: Some("wk".into()), ..SessionInfo::new("s1") };
    let start = SubagentStart { session: session.clone(), task_instruction: Some("check".into()), subagent_name: Some("Hephaestus".into()), subagent_type: Some("default".into()), ..Default::default() };
    let pre = PreCompact { session: session.clone(), trigger: Some("auto".into()), input_message_count: Some(12), pending_tool_exchange: Some(false), ..Default::default() };
    let post = PostCompact { session, trigger: Some("auto".into()), summary_chars: Some(800), estimated_context_tokens: Some(2048), ..Default::default() };
    for result in [hookd.event(&start).await.unwrap(), hookd.event(&pre).await.unwrap(), hookd.event(&post).await.unwrap()] {
        assert_eq!(result.decision, Decision::None);
        assert!(result.unknown_fields().is_empty(), "{:?}", result.unknown_fields());
    }
    // the fields are the protocol's: a wrongly typed one is -32602 naming it
    let bad = hookd.event_value("PreCompact", &json!({ "session": { "id": "s1" }, "inputMessageCount": "twelve" })).await.unwrap_err();
    assert_eq!(bad.code(), Some(error_codes::INVALID_PARAMS));
    assert!(bad.to_string().contains("inputMessageCount"), "{bad}");
    let listed = hookd.list_hooks().await.unwrap();
    assert!(listed.hooks.iter().all(|h| h.other.is_empty()), "HookInfo fully typed: {:?}", listed.hooks);
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn hooks_are_skipped_until_trusted_then_run_and_a_disabled_hook_never_runs() {
    let (ws, home) = (TempDir::new("hookd-rs-pbi"), TempDir::new("hookd-rs-pbi-home"));
    deny_hook(ws.path());
    let marker = ws.path().join("ran.txt");
    let warnings: Arc<Mutex<Vec<ReviewWarningsParams>>> = Arc::default();
    let sink = warnings.clone();
    let hookd = builder(ws.path()).home(home.path()).dialect("pbi").on_review_warnings(move |w| sink.lock().unwrap().push(w.clone())).spawn().await.unwrap();
    let listing = match hookd.review_list().await {
        Err(e) if e.code() == Some(error_codes::METHOD_NOT_FOUND) => {
            eprintln!("not run: review/* is not in the built sidecar yet (part D)");
            return hookd.shutdown().await.map(|_| ()).unwrap();
        }
        other => other.unwrap(),
    };
    if listing.hooks.is_empty() {
        eprintln!("not run: the pbi loader is not in the built sidecar yet (part B)");
        return hookd.shutdown().await.map(|_| ()).unwrap();
    }
    let row = listing.hooks[0].clone();
    assert_eq!((row.trust_status.clone(), row.runnable, row.source.as_str()), (ReviewStatus::Untrusted, false, "project"));
    assert!(row.other.is_empty() && listing.other.is_empty(), "ReviewListing fully typed");
    assert_eq!(listing.warnings, vec![WARNING_1.to_string()]);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while warnings.lock().unwrap().is_empty() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(warnings.lock().unwrap()[0].warnings, vec![WARNING_1.to_string()]);
    let info = hookd.list_hooks().await.unwrap().hooks.remove(0);
    assert_eq!(info.review.as_ref().map(|r| r.key.clone()), Some(row.key.clone()));

    assert_eq!(hookd.pre_tool_use(shell_call()).await.unwrap().decision, Decision::None);
    assert!(!marker.exists(), "an untrusted hook is skipped");

    let trusted = hookd.review_trust(&row.key).await.unwrap();
    assert_eq!((trusted.hooks[0].trust_status.clone(), trusted.hooks[0].runnable), (ReviewStatus::Trusted, true));
    let state: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(home.path().join(".pbi-agent/hooks_state.json")).unwrap()).unwrap();
    assert_eq!(state, json!({ "state": { row.key.clone(): { "enabled": true, "trusted_hash": row.current_hash.clone() } } }));
    let blocked = hookd.pre_tool_use(shell_call()).await.unwrap();
    assert_eq!((blocked.decision, blocked.reason.as_deref()), (Decision::Deny, Some("blocked by policy")));

    let disabled = hookd.review_disable(&row.key).await.unwrap();
    assert_eq!(disabled.hooks[0].trust_status, ReviewStatus::Disabled);
    assert_eq!(hookd.pre_tool_use(shell_call()).await.unwrap().decision, Decision::None);
    assert_eq!(std::fs::read_to_string(&marker).unwrap(), "ran\n", "a disabled hook does not run");
    assert_eq!(hookd.review_enable(&row.key).await.unwrap().hooks[0].trust_status, ReviewStatus::Trusted);
    assert_eq!(hookd.review_trust("project:nope").await.unwrap_err().code(), Some(error_codes::HOOK_NOT_FOUND));
    hookd.shutdown().await.unwrap();
}
