//! Delegated handlers: the server → client `hooks/judge` (prompt and agent hooks judged by the agent's model) and
//! `hooks/callMcpTool` (mcp_tool hooks calling the agent's MCP tools) shapes. Shapes only; answering is the agent's.

use super::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `hooks/judge` params: judge with the agent's model. `prompt` has `$ARGUMENTS` already replaced by the hook input.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JudgeParams {
    pub hook_id: String,
    pub event: String,
    pub session_id: String,
    /// `prompt` (one model call) or `agent` (a subagent that may use tools before answering).
    pub kind: String,
    pub prompt: String,
    /// The model the hook asks for; absent: the agent picks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    pub timeout_ms: i64,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// The answer to `hooks/judge`: `ok`, or not with a `reason` (and `impossible` when a Stop condition can never hold).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JudgeResult {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impossible: Option<bool>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl JudgeResult {
    /// The condition holds: no effect.
    pub fn ok() -> Self {
        JudgeResult { ok: true, ..Default::default() }
    }
    /// The condition does not hold, because `reason` (its effect depends on the event).
    pub fn not_ok(reason: impl Into<String>) -> Self {
        JudgeResult { ok: false, reason: Some(reason.into()), ..Default::default() }
    }
}

/// `hooks/callMcpTool` params: call `tool` of the connected MCP server `server` with `input` (its string values
/// have had `${path}` placeholders substituted from the hook input).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallMcpToolParams {
    pub hook_id: String,
    pub event: String,
    pub session_id: String,
    pub server: String,
    pub tool: String,
    #[serde(default)]
    pub input: Value,
    pub timeout_ms: i64,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// One block of an MCP tool result; `text` blocks are the hook's output.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpContentBlock {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// The answer to `hooks/callMcpTool`: the tool's `content` (or one `text`), and `isError` (a non-blocking error).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallMcpToolResult {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<McpContentBlock>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_error: Option<bool>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl CallMcpToolResult {
    /// A result of one text block (read by hookd like a command hook's stdout).
    pub fn text(text: impl Into<String>) -> Self {
        CallMcpToolResult {
            content: Some(vec![McpContentBlock { kind: "text".into(), text: Some(text.into()), other: JsonObject::new() }]),
            ..Default::default()
        }
    }
    /// The tool failed (or its server is not connected): a non-blocking error in hookd.
    pub fn error(text: impl Into<String>) -> Self {
        CallMcpToolResult { is_error: Some(true), ..Self::text(text) }
    }
}
