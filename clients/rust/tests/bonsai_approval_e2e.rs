//! Approvals through the Rust client and the built sidecar with a bonsai TOML config: hookd asks the `on_approve`
//! handler (`hooks/approve`) for each project shell/http hook, once per configuration load, and the answer decides
//! whether the hook fires; global hooks and llm_prompt hooks are not asked.

mod common;

use common::*;
use hookd_client::protocol::*;
use hookd_client::Hookd;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `<root>/.bonsai/config.toml` with one PreBash shell hook that touches `marker`; returns its path and the command.
fn bonsai_config(root: &Path, name: &str, marker: &Path) -> (String, String) {
    let command = format!("touch '{}'", marker.display());
    let path = root.join(".bonsai/config.toml");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let toml = format!("[[hooks]]\nname = \"{name}\"\nevent = \"PreBash\"\naction = {{ type = \"shell\", command = {} }}\n", serde_json::to_string(&command).unwrap());
    std::fs::write(&path, toml).unwrap();
    (path.to_str().unwrap().to_owned(), command)
}

async fn fired(hookd: &Hookd, hook_id: &str) -> bool {
    let result = hookd.pre_bash(PreBash::new(SessionInfo::new("rs-approval"), "ls")).await.unwrap();
    result.runs.iter().any(|run| run.hook_id == hook_id && run.status == RunStatus::Ok)
}

/// Polls `fired` until true or the deadline passes.
async fn fires_eventually(hookd: &Hookd, hook_id: &str) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::time::Instant::now() < deadline {
        if fired(hookd, hook_id).await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test]
async fn a_project_hook_with_a_shell_action_needs_one_approval_hookd_asks_the_client_showing_the_command() {
    let ws = TempDir::new("hookd-rs-approve");
    let marker = ws.path().join("ran");
    let (file, command) = bonsai_config(ws.path(), "audit", &marker);
    let asked = Arc::new(Mutex::new(Vec::new()));
    let record = asked.clone();
    let home = TempDir::new("hookd-rs-approve-home");
    let hookd = builder(ws.path())
        .home(home.path())
        .dialect("bonsai")
        .on_approve(move |params: ApproveHookParams| {
            record.lock().unwrap().push(params);
            async { ApprovalAnswer::Once }
        })
        .spawn()
        .await
        .unwrap();
    assert!(wait_until(Duration::from_secs(10), || asked.lock().unwrap().len() == 1).await, "hooks/approve was not sent");
    {
        let asked = asked.lock().unwrap();
        let p = &asked[0];
        assert_eq!(
            (p.hook_id.as_str(), p.name.as_deref(), p.event.as_str(), p.action_type.as_str(), p.summary.as_str(), p.source.as_str()),
            ("project:audit", Some("audit"), "PreBash", "shell", command.as_str(), file.as_str())
        );
        assert!(p.hash.starts_with("sha256:"), "{}", p.hash);
    }
    assert!(fires_eventually(&hookd, "project:audit").await);
    assert!(marker.exists());
    assert_eq!(asked.lock().unwrap().len(), 1, "asked once per configuration load, not per fire");
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn until_answered_the_hook_does_not_fire_and_denied_it_never_does() {
    let ws = TempDir::new("hookd-rs-deny");
    let marker = ws.path().join("ran");
    bonsai_config(ws.path(), "audit", &marker);
    let (tx, rx) = tokio::sync::oneshot::channel::<ApprovalAnswer>();
    let rx = Arc::new(Mutex::new(Some(rx)));
    let asked = Arc::new(Mutex::new(0));
    let count = asked.clone();
    let home = TempDir::new("hookd-rs-approve-home");
    let hookd = builder(ws.path())
        .home(home.path())
        .dialect("bonsai")
        .on_approve(move |_| {
            *count.lock().unwrap() += 1;
            let rx = rx.lock().unwrap().take();
            async move {
                match rx {
                    Some(rx) => rx.await.unwrap_or(ApprovalAnswer::Deny),
                    None => ApprovalAnswer::Deny,
                }
            }
        })
        .spawn()
        .await
        .unwrap();
    assert!(wait_until(Duration::from_secs(10), || *asked.lock().unwrap() == 1).await, "hooks/approve was not sent");
    assert!(!fired(&hookd, "project:audit").await, "it fired while awaiting approval");
    tx.send(ApprovalAnswer::Deny).unwrap();
    hookd.ping().await.unwrap();
    assert!(!fired(&hookd, "project:audit").await, "it fired after a denial");
    assert!(!marker.exists());
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn global_config_hooks_are_pre_trusted_and_llm_prompt_hooks_skip_the_gate() {
    let root = TempDir::new("hookd-rs-pretrusted");
    let home = root.path().join("home");
    let ws = root.path().join("ws");
    let marker = root.path().join("ran");
    bonsai_config(&home, "global-audit", &marker);
    std::fs::create_dir_all(ws.join(".bonsai")).unwrap();
    std::fs::write(ws.join(".bonsai/config.toml"), "[[hooks]]\nname = \"judge\"\nevent = \"PreBash\"\naction = { type = \"llm_prompt\", prompt = \"Is {{command}} safe?\" }\n").unwrap();
    let asked = Arc::new(Mutex::new(Vec::new()));
    let record = asked.clone();
    let hookd = Hookd::builder()
        .hookd_js(hookd_js())
        .workspace(&ws)
        .home(&home)
        .dialect("bonsai")
        .on_approve(move |params: ApproveHookParams| {
            record.lock().unwrap().push(params.hook_id);
            async { ApprovalAnswer::Deny }
        })
        .on_judge(|_| async { JudgeResult::text(r#"{"decision":"allow"}"#) })
        .spawn()
        .await
        .unwrap();
    assert!(fired(&hookd, "global:global-audit").await);
    assert!(marker.exists());
    hookd.ping().await.unwrap();
    assert!(asked.lock().unwrap().is_empty(), "{:?}", asked.lock().unwrap());
    hookd.shutdown().await.unwrap();
}
