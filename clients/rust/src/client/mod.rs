//! The async client: spawns hookd, initializes it, and turns every method into a typed call. One reader task
//! routes answers to waiting requests, runs programmatic hook handlers for `hooks/invoke`, and delivers
//! notifications; one writer task owns stdin. A request future that is dropped before its answer sends
//! `$/cancelRequest` (a drop guard), and the `-32800` that follows is discarded.
//!
//! No hook logic lives here: decisions are hookd's.
//! One submodule per concept; the public types are re-exported here.

mod builder;
mod conn;
mod discovery;
mod hookd;
mod management;
mod notifications;
mod pending;
mod reader;
mod server_requests;
mod shutdown;

pub use builder::Builder;
pub use discovery::{PLAIN_BIN, SERVER_NAME, SIDECAR_BIN};
pub use hookd::{Hookd, WeakHookd};
pub use notifications::{Notifications, ServerNotification};
pub use pending::{Canceller, Pending};

#[allow(dead_code)]
const _ASSERT_SEND: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Hookd>();
    send_sync::<Canceller>();
};
