//! The async client: spawns hookd, initializes it, and turns every method into a typed call. One reader task
//! routes answers to waiting requests, runs programmatic hook handlers for `hooks/invoke`, and delivers
//! notifications; one writer task owns stdin. A request future that is dropped before its answer sends
//! `$/cancelRequest` (a drop guard), and the `-32800` that follows is discarded.
//!
//! No hook logic lives here: decisions are hookd's.

use crate::error::{Error, Result};
use crate::protocol::*;
use crate::transport::{
    reap, spawn_writer, Id, LineReader, Message, Outgoing, RawConnection, RpcError, SpawnConfig, StderrMode, StderrTail,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::ffi::OsString;
use std::future::Future;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::process::{Child, ChildStdout};
use tokio::sync::{mpsc, oneshot, Notify};
use tokio::task::{AbortHandle, JoinHandle};
use tokio::time::Sleep;

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;
type Handler = Arc<dyn Fn(InvokeHookParams) -> BoxFuture<InvokeHookResult> + Send + Sync>;
type Callback = Arc<dyn Fn(&ServerNotification) + Send + Sync>;
type Answer = std::result::Result<Value, RpcError>;

/// A notification from hookd.
#[derive(Debug, Clone, PartialEq)]
pub enum ServerNotification {
    /// `hooks/progress`: a hook with a `statusMessage` started or finished.
    Progress(ProgressParams),
    /// `hooks/diagnostics`: the complete current diagnostics, after a reload.
    Diagnostics(DiagnosticsParams),
    /// Anything else (or a known method whose params did not match).
    Other { method: String, params: Option<Value> },
}

// ── builder ───────────────────────────────────────────────────────────────────────────────────────────

/// Configures and spawns hookd: `Hookd::builder().hookd_js(path).workspace(dir).spawn().await?`.
pub struct Builder {
    spawn: SpawnConfig,
    node: OsString,
    hookd_js: Option<PathBuf>,
    workspace: Option<PathBuf>,
    dialect: Option<String>,
    home: Option<PathBuf>,
    sources: Option<Vec<ConfigSource>>,
    options: Option<ServerOptions>,
    client_info: ClientInfo,
    programmatic_hooks: bool,
    request_timeout: Option<Duration>,
    startup_timeout: Duration,
    shutdown_timeout: Duration,
    callbacks: Vec<Callback>,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            spawn: SpawnConfig::default(),
            node: "node".into(),
            hookd_js: None,
            workspace: None,
            dialect: None,
            home: None,
            sources: None,
            options: None,
            client_info: ClientInfo {
                name: env!("CARGO_PKG_NAME").into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
                other: JsonObject::new(),
            },
            programmatic_hooks: true,
            request_timeout: None,
            startup_timeout: Duration::from_secs(30),
            shutdown_timeout: Duration::from_secs(3),
            callbacks: Vec::new(),
        }
    }
}

