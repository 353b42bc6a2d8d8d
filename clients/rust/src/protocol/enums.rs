//! The protocol's string enums (decisions, run status, failure classes, scopes, event names...).
//! Values only; the structs that carry them live elsewhere.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

string_enum! {
    /// The merged (or one run's) decision.
    Decision {
        /// No hook decided: proceed as without hooks.
        None = "none",
        Allow = "allow",
        Deny = "deny",
        Ask = "ask",
        Defer = "defer",
        Block = "block",
    }
}
#[allow(clippy::derivable_impls)]
impl Default for Decision {
    fn default() -> Self {
        Decision::None
    }
}

string_enum! {
    RunStatus { Ok = "ok", Error = "error", Timeout = "timeout", Cancelled = "cancelled", Skipped = "skipped" }
}

string_enum! {
    /// Why a run failed.
    FailureClass {
        SpawnFailed = "spawn_failed",
        RuntimeMissing = "runtime_missing",
        Timeout = "timeout",
        NonzeroExit = "nonzero_exit",
        Signal = "signal",
        InvalidOutput = "invalid_output",
        OutputTruncated = "output_truncated",
        Cancelled = "cancelled",
        Unsupported = "unsupported",
        /// An http handler got no usable response (non-2xx, redirect, connection failure).
        HttpError = "http_error",
        /// Refused before starting: the hook needs trust or approval it does not have.
        Untrusted = "untrusted",
        /// Refused before starting: an http handler under `options.networkAccess` `denied`.
        NetworkDenied = "network_denied",
    }
}

string_enum! {
    Severity { Error = "error", Warning = "warning", Info = "info" }
}

string_enum! {
    /// How a configuration source is treated.
    Scope { User = "user", Project = "project", Local = "local", Managed = "managed", Explicit = "explicit" }
}

string_enum! {
    /// `running`: sent every `progress.interval_ms` while a hook runs (only when asked for).
    ProgressPhase { Started = "started", Finished = "finished", Running = "running" }
}

string_enum! {
    /// The answer to `hooks/approve`: `once` (this configuration load), `session` (this hookd process), `project`
    /// (recorded in the trust store for later sessions), `deny` (it does not run; fail-closed where it blocks).
    ApprovalAnswer { Once = "once", Session = "session", Project = "project", Deny = "deny" }
}

string_enum! {
    /// The answers a tool approval offers (`EventResult.approval.options`) and `hooks/askToolApproval` accepts: only
    /// `allow` and `deny` (wamp: never "allow for this chat"). `allow`: the hooks no longer object (the agent's own
    /// permission flow follows); `deny`: the call is refused, a binding deny.
    ToolApprovalAnswer { Allow = "allow", Deny = "deny" }
}

string_enum! {
    /// What started a turn (SessionStart, UserPromptSubmit `turnKind`): a sent `message` (the default), a Goal
    /// continuation or a scheduled turn; wamp fires neither event for the last two.
    TurnKind { Message = "message", Goal = "goal", Scheduled = "scheduled" }
}

string_enum! {
    /// How a run ended (Stop `finish`): naturally (the default), by an abort, an error or the user stopping it; wamp
    /// fires Stop only at a natural finish.
    RunFinish { Natural = "natural", Abort = "abort", Error = "error", UserStop = "user_stop" }
}

string_enum! {
    /// What a judge answers (`hooks/judge` `reply`): a `verdict` `{ok, reason?}` (the default) or the model's `text`.
    JudgeReply { Verdict = "verdict", Text = "text" }
}

string_enum! {
    /// What a declared tool does: a `shell` tool's calls also fire PreBash/PostBash, a `file_write` tool's
    /// PreFileWrite/PostFileWrite (dialects that have those events); `Plain` (wire `other`) is neither, the default.
    ToolKind { Shell = "shell", FileWrite = "file_write", Plain = "other" }
}

string_enum! {
    /// One file of a write operation: `move` moves `from_path` to `path`.
    FileOperation { Create = "create", Modify = "modify", Delete = "delete", Move = "move" }
}

string_enum! {
    /// `initialize` `options.networkAccess`: `denied` makes http handlers fail (a recorded failure).
    NetworkAccess { Allowed = "allowed", Denied = "denied" }
}

string_enum! {
    /// `modified`: trusted for other content than now (does not run until trusted again).
    TrustState { Trusted = "trusted", Untrusted = "untrusted", Modified = "modified" }
}

string_enum! {
    /// The lifecycle events of the protocol (a dialect may have fewer).
    EventName {
        SessionStart = "SessionStart",
        SessionEnd = "SessionEnd",
        UserPromptSubmit = "UserPromptSubmit",
        PreToolUse = "PreToolUse",
        PermissionRequest = "PermissionRequest",
        PostToolUse = "PostToolUse",
        PostToolUseFailure = "PostToolUseFailure",
        Notification = "Notification",
        Stop = "Stop",
        SubagentStart = "SubagentStart",
        SubagentStop = "SubagentStop",
        PreCompact = "PreCompact",
        PostCompact = "PostCompact",
        PreFileWrite = "PreFileWrite",
        PostFileWrite = "PostFileWrite",
        PreBash = "PreBash",
        PostBash = "PostBash",
        BeforeModel = "BeforeModel",
        AfterModel = "AfterModel",
        BeforeToolSelection = "BeforeToolSelection",
    }
}

impl EventName {
    /// Every event this crate has a params struct for, in the spec's order.
    pub const ALL: [EventName; 20] = [
        EventName::SessionStart,
        EventName::SessionEnd,
        EventName::UserPromptSubmit,
        EventName::PreToolUse,
        EventName::PermissionRequest,
        EventName::PostToolUse,
        EventName::PostToolUseFailure,
        EventName::Notification,
        EventName::Stop,
        EventName::SubagentStart,
        EventName::SubagentStop,
        EventName::PreCompact,
        EventName::PostCompact,
        EventName::PreFileWrite,
        EventName::PostFileWrite,
        EventName::PreBash,
        EventName::PostBash,
        EventName::BeforeModel,
        EventName::AfterModel,
        EventName::BeforeToolSelection,
    ];
    /// `hooks/<EventName>`.
    pub fn method(&self) -> String {
        format!("hooks/{}", self.as_str())
    }
}
