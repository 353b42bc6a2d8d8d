//! A short agent session against hookd: SessionStart → PreToolUse (twice) → Stop → shutdown, printing what
//! hookd decided. The hooks are a bamboo `hooks.json` written into a temporary workspace.
//!
//!     cargo run --example agent [-- <path to dist/cli.js>]
//!
//! The sidecar is found as the first argument, else `$HOOKD_JS`, else the repository's `dist/cli.js`.

use hookd_client::protocol::{EventResult, PreToolUse, Scope, ServerOptions, SessionInfo, SessionStart, Stop};
use hookd_client::Hookd;
use serde_json::json;
use std::path::PathBuf;

/// Three bamboo hooks: context at session start, a guard on Bash commands (it reads the JSON envelope on stdin),
/// and a Stop hook that asks for the tests to run unless the agent already continued once.
const HOOKS_JSON: &str = r#"{
  "lifecycle_hooks": {
    "SessionStart": [
      { "hooks": [{ "type": "command", "command": "printf '%s' '{\"additional_context\":\"Project rule: run cargo test before you stop.\"}'" }] }
    ],
    "PreToolUse": [
      {
        "matcher": "^Bash$",
        "hooks": [{
          "type": "command",
          "command": "if grep -q 'rm -rf'; then printf '%s' '{\"decision\":\"block\",\"reason\":\"rm -rf is not allowed in this project\"}'; fi"
        }]
      }
    ],
    "Stop": [
      { "hooks": [{ "type": "command", "command": "grep -q '\"stop_hook_active\":true' || printf '%s' '{\"decision\":\"block\",\"reason\":\"Run cargo test first.\"}'" }] }
    ]
  }
}
"#;

fn hookd_js() -> PathBuf {
    if let Some(path) = std::env::args_os().nth(1) {
        return path.into();
    }
    match std::env::var_os("HOOKD_JS") {
        Some(path) if !path.is_empty() => path.into(),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../dist/cli.js"),
    }
}

fn show(step: &str, result: &EventResult) {
    let mut line = format!("{step:<28} decision={}", result.decision);
    if let Some(reason) = &result.reason {
        line += &format!(" reason={reason:?}");
    }
    if let Some(context) = &result.additional_context {
        line += &format!(" context={context:?}");
    }
    line += &format!(" runs={}", result.runs.len());
    println!("{line}");
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let workspace = std::env::temp_dir().join(format!("hookd-agent-example-{}", std::process::id()));
    std::fs::create_dir_all(&workspace)?;
    let config = workspace.join("hooks.json");
    std::fs::write(&config, HOOKS_JSON)?;

    let hookd = Hookd::builder()
        .hookd_js(hookd_js())
        .workspace(&workspace)
        .home(&workspace)
        .dialect("bamboo")
        .source(&config, Scope::User)
        .options(ServerOptions { watch: Some(false), ..Default::default() })
        .client_info("agent-example", "0.1.0")
        .spawn()
        .await?;
    let init = hookd.initialize_result();
    println!("hookd {} (pid {:?}), dialect {}: {} hook(s), {} diagnostic(s)", init.server_info.version, hookd.pid(), init.dialect, init.hooks.len(), init.diagnostics.len());

    let session = SessionInfo { id: "example-session".into(), model: Some("claude-sonnet-4".into()), ..Default::default() };
    let start = hookd.session_start(SessionStart { session: session.clone(), source: Some("startup".into()), ..Default::default() }).await?;
    show("SessionStart", &start);

    for command in ["cargo build", "rm -rf target"] {
        let input = json!({ "command": command }).as_object().cloned().unwrap_or_default();
        let result = hookd.pre_tool_use(PreToolUse::new(session.clone(), "Bash", input)).await?;
        show(&format!("PreToolUse Bash {command:?}"), &result);
    }

    for stop_hook_active in [false, true] {
        let result = hookd.stop(Stop { session: session.clone(), stop_hook_active: Some(stop_hook_active), ..Default::default() }).await?;
        show(&format!("Stop (stopHookActive={stop_hook_active})"), &result);
    }

    let status = hookd.shutdown().await?;
    println!("shutdown: hookd exited with {status}");
    std::fs::remove_dir_all(&workspace)?;
    Ok(())
}