impl Builder {
    /// Run this program (default `hookd` on `PATH`).
    pub fn command(mut self, program: impl Into<OsString>) -> Self {
        self.spawn.program = program.into();
        self.hookd_js = None;
        self
    }
    /// Run `node <path>` (e.g. the repository's `dist/cli.js`).
    pub fn hookd_js(mut self, path: impl Into<PathBuf>) -> Self {
        self.hookd_js = Some(path.into());
        self
    }
    /// The node binary for [`Builder::hookd_js`] (default `node`).
    pub fn node(mut self, program: impl Into<OsString>) -> Self {
        self.node = program.into();
        self
    }
    /// An argument for hookd (e.g. `--log-level`, `debug`).
    pub fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.spawn.args.push(arg.into());
        self
    }
    pub fn env(mut self, name: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.spawn.env.push((name.into(), Some(value.into())));
        self
    }
    pub fn env_remove(mut self, name: impl Into<OsString>) -> Self {
        self.spawn.env.push((name.into(), None));
        self
    }
    /// hookd's process directory (default: the agent's).
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.spawn.current_dir = Some(dir.into());
        self
    }
    /// The project (absolute; hooks run in it). Default: the current directory.
    pub fn workspace(mut self, dir: impl Into<PathBuf>) -> Self {
        self.workspace = Some(dir.into());
        self
    }
    /// `claude` (hookd's default) or `bamboo`.
    pub fn dialect(mut self, dialect: impl Into<String>) -> Self {
        self.dialect = Some(dialect.into());
        self
    }
    /// Replaces `$HOME` for user-scope config discovery.
    pub fn home(mut self, dir: impl Into<PathBuf>) -> Self {
        self.home = Some(dir.into());
        self
    }
    /// Read exactly these files instead of discovering them.
    pub fn sources(mut self, sources: impl IntoIterator<Item = ConfigSource>) -> Self {
        self.sources = Some(sources.into_iter().collect());
        self
    }
    /// Adds one explicit source.
    pub fn source(mut self, path: impl AsRef<Path>, scope: Scope) -> Self {
        let path = path.as_ref().to_string_lossy().into_owned();
        self.sources.get_or_insert_with(Vec::new).push(ConfigSource::new(path, scope));
        self
    }
    pub fn options(mut self, options: ServerOptions) -> Self {
        self.options = Some(options);
        self
    }
    pub fn client_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.client_info = ClientInfo { name: name.into(), version: Some(version.into()), other: JsonObject::new() };
        self
    }
    /// Declare `capabilities.programmaticHooks` (default true; needed by `register_hook`).
    pub fn programmatic_hooks(mut self, enabled: bool) -> Self {
        self.programmatic_hooks = enabled;
        self
    }
    /// Every request not answered within this time is cancelled and fails with `Error::Timeout` (default: none;
    /// hookd enforces hook timeouts itself).
    pub fn request_timeout(mut self, timeout: Duration) -> Self {
        self.request_timeout = Some(timeout);
        self
    }
    /// Bound on `initialize` (default 30 s).
    pub fn startup_timeout(mut self, timeout: Duration) -> Self {
        self.startup_timeout = timeout;
        self
    }
    /// `shutdown`: bound on its answer, then again on the exit, before hookd is killed (default 3 s each).
    pub fn shutdown_timeout(mut self, timeout: Duration) -> Self {
        self.shutdown_timeout = timeout;
        self
    }
    pub fn stderr(mut self, mode: StderrMode) -> Self {
        self.spawn.stderr = mode;
        self
    }
    /// Linux: hookd gets SIGTERM when the spawning thread dies (default true). Spawn from a thread that lives
    /// as long as the session (a runtime worker or the main thread, not a `spawn_blocking` thread).
    pub fn parent_death_signal(mut self, enabled: bool) -> Self {
        self.spawn.parent_death_signal = enabled;
        self
    }
    /// Put hookd in its own process group (default true), so the terminal's Ctrl-C does not end it.
    pub fn own_process_group(mut self, enabled: bool) -> Self {
        self.spawn.own_process_group = enabled;
        self
    }
    /// The largest message accepted from hookd (default 64 MiB); a larger one closes the connection.
    pub fn max_message_bytes(mut self, bytes: usize) -> Self {
        self.spawn.max_message_bytes = bytes;
        self
    }
    /// Called on the reader task for every `hooks/progress` (keep it quick; it must not block).
    pub fn on_progress(mut self, f: impl Fn(&ProgressParams) + Send + Sync + 'static) -> Self {
        self.callbacks.push(Arc::new(move |n| {
            if let ServerNotification::Progress(p) = n {
                f(p)
            }
        }));
        self
    }
    /// Called on the reader task for every `hooks/diagnostics`.
    pub fn on_diagnostics(mut self, f: impl Fn(&DiagnosticsParams) + Send + Sync + 'static) -> Self {
        self.callbacks.push(Arc::new(move |n| {
            if let ServerNotification::Diagnostics(d) = n {
                f(d)
            }
        }));
        self
    }
    /// Called on the reader task for every notification.
    pub fn on_notification(mut self, f: impl Fn(&ServerNotification) + Send + Sync + 'static) -> Self {
        self.callbacks.push(Arc::new(f));
        self
    }

    fn spawn_config(&self) -> SpawnConfig {
        let mut config = self.spawn.clone();
        if let Some(js) = &self.hookd_js {
            config.program = self.node.clone();
            config.args.insert(0, js.clone().into_os_string());
        }
        config
    }

    fn initialize_params(&self) -> Result<InitializeParams> {
        let workspace = match &self.workspace {
            Some(dir) => dir.clone(),
            None => std::env::current_dir()?,
        };
        let workspace = std::path::absolute(&workspace)?;
        Ok(InitializeParams {
            protocol_version: PROTOCOL_VERSION.into(),
            client_info: Some(self.client_info.clone()),
            dialect: self.dialect.clone(),
            workspace: path_text(&workspace)?,
            home: self.home.as_deref().map(path_text).transpose()?,
            sources: self.sources.clone(),
            capabilities: Some(Capabilities {
                programmatic_hooks: self.programmatic_hooks.then_some(true),
                other: JsonObject::new(),
            }),
            options: self.options.clone(),
            other: JsonObject::new(),
        })
    }

    /// Spawns hookd and sends `initialize`; its result is [`Hookd::initialize_result`].
    pub async fn spawn(self) -> Result<Hookd> {
        let params = self.initialize_params()?;
        let config = self.spawn_config();
        let spawned = config.spawn()?;
        let pid = spawned.child.id();
        let (out, writer) = spawn_writer(spawned.stdin);
        let conn = Arc::new(Conn {
            out,
            state: Mutex::new(State { pending: HashMap::new(), closed: None }),
            next_id: AtomicI64::new(1),
            handlers: Mutex::new(HashMap::new()),
            registering: AtomicUsize::new(0),
            handlers_changed: Notify::new(),
            server_requests: Mutex::new(HashMap::new()),
            subscribers: Mutex::new(Vec::new()),
            callbacks: self.callbacks,
            stderr: spawned.stderr,
            request_timeout: self.request_timeout,
        });
        let reader = LineReader::new(spawned.stdout, config.max_message_bytes);
        let reader = tokio::spawn(read_loop(conn.clone(), reader, spawned.stderr_task));
        let mut hookd = Hookd {
            inner: Arc::new(Inner {
                conn,
                child: Mutex::new(Some(spawned.child)),
                pid,
                init: InitializeResult::default(),
                shutdown_timeout: self.shutdown_timeout,
                _tasks: vec![writer, reader],
            }),
        };
        let init: InitializeResult =
            hookd.start_request(methods::INITIALIZE, Some(&params))?.timeout(self.startup_timeout).await?;
        Arc::get_mut(&mut hookd.inner).expect("no other handle yet").init = init;
        Ok(hookd)
    }

    /// Spawns hookd with the same process settings and nothing on top (no `initialize`, nothing answered).
    pub fn spawn_raw(self) -> std::io::Result<RawConnection> {
        RawConnection::start(&self.spawn_config())
    }
}

