//! Typed params and results of every hookd method (protocol 0.1), mirroring the zod schemas in `src/protocol/`.
//!
//! Field names are camelCase on the wire. Every object keeps the fields this crate does not know in `other`
//! (a flattened map), so a message read and written again loses nothing; `extra` is a real protocol field of
//! events and results (dialect-specific data), which is why the catch-all has another name. Optional `unknown`
//! values keep an explicit `null` apart from an absent field. String enums carry an `Other(String)` variant so
//! that a newer sidecar's values round-trip too.
//!
//! This module only describes shapes; it holds no hook logic.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::fmt;

/// A JSON object.
pub type JsonObject = Map<String, Value>;

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: &str = "0.1";

/// JSON-RPC error codes hookd uses.
pub mod error_codes {
    pub const PARSE_ERROR: i64 = -32700;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const INVALID_PARAMS: i64 = -32602;
    pub const INTERNAL_ERROR: i64 = -32603;
    pub const SERVER_NOT_INITIALIZED: i64 = -32002;
    pub const PERSISTENCE_FAILED: i64 = -32010;
    pub const REQUEST_CANCELLED: i64 = -32800;
}

/// Method names.
pub mod methods {
    pub const INITIALIZE: &str = "initialize";
    pub const SHUTDOWN: &str = "shutdown";
    pub const EXIT: &str = "exit";
    pub const PING: &str = "ping";
    pub const LIST_HOOKS: &str = "hooks/list";
    pub const CANCEL_SESSION: &str = "hooks/cancel";
    pub const RELOAD: &str = "hooks/reload";
    pub const REGISTER_HOOK: &str = "hooks/register";
    pub const UNREGISTER_HOOK: &str = "hooks/unregister";
    pub const DRY_RUN: &str = "hooks/dryRun";
    pub const BEGIN_RUN: &str = "runs/begin";
    pub const END_RUN: &str = "runs/end";
    pub const TRUST_LIST: &str = "trust/list";
    pub const TRUST_SET: &str = "trust/set";
    pub const CANCEL_REQUEST: &str = "$/cancelRequest";
    /// Server → client request.
    pub const INVOKE_HOOK: &str = "hooks/invoke";
    /// Server → client notifications.
    pub const PROGRESS: &str = "hooks/progress";
    pub const DIAGNOSTICS: &str = "hooks/diagnostics";
}

// ── serde helpers ─────────────────────────────────────────────────────────────────────────────────────

/// `Some(value)` for a present field, even when it is `null` (serde's `Option` would make that `None`).
pub(crate) fn some_value<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// JSON numbers as JavaScript writes them: an integral `f64` is written without `.0` (60000, not 60000.0).
pub(crate) mod js_number {
    use super::*;
    const MAX_SAFE: f64 = 9_007_199_254_740_992.0;

    pub fn write<S: Serializer>(v: f64, s: S) -> Result<S::Ok, S::Error> {
        if v.is_finite() && v.fract() == 0.0 && v.abs() < MAX_SAFE {
            s.serialize_i64(v as i64)
        } else {
            s.serialize_f64(v)
        }
    }
    pub fn serialize<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
        write(*v, s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        f64::deserialize(d)
    }
    pub mod opt {
        use super::*;
        pub fn serialize<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
            match v {
                Some(v) => write(*v, s),
                None => s.serialize_none(),
            }
        }
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
            Option::<f64>::deserialize(d)
        }
    }
}

/// A string enum with known values and an `Other` variant for values this crate does not know.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
            /// A value this version of the crate does not know (kept as written).
            Other(String),
        }
        impl $name {
            pub fn as_str(&self) -> &str {
                match self {
                    $(Self::$variant => $text,)*
                    Self::Other(text) => text,
                }
            }
        }
        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                match text {
                    $($text => Self::$variant,)*
                    other => Self::Other(other.to_owned()),
                }
            }
        }
        impl From<String> for $name {
            fn from(text: String) -> Self {
                match Self::from(text.as_str()) {
                    Self::Other(_) => Self::Other(text),
                    known => known,
                }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                String::deserialize(d).map(Self::from)
            }
        }
    };
}

string_enum! {
    /// The merged (or one run's) decision.
    Decision {
        /// No hook decided: proceed as without hooks.
        None = "none",
        Allow = "allow",
        Deny = "deny",
        Ask = "ask",
        Defer = "defer",
        Block = "block",
    }
}
#[allow(clippy::derivable_impls)]
impl Default for Decision {
    fn default() -> Self {
        Decision::None
    }
}

