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
    /// With `options.progress`: whole ms since the hook started (0 at `started`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
    /// With `options.progress`, at `finished`: the run's status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<RunStatus>,
    /// With `options.progress`, at `finished`: why the run failed (`Some(None)`: it did not; `None`: not sent).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present_or_null")]
    pub failure_class: Option<Option<FailureClass>>,
    /// With `options.progress`, at `finished`: the exit code (`Some(None)`: none, e.g. killed; `None`: not sent).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present_or_null")]
    pub exit_code: Option<Option<i64>>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a value: absent comes from `#[serde(default)]`.
fn present_or_null<'de, T: Deserialize<'de>, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
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
