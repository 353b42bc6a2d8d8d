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
    }
}

impl EventName {
    /// Every event of the protocol, in the spec's order.
    pub const ALL: [EventName; 13] = [
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
    ];
    /// `hooks/<EventName>`.
    pub fn method(&self) -> String {
        format!("hooks/{}", self.as_str())
    }
}