string_enum! {
    RunStatus { Ok = "ok", Error = "error", Timeout = "timeout", Cancelled = "cancelled", Skipped = "skipped" }
}

string_enum! {
    /// Why a run failed.
    FailureClass {
        SpawnFailed = "spawn_failed",
        RuntimeMissing = "runtime_missing",
        Timeout = "timeout",
        NonzeroExit = "nonzero_exit",
        Signal = "signal",
        InvalidOutput = "invalid_output",
        OutputTruncated = "output_truncated",
        Cancelled = "cancelled",
        Unsupported = "unsupported",
    }
}

string_enum! {
    Severity { Error = "error", Warning = "warning", Info = "info" }
}

string_enum! {
    /// How a configuration source is treated.
    Scope { User = "user", Project = "project", Local = "local", Managed = "managed", Explicit = "explicit" }
}

string_enum! {
    ProgressPhase { Started = "started", Finished = "finished" }
}

string_enum! {
    TrustState { Trusted = "trusted", Untrusted = "untrusted" }
}

string_enum! {
    /// The lifecycle events of the protocol (a dialect may have fewer).
    EventName {
        SessionStart = "SessionStart",
        SessionEnd = "SessionEnd",
        UserPromptSubmit = "UserPromptSubmit",
        PreToolUse = "PreToolUse",
        PermissionRequest = "PermissionRequest",
        PostToolUse = "PostToolUse",
        PostToolUseFailure = "PostToolUseFailure",
        Notification = "Notification",
        Stop = "Stop",
        SubagentStart = "SubagentStart",
        SubagentStop = "SubagentStop",
        PreCompact = "PreCompact",
        PostCompact = "PostCompact",
    }
}

impl EventName {
    /// Every event of the protocol, in the spec's order.
    pub const ALL: [EventName; 13] = [
        EventName::SessionStart,
        EventName::SessionEnd,
        EventName::UserPromptSubmit,
        EventName::PreToolUse,
        EventName::PermissionRequest,
        EventName::PostToolUse,
        EventName::PostToolUseFailure,
        EventName::Notification,
        EventName::Stop,
        EventName::SubagentStart,
        EventName::SubagentStop,
        EventName::PreCompact,
        EventName::PostCompact,
    ];
    /// `hooks/<EventName>`.
    pub fn method(&self) -> String {
        format!("hooks/{}", self.as_str())
    }
}