fn path_text(path: &Path) -> Result<String> {
    path.to_str().map(str::to_owned).ok_or_else(|| {
        Error::Io(std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("not a UTF-8 path: {}", path.display())))
    })
}

// ── connection state ──────────────────────────────────────────────────────────────────────────────────

struct State {
    pending: HashMap<i64, oneshot::Sender<Answer>>,
    closed: Option<String>,
}

struct Conn {
    out: mpsc::UnboundedSender<Outgoing>,
    state: Mutex<State>,
    next_id: AtomicI64,
    handlers: Mutex<HashMap<String, Handler>>,
    /// `hooks/register` requests in flight: an invoke for an unknown hook waits for them.
    registering: AtomicUsize,
    handlers_changed: Notify,
    /// Server requests being handled, by id, to abort on hookd's `$/cancelRequest`.
    server_requests: Mutex<HashMap<Id, AbortHandle>>,
    subscribers: Mutex<Vec<mpsc::UnboundedSender<ServerNotification>>>,
    callbacks: Vec<Callback>,
    stderr: StderrTail,
    request_timeout: Option<Duration>,
}

impl Conn {
    fn closed_error(&self) -> Error {
        let reason = self.state.lock().unwrap().closed.clone().unwrap_or_else(|| "the client closed it".into());
        Error::Closed { reason }
    }

