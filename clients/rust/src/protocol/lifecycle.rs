//! `initialize`: what the client sends (client info, sources, capabilities, options) and what hookd answers
//! (server info, loaded hooks, diagnostics). Shapes only.

use super::wire::js_number;
use super::*;
use serde::{Deserialize, Serialize};

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
    /// The client answers `hooks/judge` (prompt and agent hooks judged by its model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_judge: Option<bool>,
    /// The client answers `hooks/callMcpTool` (mcp_tool hooks call its MCP tools).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcp_tools: Option<bool>,
    /// The client answers `hooks/approve` (hooks that need approval before they first run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook_approval: Option<bool>,
    /// The client answers `hooks/askToolApproval` (a hook's ask on a tool call: one card, Allow or Deny).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_approval: Option<bool>,
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
    /// claude: project and local settings hooks run only once the workspace is trusted (`trust/set`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workspace_trust: Option<bool>,
    /// Each run's stdout and stderr carry an `excerpt` of at most this many bytes (0 or none: no excerpts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_output_excerpt_bytes: Option<u64>,
    /// Detailed `hooks/progress` (`elapsed_ms`, the status at `finished`); none: progress as in protocol 0.1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress: Option<ProgressOptions>,
    /// `denied`: the agent's sandbox denies network access; http handlers then fail (a recorded failure).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_access: Option<NetworkAccess>,
    /// Dialects with an authorization ledger (bonsai): the JSONL file decisions of effect-gating hooks go to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ledger_path: Option<String>,
    /// wamp: the session trusts its own workspace (a Cloud session): project hooks run without `trust/set`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_workspace: Option<bool>,
    /// pbi: untrusted and modified hooks run for this process (with a warning); disabled ones stay off; nothing written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dangerously_bypass_hook_trust: Option<bool>,
    /// pbi: a hooks.json the client vouches for as a trusted policy source (`managed: true` handlers run unreviewed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_hooks_path: Option<String>,
    /// pbi: the policy directory of managed hooks files (default /etc/pbi-agent/managed-hooks; root-owned files only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_policy_dir: Option<String>,
    /// pbi: the review state file (default `<home>/.pbi-agent/hooks_state.json`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook_state_path: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `initialize` `options.progress`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressOptions {
    /// `statusMessage` (default): hooks with a status message report; `all`: every hook its request waits for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hooks: Option<String>,
    /// 100 to 60000: a `running` progress this often while a hook runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval_ms: Option<u64>,
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
    /// The agent's tools: bare names, or declarations with a kind (a shell tool also fires PreBash/PostBash, a
    /// file-writing tool PreFileWrite/PostFileWrite, in dialects that have them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<Tool>>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// One of the agent's tools in `initialize` `tools`: a bare name (`"Read"`) or a [`ToolDeclaration`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Tool {
    Name(String),
    Declared(ToolDeclaration),
}

impl From<&str> for Tool {
    fn from(name: &str) -> Self {
        Tool::Name(name.to_owned())
    }
}

impl From<ToolDeclaration> for Tool {
    fn from(declaration: ToolDeclaration) -> Self {
        Tool::Declared(declaration)
    }
}

/// A tool with what it does (`kind`), and for shell / file-writing tools the `toolInput` field holding the command
/// (default `command`) or the path (default `path`, used when a call carries no `files`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolDeclaration {
    pub name: String,
    /// Absent: `other` on the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<ToolKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_field: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_field: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl ToolDeclaration {
    pub fn new(name: impl Into<String>, kind: ToolKind) -> Self {
        ToolDeclaration { name: name.into(), kind: Some(kind), ..Default::default() }
    }
    /// A shell tool: its calls also fire PreBash/PostBash.
    pub fn shell(name: impl Into<String>) -> Self {
        Self::new(name, ToolKind::Shell)
    }
    /// A file-writing tool: its calls also fire PreFileWrite/PostFileWrite.
    pub fn file_write(name: impl Into<String>) -> Self {
        Self::new(name, ToolKind::FileWrite)
    }
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
    /// The name the configuration gives the hook (bonsai `name`); hooks/setEnabled and hooks/test find it by this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether and why it fires: active, parked, disabled, awaiting_approval, denied, untrusted, modified, invalid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// Why it is not active, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_reason: Option<String>,
    /// Where it is written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<HookProvenance>,
    /// Present once hooks/setEnabled toggled it in this session: the value set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_enabled: Option<bool>,
    /// Dialects with per-hook trust review (pbi): key, trust status, current hash, enabled, managed, runnable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<HookReview>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// Where a hook is written: scope, file and, when the dialect locates it, line, column and field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookProvenance {
    pub scope: String,
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "js_number::opt")]
    pub line: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "js_number::opt")]
    pub column: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
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
    /// Native event names the dialect also serves as methods, alias → canonical (gemini: `BeforeTool` →
    /// `PreToolUse`); absent when it serves none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_aliases: Option<std::collections::BTreeMap<String, String>>,
    pub hooks: Vec<HookInfo>,
    pub diagnostics: Vec<Diagnostic>,
    /// What this hookd and its dialect support (absent from a sidecar older than the field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<ServerCapabilities>,
    /// How hook processes start: the native supervisor or the pure-Node fallback, and why (absent from a sidecar
    /// older than the field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spawn_path: Option<SpawnPath>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `initialize` result `spawnPath`: `active` is `"supervisor"` (the native hook process supervisor) or `"node"`
/// (the pure-Node fallback); `requested` is what `HOOKD_SPAWN_PATH` asked for (`auto` by default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpawnPath {
    pub active: String,
    pub requested: String,
    pub detail: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `initialize` result `capabilities`: handler types, methods, notifications and options hookd supports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
// Every list defaults to empty: a sidecar of another version may send fewer of them.
#[serde(rename_all = "camelCase", default)]
pub struct ServerCapabilities {
    pub handler_types: Vec<String>,
    pub requests: Vec<String>,
    pub server_requests: Vec<ServerRequestCapability>,
    pub notifications: NotificationCapabilities,
    pub options: Vec<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// A request hookd may send, and the client capability it needs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
// Every list defaults to empty: a sidecar of another version may send fewer of them.
#[serde(rename_all = "camelCase", default)]
pub struct ServerRequestCapability {
    pub method: String,
    pub capability: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// Notification methods hookd accepts (`client`) and may send (`server`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
// Every list defaults to empty: a sidecar of another version may send fewer of them.
#[serde(rename_all = "camelCase", default)]
pub struct NotificationCapabilities {
    pub client: Vec<String>,
    pub server: Vec<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}
