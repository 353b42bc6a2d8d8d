//! Programmatic hooks: `hooks/register`, `hooks/unregister` and the server → client `hooks/invoke` shapes.
//! Shapes only; running handlers is the client's job.

use super::wire::js_number;
use super::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
