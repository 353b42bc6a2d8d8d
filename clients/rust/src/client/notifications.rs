//! hookd's notifications as the client delivers them: [`ServerNotification`] and the [`Notifications`] stream.
//! Delivery only; routing is the reader's.

use crate::protocol::*;
use serde_json::Value;
use tokio::sync::mpsc;

/// A notification from hookd.
#[derive(Debug, Clone, PartialEq)]
pub enum ServerNotification {
    /// `hooks/progress`: a hook with a `statusMessage` started or finished.
    Progress(ProgressParams),
    /// `hooks/diagnostics`: the complete current diagnostics, after a reload.
    Diagnostics(DiagnosticsParams),
    /// `hooks/reviewWarnings` (pbi): hooks that stay skipped until reviewed, or the dangerous bypass notice.
    ReviewWarnings(ReviewWarningsParams),
    /// Anything else (or a known method whose params did not match).
    Other { method: String, params: Option<Value> },
}

/// Receives notifications from the moment it was created.
pub struct Notifications {
    pub(super) rx: mpsc::UnboundedReceiver<ServerNotification>,
}

impl Notifications {
    /// The next notification; `None` once hookd is gone.
    pub async fn recv(&mut self) -> Option<ServerNotification> {
        self.rx.recv().await
    }
    pub fn try_recv(&mut self) -> Option<ServerNotification> {
        self.rx.try_recv().ok()
    }
}
