//! `hooks/approve`: the server → client request asking the agent to approve a hook before it first runs (bonsai
//! project hooks with a shell or http action), and its answer. Shapes only; asking the user is the agent's.

use super::*;
use serde::{Deserialize, Serialize};

/// `hooks/approve` params: what the hook does (`summary`: the command it runs or the URL it calls) and where it is
/// from; `hash` covers its complete effect declaration, so editing any of it asks again.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApproveHookParams {
    pub hook_id: String,
    /// The name the configuration gives the hook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub event: String,
    /// The configuration file the hook comes from.
    pub source: String,
    /// What the hook does when it fires, e.g. `shell` or `http`.
    pub action_type: String,
    /// What to show: the command it runs or the URL it calls.
    pub summary: String,
    /// The matcher as written, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matcher: Option<String>,
    pub hash: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// The answer to `hooks/approve`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApproveHookResult {
    pub answer: ApprovalAnswer,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `hooks/askToolApproval` params: a hook asked for approval of a tool call (decision `ask`). Show ONE card with
/// `reason` and only `options` (wamp: Allow and Deny, never "allow for this chat").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskToolApprovalParams {
    pub session_id: String,
    /// The event whose hooks asked (PreToolUse).
    pub event: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_use_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_input: Option<JsonObject>,
    /// The hooks' reason, joined; shown on the card.
    pub reason: String,
    /// The answers to offer, no others.
    pub options: Vec<ToolApprovalAnswer>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// The answer to `hooks/askToolApproval`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskToolApprovalResult {
    pub answer: ToolApprovalAnswer,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl From<ToolApprovalAnswer> for AskToolApprovalResult {
    fn from(answer: ToolApprovalAnswer) -> Self {
        AskToolApprovalResult { answer, other: JsonObject::new() }
    }
}

impl From<ApprovalAnswer> for ApproveHookResult {
    fn from(answer: ApprovalAnswer) -> Self {
        ApproveHookResult { answer, other: JsonObject::new() }
    }
}