    fn send_line(&self, line: Vec<u8>) -> Result<()> {
        self.out.send(Outgoing::Line(line)).map_err(|_| self.closed_error())
    }

    fn send_message(&self, message: &Message) -> Result<()> {
        self.send_line(message.to_line()?)
    }

    fn start<P: Serialize + ?Sized>(&self, method: &str, params: Option<&P>) -> Result<(i64, oneshot::Receiver<Answer>)> {
        #[derive(Serialize)]
        struct Request<'a, P: ?Sized> {
            jsonrpc: &'static str,
            id: i64,
            method: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            params: Option<&'a P>,
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut line = serde_json::to_vec(&Request { jsonrpc: "2.0", id, method, params })?;
        line.push(b'\n');
        let (tx, rx) = oneshot::channel();
        {
            let mut state = self.state.lock().unwrap();
            if let Some(reason) = &state.closed {
                return Err(Error::Closed { reason: reason.clone() });
            }
            state.pending.insert(id, tx);
        }
        if let Err(error) = self.send_line(line) {
            self.state.lock().unwrap().pending.remove(&id);
            return Err(error);
        }
        Ok((id, rx))
    }

    fn send_cancel(&self, id: i64) {
        let message = Message::Notification {
            method: methods::CANCEL_REQUEST.into(),
            params: Some(serde_json::json!({ "id": id })),
        };
        let _ = self.send_message(&message);
    }

    /// Stops waiting for `id`; if it was still unanswered, tells hookd to cancel it.
    fn abandon(&self, id: i64) {
        let was_pending = self.state.lock().unwrap().pending.remove(&id).is_some();
        if was_pending {
            self.send_cancel(id);
        }
    }

    fn close_writer(&self) {
        let _ = self.out.send(Outgoing::Close);
    }

    fn notify_all(&self, notification: ServerNotification) {
        for callback in &self.callbacks {
            callback(&notification);
        }
        let mut subscribers = self.subscribers.lock().unwrap();
        subscribers.retain(|tx| tx.send(notification.clone()).is_ok());
    }

    async fn handler_for(&self, hook_id: &str) -> Option<Handler> {
        loop {
            let changed = self.handlers_changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if let Some(handler) = self.handlers.lock().unwrap().get(hook_id) {
                return Some(handler.clone());
            }
            if self.registering.load(Ordering::SeqCst) == 0 {
                return None;
            }
            changed.await;
        }
    }
}

/// Routes every message hookd writes; on end of output (or an unreadable stream) fails what still waits.
async fn read_loop(conn: Arc<Conn>, mut reader: LineReader<ChildStdout>, stderr_task: Option<JoinHandle<()>>) {
    let reason = loop {
        match reader.read_line().await {
            Ok(Some(line)) => match Message::from_slice(&line) {
                Ok(message) => dispatch(&conn, message),
                Err(_) => continue, // not JSON-RPC: nothing can be routed
            },
            Ok(None) => break "hookd closed its output (exited)".to_owned(),
            Err(error) => break format!("reading from hookd failed: {error}"),
        }
    };
    // Give stderr a moment to deliver hookd's last words, for the error message.
    if let Some(task) = stderr_task {
        let _ = tokio::time::timeout(Duration::from_millis(250), task).await;
    }
    let tail = conn.stderr.text();
    let reason = if tail.trim().is_empty() { reason } else { format!("{reason}; stderr:\n{}", tail.trim_end()) };
    let pending = {
        let mut state = conn.state.lock().unwrap();
        state.closed = Some(reason);
        std::mem::take(&mut state.pending)
    };
    drop(pending); // every waiting request sees Closed
    for (_, task) in conn.server_requests.lock().unwrap().drain() {
        task.abort();
    }
    conn.subscribers.lock().unwrap().clear();
}

