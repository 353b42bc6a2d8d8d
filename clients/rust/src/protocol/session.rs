//! [`SessionInfo`]: the agent session every event belongs to. Shape only.

use super::*;
use serde::{Deserialize, Serialize};

/// The agent session an event belongs to (`id` keys per-session state such as the Stop-block counter).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permission_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_type: Option<String>,
    /// The effort level of the current turn (claude hooks get it as `CLAUDE_EFFORT`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<String>,
    /// wamp: the agent running the conversation (hook input `agent`; default `"wamp"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    /// wamp: `"native"` (default) or a foreign runtime such as `"acp"`: ACP turns fire no Stop, and their tool
    /// events only for the tools the client registered at initialize (WAMP's tools lent to the agent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime: Option<String>,
    /// pbi: the model provider (hook input `provider`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// pbi: `main` or a sub-agent's name (hook input `agent_name`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_name: Option<String>,
    /// pbi: hook input `workspace_directory_key` (null when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workspace_directory_key: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl SessionInfo {
    pub fn new(id: impl Into<String>) -> Self {
        SessionInfo { id: id.into(), ..Default::default() }
    }
}
