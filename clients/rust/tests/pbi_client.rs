//! The pbi additions of the Rust client against a tiny scripted peer playing hookd: `review_list`, `review_trust`,
//! `review_disable`, `review_enable` answered with a typed `ReviewListing` (every field typed, nothing left in
//! `other`), their error codes (-32011, -32012), the `hooks/reviewWarnings` callback and notification,
//! `HookInfo.review`, the new initialize options and the pbi session/event params. The same flows against the built
//! sidecar are in `pbi_e2e.rs`.

mod common;

use common::*;
use hookd_client::protocol::*;
use hookd_client::{Hookd, ServerNotification};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc::UnboundedReceiver;

/// Answers initialize (echoing its params as `test/initialize`), review/* with a canned listing whose only hook has
/// the key sent (`missing` → -32011, `managed` → -32012), and `test/notify` by sending the notification it carries.
const PEER: &str = r#"
    const out = (m) => process.stdout.write(JSON.stringify(m) + '\n');
    const listing = (method, key) => {
      const status = { 'review/trust': 'trusted', 'review/disable': 'disabled' }[method] || 'untrusted';
      const warnings = status === 'untrusted' ? ['1 command hook requires trust review and will be skipped.'] : [];
      return { dialect: 'pbi', hooks: [{ key, trustStatus: status, currentHash: 'sha256:00', enabled: status !== 'disabled', managed: false,
        runnable: status === 'trusted', diagnostics: [], id: 'pbi:1', event: 'Stop', matcher: null, command: 'echo hi', source: 'project',
        sourcePath: '/ws/.agents/hooks.json', statusMessage: null, timeoutMs: 600000 }],
        diagnostics: [], reviewRequiredCount: warnings.length, trustBypassActive: false, warnings, statePath: '/h/.pbi-agent/hooks_state.json' };
    };
    require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.method === 'initialize') {
        out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '0.1', serverInfo: { name: 'hookd', version: '0-fake' }, dialect: 'pbi', events: [], hooks: [], diagnostics: [] } });
        out({ jsonrpc: '2.0', method: 'test/initialize', params: m.params });
      } else if (m.method === 'test/notify') {
        out({ jsonrpc: '2.0', id: m.id, result: {} });
        out({ jsonrpc: '2.0', method: m.params.method, params: m.params.params });
      } else if (m.method && m.method.startsWith('review/')) {
        const key = (m.params && m.params.key) || 'project:/ws/.agents/hooks.json:Stop::sha256:00:1';
        if (key === 'missing') out({ jsonrpc: '2.0', id: m.id, error: { code: -32011, message: 'hook not found: missing' } });
        else if (key === 'managed') out({ jsonrpc: '2.0', id: m.id, error: { code: -32012, message: 'managed hooks cannot be disabled or enabled manually' } });
        else out({ jsonrpc: '2.0', id: m.id, result: listing(m.method, key) });
      } else if (m.method && m.method.startsWith('hooks/')) {
        out({ jsonrpc: '2.0', method: 'test/event', params: { method: m.method, params: m.params } });
        out({ jsonrpc: '2.0', id: m.id, result: { event: m.method.slice(6), decision: 'none', continue: true, notes: [], runs: [] } });
      } else if (m.method === 'shutdown') {
        out({ jsonrpc: '2.0', id: m.id, result: null });
      } else if (m.method === 'exit') {
        process.exit(0);
      }
    });
"#;

const KEY: &str = "project:/ws/.agents/hooks.json:PreToolUse:shell:sha256:4b:1";

struct Peer {
    hookd: Hookd,
    notes: UnboundedReceiver<ServerNotification>,
    _ws: TempDir,
}

