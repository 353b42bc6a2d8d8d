//! [`UnknownFields`]: lists the fields a message carried that this crate has no typed field for.
//! Reads the `other` maps; never changes a message.

use super::*;

/// The fields of a message this crate has no typed field for, at any depth (e.g. what a newer hookd added).
/// They are kept in the `other` maps and written back as they came.
pub trait UnknownFields {
    /// Appends the paths (`runs[0].newField`) of the unknown fields under `path`.
    fn collect_unknown(&self, path: &str, out: &mut Vec<String>);
    fn unknown_fields(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_unknown("", &mut out);
        out
    }
}

fn join_path(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

impl<T: UnknownFields> UnknownFields for Option<T> {
    fn collect_unknown(&self, path: &str, out: &mut Vec<String>) {
        if let Some(value) = self {
            value.collect_unknown(path, out);
        }
    }
}

impl<T: UnknownFields> UnknownFields for Vec<T> {
    fn collect_unknown(&self, path: &str, out: &mut Vec<String>) {
        for (index, value) in self.iter().enumerate() {
            value.collect_unknown(&format!("{path}[{index}]"), out);
        }
    }
}

impl UnknownFields for () {
    fn collect_unknown(&self, _: &str, _: &mut Vec<String>) {}
}

macro_rules! unknown_fields {
    ($($ty:ident { $($field:ident),* })*) => {$(
        impl UnknownFields for $ty {
            fn collect_unknown(&self, path: &str, out: &mut Vec<String>) {
                out.extend(self.other.keys().map(|key| join_path(path, key)));
                $(self.$field.collect_unknown(&join_path(path, stringify!($field)), out);)*
            }
        }
    )*};
}

unknown_fields! {
    ClientInfo {}
    ConfigSource {}
    Capabilities {}
    ServerOptions { progress }
    ProgressOptions {}
    ToolDeclaration {}
    InitializeParams { client_info, sources, capabilities, options, tools }
    ServerInfo {}
    Diagnostic {}
    HookInfo { review }
    HookReview {}
    ReviewedHook {}
    ReviewListing { hooks }
    ReviewKeyParams {}
    ReviewWarningsParams {}
    InitializeResult { server_info, hooks, diagnostics, capabilities }
    ServerCapabilities { server_requests, notifications }
    ServerRequestCapability {}
    NotificationCapabilities {}
    EmptyParams {}
    ListHooksResult { hooks, diagnostics }
    CancelSessionParams {}
    CancelSessionResult {}
    CancelParams {}
    ProgressParams {}
    DiagnosticsParams { diagnostics }
    OutputCapture {}
    RunSummary { stdout, stderr }
    EventResult { runs, approval, refusal, elicitation, tool_config, async_runs, async_outputs }
    ElicitationAnswer {}
    ToolConfig {}
    AsyncRun {}
    AsyncOutput {}
    ApprovalRequest {}
    Refusal { data }
    RefusalData {}
    AskToolApprovalParams {}
    AskToolApprovalResult {}
    CancelledData { runs }
    RegisterHookParams {}
    RegisterHookResult {}
    UnregisterHookParams {}
    UnregisterHookResult {}
    InvokeHookParams {}
    InvokeHookResult {}
    JudgeParams {}
    JudgeResult {}
    CallMcpToolParams {}
    McpContentBlock {}
    CallMcpToolResult { content }
    ApproveHookParams {}
    ApproveHookResult {}
    FileChange {}
    BeginRunParams {}
    BeginRunResult {}
    EndRunParams {}
    EndRunResult {}
    TrustEntry {}
    TrustListResult { entries }
    SetTrustParams {}
    SetTrustResult { entries, hooks, diagnostics }
    DryRunParams {}
    DryRunResult { diagnostics, result }
    SessionInfo {}
    SessionStart { session }
    SessionEnd { session }
    UserPromptSubmit { session }
    PreToolUse { session, files }
    PermissionRequest { session }
    PostToolUse { session, files }
    PostToolUseFailure { session }
    Notification { session }
    Stop { session }
    SubagentStart { session }
    SubagentStop { session }
    PreCompact { session }
    PostCompact { session }
    PreFileWrite { session, files }
    PostFileWrite { session, files }
    PreBash { session }
    PostBash { session }
    BeforeModel { session }
    AfterModel { session }
    BeforeToolSelection { session }
}

impl UnknownFields for Tool {
    fn collect_unknown(&self, path: &str, out: &mut Vec<String>) {
        if let Tool::Declared(declaration) = self {
            declaration.collect_unknown(path, out);
        }
    }
}
