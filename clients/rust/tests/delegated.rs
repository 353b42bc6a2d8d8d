//! Delegated handlers through the Rust client against the built sidecar: `on_judge` answers `hooks/judge` (Claude
//! prompt and agent hooks), `on_call_mcp_tool` answers `hooks/callMcpTool` (mcp_tool hooks); each declares its
//! capability, and a client without one gets the capability diagnostic at initialize.

mod common;

use common::*;
use hookd_client::protocol::*;
use serde_json::json;
use std::sync::{Arc, Mutex};

fn session() -> SessionInfo {
    SessionInfo::new("rs-delegated")
}

fn settings(workspace: &TempDir, event: &str, handler: serde_json::Value) {
    let settings = json!({ "hooks": { event: [{ "matcher": "", "hooks": [handler] }] } });
    workspace.write(".claude/settings.json", &serde_json::to_string_pretty(&settings).unwrap());
}

#[tokio::test]
async fn a_judge_handler_answers_a_stop_prompt_hook_and_its_reason_keeps_the_agent_working() {
    let ws = TempDir::new("hookd-rs-judge");
    settings(&ws, "Stop", json!({ "type": "prompt", "prompt": "Tests run? $ARGUMENTS", "model": "haiku" }));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let hookd = builder(ws.path())
        .on_judge(move |params: JudgeParams| {
            record.lock().unwrap().push(params);
            async { JudgeResult::not_ok("run the tests first") }
        })
        .spawn()
        .await
        .unwrap();
    assert!(hookd.initialize_result().diagnostics.is_empty(), "{:?}", hookd.initialize_result().diagnostics);
    let result = hookd.stop(Stop { session: session(), ..Default::default() }).await.unwrap();
    assert_eq!(result.decision, Decision::Block);
    assert_eq!(result.reason.as_deref(), Some("run the tests first"));
    {
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 1);
        assert_eq!((seen[0].kind.as_str(), seen[0].event.as_str(), seen[0].model.as_deref(), seen[0].timeout_ms), ("prompt", "Stop", Some("haiku"), 30_000));
        assert!(seen[0].prompt.contains("\"hook_event_name\":\"Stop\""), "{}", seen[0].prompt);
    }
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_call_mcp_tool_handler_gets_the_substituted_input_and_its_text_is_read_like_stdout() {
    let ws = TempDir::new("hookd-rs-mcp");
    settings(&ws, "PreToolUse", json!({ "type": "mcp_tool", "server": "policy", "tool": "check", "input": { "cmd": "${tool_input.command}" } }));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let hookd = builder(ws.path())
        .on_call_mcp_tool(move |call: CallMcpToolParams| {
            record.lock().unwrap().push(call);
            async {
                CallMcpToolResult::text(
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"policy says no"}}"#,
                )
            }
        })
        .spawn()
        .await
        .unwrap();
    let result = hookd.pre_tool_use(PreToolUse::new(session(), "Bash", object(json!({ "command": "rm -rf build" })))).await.unwrap();
    assert_eq!(result.decision, Decision::Deny);
    assert_eq!(result.reason.as_deref(), Some("policy says no"));
    {
        let seen = seen.lock().unwrap();
        assert_eq!((seen[0].server.as_str(), seen[0].tool.as_str()), ("policy", "check"));
        assert_eq!(seen[0].input, json!({ "cmd": "rm -rf build" }));
    }
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn without_a_judge_handler_initialize_has_the_capability_diagnostic_and_the_run_fails_open() {
    let ws = TempDir::new("hookd-rs-nojudge");
    settings(&ws, "PreToolUse", json!({ "type": "prompt", "prompt": "safe?" }));
    let hookd = builder(ws.path()).spawn().await.unwrap();
    let diagnostics = &hookd.initialize_result().diagnostics;
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code.as_deref(), Some("capability-missing"));
    assert_eq!(diagnostics[0].field.as_deref(), Some("hooks.PreToolUse[0].hooks[0].type"));
    let result = hookd.pre_tool_use(PreToolUse::new(session(), "Bash", object(json!({ "command": "ls" })))).await.unwrap();
    assert_eq!(result.decision, Decision::None);
    assert_eq!(result.runs[0].status, RunStatus::Error);
    hookd.shutdown().await.unwrap();
}