async fn peer(configure: impl FnOnce(hookd_client::Builder) -> hookd_client::Builder) -> Peer {
    let ws = TempDir::new("hookd-rs-pbi-fake");
    let (tx, notes) = tokio::sync::mpsc::unbounded_channel();
    let builder = Hookd::builder().command("node").arg("-e").arg(PEER).workspace(ws.path()).dialect("pbi").on_notification(move |n| {
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
}

#[tokio::test]
async fn review_methods_answer_a_typed_review_listing() {
    let mut p = peer(|b| b).await;
    let listing = p.hookd.review_list().await.unwrap();
    assert_eq!((listing.dialect.as_str(), listing.review_required_count, listing.trust_bypass_active), ("pbi", 1, false));
    assert_eq!(listing.warnings, vec!["1 command hook requires trust review and will be skipped.".to_string()]);
    assert_eq!(listing.state_path.as_deref(), Some("/h/.pbi-agent/hooks_state.json"));
    assert!(listing.unknown_fields().is_empty(), "every listing field is typed: {:?}", listing.unknown_fields());
    let row = &listing.hooks[0];
    assert!(row.other.is_empty(), "every row field is typed: {:?}", row.other);
    assert_eq!((row.trust_status.clone(), row.matcher.clone(), row.status_message.clone(), row.timeout_ms), (ReviewStatus::Untrusted, None, None, 600000));
    let trusted = p.hookd.review_trust(KEY).await.unwrap();
    assert_eq!((trusted.hooks[0].key.as_str(), trusted.hooks[0].trust_status.clone(), trusted.hooks[0].runnable), (KEY, ReviewStatus::Trusted, true));
    let disabled = p.hookd.review_disable(KEY).await.unwrap();
    assert_eq!((disabled.hooks[0].trust_status.clone(), disabled.hooks[0].enabled), (ReviewStatus::Disabled, false));
    assert!(p.hookd.review_enable(KEY).await.unwrap().hooks[0].enabled);
    // written back, a row keeps `matcher` and `statusMessage` as explicit nulls
    let wire = serde_json::to_value(row).unwrap();
    assert_eq!((wire["matcher"].clone(), wire["statusMessage"].clone()), (Value::Null, Value::Null));
    assert!(wire.as_object().unwrap().contains_key("matcher"));
    let _ = p.next("initialize").await;
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn review_errors_carry_hook_not_found_and_review_not_allowed() {
    let p = peer(|b| b).await;
    let missing = p.hookd.review_trust("missing").await.unwrap_err();
    assert_eq!(missing.code(), Some(error_codes::HOOK_NOT_FOUND));
    let managed = p.hookd.review_disable("managed").await.unwrap_err();
    assert_eq!(managed.code(), Some(error_codes::REVIEW_NOT_ALLOWED));
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn on_review_warnings_gets_hooks_review_warnings_typed() {
    let seen: Arc<Mutex<Vec<ReviewWarningsParams>>> = Arc::default();
    let sink = seen.clone();
    let mut p = peer(move |b| b.on_review_warnings(move |w| sink.lock().unwrap().push(w.clone()))).await;
    let params = json!({ "warnings": ["2 command hooks require trust review and will be skipped."], "reviewRequiredCount": 2, "trustBypassActive": false });
    let _: Value = p.hookd.request("test/notify", Some(&json!({ "method": "hooks/reviewWarnings", "params": params }))).await.unwrap();
    let note = loop {
        match tokio::time::timeout(Duration::from_secs(10), p.notes.recv()).await.expect("the notification within 10 s") {
            Some(ServerNotification::ReviewWarnings(w)) => break w,
            Some(_) => continue,
            None => panic!("notifications ended"),
        }
    };
    assert_eq!((note.review_required_count, note.trust_bypass_active), (2, false));
    assert_eq!(note.warnings, vec!["2 command hooks require trust review and will be skipped.".to_string()]);
    assert_eq!(seen.lock().unwrap().len(), 1);
    p.hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn pbi_options_and_event_params_go_on_the_wire() {
    let options = ServerOptions {
        dangerously_bypass_hook_trust: Some(true),
        managed_hooks_path: Some("/p/managed.json".into()),
        managed_policy_dir: Some("/etc/p".into()),
        hook_state_path: Some("/s.json".into()),
        ..Default::default()
    };
    let mut p = peer(move |b| b.options(options)).await;
    let init = p.next("initialize").await;
    assert_eq!(
        init["options"],
        json!({ "dangerouslyBypassHookTrust": true, "managedHooksPath": "/p/managed.json", "managedPolicyDir": "/etc/p", "hookStatePath": "/s.json" })
    );
    let session = SessionInfo { provider: Some("openai".into()), agent_name: Some("main".into()), workspace_directory_key: Some("wk".into()), ..SessionInfo::new("s") };
    let start = SubagentStart {
        session: session.clone(),
        task_instruction: Some("check".into()),
        subagent_name: Some("Hephaestus".into()),
        subagent_type: Some("default".into()),
        ..Default::default()
    };
    p.hookd.event(&start).await.unwrap();
    let sent = p.next("event").await;
    assert_eq!(sent["params"]["session"], json!({ "id": "s", "provider": "openai", "agentName": "main", "workspaceDirectoryKey": "wk" }));
    assert_eq!((sent["params"]["taskInstruction"].clone(), sent["params"]["subagentName"].clone(), sent["params"]["subagentType"].clone()), (json!("check"), json!("Hephaestus"), json!("default")));
    let pre = PreCompact { session: session.clone(), trigger: Some("auto".into()), input_message_count: Some(4), pending_tool_exchange: Some(true), ..Default::default() };
    p.hookd.event(&pre).await.unwrap();
    let sent = p.next("event").await;
    assert_eq!((sent["params"]["inputMessageCount"].clone(), sent["params"]["pendingToolExchange"].clone()), (json!(4), json!(true)));
    let post = PostCompact { session, trigger: Some("auto".into()), summary_chars: Some(10), estimated_context_tokens: Some(20), ..Default::default() };
    p.hookd.event(&post).await.unwrap();
    let sent = p.next("event").await;
    assert_eq!((sent["params"]["summaryChars"].clone(), sent["params"]["estimatedContextTokens"].clone()), (json!(10), json!(20)));
    p.hookd.shutdown().await.unwrap();
}

#[test]
fn hook_info_review_is_typed() {
    let info: HookInfo = serde_json::from_value(json!({
        "id": "pbi:1", "event": "Stop", "handlerType": "command", "source": "/ws/.agents/hooks.json", "scope": "project",
        "timeoutMs": 600000, "enabled": false, "state": "untrusted",
        "review": { "key": KEY, "trustStatus": "modified", "currentHash": "sha256:00", "enabled": true, "managed": false, "runnable": false, "diagnostics": ["d"] }
    }))
    .unwrap();
    let review = info.review.expect("HookInfo.review typed");
    assert_eq!((review.trust_status, review.diagnostics, review.other.is_empty()), (ReviewStatus::Modified, vec!["d".to_string()], true));
    assert!(info.other.is_empty());
}
