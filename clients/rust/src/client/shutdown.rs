//! How hookd ends: the orderly [`Hookd::shutdown`], and what dropping the last handle does without it.
//! Ending the process only.

use crate::error::{Error, Result};
use crate::protocol::*;
use crate::transport::reap;
use std::process::ExitStatus;
use std::time::Duration;
use super::hookd::{Hookd, Inner};

impl Drop for Inner {
    /// Without `shutdown()`: close stdin (hookd kills its hook trees and exits within a second), and reap it in
    /// the background, killing it if it has not exited within the shutdown timeout. Without a runtime (or when
    /// the runtime goes away first), `kill_on_drop` kills it.
    fn drop(&mut self) {
        self.conn.close_writer();
        if let Some(mut child) = self.child.get_mut().unwrap().take() {
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                let grace = self.shutdown_timeout;
                runtime.spawn(async move {
                    let _ = reap(&mut child, grace).await;
                });
            }
        }
    }
}


impl Hookd {
    /// The orderly end: `shutdown` (hookd kills every hook tree still running; those requests fail with
    /// `Error::Cancelled`), the `exit` notification, stdin closed, then waits for hookd to exit (killing it
    /// after the shutdown timeout). Each step is bounded. Returns hookd's exit status.
    pub async fn shutdown(&self) -> Result<ExitStatus> {
        let inner = &self.inner;
        let child = inner.child.lock().unwrap().take();
        let Some(mut child) = child else {
            return Err(Error::Closed { reason: "already shut down".into() });
        };
        let acknowledged = match self.start_request::<(), ()>(methods::SHUTDOWN, None) {
            Ok(pending) => pending.timeout(inner.shutdown_timeout).await.is_ok(),
            Err(_) => false,
        };
        if acknowledged {
            let _ = self.notify::<()>(methods::EXIT, None);
        }
        inner.conn.close_writer();
        let grace = if acknowledged { inner.shutdown_timeout } else { Duration::from_millis(1500) };
        Ok(reap(&mut child, grace).await?)
    }
}
