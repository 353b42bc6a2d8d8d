//! The typed surface of two initialize options: `run_output_excerpt_bytes` (each run's `stdout.excerpt`) and
//! `progress` (`ProgressParams::elapsed_ms`, the final `status`), on the wire and against the built sidecar.

mod common;

use common::*;
use hookd_client::protocol::*;
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[test]
fn the_new_fields_serialize_camel_case_and_round_trip_exactly() {
    let options = ServerOptions {
        run_output_excerpt_bytes: Some(64),
        progress: Some(ProgressOptions { hooks: Some("all".into()), interval_ms: Some(1000), ..Default::default() }),
        ..Default::default()
    };
    assert_eq!(serde_json::to_value(&options).unwrap(), json!({ "runOutputExcerptBytes": 64, "progress": { "hooks": "all", "intervalMs": 1000 } }));

    let capture: OutputCapture = serde_json::from_value(json!({ "bytes": 3, "totalBytes": 3, "truncated": false, "excerpt": "abc", "excerptTruncated": true })).unwrap();
    assert_eq!((capture.excerpt.as_deref(), capture.excerpt_truncated), (Some("abc"), Some(true)));
    assert!(capture.unknown_fields().is_empty());

    let finished = json!({ "sessionId": "s", "event": "Stop", "hookId": "h", "phase": "finished", "elapsedMs": 12, "status": "timeout", "failureClass": "timeout", "exitCode": null });
    let progress: ProgressParams = serde_json::from_value(finished.clone()).unwrap();
    assert_eq!(progress.elapsed_ms, Some(12));
    assert_eq!(progress.status, Some(RunStatus::Timeout));
    assert_eq!(progress.failure_class, Some(Some(FailureClass::Timeout)));
    assert_eq!(progress.exit_code, Some(None));
    assert!(progress.unknown_fields().is_empty());
    assert_eq!(serde_json::to_value(&progress).unwrap(), finished);

    let running = json!({ "sessionId": "s", "event": "Stop", "hookId": "h", "phase": "running", "elapsedMs": 1000 });
    let progress: ProgressParams = serde_json::from_value(running.clone()).unwrap();
    assert_eq!(progress.phase, ProgressPhase::Running);
    assert_eq!((progress.failure_class.clone(), progress.exit_code), (None, None));
    assert_eq!(serde_json::to_value(&progress).unwrap(), running);
}

#[tokio::test]
async fn a_session_with_both_options_gets_excerpts_and_detailed_progress() {
    let ws = TempDir::new("hookd-rs-progress");
    claude_settings(&ws, "UserPromptSubmit", "printf 'from the hook'; exit 1", json!({}));
    let progress = Arc::new(Mutex::new(Vec::<ProgressParams>::new()));
    let seen = progress.clone();
    let options = ServerOptions {
        watch: Some(false),
        run_output_excerpt_bytes: Some(4),
        progress: Some(ProgressOptions { hooks: Some("all".into()), ..Default::default() }),
        ..Default::default()
    };
    let hookd = builder(ws.path()).options(options).on_progress(move |p| seen.lock().unwrap().push(p.clone())).spawn().await.unwrap();
    let pid = hookd.pid().unwrap();
    let result = hookd.user_prompt_submit(UserPromptSubmit::new(SessionInfo::new("rs-progress"), "hi")).await.unwrap();
    assert_eq!(result.runs[0].stdout.excerpt.as_deref(), Some("from"));
    assert_eq!(result.runs[0].stdout.excerpt_truncated, Some(true));
    let seen = progress.lock().unwrap().clone();
    let phases: Vec<_> = seen.iter().map(|p| p.phase.clone()).collect();
    assert_eq!(phases, vec![ProgressPhase::Started, ProgressPhase::Finished]);
    assert_eq!(seen[0].elapsed_ms, Some(0));
    assert!(seen[1].elapsed_ms.is_some());
    assert_eq!(seen[1].status, Some(RunStatus::Error));
    assert_eq!(seen[1].failure_class, Some(Some(FailureClass::NonzeroExit)));
    assert_eq!(seen[1].exit_code, Some(Some(1)));
    assert!(hookd.shutdown().await.unwrap().success());
    assert!(wait_until_blocking(Duration::from_secs(5), || !alive(pid)));
}
