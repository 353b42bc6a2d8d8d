//! # hookd-client
//!
//! An async (tokio) client for [hookd](../../../protocol/README.md), the lifecycle-hooks sidecar for AI coding
//! agents. It spawns hookd once per session, speaks JSON-RPC 2.0 over its stdio (NDJSON), and gives one typed
//! method per lifecycle event plus the management methods.
//!
//! ```no_run
//! use hookd_client::{Hookd, protocol::{PreToolUse, SessionInfo, Decision}};
//! # async fn demo() -> hookd_client::Result<()> {
//! let hookd = Hookd::builder().hookd_js("dist/cli.js").workspace("/home/me/project").spawn().await?;
//! let session = SessionInfo::new("session-1");
//! let input = serde_json::json!({"command": "rm -rf build"}).as_object().unwrap().clone();
//! let result = hookd.pre_tool_use(PreToolUse::new(session, "Bash", input)).await?;
//! if result.decision == Decision::Deny { println!("denied: {:?}", result.reason); }
//! hookd.shutdown().await?;
//! # Ok(()) }
//! ```
//!
//! Layers: [`protocol`] (typed shapes, no behaviour), [`transport`] (envelope, framing, process hygiene,
//! [`transport::RawConnection`]), the client ([`Hookd`], [`Builder`], [`Pending`]) and [`Error`].
//! The client has no hook logic: every decision is hookd's.

mod client;
mod error;
pub mod protocol;
pub mod transport;

pub use client::{Builder, Canceller, Hookd, Notifications, Pending, ServerNotification, WeakHookd, PLAIN_BIN, SERVER_NAME, SIDECAR_BIN};
pub use error::{Error, Result};
pub use transport::StderrMode;