fn dispatch(conn: &Arc<Conn>, message: Message) {
    match message {
        Message::Response { id: Id::Number(id), result } => {
            let waiter = conn.state.lock().unwrap().pending.remove(&id);
            if let Some(waiter) = waiter {
                let _ = waiter.send(result);
            } // else: abandoned (its -32800 is discarded) or not ours
        }
        Message::Response { .. } => {} // -32700 answers carry id null: nothing waits for them
        Message::Request { id, method, params } => {
            if method == methods::INVOKE_HOOK {
                invoke(conn, id, params);
            } else {
                let error = RpcError::new(error_codes::METHOD_NOT_FOUND, format!("method not found: {method}"));
                let _ = conn.send_message(&Message::Response { id, result: Err(error) });
            }
        }
        Message::Notification { method, params } => {
            let notification = match method.as_str() {
                methods::CANCEL_REQUEST => {
                    if let Some(id) = params.as_ref().and_then(|p| p.get("id")).and_then(|id| serde_json::from_value::<Id>(id.clone()).ok()) {
                        if let Some(task) = conn.server_requests.lock().unwrap().get(&id) {
                            task.abort();
                        }
                    }
                    return;
                }
                methods::PROGRESS => match params.as_ref().map(|p| serde_json::from_value::<ProgressParams>(p.clone())) {
                    Some(Ok(progress)) => ServerNotification::Progress(progress),
                    _ => ServerNotification::Other { method, params },
                },
                methods::DIAGNOSTICS => match params.as_ref().map(|p| serde_json::from_value::<DiagnosticsParams>(p.clone())) {
                    Some(Ok(diagnostics)) => ServerNotification::Diagnostics(diagnostics),
                    _ => ServerNotification::Other { method, params },
                },
                _ => ServerNotification::Other { method, params },
            };
            conn.notify_all(notification);
        }
    }
}

/// Runs the registered handler for one `hooks/invoke` in its own task and answers it: the result, `-32602`
/// for params that do not parse, `-32601` when no handler is registered for the hook, `-32603` when the handler
/// panicked, `-32800` when hookd cancelled it.
fn invoke(conn: &Arc<Conn>, id: Id, params: Option<Value>) {
    let params = match serde_json::from_value::<InvokeHookParams>(params.unwrap_or(Value::Null)) {
        Ok(params) => params,
        Err(error) => {
            let error = RpcError::new(error_codes::INVALID_PARAMS, format!("invalid hooks/invoke params: {error}"));
            let _ = conn.send_message(&Message::Response { id, result: Err(error) });
            return;
        }
    };
    let lookup = conn.clone();
    let mut server_requests = conn.server_requests.lock().unwrap();
    let work = tokio::spawn(async move {
        let handler = lookup.handler_for(&params.hook_id).await;
        match handler {
            Some(handler) => Ok(handler(params).await),
            None => Err(RpcError::new(
                error_codes::METHOD_NOT_FOUND,
                format!("no handler is registered for programmatic hook {}", params.hook_id),
            )),
        }
    });
    server_requests.insert(id.clone(), work.abort_handle());
    drop(server_requests);
    let conn = conn.clone();
    tokio::spawn(async move {
        let outcome = work.await;
        conn.server_requests.lock().unwrap().remove(&id);
        let result = match outcome {
            Ok(Ok(result)) => serde_json::to_value(result).map_err(|e| RpcError::new(error_codes::INTERNAL_ERROR, e.to_string())),
            Ok(Err(error)) => Err(error),
            Err(join) if join.is_cancelled() => Err(RpcError::new(error_codes::REQUEST_CANCELLED, "cancelled")),
            Err(_) => Err(RpcError::new(error_codes::INTERNAL_ERROR, "the hook handler panicked")),
        };
        let _ = conn.send_message(&Message::Response { id, result });
    });
}

