//! The golden wire fixtures (protocol/fixtures/*.json):
//! (a) every message parses into this crate's types and serializes back to the same JSON, with no field left
//!     untyped;
//! (b) every fixture replayed against the built sidecar, as the protocol README's "Golden fixtures" section says,
//!     through the crate's transport layer (`RawConnection`): the server's messages equal the recorded ones.

mod common;

use common::{hookd_js, TempDir};
use hookd_client::protocol::*;
use hookd_client::transport::{Id, Message};
use hookd_client::Hookd;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

const PLACEHOLDER: &str = "/home/user/project";
const RECORDED_DURATION_MS: f64 = 12.5;
/// Only a bound for a sidecar that never answers: node starting 4 sidecars at once on a loaded 2-core machine took
/// over 10 s (load average 17).
const STEP_TIMEOUT: Duration = Duration::from_secs(60);
const SETTLE: Duration = Duration::from_millis(150);

#[derive(Deserialize)]
struct Fixture {
    #[allow(dead_code)]
    description: String,
    #[serde(default)]
    dialect: Option<String>,
    #[serde(default)]
    settings: Option<Box<RawValue>>,
    #[serde(default)]
    files: BTreeMap<String, String>,
    #[serde(default)]
    ignore: Vec<String>,
    exchange: Vec<Step>,
}

#[derive(Deserialize)]
struct Step {
    from: String,
    #[serde(default)]
    message: Option<Box<RawValue>>,
    #[serde(default)]
    raw: Option<String>,
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol/fixtures")
}

fn fixture_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .expect("protocol/fixtures")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "expected the golden fixtures, found {}", files.len());
    files
}

