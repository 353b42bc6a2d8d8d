//! Request ids, `$/cancelRequest` params and hookd's notifications (`hooks/progress`, `hooks/diagnostics`).
//! Shapes only; routing lives in the client.

use super::*;
use serde::{Deserialize, Serialize};

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
