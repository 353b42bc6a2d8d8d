//! Params and results of the management methods: `ping`, `hooks/list`/`reload`, `hooks/cancel`, runs, trust
//! and `hooks/dryRun`. Shapes only; the calls live in the client.

use super::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
    /// Trusted for the content loaded now (state `trusted`).
    pub trusted: bool,
    /// `modified`: trusted for other content (the file changed since); its hooks do not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<TrustState>,
    pub hooks: u64,
    pub sources: Vec<String>,
    /// Content hash of what the key covers now (`sha256:<hex>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_hash: Option<String>,
    /// The hash recorded with the trust.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trusted_hash: Option<String>,
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