// ── pending requests ──────────────────────────────────────────────────────────────────────────────────

/// A request that was sent and waits for its answer; a future of `Result<R>`. Dropping it before the answer
/// cancels the request (`$/cancelRequest`); [`Pending::cancel`] cancels it and keeps waiting, so that the
/// answer (`Error::Cancelled` with the partial runs) is still delivered.
#[must_use = "a request is cancelled when its Pending is dropped"]
pub struct Pending<R> {
    id: i64,
    rx: oneshot::Receiver<Answer>,
    conn: Arc<Conn>,
    armed: bool,
    deadline: Option<Pin<Box<Sleep>>>,
    _result: PhantomData<fn() -> R>,
}

/// Cancels one request from anywhere (cloneable, `Send`).
#[derive(Clone)]
pub struct Canceller {
    id: i64,
    conn: Weak<Conn>,
}

impl Canceller {
    /// Sends `$/cancelRequest` if the request still waits; its future then resolves to `Error::Cancelled`.
    pub fn cancel(&self) {
        if let Some(conn) = self.conn.upgrade() {
            if conn.state.lock().unwrap().pending.contains_key(&self.id) {
                conn.send_cancel(self.id);
            }
        }
    }
    pub fn id(&self) -> i64 {
        self.id
    }
}

impl<R> Pending<R> {
    /// The request's JSON-RPC id.
    pub fn id(&self) -> i64 {
        self.id
    }
    pub fn canceller(&self) -> Canceller {
        Canceller { id: self.id, conn: Arc::downgrade(&self.conn) }
    }
    /// Sends `$/cancelRequest` and keeps waiting for the answer.
    pub fn cancel(&self) {
        self.canceller().cancel()
    }
    /// Fails with `Error::Timeout` (and cancels the request) unless answered within `timeout`.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.deadline = Some(Box::pin(tokio::time::sleep(timeout)));
        self
    }
}

impl<R: DeserializeOwned> Future for Pending<R> {
    type Output = Result<R>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<R>> {
        let this = &mut *self;
        if let Poll::Ready(answer) = Pin::new(&mut this.rx).poll(cx) {
            this.armed = false;
            return Poll::Ready(match answer {
                Ok(Ok(value)) => serde_json::from_value(value).map_err(Error::Decode),
                Ok(Err(error)) => Err(Error::from_rpc(error.code, error.message, error.data)),
                Err(_) => Err(this.conn.closed_error()),
            });
        }
        if let Some(deadline) = this.deadline.as_mut() {
            if deadline.as_mut().poll(cx).is_ready() {
                this.armed = false;
                this.conn.abandon(this.id);
                return Poll::Ready(Err(Error::Timeout));
            }
        }
        Poll::Pending
    }
}

impl<R> Drop for Pending<R> {
    fn drop(&mut self) {
        if self.armed {
            self.conn.abandon(self.id);
        }
    }
}

// ── the client ────────────────────────────────────────────────────────────────────────────────────────

struct Inner {
    conn: Arc<Conn>,
    child: Mutex<Option<Child>>,
    pid: Option<u32>,
    init: InitializeResult,
    shutdown_timeout: Duration,
    _tasks: Vec<JoinHandle<()>>,
}

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

/// A running hookd, initialized. Cheap to clone; the last clone dropped ends hookd (see [`Hookd::shutdown`] for
/// the orderly way). Every method may be called concurrently.
#[derive(Clone)]
pub struct Hookd {
    inner: Arc<Inner>,
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

/// Receives notifications from the moment it was created.
pub struct Notifications {
    rx: mpsc::UnboundedReceiver<ServerNotification>,
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
    }

    /// `Notification` as a JSON-RPC notification: fire-and-forget, nothing is answered.
    pub fn notification_fire_and_forget(&self, params: &Notification) -> Result<()> {
        self.notify(Notification::METHOD, Some(params))
    }

