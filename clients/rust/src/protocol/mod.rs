//! Typed params and results of every hookd method (protocol 0.1), mirroring the zod schemas in `src/protocol/`.
//!
//! Field names are camelCase on the wire. Every object keeps the fields this crate does not know in `other`
//! (a flattened map), so a message read and written again loses nothing; `extra` is a real protocol field of
//! events and results (dialect-specific data), which is why the catch-all has another name. Optional `unknown`
//! values keep an explicit `null` apart from an absent field. String enums carry an `Other(String)` variant so
//! that a newer sidecar's values round-trip too.
//!
//! This module only describes shapes; it holds no hook logic.
//! The shapes live in one submodule per concept and are all re-exported here (`protocol::PreToolUse`).

#[macro_use]
mod wire;
mod approval;
mod delegated;
mod enums;
mod events;
mod lifecycle;
mod management;
mod notifications;
mod programmatic;
mod review;
mod results;
mod session;
mod unknown;

pub use approval::*;
pub use delegated::*;
pub use enums::*;
pub use events::*;
pub use lifecycle::*;
pub use management::*;
pub use notifications::*;
pub use programmatic::*;
pub use review::*;
pub use results::*;
pub use session::*;
pub use unknown::*;
pub(crate) use wire::some_value;

use serde_json::{Map, Value};

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
    /// review/trust|disable|enable: no hook has that key.
    pub const HOOK_NOT_FOUND: i64 = -32011;
    /// review/disable|enable of a managed hook, or of a hook trusted per file.
    pub const REVIEW_NOT_ALLOWED: i64 = -32012;
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
    pub const REVIEW_LIST: &str = "review/list";
    pub const REVIEW_TRUST: &str = "review/trust";
    pub const REVIEW_DISABLE: &str = "review/disable";
    pub const REVIEW_ENABLE: &str = "review/enable";
    pub const REVIEW_REVOKE: &str = "review/revoke";
    pub const CANCEL_REQUEST: &str = "$/cancelRequest";
    /// Server → client request.
    pub const INVOKE_HOOK: &str = "hooks/invoke";
    /// Server → client request: judge with the agent's model (prompt and agent hooks).
    pub const JUDGE: &str = "hooks/judge";
    /// Server → client request: call one of the agent's MCP tools (mcp_tool hooks).
    pub const CALL_MCP_TOOL: &str = "hooks/callMcpTool";
    /// Server → client request: approve a hook before it first runs (once, session, project or deny).
    pub const APPROVE: &str = "hooks/approve";
    /// Server → client request: show one approval a hook asked for on a tool call (allow or deny).
    pub const ASK_TOOL_APPROVAL: &str = "hooks/askToolApproval";
    /// Server → client notifications.
    pub const PROGRESS: &str = "hooks/progress";
    pub const DIAGNOSTICS: &str = "hooks/diagnostics";
    /// Hooks that stay skipped until reviewed, or the dangerous bypass notice (pbi).
    pub const REVIEW_WARNINGS: &str = "hooks/reviewWarnings";
}
