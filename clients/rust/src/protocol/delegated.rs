//! Delegated handlers: the server → client `hooks/judge` (prompt and agent hooks, bonsai `llm_prompt`, judged by the
//! agent's model) and
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
    /// What to answer: a verdict (absent: the default; [`JudgeResult::ok`] / [`JudgeResult::not_ok`]) or the
    /// model's reply verbatim ([`JudgeResult::text`]), which hookd parses itself (bonsai `llm_prompt`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<JudgeReply>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl JudgeParams {
    /// The request asks for the model's text reply (`reply: "text"`), not a verdict.
    pub fn wants_text(&self) -> bool {
        self.reply == Some(JudgeReply::Text)
    }
}

/// The answer to `hooks/judge`. A verdict: `ok`, or not with a `reason` (and `impossible` when a Stop condition can
/// never hold). A text reply (`reply: "text"`): `text`, the model's reply verbatim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JudgeResult {
    /// A verdict's answer (required then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ok: Option<bool>,
    /// A text reply's answer (required then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
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
        JudgeResult { ok: Some(true), ..Default::default() }
    }
    /// The condition does not hold, because `reason` (its effect depends on the event).
    pub fn not_ok(reason: impl Into<String>) -> Self {
        JudgeResult { ok: Some(false), reason: Some(reason.into()), ..Default::default() }
    }
    /// The model's reply verbatim, for a request with `reply: "text"` (hookd parses it).
    pub fn text(text: impl Into<String>) -> Self {
        JudgeResult { text: Some(text.into()), ..Default::default() }
    }
    /// Why this answer does not fit `request` (a text reply without `text`, a verdict without `ok`), if it does not.
    pub fn mismatch(&self, request: &JudgeParams) -> Option<String> {
        match (request.wants_text(), self.text.is_some(), self.ok.is_some()) {
            (true, false, _) => Some(format!("hooks/judge of {} asks for the model's text reply: answer JudgeResult::text", request.hook_id)),
            (false, _, false) => Some(format!("hooks/judge of {} asks for a verdict: answer JudgeResult::ok or ::not_ok", request.hook_id)),
            _ => None,
        }
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