    // ── management ──

    pub async fn ping(&self) -> Result<PingResult> {
        self.request::<(), _>(methods::PING, None).await
    }

    /// The hooks loaded, with provenance and state, and the current diagnostics.
    pub async fn list_hooks(&self) -> Result<ListHooksResult> {
        self.request::<(), _>(methods::LIST_HOOKS, None).await
    }

    /// Cancels every in-flight event of a session (each fails with `Error::Cancelled`); returns how many.
    pub async fn cancel_session(&self, session_id: &str) -> Result<u64> {
        let params = CancelSessionParams { session_id: session_id.into(), other: JsonObject::new() };
        let result: CancelSessionResult = self.request(methods::CANCEL_SESSION, Some(&params)).await?;
        Ok(result.cancelled)
    }

    /// Reads the configuration again now; a `hooks/diagnostics` notification is sent too.
    pub async fn reload(&self) -> Result<ReloadResult> {
        self.request::<(), _>(methods::RELOAD, None).await
    }

    /// Registers a programmatic hook run by `handler` (an async closure) whenever hookd sends `hooks/invoke` for
    /// it; returns its hook id. The handler answers as a command hook would exit ([`InvokeHookResult`]).
    pub async fn register_hook<F, Fut>(&self, params: RegisterHookParams, handler: F) -> Result<String>
    where
        F: Fn(InvokeHookParams) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = InvokeHookResult> + Send + 'static,
    {
        struct Registering(Arc<Conn>);
        impl Drop for Registering {
            fn drop(&mut self) {
                self.0.registering.fetch_sub(1, Ordering::SeqCst);
                self.0.handlers_changed.notify_waiters();
            }
        }
        let conn = self.inner.conn.clone();
        conn.registering.fetch_add(1, Ordering::SeqCst);
        let _registering = Registering(conn.clone());
        let handler: Handler = Arc::new(move |params| Box::pin(handler(params)));
        let result: RegisterHookResult = self.request(methods::REGISTER_HOOK, Some(&params)).await?;
        conn.handlers.lock().unwrap().insert(result.hook_id.clone(), handler);
        Ok(result.hook_id)
    }

    /// Removes a programmatic hook; returns whether hookd had it.
    pub async fn unregister_hook(&self, hook_id: &str) -> Result<bool> {
        let params = UnregisterHookParams { hook_id: hook_id.into(), other: JsonObject::new() };
        let result: UnregisterHookResult = self.request(methods::UNREGISTER_HOOK, Some(&params)).await?;
        self.inner.conn.handlers.lock().unwrap().remove(hook_id);
        Ok(result.removed)
    }

    /// Validates and runs one handler (as written in the dialect's config) on a synthetic or given payload.
    pub async fn dry_run(&self, params: &DryRunParams) -> Result<DryRunResult> {
        self.request(methods::DRY_RUN, Some(params)).await
    }

    /// Opens a run: events carrying `run_id` use the configuration current now.
    pub async fn begin_run(&self, run_id: &str) -> Result<BeginRunResult> {
        let params = BeginRunParams { run_id: run_id.into(), ..Default::default() };
        self.request(methods::BEGIN_RUN, Some(&params)).await
    }

    /// Closes a run; returns whether it was open.
    pub async fn end_run(&self, run_id: &str) -> Result<bool> {
        let params = EndRunParams { run_id: run_id.into(), other: JsonObject::new() };
        let result: EndRunResult = self.request(methods::END_RUN, Some(&params)).await?;
        Ok(result.ended)
    }

    pub async fn trust_list(&self) -> Result<TrustListResult> {
        self.request::<(), _>(methods::TRUST_LIST, None).await
    }

    pub async fn trust_set(&self, params: &SetTrustParams) -> Result<SetTrustResult> {
        self.request(methods::TRUST_SET, Some(params)).await
    }

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

#[allow(dead_code)]
const _ASSERT_SEND: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Hookd>();
    send_sync::<Canceller>();
};
