//! What an event answers: the merged [`EventResult`], each handler's [`RunSummary`], and the runs a cancelled
//! request carries. Shapes only; decisions are hookd's.

use super::wire::js_number;
use super::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OutputCapture {
    /// Bytes kept (at most the cap).
    pub bytes: u64,
    /// Bytes the hook wrote in all.
    pub total_bytes: u64,
    pub truncated: bool,
    /// With `run_output_excerpt_bytes`: what the hook printed, cut to that many bytes (whole UTF-8 characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excerpt: Option<String>,
    /// The excerpt is shorter than what was captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excerpt_truncated: Option<bool>,
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
    /// WorktreeCreate: the worktree directory a hook created; use it instead of creating one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worktree_path: Option<String>,
    /// PermissionDenied: tell the model it may retry the denied tool call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry: Option<bool>,
    /// MessageDisplay: show this instead of the delta (display only; the model keeps the original).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_content: Option<String>,
    /// Elicitation, ElicitationResult: the answer to send the MCP server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elicitation: Option<ElicitationAnswer>,
    /// claude: terminal escape sequences the hooks asked the agent to write to its terminal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminal_sequence: Option<String>,
    /// What hookd itself decided (e.g. the Stop-block cap was reached).
    pub notes: Vec<String>,
    /// wamp: what the agent shows the user as warnings in the chat (a failed hook, an ignored field, a refused
    /// prompt's reason, problems in the hook files read for this run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warnings: Option<Vec<String>>,
    /// `true` on a deny that holds in every permission mode: the agent must not override it, even for a tool the
    /// user allowed earlier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub binding: Option<bool>,
    /// Decision `ask`: the one approval to show (only Allow and Deny); with `answer` when hookd already asked the
    /// client (`hooks/askToolApproval`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval: Option<ApprovalRequest>,
    /// A refused prompt: the error an `engine.run.start` caller returns (failed-precondition, `data.reason`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Refusal>,
    /// Stop: the keep-working cap was reached (wamp: twice per run); the run finishes with this reason unresolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unresolved: Option<String>,
    /// The dialect does not fire this event here (no hook ran): why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_fired: Option<String>,
    /// How the agent hands `additional_context` to the model: `separate-message` (codex) or `appended` (gemini).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_delivery: Option<String>,
    /// BeforeModel (gemini): request fields to override.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_request: Option<JsonObject>,
    /// BeforeModel: a synthetic response instead of the model's; AfterModel: the chunk to use instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_response: Option<JsonObject>,
    /// BeforeToolSelection (gemini): the tool-calling mode and the allowed function names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_config: Option<ToolConfig>,
    /// Dialect-specific outcome fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<JsonObject>,
    pub runs: Vec<RunSummary>,
    /// Variables the hooks wrote to their environment files (claude: `CLAUDE_ENV_FILE`), later wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<BTreeMap<String, String>>,
    /// Async handlers this event started in the background, in configured order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub async_runs: Option<Vec<AsyncRun>>,
    /// Output of the session's async handlers that finished since its previous event result, in completion order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub async_outputs: Option<Vec<AsyncOutput>>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `EventResult.tool_config` (gemini BeforeToolSelection): `mode` `AUTO`, `ANY` or `NONE`, and the functions allowed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolConfig {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_function_names: Option<Vec<String>>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `EventResult.elicitation`: the answer hookd's hooks give an MCP server's elicitation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ElicitationAnswer {
    /// `accept`, `decline` or `cancel`.
    pub action: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<JsonObject>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `EventResult.asyncRuns`: an async handler started in the background (the event was answered without it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AsyncRun {
    pub hook_id: String,
    pub source: String,
    pub handler_type: String,
    /// Always `started`.
    pub status: String,
    /// asyncRewake: an exit code 2 sends `hooks/asyncRewake`.
    pub rewake: bool,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `EventResult.asyncOutputs`: what an async handler of the session left when it finished.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AsyncOutput {
    pub hook_id: String,
    /// The event that started it.
    pub event: String,
    pub source: String,
    pub status: RunStatus,
    pub exit_code: Option<i64>,
    #[serde(with = "js_number")]
    pub duration_ms: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_context: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `EventResult.approval`: the one approval a hook asked for (decision `ask`), as the agent shows it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalRequest {
    /// The answers to offer, no others (wamp: allow and deny).
    pub options: Vec<ToolApprovalAnswer>,
    /// The hooks' reason, shown on the card.
    pub reason: String,
    /// The answer the client gave to `hooks/askToolApproval`; the decision follows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<ToolApprovalAnswer>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `EventResult.refusal`: a refused prompt as an `engine.run.start` caller reports it (`code`
/// `failed_precondition`, `message`, `data.reason`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    pub code: String,
    pub message: String,
    pub data: RefusalData,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `Refusal.data`: the hook's reason.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefusalData {
    pub reason: String,
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