fn read_fixture(path: &Path) -> Fixture {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn name_of(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

// ── (a) typed round trip ──────────────────────────────────────────────────────────────────────────────

/// Parses `value` as `T`, writes it back, and requires the same JSON and no untyped field.
fn round_trip<T: DeserializeOwned + Serialize + UnknownFields>(value: &Value) -> Result<(), String> {
    let typed: T = serde_json::from_value(value.clone()).map_err(|e| format!("does not parse as {}: {e}", std::any::type_name::<T>()))?;
    let unknown = typed.unknown_fields();
    if !unknown.is_empty() {
        return Err(format!("{} has no typed field for {unknown:?}", std::any::type_name::<T>()));
    }
    let back = serde_json::to_value(&typed).map_err(|e| e.to_string())?;
    if &back != value {
        return Err(format!(
            "{} changed it:\n  read:    {value}\n  written: {back}",
            std::any::type_name::<T>()
        ));
    }
    Ok(())
}

/// A method's params, or its absence (`shutdown`, `ping`, `hooks/list`, ...).
fn round_trip_params<T: DeserializeOwned + Serialize + UnknownFields>(params: Option<&Value>) -> Result<(), String> {
    match params {
        Some(params) => round_trip::<T>(params),
        None => Ok(()),
    }
}

fn event_params(event: &str, params: Option<&Value>) -> Option<Result<(), String>> {
    let params = params?;
    Some(match event {
        "SessionStart" => round_trip::<SessionStart>(params),
        "SessionEnd" => round_trip::<SessionEnd>(params),
        "UserPromptSubmit" => round_trip::<UserPromptSubmit>(params),
        "PreToolUse" => round_trip::<PreToolUse>(params),
        "PermissionRequest" => round_trip::<PermissionRequest>(params),
        "PostToolUse" => round_trip::<PostToolUse>(params),
        "PostToolUseFailure" => round_trip::<PostToolUseFailure>(params),
        "Notification" => round_trip::<Notification>(params),
        "Stop" => round_trip::<Stop>(params),
        "SubagentStart" => round_trip::<SubagentStart>(params),
        "SubagentStop" => round_trip::<SubagentStop>(params),
        "PreCompact" => round_trip::<PreCompact>(params),
        "PostCompact" => round_trip::<PostCompact>(params),
        "PreFileWrite" => round_trip::<PreFileWrite>(params),
        "PostFileWrite" => round_trip::<PostFileWrite>(params),
        "PreBash" => round_trip::<PreBash>(params),
        "PostBash" => round_trip::<PostBash>(params),
        _ => return None,
    })
}

/// Params of a client request or notification; `None` for a method this crate does not know.
fn client_params(method: &str, params: Option<&Value>) -> Option<Result<(), String>> {
    Some(match method {
        methods::INITIALIZE => round_trip::<InitializeParams>(params?),
        methods::SHUTDOWN | methods::PING | methods::LIST_HOOKS | methods::RELOAD | methods::TRUST_LIST | methods::REVIEW_LIST | methods::EXIT => {
            round_trip_params::<EmptyParams>(params)
        }
        methods::CANCEL_SESSION => round_trip::<CancelSessionParams>(params?),
        methods::REGISTER_HOOK => round_trip::<RegisterHookParams>(params?),
        methods::UNREGISTER_HOOK => round_trip::<UnregisterHookParams>(params?),
        methods::DRY_RUN => round_trip::<DryRunParams>(params?),
        methods::BEGIN_RUN => round_trip::<BeginRunParams>(params?),
        methods::END_RUN => round_trip::<EndRunParams>(params?),
        methods::TRUST_SET => round_trip::<SetTrustParams>(params?),
        methods::REVIEW_TRUST | methods::REVIEW_DISABLE | methods::REVIEW_ENABLE => round_trip::<ReviewKeyParams>(params?),
        methods::CANCEL_REQUEST => round_trip::<CancelParams>(params?),
        _ => return event_params(method.strip_prefix("hooks/")?, params),
    })
}

/// The result of a client request, by the request's method.
fn client_result(method: &str, result: &Value) -> Option<Result<(), String>> {
    Some(match method {
        methods::INITIALIZE => round_trip::<InitializeResult>(result),
        methods::SHUTDOWN => round_trip::<()>(result),
        methods::PING => round_trip::<PingResult>(result),
        methods::LIST_HOOKS => round_trip::<ListHooksResult>(result),
        methods::RELOAD => round_trip::<ReloadResult>(result),
        methods::CANCEL_SESSION => round_trip::<CancelSessionResult>(result),
        methods::REGISTER_HOOK => round_trip::<RegisterHookResult>(result),
        methods::UNREGISTER_HOOK => round_trip::<UnregisterHookResult>(result),
        methods::DRY_RUN => round_trip::<DryRunResult>(result),
        methods::BEGIN_RUN => round_trip::<BeginRunResult>(result),
        methods::END_RUN => round_trip::<EndRunResult>(result),
        methods::TRUST_LIST => round_trip::<TrustListResult>(result),
        methods::TRUST_SET => round_trip::<SetTrustResult>(result),
        methods::REVIEW_LIST | methods::REVIEW_TRUST | methods::REVIEW_DISABLE | methods::REVIEW_ENABLE => round_trip::<ReviewListing>(result),
        _ => {
            EventName::ALL.iter().find(|event| event.method() == method)?;
            round_trip::<EventResult>(result)
        }
    })
}

/// Checks one message of an exchange in its direction; `requests` maps ids to methods per direction.
struct Checker {
    /// Ids of requests the client sent → method (their answers come from the server).
    client_requests: HashMap<Id, String>,
    /// Ids of requests the server sent → method (the client answers them).
    server_requests: HashMap<Id, String>,
    /// errors.json sends deliberately invalid params and an unknown method.
    invalid_requests_allowed: bool,
}

impl Checker {
    fn new(invalid_requests_allowed: bool) -> Self {
        Checker { client_requests: HashMap::new(), server_requests: HashMap::new(), invalid_requests_allowed }
    }

    fn check(&mut self, from_client: bool, value: &Value) -> Result<(), String> {
        let message: Message = serde_json::from_value(value.clone()).map_err(|e| format!("not a message: {e}"))?;
        let back = serde_json::to_value(&message).map_err(|e| e.to_string())?;
        if &back != value {
            return Err(format!("the envelope changed it:\n  read:    {value}\n  written: {back}"));
        }
        let typed = match (&message, from_client) {
            (Message::Request { id, method, params }, true) => {
                self.client_requests.insert(id.clone(), method.clone());
                match client_params(method, params.as_ref()) {
                    Some(Err(_)) | None if self.invalid_requests_allowed => Ok(()),
                    Some(result) => result,
                    None => Err(format!("no type for the params of {method}")),
                }
            }
            (Message::Notification { method, params }, true) => {
                client_params(method, params.as_ref()).unwrap_or_else(|| Err(format!("no type for {method}")))
            }
            (Message::Response { id, result }, true) => {
                let method = self.server_requests.remove(id).ok_or("an answer to no server request")?;
                match (method.as_str(), result) {
                    (methods::INVOKE_HOOK, Ok(result)) => round_trip::<InvokeHookResult>(result),
                    (methods::JUDGE, Ok(result)) => round_trip::<JudgeResult>(result),
                    (methods::CALL_MCP_TOOL, Ok(result)) => round_trip::<CallMcpToolResult>(result),
                    (methods::APPROVE, Ok(result)) => round_trip::<ApproveHookResult>(result),
                    (methods::ASK_TOOL_APPROVAL, Ok(result)) => round_trip::<AskToolApprovalResult>(result),
                    (_, Ok(_)) => Err(format!("no type for the result of {method}")),
                    (_, Err(_)) => Ok(()),
                }
            }
            (Message::Request { id, method, params }, false) => {
                self.server_requests.insert(id.clone(), method.clone());
                match method.as_str() {
                    methods::INVOKE_HOOK => round_trip::<InvokeHookParams>(params.as_ref().ok_or("no params")?),
                    methods::JUDGE => round_trip::<JudgeParams>(params.as_ref().ok_or("no params")?),
                    methods::CALL_MCP_TOOL => round_trip::<CallMcpToolParams>(params.as_ref().ok_or("no params")?),
                    methods::APPROVE => round_trip::<ApproveHookParams>(params.as_ref().ok_or("no params")?),
                    methods::ASK_TOOL_APPROVAL => round_trip::<AskToolApprovalParams>(params.as_ref().ok_or("no params")?),
                    _ => Err(format!("unknown server request {method}")),
                }
            }
            (Message::Notification { method, params }, false) => {
                let params = params.as_ref().ok_or("no params")?;
                match method.as_str() {
                    methods::PROGRESS => round_trip::<ProgressParams>(params),
                    methods::DIAGNOSTICS => round_trip::<DiagnosticsParams>(params),
                    methods::REVIEW_WARNINGS => round_trip::<ReviewWarningsParams>(params),
                    _ => Err(format!("unknown notification {method}")),
                }
            }
            (Message::Response { id, result }, false) => match result {
                Ok(result) => {
                    let method = self.client_requests.get(id).ok_or("a result for no client request")?;
                    client_result(method, result).unwrap_or_else(|| Err(format!("no type for the result of {method}")))
                }
                Err(error) if error.code == error_codes::REQUEST_CANCELLED => {
                    round_trip::<CancelledData>(error.data.as_ref().ok_or("-32800 without data")?)
                }
                Err(_) => Ok(()),
            },
        };
        typed
    }
}

#[test]
fn every_fixture_message_round_trips_through_the_typed_api() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in fixture_files() {
        let fixture = read_fixture(&path);
        let mut checker = Checker::new(name_of(&path) == "errors");
        for (index, step) in fixture.exchange.iter().enumerate() {
            let Some(message) = &step.message else { continue };
            let value: Value = serde_json::from_str(message.get()).unwrap();
            checked += 1;
            if let Err(error) = checker.check(step.from == "client", &value) {
                failures.push(format!("{} step {index} ({}): {error}", name_of(&path), step.from));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} messages failed:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 60, "only {checked} messages checked");
}

#[test]
fn typed_round_trip_keeps_fields_it_does_not_know_and_explicit_nulls() {
    let value = serde_json::json!({
        "event": "PreToolUse", "decision": "escalate", "continue": true, "notes": [], "runs": [],
        "updatedToolOutput": null, "newTopLevel": {"a": [1, 2.5]},
    });
    round_trip::<EventResult>(&value).expect_err("newTopLevel is not typed");
    let typed: EventResult = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(typed.decision, Decision::Other("escalate".into()));
    assert_eq!(typed.updated_tool_output, Some(Value::Null));
    assert_eq!(typed.unknown_fields(), vec!["newTopLevel".to_owned()]);
    assert_eq!(serde_json::to_value(&typed).unwrap(), value);
}

// ── (b) replay against the sidecar ────────────────────────────────────────────────────────────────────

/// Removes whitespace outside strings (the fixture's client messages are sent as one NDJSON line each, with
/// their keys in the recorded order).
fn minify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

/// `settings` as the reference replayer writes it (JSON indented by 2): the fixture's own text, whose lines
/// after the first are indented by its depth in the file.
fn settings_text(raw: &RawValue) -> String {
    let lines: Vec<&str> = raw.get().lines().collect();
    let indent = lines[1..].iter().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    let mut text = lines[0].to_owned();
    for line in &lines[1..] {
        text.push('\n');
        text.push_str(&line[indent.min(line.len())..]);
    }
    text
}

fn normalize(value: &Value, paths: &[String]) -> Value {
    match value {
        Value::String(text) => Value::String(paths.iter().fold(text.clone(), |text, path| text.replace(path.as_str(), PLACEHOLDER))),
        Value::Array(items) => Value::Array(items.iter().map(|item| normalize(item, paths)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, item)| {
                    let item = if key == "durationMs" && item.is_number() { RECORDED_DURATION_MS.into() } else { normalize(item, paths) };
                    (key.clone(), item)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

fn without_keys(value: &Value, keys: &[String]) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(|item| without_keys(item, keys)).collect()),
        Value::Object(map) => Value::Object(
            map.iter().filter(|(key, _)| !keys.contains(key)).map(|(key, item)| (key.clone(), without_keys(item, keys))).collect(),
        ),
        other => other.clone(),
    }
}

/// Replays one fixture; returns a description of the first difference.
async fn replay(path: PathBuf) -> Result<(), String> {
    let fixture = read_fixture(&path);
    if !matches!(fixture.dialect.as_deref().unwrap_or("claude"), "claude" | "bamboo") {
        return Ok(()); // a dialect this client does not know: skipped, as the README allows
    }
    let workspace = TempDir::new("hookd-rs-fixture");
    let ws = workspace.text().to_owned();
    assert!(!ws.contains(['"', '\\']), "the workspace path needs no JSON escaping");
    if let Some(settings) = &fixture.settings {
        workspace.write(".claude/settings.json", &settings_text(settings));
    }
    for (relative, content) in &fixture.files {
        assert!(!relative.starts_with('/') && !relative.split('/').any(|part| part == ".."), "files: {relative}");
        workspace.write(relative, content);
    }
    let real = std::fs::canonicalize(workspace.path()).unwrap().to_string_lossy().into_owned();
    let mut paths = vec![real, ws.clone()];
    paths.sort_by_key(|path| std::cmp::Reverse(path.len()));
    paths.dedup();

    // NDJSON, no arguments, BAMBOO_DATA_DIR unset; nothing answered automatically.
    let mut hookd = Hookd::builder().hookd_js(hookd_js()).env_remove("BAMBOO_DATA_DIR").spawn_raw().map_err(|e| e.to_string())?;
    let mut checker = Checker::new(name_of(&path) == "errors");
    let mut steps = fixture.exchange.iter().enumerate().peekable();
    let mut outcome = Ok(());
    'steps: while let Some((index, step)) = steps.next() {
        if step.from != "client" {
            outcome = Err(format!("step {index}: a server message before any client message"));
            break;
        }
        let line = match (&step.raw, &step.message) {
            (Some(raw), _) => raw.clone(),
            (None, Some(message)) => format!("{}\n", minify(message.get()).replace(PLACEHOLDER, &ws)),
            (None, None) => return Err(format!("step {index}: neither message nor raw")),
        };
        if let Some(message) = &step.message {
            // Track the client's own messages (ids → methods, answers to server requests).
            let value: Value = serde_json::from_str(message.get()).unwrap();
            let _ = checker.check(true, &value);
        }
        if let Err(error) = hookd.send_raw(line.as_bytes()).await {
            outcome = Err(format!("step {index}: writing failed: {error}"));
            break;
        }
        while let Some((index, expected)) = steps.next_if(|(_, step)| step.from == "server") {
            let received = match tokio::time::timeout(STEP_TIMEOUT, hookd.recv_value()).await {
                Ok(Ok(Some(value))) => value,
                Ok(Ok(None)) => {
                    outcome = Err(format!("step {index}: hookd closed its output; stderr:\n{}", hookd.stderr_tail()));
                    break 'steps;
                }
                Ok(Err(error)) => {
                    outcome = Err(format!("step {index}: {error}"));
                    break 'steps;
                }
                Err(_) => {
                    outcome = Err(format!("step {index}: nothing within {STEP_TIMEOUT:?}"));
                    break 'steps;
                }
            };
            if let Err(error) = checker.check(false, &received) {
                outcome = Err(format!("step {index}: the received message does not round-trip: {error}"));
                break 'steps;
            }
            let expected: Value = serde_json::from_str(expected.message.as_ref().unwrap().get()).unwrap();
            let actual = without_keys(&normalize(&received, &paths), &fixture.ignore);
            let expected = without_keys(&expected, &fixture.ignore);
            if actual != expected {
                outcome = Err(format!(
                    "step {index} differs\n  expected: {expected}\n  actual:   {actual}\n  (received: {received})"
                ));
                break 'steps;
            }
        }
    }
    if outcome.is_ok() {
        match tokio::time::timeout(SETTLE, hookd.recv_value()).await {
            Err(_) | Ok(Ok(None)) => {}
            Ok(Ok(Some(extra))) => outcome = Err(format!("a server message after the last expected one: {extra}")),
            Ok(Err(error)) => outcome = Err(format!("after the last step: {error}")),
        }
    }
    let _ = hookd.close(Duration::from_secs(3)).await;
    outcome
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fixture_replays_exactly_against_the_sidecar() {
    let files = fixture_files();
    let limit = Arc::new(tokio::sync::Semaphore::new(4));
    let mut tasks = Vec::new();
    for path in files {
        let limit = limit.clone();
        tasks.push((name_of(&path), tokio::spawn(async move {
            let _permit = limit.acquire_owned().await.unwrap();
            replay(path).await
        })));
    }
    let mut failures = Vec::new();
    let count = tasks.len();
    for (name, task) in tasks {
        if let Err(error) = task.await.unwrap() {
            failures.push(format!("{name}: {error}"));
        }
    }
    assert!(failures.is_empty(), "{} of {count} fixtures failed:\n{}", failures.len(), failures.join("\n\n"));
}
