//! [`Hookd`]: the client handle (and [`WeakHookd`]) with its accessors, generic requests and the 13 event calls.
//! Management methods and shutdown live in their own files.

use crate::error::Result;
use crate::protocol::*;
use crate::transport::Message;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::process::Child;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use super::builder::Builder;
use super::conn::Conn;
use super::notifications::Notifications;
use super::pending::Pending;

pub(super) struct Inner {
    pub(super) conn: Arc<Conn>,
    pub(super) child: Mutex<Option<Child>>,
    pub(super) pid: Option<u32>,
    pub(super) init: InitializeResult,
    pub(super) shutdown_timeout: Duration,
    /// The program found (the script, for node) and the rule that found it.
    pub(super) sidecar: (std::path::PathBuf, &'static str),
    pub(super) _tasks: Vec<JoinHandle<()>>,
}

/// A running hookd, initialized. Cheap to clone; the last clone dropped ends hookd (see [`Hookd::shutdown`] for
/// the orderly way). Every method may be called concurrently.
#[derive(Clone)]
pub struct Hookd {
    pub(super) inner: Arc<Inner>,
}

impl std::fmt::Debug for Hookd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hookd")
            .field("pid", &self.inner.pid)
            .field("dialect", &self.inner.init.dialect)
            .field("closed", &self.is_closed())
            .finish_non_exhaustive()
    }
}

/// A handle that does not keep hookd alive (for handlers that call the client back).
#[derive(Clone)]
pub struct WeakHookd {
    inner: Weak<Inner>,
}

impl WeakHookd {
    pub fn upgrade(&self) -> Option<Hookd> {
        self.inner.upgrade().map(|inner| Hookd { inner })
    }
}

/// Generates one method per event.
macro_rules! event_methods {
    ($($(#[$meta:meta])* $method:ident($event:ident);)*) => {$(
        $(#[$meta])*
        pub async fn $method(&self, params: $event) -> Result<EventResult> {
            self.event(&params).await
        }
    )*};
}

impl Hookd {
    pub fn builder() -> Builder {
        Builder::default()
    }

    /// What `initialize` answered: the dialect, its events, the hooks and the configuration diagnostics.
    pub fn initialize_result(&self) -> &InitializeResult {
        &self.inner.init
    }
    /// The sidecar that runs: the path found (the script, when run with node).
    pub fn sidecar_path(&self) -> &std::path::Path {
        &self.inner.sidecar.0
    }
    /// Which rule found it: "the command argument", "the hookd_js argument", "HOOKD_BIN", "hookd-sidecar on PATH"
    /// or "hookd on PATH".
    pub fn sidecar_origin(&self) -> &str {
        self.inner.sidecar.1
    }
    /// hookd's process id.
    pub fn pid(&self) -> Option<u32> {
        self.inner.pid
    }
    /// The last lines hookd wrote to stderr (with `StderrMode::Capture`).
    pub fn stderr_tail(&self) -> String {
        self.inner.conn.stderr.text()
    }
    /// Whether the connection is gone (hookd exited).
    pub fn is_closed(&self) -> bool {
        self.inner.conn.state.lock().unwrap().closed.is_some()
    }
    pub fn downgrade(&self) -> WeakHookd {
        WeakHookd { inner: Arc::downgrade(&self.inner) }
    }
    /// Every notification from now on, as a stream (callbacks of the builder see them too).
    pub fn notifications(&self) -> Notifications {
        let (tx, rx) = mpsc::unbounded_channel();
        self.inner.conn.subscribers.lock().unwrap().push(tx);
        Notifications { rx }
    }

    // ── generic calls ──

    /// Sends a request now; the returned [`Pending`] resolves to its result.
    pub fn start_request<P, R>(&self, method: &str, params: Option<&P>) -> Result<Pending<R>>
    where
        P: Serialize + ?Sized,
        R: DeserializeOwned,
    {
        let conn = &self.inner.conn;
        let (id, rx) = conn.start(method, params)?;
        let deadline = conn.request_timeout.map(|timeout| Box::pin(tokio::time::sleep(timeout)));
        Ok(Pending { id, rx, conn: conn.clone(), armed: true, deadline, _result: PhantomData })
    }

    /// Any request, typed by the caller.
    pub async fn request<P, R>(&self, method: &str, params: Option<&P>) -> Result<R>
    where
        P: Serialize + ?Sized,
        R: DeserializeOwned,
    {
        self.start_request(method, params)?.await
    }

    /// Any notification.
    pub fn notify<P: Serialize + ?Sized>(&self, method: &str, params: Option<&P>) -> Result<()> {
        let params = params.map(serde_json::to_value).transpose()?;
        self.inner.conn.send_message(&Message::Notification { method: method.into(), params })
    }

    // ── events ──

    /// Sends one event now (`hooks/<Event>`); see [`Pending`] for cancelling it.
    pub fn start_event<E: Event>(&self, params: &E) -> Result<Pending<EventResult>> {
        self.start_request(E::METHOD, Some(params))
    }

    /// Runs the hooks of one event and returns hookd's merged decision.
    pub async fn event<E: Event>(&self, params: &E) -> Result<EventResult> {
        self.start_event(params)?.await
    }

    /// An event named at run time, with params as JSON (camelCase).
    pub async fn event_value(&self, event: &str, params: &Value) -> Result<EventResult> {
        self.request(&format!("hooks/{event}"), Some(params)).await
    }

    event_methods! {
        session_start(SessionStart);
        session_end(SessionEnd);
        user_prompt_submit(UserPromptSubmit);
        pre_tool_use(PreToolUse);
        permission_request(PermissionRequest);
        post_tool_use(PostToolUse);
        post_tool_use_failure(PostToolUseFailure);
        notification(Notification);
        stop(Stop);
        subagent_start(SubagentStart);
        subagent_stop(SubagentStop);
        pre_compact(PreCompact);
        post_compact(PostCompact);
        /// Send it with every file of a write operation BEFORE the first disk write.
        pre_file_write(PreFileWrite);
        /// Send it once, with every file, AFTER the whole write operation committed.
        post_file_write(PostFileWrite);
        pre_bash(PreBash);
        post_bash(PostBash);
        /// gemini (`hooks/BeforeModel`).
        before_model(BeforeModel);
        /// gemini (`hooks/AfterModel`).
        after_model(AfterModel);
        /// gemini (`hooks/BeforeToolSelection`).
        before_tool_selection(BeforeToolSelection);
    }

    /// `Notification` as a JSON-RPC notification: fire-and-forget, nothing is answered.
    pub fn notification_fire_and_forget(&self, params: &Notification) -> Result<()> {
        self.notify(Notification::METHOD, Some(params))
    }
}
