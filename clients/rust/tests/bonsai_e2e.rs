//! The bonsai additions through the Rust client and the built sidecar: the four file/shell event methods reach hookd's
//! bonsai dialect (a Rust programmatic hook of each event sees its request), tools with kinds are accepted at
//! initialize, and a PreFileWrite without files is invalid params naming the field.

mod common;

use common::*;
use hookd_client::protocol::*;
use std::sync::{Arc, Mutex};

const FOUR: [&str; 4] = ["PreFileWrite", "PostFileWrite", "PreBash", "PostBash"];

#[tokio::test]
async fn the_four_event_methods_reach_the_bonsai_dialect() {
    let ws = TempDir::new("hookd-rs-bonsai-events");
    let hookd = builder(ws.path())
        .dialect("bonsai")
        .tools(["read"])
        .tool(ToolDeclaration::shell("bash"))
        .tool(ToolDeclaration::file_write("write"))
        .spawn()
        .await
        .unwrap();
    for event in FOUR {
        assert!(hookd.initialize_result().events.iter().any(|e| e == event), "{:?}", hookd.initialize_result().events);
    }
    let seen = Arc::new(Mutex::new(Vec::new()));
    for event in FOUR {
        let record = seen.clone();
        hookd
            .register_hook(RegisterHookParams::new(event), move |invoke: InvokeHookParams| {
                record.lock().unwrap().push((invoke.event.clone(), invoke.session_id.clone()));
                async { InvokeHookResult::none() }
            })
            .await
            .unwrap();
    }
    let session = SessionInfo::new("rs-bonsai");
    let files = vec![FileChange::modify("src/main.rs", "fn main() {}\n", "fn main() { run() }\n")];
    let results = vec![
        hookd.pre_file_write(PreFileWrite::new(session.clone(), files.clone())).await.unwrap(),
        hookd.post_file_write(PostFileWrite::new(session.clone(), files)).await.unwrap(),
        hookd.pre_bash(PreBash::new(session.clone(), "cargo test")).await.unwrap(),
        hookd.post_bash(PostBash::new(session.clone(), "cargo test", 0, "ok\n")).await.unwrap(),
    ];
    let got: Vec<(String, usize)> = results.iter().map(|r| (r.event.clone(), r.runs.len())).collect();
    assert_eq!(got, FOUR.iter().map(|e| (e.to_string(), 1)).collect::<Vec<_>>());
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen, FOUR.iter().map(|e| (e.to_string(), "rs-bonsai".to_string())).collect::<Vec<_>>());
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_pre_file_write_without_files_is_invalid_params_naming_the_field() {
    let ws = TempDir::new("hookd-rs-bonsai-invalid");
    let hookd = builder(ws.path()).dialect("bonsai").spawn().await.unwrap();
    let error = hookd.pre_file_write(PreFileWrite::new(SessionInfo::new("s"), vec![])).await.unwrap_err();
    assert_eq!(error.code(), Some(error_codes::INVALID_PARAMS), "{error:?}");
    assert!(error.to_string().contains("files"), "{error}");
    hookd.ping().await.unwrap();
    hookd.shutdown().await.unwrap();
}
