//! End-to-end: the client against the built sidecar (and, for what hookd never sends, a tiny fake sidecar).
//! Process checks read /proc, polled until a deadline.

mod common;

use common::*;
use hookd_client::protocol::*;
use hookd_client::{Error, Hookd, ServerNotification};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const GONE_WITHIN: Duration = Duration::from_secs(5);

fn session() -> SessionInfo {
    SessionInfo::new("e2e-session")
}

fn bash(command: &str) -> PreToolUse {
    PreToolUse::new(session(), "Bash", object(json!({ "command": command })))
}

/// A bamboo `hooks.json` in the workspace, read as the one explicit source (no hot reload).
fn bamboo(workspace: &TempDir, lifecycle_hooks: Value) -> hookd_client::Builder {
    let text = serde_json::to_string_pretty(&json!({ "lifecycle_hooks": lifecycle_hooks })).unwrap();
    let file = workspace.write("hooks.json", &text);
    builder(workspace.path())
        .dialect("bamboo")
        .source(file, Scope::User)
        .options(ServerOptions { watch: Some(false), ..Default::default() })
}

async fn assert_gone(pids: &[u32]) {
    assert!(
        wait_until(GONE_WITHIN, || pids.iter().all(|pid| !alive(*pid))).await,
        "still alive after {GONE_WITHIN:?}: {:?}",
        pids.iter().filter(|pid| alive(**pid)).collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn a_bamboo_hook_blocks_with_reason_and_context() {
    let ws = TempDir::new("hookd-rs-block");
    let printed = r#"{"decision":"block","reason":"Deleting build/ is not allowed here.","additional_context":"Use make clean instead."}"#;
    let hookd = bamboo(&ws, json!({ "PreToolUse": [{ "matcher": "^Bash$", "hooks": [{ "type": "command", "command": format!("printf '%s' '{printed}'") }] }] }))
        .spawn()
        .await
        .unwrap();
    assert_eq!(hookd.initialize_result().dialect, "bamboo");
    assert_eq!(hookd.initialize_result().hooks.len(), 1);

    let result = hookd.pre_tool_use(bash("rm -rf build")).await.unwrap();
    assert_eq!(result.decision, Decision::Block);
    assert_eq!(result.reason.as_deref(), Some("Deleting build/ is not allowed here."));
    assert_eq!(result.additional_context.as_deref(), Some("Use make clean instead."));
    assert_eq!(result.runs.len(), 1);
    assert_eq!(result.runs[0].status, RunStatus::Ok);

    // An event the dialect does not have is a JSON-RPC error, typed.
    let missing = hookd
        .permission_request(PermissionRequest { session: session(), tool_name: "Bash".into(), ..Default::default() })
        .await
        .unwrap_err();
    assert!(matches!(missing, Error::Rpc { code: error_codes::METHOD_NOT_FOUND, .. }), "{missing:?}");
    assert!(hookd.shutdown().await.unwrap().success());
}

#[tokio::test]
async fn a_claude_hook_exiting_2_denies_and_progress_is_reported() {
    let ws = TempDir::new("hookd-rs-deny");
    claude_settings(&ws, "PreToolUse", "echo no >&2; exit 2", json!({ "statusMessage": "Checking the command" }));
    let progress = Arc::new(Mutex::new(Vec::new()));
    let seen = progress.clone();
    let hookd = builder(ws.path())
        .on_progress(move |p| seen.lock().unwrap().push((p.phase.clone(), p.status_message.clone(), p.request_id.clone())))
        .spawn()
        .await
        .unwrap();
    let pending = hookd.start_event(&bash("rm -rf build")).unwrap();
    let id = pending.id();
    let result = pending.await.unwrap();
    assert_eq!(result.decision, Decision::Deny);
    assert_eq!(result.reason.as_deref().map(str::trim), Some("no"));
    assert_eq!(result.runs[0].exit_code, Some(2));
    // hookd sends both progress notifications before the answer, and the reader delivers them in order.
    let message = Some("Checking the command".to_owned());
    assert_eq!(
        *progress.lock().unwrap(),
        vec![
            (ProgressPhase::Started, message.clone(), Some(RequestId::Number(id))),
            (ProgressPhase::Finished, message, Some(RequestId::Number(id)))
        ]
    );
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn dropping_a_request_cancels_it_and_kills_the_hook_tree() {
    let ws = TempDir::new("hookd-rs-drop");
    claude_settings(&ws, "PreToolUse", TREE_HOOK, json!({}));
    let hookd = builder(ws.path()).spawn().await.unwrap();
    let client = hookd.clone();
    let task = tokio::spawn(async move { client.pre_tool_use(bash("make")).await });
    let pids = hook_pids(&ws).await;
    assert!(alive(pids.hook) && alive(pids.grandchild));

    task.abort(); // drops the request future: its guard sends $/cancelRequest
    assert!(task.await.unwrap_err().is_cancelled());
    assert_gone(&pids.all()).await;

    // hookd's -32800 answer was discarded and the connection still serves.
    hookd.ping().await.unwrap();
    let result = hookd.user_prompt_submit(UserPromptSubmit::new(session(), "hi")).await.unwrap();
    assert_eq!(result.decision, Decision::None);
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_explicit_cancel_returns_the_cancelled_runs() {
    let ws = TempDir::new("hookd-rs-cancel");
    claude_settings(&ws, "PreToolUse", TREE_HOOK, json!({}));
    let hookd = builder(ws.path()).spawn().await.unwrap();
    let pending = hookd.start_event(&bash("make")).unwrap();
    let pids = hook_pids(&ws).await;

    pending.cancel();
    match pending.await {
        Err(Error::Cancelled { runs, .. }) => {
            assert_eq!(runs.len(), 1);
            assert_eq!(runs[0].status, RunStatus::Cancelled);
            assert_eq!(runs[0].failure_class, Some(FailureClass::Cancelled));
        }
        other => panic!("expected Cancelled, got {other:?}"),
    }
    assert_gone(&pids.all()).await;
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn cancel_session_and_request_timeouts_kill_hook_trees() {
    let ws = TempDir::new("hookd-rs-session");
    claude_settings(&ws, "PreToolUse", TREE_HOOK, json!({}));
    let hookd = builder(ws.path()).spawn().await.unwrap();

    let pending = hookd.start_event(&bash("make")).unwrap();
    let pids = hook_pids(&ws).await;
    assert_eq!(hookd.cancel_session("e2e-session").await.unwrap(), 1);
    let error = pending.await.unwrap_err();
    assert!(matches!(&error, Error::Cancelled { runs, .. } if runs.len() == 1), "{error:?}");
    assert_gone(&pids.all()).await;

    std::fs::remove_file(ws.path().join("hook.pid")).unwrap();
    std::fs::remove_file(ws.path().join("grandchild.pid")).unwrap();
    let pending = hookd.start_event(&bash("make")).unwrap();
    let pids = hook_pids(&ws).await;
    let error = pending.timeout(Duration::from_millis(100)).await.unwrap_err();
    assert!(matches!(error, Error::Timeout), "{error:?}");
    assert_gone(&pids.all()).await;
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn invalid_configuration_is_reported_by_initialize_and_by_reload() {
    let ws = TempDir::new("hookd-rs-diagnostics");
    ws.write("broken.json", "{\n  \"lifecycle_hooks\": {\n    \"Stop\": [\n      { \"hooks\": [{ \"type\": \"command\", \"command\": \"true\" },] }\n    ]\n  }\n}\n");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let callback = seen.clone();
    let hookd = bamboo(&ws, json!({ "Stop": [{ "hooks": [{ "type": "command", "command": "true" }] }] }))
        .source(ws.path().join("broken.json"), Scope::User)
        .on_diagnostics(move |d| callback.lock().unwrap().push(d.clone()))
        .spawn()
        .await
        .unwrap();
    let init = hookd.initialize_result();
    assert_eq!(init.hooks.len(), 1, "the valid file still loads");
    let diagnostic = init.diagnostics.iter().find(|d| d.file.as_deref().is_some_and(|f| f.ends_with("broken.json"))).expect("a diagnostic for broken.json");
    assert_eq!(diagnostic.severity, Severity::Error);
    assert_eq!(diagnostic.line, Some(4));

    // Break the other file too, then reload: the hooks/diagnostics notification, then the result.
    let mut notifications = hookd.notifications();
    ws.write("hooks.json", "{ \"lifecycle_hooks\": { \"Stop\": [ { \"hooks\": [ { \"type\": \"command\", \"command\": \"true\", \"timeout_ms\": 0 } ] } ] } }\n");
    let reloaded = hookd.reload().await.unwrap();
    let files: Vec<_> = reloaded.diagnostics.iter().filter_map(|d| d.file.as_deref()).collect();
    assert!(files.iter().any(|f| f.ends_with("/hooks.json")) && files.iter().any(|f| f.ends_with("/broken.json")), "{files:?}");
    assert_eq!(reloaded.hooks.len(), 1, "an invalid file keeps its last good hooks");
    match notifications.try_recv() {
        Some(ServerNotification::Diagnostics(params)) => {
            assert_eq!(params.trigger.as_deref(), Some("reload"));
            assert_eq!(params.diagnostics, reloaded.diagnostics);
        }
        other => panic!("expected the hooks/diagnostics notification before the reload result, got {other:?}"),
    }
    assert_eq!(seen.lock().unwrap().len(), 1, "the on_diagnostics callback saw it too");
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_programmatic_hook_is_answered_by_a_rust_handler() {
    let ws = TempDir::new("hookd-rs-programmatic");
    let hookd = builder(ws.path()).spawn().await.unwrap();
    let invoked = Arc::new(Mutex::new(Vec::new()));
    let record = invoked.clone();
    let hook_id = hookd
        .register_hook(
            RegisterHookParams { matcher: Some("Bash".into()), name: Some("agent-policy".into()), ..RegisterHookParams::new("PreToolUse") },
            move |invoke: InvokeHookParams| {
                record.lock().unwrap().push(invoke.clone());
                async move {
                    let command = invoke.input["tool_input"]["command"].as_str().unwrap_or_default().to_owned();
                    if command.contains("rm -rf") {
                        InvokeHookResult::exit(2, "the agent's policy forbids rm -rf")
                    } else {
                        InvokeHookResult::none()
                    }
                }
            },
        )
        .await
        .unwrap();
    assert_eq!(hook_id, "client:1");
    let listed = hookd.list_hooks().await.unwrap();
    assert!(listed.hooks.iter().any(|h| h.id == hook_id), "{listed:?}");

    let denied = hookd.pre_tool_use(bash("rm -rf /")).await.unwrap();
    assert_eq!(denied.decision, Decision::Deny);
    assert_eq!(denied.reason.as_deref(), Some("the agent's policy forbids rm -rf"));
    assert_eq!(denied.runs[0].hook_id, hook_id);
    let allowed = hookd.pre_tool_use(bash("ls")).await.unwrap();
    assert_eq!(allowed.decision, Decision::None);
    {
        let invoked = invoked.lock().unwrap();
        assert_eq!(invoked.len(), 2);
        assert_eq!(invoked[0].event, "PreToolUse");
        assert_eq!(invoked[0].session_id, "e2e-session");
        assert_eq!(invoked[0].input["tool_name"], "Bash");
    }

    assert!(hookd.unregister_hook(&hook_id).await.unwrap());
    let after = hookd.pre_tool_use(bash("rm -rf /")).await.unwrap();
    assert_eq!((after.decision, after.runs.len()), (Decision::None, 0));
    hookd.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_requests_get_their_own_answers() {
    let ws = TempDir::new("hookd-rs-concurrent");
    let hookd = builder(ws.path()).spawn().await.unwrap();
    hookd
        .register_hook(RegisterHookParams::new("UserPromptSubmit"), |invoke: InvokeHookParams| async move {
            let prompt = invoke.input["prompt"].clone();
            InvokeHookResult::output(json!({ "hookSpecificOutput": { "hookEventName": "UserPromptSubmit", "additionalContext": prompt } }))
        })
        .await
        .unwrap();
    let tasks: Vec<_> = (0..64)
        .map(|i| {
            let hookd = hookd.clone();
            tokio::spawn(async move { (i, hookd.user_prompt_submit(UserPromptSubmit::new(session(), format!("prompt {i}"))).await) })
        })
        .collect();
    for task in tasks {
        let (i, result) = task.await.unwrap();
        assert_eq!(result.unwrap().additional_context, Some(format!("prompt {i}")));
    }
    hookd.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_megabyte_messages_round_trip() {
    let ws = TempDir::new("hookd-rs-large");
    let hookd = builder(ws.path()).spawn().await.unwrap();
    let big = "x".repeat(8 * 1024 * 1024);
    let seen = Arc::new(Mutex::new(None));
    let record = seen.clone();
    hookd
        .register_hook(RegisterHookParams::new("PreToolUse"), move |invoke: InvokeHookParams| {
            *record.lock().unwrap() = invoke.input["tool_input"]["command"].as_str().map(str::len);
            async { InvokeHookResult::none() }
        })
        .await
        .unwrap();
    // client → hookd (8 MB request), hookd → client (8 MB hooks/invoke)
    let result = hookd.pre_tool_use(bash(&big)).await.unwrap();
    assert_eq!(result.runs[0].status, RunStatus::Ok);
    assert_eq!(*seen.lock().unwrap(), Some(big.len()));
    // hookd → client (8 MB result): the dry run returns the envelope its handler read
    let dry = hookd
        .dry_run(&DryRunParams {
            event: "PreToolUse".into(),
            handler: json!({ "type": "command", "command": "true" }),
            params: Some(object(json!({ "toolName": "Bash", "toolInput": { "command": big } }))),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(dry.input.unwrap()["tool_input"]["command"].as_str().map(str::len), Some(big.len()));
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn shutdown_leaves_no_process_behind() {
    let ws = TempDir::new("hookd-rs-shutdown");
    claude_settings(&ws, "PreToolUse", TREE_HOOK, json!({}));
    let hookd = builder(ws.path()).spawn().await.unwrap();
    let pid = hookd.pid().unwrap();
    let pending = hookd.start_event(&bash("make")).unwrap();
    let pids = hook_pids(&ws).await;

    let status = hookd.shutdown().await.unwrap();
    assert!(status.success(), "{status:?}");
    let error = pending.await.unwrap_err();
    assert!(matches!(error, Error::Cancelled { .. }), "the in-flight event is answered -32800: {error:?}");
    assert_gone(&[pid, pids.hook, pids.grandchild]).await;
    assert!(matches!(hookd.ping().await, Err(Error::Closed { .. })));
}

#[tokio::test]
async fn dropping_the_client_ends_hookd_and_its_hooks() {
    let ws = TempDir::new("hookd-rs-dropclient");
    claude_settings(&ws, "PreToolUse", TREE_HOOK, json!({}));
    let hookd = builder(ws.path()).spawn().await.unwrap();
    let pid = hookd.pid().unwrap();
    let client = hookd.clone();
    let task = tokio::spawn(async move { client.pre_tool_use(bash("make")).await });
    let pids = hook_pids(&ws).await;
    task.abort();
    let _ = task.await;
    drop(hookd); // stdin closed: hookd kills its hook trees and exits; a background task reaps it
    assert_gone(&[pid, pids.hook, pids.grandchild]).await;
}

#[tokio::test]
async fn requests_fail_with_closed_when_hookd_dies() {
    let ws = TempDir::new("hookd-rs-closed");
    let hookd = builder(ws.path()).spawn().await.unwrap();
    unsafe { libc::kill(hookd.pid().unwrap() as i32, libc::SIGKILL) };
    let error = hookd.ping().await.unwrap_err();
    assert!(matches!(error, Error::Closed { .. }), "{error:?}");
    assert!(hookd.is_closed());
}

#[tokio::test]
async fn spawn_errors_are_typed() {
    let ws = TempDir::new("hookd-rs-spawn");
    let missing = Hookd::builder().command("/nonexistent/hookd").workspace(ws.path()).spawn().await.unwrap_err();
    assert!(matches!(missing, Error::SidecarNotFound { .. }), "{missing:?}");
    let bad_workspace = builder(&ws.path().join("does-not-exist")).spawn().await.unwrap_err();
    assert!(bad_workspace.code().is_some(), "initialize fails with a JSON-RPC error: {bad_workspace:?}");
}

/// What hookd itself never sends: an unknown server request, and hooks/invoke for a hook nobody registered.
#[tokio::test]
async fn server_requests_without_a_handler_are_answered_with_errors() {
    const FAKE: &str = r#"
        const out = (m) => process.stdout.write(JSON.stringify(m) + '\n');
        require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
          const m = JSON.parse(line);
          if (m.method === 'initialize') {
            out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '0.1', serverInfo: { name: 'hookd', version: '0-fake' }, dialect: 'claude', events: [], hooks: [], diagnostics: [] } });
            out({ jsonrpc: '2.0', id: 7, method: 'fake/unknown', params: {} });
            out({ jsonrpc: '2.0', id: 8, method: 'hooks/invoke', params: { hookId: 'client:99', event: 'PreToolUse', sessionId: 's', input: {}, timeoutMs: 1000 } });
          } else if (m.method === undefined) {
            out({ jsonrpc: '2.0', method: 'test/echo', params: m });
          } else if (m.method === 'shutdown') {
            out({ jsonrpc: '2.0', id: m.id, result: null });
          } else if (m.method === 'exit') {
            process.exit(0);
          }
        });
    "#;
    let ws = TempDir::new("hookd-rs-fake");
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let hookd = Hookd::builder()
        .command("node")
        .arg("-e")
        .arg(FAKE)
        .workspace(ws.path())
        .on_notification(move |n| {
            let _ = tx.send(n.clone());
        })
        .spawn()
        .await
        .unwrap();
    let mut answers = Vec::new();
    while answers.len() < 2 {
        match tokio::time::timeout(Duration::from_secs(10), rx.recv()).await.expect("the fake echoes the answers") {
            Some(ServerNotification::Other { method, params: Some(answer) }) if method == "test/echo" => answers.push(answer),
            other => panic!("unexpected {other:?}"),
        }
    }
    answers.sort_by_key(|answer| answer["id"].as_i64());
    assert_eq!(answers[0]["id"], 7);
    assert_eq!(answers[0]["error"]["code"], error_codes::METHOD_NOT_FOUND);
    assert_eq!(answers[1]["id"], 8);
    assert_eq!(answers[1]["error"]["code"], error_codes::METHOD_NOT_FOUND);
    assert!(hookd.shutdown().await.unwrap().success());
}

// ── parent-death signal ───────────────────────────────────────────────────────────────────────────────

const HELPER_DIR: &str = "HOOKD_RS_PARENT_DEATH_HELPER_DIR";

/// Not a test on its own: when re-executed by `hookd_exits_when_the_agent_is_killed` (with HELPER_DIR set), this
/// process plays the agent. It spawns hookd, lets a `sleep` hold a second write end of hookd's stdin (so that the
/// agent's death does not close it: only the parent-death signal can end hookd), records the PIDs, and waits to
/// be SIGKILLed.
#[test]
fn parent_death_helper_process() {
    let Some(dir) = std::env::var_os(HELPER_DIR) else { return };
    let dir = PathBuf::from(dir);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let hookd = builder(&dir).spawn().await.unwrap();
        let pid = hookd.pid().unwrap();
        let pipe = std::fs::OpenOptions::new().write(true).open(format!("/proc/{pid}/fd/0")).unwrap();
        #[allow(clippy::zombie_processes)] // the parent test kills it; init reaps it
        let holder = std::process::Command::new("sleep").arg("60").stdin(std::process::Stdio::null()).stdout(pipe).spawn().unwrap();
        std::fs::write(dir.join("pids"), format!("{pid} {}\n", holder.id())).unwrap();
        std::future::pending::<()>().await;
    });
}

#[test]
fn hookd_exits_when_the_agent_is_killed() {
    let dir = TempDir::new("hookd-rs-pdeath");
    let mut agent = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["parent_death_helper_process", "--exact", "--test-threads=1"])
        .env(HELPER_DIR, dir.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pids_file = dir.path().join("pids");
    let ready = wait_until_blocking(Duration::from_secs(30), || std::fs::read_to_string(&pids_file).is_ok_and(|t| t.ends_with('\n')));
    if !ready {
        let _ = agent.kill();
        panic!("the helper agent did not start hookd");
    }
    let text = std::fs::read_to_string(&pids_file).unwrap();
    let pids: Vec<u32> = text.split_whitespace().map(|p| p.parse().unwrap()).collect();
    let (hookd, holder) = (pids[0], pids[1]);
    assert!(alive(hookd) && alive(holder));

    agent.kill().unwrap(); // SIGKILL: the agent cannot clean up
    agent.wait().unwrap();
    let exited = wait_until_blocking(GONE_WITHIN, || !alive(hookd));
    unsafe { libc::kill(holder as i32, libc::SIGKILL) };
    assert!(exited, "hookd {hookd} outlived its SIGKILLed agent (its stdin was still open: only PR_SET_PDEATHSIG ends it)");
}