// ── lifecycle ─────────────────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientInfo {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// One configuration file to read instead of discovering them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigSource {
    pub path: String,
    /// Default on the server: `explicit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<Scope>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl ConfigSource {
    pub fn new(path: impl Into<String>, scope: Scope) -> Self {
        ConfigSource { path: path.into(), scope: Some(scope), other: JsonObject::new() }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Capabilities {
    /// The client answers `hooks/invoke`, so it may register programmatic hooks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub programmatic_hooks: Option<bool>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `initialize` options.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerOptions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_block_cap: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kill_grace_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_settings_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_work_area: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_store_path: Option<String>,
    /// `false`: no hot reload (reload with `hooks/reload`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub watch: Option<bool>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeParams {
    pub protocol_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_info: Option<ClientInfo>,
    /// Default on the server: `claude`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialect: Option<String>,
    pub workspace: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<Vec<ConfigSource>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Capabilities>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<ServerOptions>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerInfo {
    pub name: String,
    pub version: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// A configuration problem (never a failure of the request that reports it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// A loaded hook with its provenance and state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookInfo {
    pub id: String,
    pub event: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    pub handler_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    pub source: String,
    pub scope: String,
    #[serde(with = "js_number")]
    pub timeout_ms: f64,
    /// Dispatched now: not disabled, and trusted if it needs trust.
    pub enabled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "js_number::opt")]
    pub priority: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust: Option<TrustState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_key: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InitializeResult {
    pub protocol_version: String,
    pub server_info: ServerInfo,
    pub dialect: String,
    pub events: Vec<String>,
    pub hooks: Vec<HookInfo>,
    pub diagnostics: Vec<Diagnostic>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// Params of methods that take none (`ping`, `hooks/list`, ...), when a client sends `{}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EmptyParams {
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `ping` result (`{}`).
pub type PingResult = EmptyParams;

/// `hooks/list` and `hooks/reload` result.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListHooksResult {
    pub hooks: Vec<HookInfo>,
    pub diagnostics: Vec<Diagnostic>,
    #[serde(flatten)]
    pub other: JsonObject,
}
pub type ReloadResult = ListHooksResult;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelSessionParams {
    pub session_id: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelSessionResult {
    /// Dispatches aborted.
    pub cancelled: u64,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// A request id (`hooks/progress` `requestId`, `$/cancelRequest` `id`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RequestId {
    Number(i64),
    String(String),
}

/// `$/cancelRequest` params (either direction).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CancelParams {
    pub id: RequestId,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<RequestId>,
    pub session_id: String,
    pub event: String,
    pub hook_id: String,
    pub phase: ProgressPhase,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_message: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DiagnosticsParams {
    /// Every current diagnostic (empty: the configuration is clean).
    pub diagnostics: Vec<Diagnostic>,
    /// `load` or `reload`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed_files: Option<Vec<String>>,
    /// Configured hooks now current.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<u64>,
    #[serde(flatten)]
    pub other: JsonObject,
}

// ── results ───────────────────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OutputCapture {
    /// Bytes kept (at most the cap).
    pub bytes: u64,
    /// Bytes the hook wrote in all.
    pub total_bytes: u64,
    pub truncated: bool,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// One handler's run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunSummary {
    pub hook_id: String,
    pub source: String,
    pub handler_type: String,
    pub status: RunStatus,
    pub failure_class: Option<FailureClass>,
    pub decision: Decision,
    pub exit_code: Option<i64>,
    pub signal: Option<String>,
    #[serde(with = "js_number")]
    pub duration_ms: f64,
    pub timed_out: bool,
    pub truncated: bool,
    pub stdout: OutputCapture,
    pub stderr: OutputCapture,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// The merged outcome of one event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventResult {
    pub event: String,
    pub decision: Decision,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_context: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_input: Option<JsonObject>,
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_value")]
    pub updated_tool_output: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_permissions: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupt: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_message: Option<String>,
    /// `false`: the agent must stop now (`stop_reason` says why).
    #[serde(rename = "continue")]
    pub continue_: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suppress_output: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feedback: Option<String>,
    /// What hookd itself decided (e.g. the Stop-block cap was reached).
    pub notes: Vec<String>,
    /// Dialect-specific outcome fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<JsonObject>,
    pub runs: Vec<RunSummary>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// What a cancelled request's `-32800` error carries in `data`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CancelledData {
    pub runs: Vec<RunSummary>,
    #[serde(flatten)]
    pub other: JsonObject,
}

// ── programmatic hooks ────────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterHookParams {
    pub event: String,
    /// Compiled with the dialect's matcher rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    /// Lower runs first; configured handlers have 0, 1, 2, ...; omitted: after every configured one.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "js_number::opt")]
    pub priority: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl RegisterHookParams {
    pub fn new(event: impl Into<String>) -> Self {
        RegisterHookParams { event: event.into(), ..Default::default() }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterHookResult {
    pub hook_id: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnregisterHookParams {
    pub hook_id: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnregisterHookResult {
    pub removed: bool,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `hooks/invoke` params: hookd asks the client to run one of its programmatic hooks.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvokeHookParams {
    pub hook_id: String,
    pub event: String,
    pub session_id: String,
    /// Exactly what a command hook would read on stdin (the dialect's envelope), parsed.
    #[serde(default)]
    pub input: Value,
    pub timeout_ms: i64,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// The client's answer to `hooks/invoke`: what a command hook would have printed and exited with.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvokeHookResult {
    /// stdout as JSON (an object); omitted or null: no output.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_value")]
    pub output: Option<Value>,
    /// Default 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i64>,
    /// Default "".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl InvokeHookResult {
    /// No output, exit code 0: the hook has nothing to say.
    pub fn none() -> Self {
        Self::default()
    }
    /// Prints `output` as JSON and exits 0.
    pub fn output(output: Value) -> Self {
        InvokeHookResult { output: Some(output), exit_code: Some(0), ..Default::default() }
    }
    /// Exits with `code`, printing `stderr` (e.g. exit 2 blocks in the claude dialect).
    pub fn exit(code: i64, stderr: impl Into<String>) -> Self {
        InvokeHookResult { exit_code: Some(code), stderr: Some(stderr.into()), ..Default::default() }
    }
}

// ── management ────────────────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BeginRunParams {
    pub run_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BeginRunResult {
    pub run_id: String,
    /// false: the run was already open.
    pub began: bool,
    /// Configured hooks in the run's snapshot.
    pub hooks: u64,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndRunParams {
    pub run_id: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndRunResult {
    /// false: no such open run.
    pub ended: bool,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrustEntry {
    pub key: String,
    pub trusted: bool,
    pub hooks: u64,
    pub sources: Vec<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrustListResult {
    pub entries: Vec<TrustEntry>,
    pub store_path: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetTrustParams {
    /// None: every key the configuration needs (trust this workspace).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    pub trusted: bool,
    /// Default on the server: true (record it in the trust store).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persist: Option<bool>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetTrustResult {
    pub entries: Vec<TrustEntry>,
    pub hooks: Vec<HookInfo>,
    pub diagnostics: Vec<Diagnostic>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DryRunParams {
    pub event: String,
    /// One handler exactly as written in the dialect's configuration.
    pub handler: Value,
    /// Event params (camelCase); omitted fields come from the dialect's synthetic payload.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<JsonObject>,
    #[serde(flatten)]
    pub other: JsonObject,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DryRunResult {
    pub diagnostics: Vec<Diagnostic>,
    /// Omitted when the handler is invalid and did not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<EventResult>,
    /// The envelope the handler read on stdin.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_value")]
    pub input: Option<Value>,
    #[serde(flatten)]
    pub other: JsonObject,
}

// ── events ────────────────────────────────────────────────────────────────────────────────────────────

/// The agent session an event belongs to (`id` keys per-session state such as the Stop-block counter).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permission_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_type: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl SessionInfo {
    pub fn new(id: impl Into<String>) -> Self {
        SessionInfo { id: id.into(), ..Default::default() }
    }
}

/// The params of one lifecycle event (`hooks/<EventName>`).
pub trait Event: Serialize + Send + Sync {
    /// The event's name, e.g. `PreToolUse`.
    const NAME: &'static str;
    /// The request method, e.g. `hooks/PreToolUse`.
    const METHOD: &'static str;
    fn session(&self) -> &SessionInfo;
}

/// Defines one struct per event: `session`, the event's own required (`req`), optional (`opt`) and
/// free-form optional (`any`, `null` kept apart from absent) fields, then the fields every event may carry
/// (`runId`, `serverOwned`, `extra`) and the catch-all.
macro_rules! events {
    ($(
        $(#[$meta:meta])*
        $name:ident {
            req { $($(#[$rmeta:meta])* $req:ident : $rty:ty),* $(,)? }
            opt { $($(#[$ometa:meta])* $opt:ident : $oty:ty),* $(,)? }
            any { $($(#[$ameta:meta])* $any:ident),* $(,)? }
        }
    )*) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            pub session: SessionInfo,
            $($(#[$rmeta])* pub $req: $rty,)*
            $($(#[$ometa])* #[serde(default, skip_serializing_if = "Option::is_none")] pub $opt: Option<$oty>,)*
            $($(#[$ameta])*
              #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_value")]
              pub $any: Option<Value>,)*
            /// The run this event belongs to (its configuration snapshot).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub run_id: Option<String>,
            /// Not tied to an agent session's workspace; hooks run in the default work area.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub server_owned: Option<bool>,
            /// Dialect-specific fields copied into the hook envelope as given.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub extra: Option<JsonObject>,
            /// Fields this crate does not know.
            #[serde(flatten)]
            pub other: JsonObject,
        }
        impl Event for $name {
            const NAME: &'static str = stringify!($name);
            const METHOD: &'static str = concat!("hooks/", stringify!($name));
            fn session(&self) -> &SessionInfo {
                &self.session
            }
        }
    )*};
}

events! {
    /// A session starts (`source`: startup, resume, clear, compact; default startup).
    SessionStart { req {} opt { source: String } any {} }
    /// A session ends (`reason`; default other).
    SessionEnd { req {} opt { reason: String } any {} }
    /// The user submitted a prompt.
    UserPromptSubmit { req { prompt: String } opt {} any {} }
    /// Before a tool runs.
    PreToolUse {
        req { tool_name: String, tool_input: JsonObject }
        opt { tool_use_id: String }
        any {}
    }
    /// The agent is about to ask the user for permission.
    PermissionRequest {
        req { tool_name: String, tool_input: JsonObject }
        opt { tool_use_id: String, permission_suggestions: Vec<Value> }
        any {}
    }
    /// After a tool succeeded.
    PostToolUse {
        req { tool_name: String, tool_input: JsonObject }
        opt {
            tool_use_id: String,
            #[serde(with = "js_number::opt")] duration_ms: f64,
            /// The tool completed in the background.
            background: bool,
        }
        any { tool_response }
    }
    /// After a tool failed.
    PostToolUseFailure {
        req { tool_name: String, tool_input: JsonObject }
        opt { tool_use_id: String, error: String, is_interrupt: bool }
        any {}
    }
    /// A notification for the user.
    Notification { req { message: String } opt { title: String, notification_type: String } any {} }
    /// The agent is about to stop.
    Stop { req {} opt { stop_hook_active: bool, last_assistant_message: String } any {} }
    /// A subagent starts.
    SubagentStart { req {} opt { agent_id: String, agent_type: String, agent_transcript_path: String } any {} }
    /// A subagent is about to stop.
    SubagentStop {
        req {}
        opt { stop_hook_active: bool, last_assistant_message: String, agent_id: String, agent_type: String, agent_transcript_path: String }
        any {}
    }
    /// Before compaction (`trigger`: manual or auto; default manual).
    PreCompact { req {} opt { trigger: String, custom_instructions: String } any {} }
    /// After compaction.
    PostCompact { req {} opt { trigger: String, custom_instructions: String } any {} }
}

impl PreToolUse {
    pub fn new(session: SessionInfo, tool_name: impl Into<String>, tool_input: JsonObject) -> Self {
        PreToolUse { session, tool_name: tool_name.into(), tool_input, ..Default::default() }
    }
}

impl UserPromptSubmit {
    pub fn new(session: SessionInfo, prompt: impl Into<String>) -> Self {
        UserPromptSubmit { session, prompt: prompt.into(), ..Default::default() }
    }
}

// ── unknown fields ────────────────────────────────────────────────────────────────────────────────────

/// The fields of a message this crate has no typed field for, at any depth (e.g. what a newer hookd added).
/// They are kept in the `other` maps and written back as they came.
pub trait UnknownFields {
    /// Appends the paths (`runs[0].newField`) of the unknown fields under `path`.
    fn collect_unknown(&self, path: &str, out: &mut Vec<String>);
    fn unknown_fields(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_unknown("", &mut out);
        out
    }
}

fn join_path(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

impl<T: UnknownFields> UnknownFields for Option<T> {
    fn collect_unknown(&self, path: &str, out: &mut Vec<String>) {
        if let Some(value) = self {
            value.collect_unknown(path, out);
        }
    }
}

impl<T: UnknownFields> UnknownFields for Vec<T> {
    fn collect_unknown(&self, path: &str, out: &mut Vec<String>) {
        for (index, value) in self.iter().enumerate() {
            value.collect_unknown(&format!("{path}[{index}]"), out);
        }
    }
}

impl UnknownFields for () {
    fn collect_unknown(&self, _: &str, _: &mut Vec<String>) {}
}

macro_rules! unknown_fields {
    ($($ty:ident { $($field:ident),* })*) => {$(
        impl UnknownFields for $ty {
            fn collect_unknown(&self, path: &str, out: &mut Vec<String>) {
                out.extend(self.other.keys().map(|key| join_path(path, key)));
                $(self.$field.collect_unknown(&join_path(path, stringify!($field)), out);)*
            }
        }
    )*};
}

unknown_fields! {
    ClientInfo {}
    ConfigSource {}
    Capabilities {}
    ServerOptions {}
    InitializeParams { client_info, sources, capabilities, options }
    ServerInfo {}
    Diagnostic {}
    HookInfo {}
    InitializeResult { server_info, hooks, diagnostics }
    EmptyParams {}
    ListHooksResult { hooks, diagnostics }
    CancelSessionParams {}
    CancelSessionResult {}
    CancelParams {}
    ProgressParams {}
    DiagnosticsParams { diagnostics }
    OutputCapture {}
    RunSummary { stdout, stderr }
    EventResult { runs }
    CancelledData { runs }
    RegisterHookParams {}
    RegisterHookResult {}
    UnregisterHookParams {}
    UnregisterHookResult {}
    InvokeHookParams {}
    InvokeHookResult {}
    BeginRunParams {}
    BeginRunResult {}
    EndRunParams {}
    EndRunResult {}
    TrustEntry {}
    TrustListResult { entries }
    SetTrustParams {}
    SetTrustResult { entries, hooks, diagnostics }
    DryRunParams {}
    DryRunResult { diagnostics, result }
    SessionInfo {}
    SessionStart { session }
    SessionEnd { session }
    UserPromptSubmit { session }
    PreToolUse { session }
    PermissionRequest { session }
    PostToolUse { session }
    PostToolUseFailure { session }
    Notification { session }
    Stop { session }
    SubagentStart { session }
    SubagentStop { session }
    PreCompact { session }
    PostCompact { session }
}
