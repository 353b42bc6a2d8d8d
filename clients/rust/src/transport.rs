//! Transport: the JSON-RPC 2.0 envelope, NDJSON framing (a cancel-safe line reader for messages of any size up
//! to a cap, and one writer task so lines never interleave), and spawning hookd with process hygiene: piped
//! stdio, `kill_on_drop`, its own process group, and on Linux a parent-death signal.
//!
//! Knows no hook vocabulary. [`RawConnection`] is this layer on its own: messages in, messages out, nothing
//! answered automatically (used to replay the golden fixtures).

use crate::protocol::{some_value, JsonObject};
use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader, BufWriter};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Default cap of one incoming message (hookd's own default for what it reads).
pub const DEFAULT_MAX_MESSAGE_BYTES: usize = 64 * 1024 * 1024;

// ── envelope ──────────────────────────────────────────────────────────────────────────────────────────

/// A JSON-RPC id. `Null` appears in answers to messages whose id could not be read (`-32700`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Id {
    Number(i64),
    String(String),
    Null,
}

impl Serialize for Id {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Id::Number(n) => s.serialize_i64(*n),
            Id::String(text) => s.serialize_str(text),
            Id::Null => s.serialize_unit(),
        }
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Null => Ok(Id::Null),
            Value::String(text) => Ok(Id::String(text)),
            Value::Number(n) => n.as_i64().map(Id::Number).ok_or_else(|| D::Error::custom("a JSON-RPC id must be an integer")),
            other => Err(D::Error::custom(format!("invalid JSON-RPC id {other}"))),
        }
    }
}

/// The `error` member of a JSON-RPC answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_value")]
    pub data: Option<Value>,
    #[serde(flatten)]
    pub other: JsonObject,
}

impl RpcError {
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        RpcError { code, message: message.into(), data: None, other: JsonObject::new() }
    }
}

/// One JSON-RPC message, in either direction. `params` and `result` are kept as JSON; the typed shapes
/// are in [`crate::protocol`]. An absent `params` stays absent and `"result": null` stays `null`.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Request { id: Id, method: String, params: Option<Value> },
    Notification { method: String, params: Option<Value> },
    Response { id: Id, result: Result<Value, RpcError> },
}

impl Message {
    pub fn method(&self) -> Option<&str> {
        match self {
            Message::Request { method, .. } | Message::Notification { method, .. } => Some(method),
            Message::Response { .. } => None,
        }
    }
    pub fn id(&self) -> Option<&Id> {
        match self {
            Message::Request { id, .. } | Message::Response { id, .. } => Some(id),
            Message::Notification { .. } => None,
        }
    }
    /// Parses one message from its JSON text.
    pub fn from_slice(bytes: &[u8]) -> serde_json::Result<Message> {
        serde_json::from_slice(bytes)
    }
    /// The message as one NDJSON line (with the trailing newline).
    pub fn to_line(&self) -> serde_json::Result<Vec<u8>> {
        let mut line = serde_json::to_vec(self)?;
        line.push(b'\n');
        Ok(line)
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("jsonrpc", "2.0")?;
        match self {
            Message::Request { id, method, params } => {
                map.serialize_entry("id", id)?;
                map.serialize_entry("method", method)?;
                if let Some(params) = params {
                    map.serialize_entry("params", params)?;
                }
            }
            Message::Notification { method, params } => {
                map.serialize_entry("method", method)?;
                if let Some(params) = params {
                    map.serialize_entry("params", params)?;
                }
            }
            Message::Response { id, result } => {
                map.serialize_entry("id", id)?;
                match result {
                    Ok(result) => map.serialize_entry("result", result)?,
                    Err(error) => map.serialize_entry("error", error)?,
                }
            }
        }
        map.end()
    }
}

#[derive(Deserialize)]
struct WireMessage {
    #[serde(default, deserialize_with = "some_id")]
    id: Option<Id>,
    #[serde(default)]
    method: Option<String>,
    #[serde(default, deserialize_with = "some_value")]
    params: Option<Value>,
    #[serde(default, deserialize_with = "some_value")]
    result: Option<Value>,
    #[serde(default)]
    error: Option<RpcError>,
}

fn some_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Id>, D::Error> {
    Id::deserialize(d).map(Some)
}

impl<'de> Deserialize<'de> for Message {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let wire = WireMessage::deserialize(d)?;
        match (wire.method, wire.id) {
            (Some(method), Some(id)) => Ok(Message::Request { id, method, params: wire.params }),
            (Some(method), None) => Ok(Message::Notification { method, params: wire.params }),
            (None, id) => {
                let id = id.unwrap_or(Id::Null);
                match (wire.result, wire.error) {
                    (_, Some(error)) => Ok(Message::Response { id, result: Err(error) }),
                    (Some(result), None) => Ok(Message::Response { id, result: Ok(result) }),
                    (None, None) => Err(D::Error::custom("not a JSON-RPC message: no method, result or error")),
                }
            }
        }
    }
}

// ── framing ───────────────────────────────────────────────────────────────────────────────────────────

/// Reads NDJSON messages: one per line, `\n` terminated (`\r\n` accepted, blank lines skipped), any length up
/// to `max` bytes. Cancel-safe: a partly read line is kept across calls, so `read_line` may be raced against a
/// timeout.
pub struct LineReader<R> {
    inner: BufReader<R>,
    max: usize,
    partial: Vec<u8>,
}

impl<R: AsyncRead + Unpin> LineReader<R> {
    pub fn new(reader: R, max: usize) -> Self {
        LineReader { inner: BufReader::with_capacity(256 * 1024, reader), max, partial: Vec::new() }
    }

    /// The next non-blank line without its terminator; `None` at end of input. A line over the cap is an
    /// `InvalidData` error (the stream is then unusable).
    pub async fn read_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        loop {
            let available = self.inner.fill_buf().await?;
            if available.is_empty() {
                if self.partial.iter().all(u8::is_ascii_whitespace) {
                    self.partial.clear();
                    return Ok(None);
                }
                return Ok(Some(std::mem::take(&mut self.partial)));
            }
            let (chunk, consumed, complete) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            if self.partial.len() + chunk.len() > self.max {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("a message from hookd is larger than {} bytes", self.max),
                ));
            }
            self.partial.extend_from_slice(chunk);
            self.inner.consume(consumed);
            if complete {
                if self.partial.last() == Some(&b'\r') {
                    self.partial.pop();
                }
                if self.partial.iter().all(u8::is_ascii_whitespace) {
                    self.partial.clear();
                    continue;
                }
                return Ok(Some(std::mem::take(&mut self.partial)));
            }
        }
    }
}

/// What the writer task is asked to do.
pub(crate) enum Outgoing {
    /// One complete NDJSON line (newline included).
    Line(Vec<u8>),
    /// Flush and close hookd's stdin (EOF: hookd kills every hook tree and exits).
    Close,
}

/// The one task that writes to hookd's stdin; lines are written whole, in the order sent, and flushed when
/// nothing else is queued. Ends (closing stdin) on `Close`, when every sender is gone, or on a write error.
pub(crate) fn spawn_writer(stdin: ChildStdin) -> (mpsc::UnboundedSender<Outgoing>, JoinHandle<()>) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
    let task = tokio::spawn(async move {
        let mut out = BufWriter::with_capacity(64 * 1024, stdin);
        'outer: while let Some(first) = rx.recv().await {
            let mut next = Some(first);
            while let Some(item) = next.take() {
                match item {
                    Outgoing::Line(line) => {
                        if out.write_all(&line).await.is_err() {
                            break 'outer;
                        }
                    }
                    Outgoing::Close => break 'outer,
                }
                next = rx.try_recv().ok();
            }
            if out.flush().await.is_err() {
                break;
            }
        }
        let _ = out.flush().await;
        let _ = out.shutdown().await;
        rx.close();
    });
    (tx, task)
}

// ── process ───────────────────────────────────────────────────────────────────────────────────────────

/// What to do with hookd's stderr (its log).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StderrMode {
    /// Keep the last 16 KiB (shown in `Error::Closed` and by `stderr_tail()`); the default.
    Capture,
    /// Share the agent's stderr.
    Inherit,
    /// Discard it.
    Null,
}

/// The last bytes hookd wrote to stderr.
#[derive(Clone, Default)]
pub(crate) struct StderrTail(Arc<Mutex<Vec<u8>>>);

const STDERR_TAIL_BYTES: usize = 16 * 1024;

impl StderrTail {
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
    fn push(&self, bytes: &[u8]) {
        let mut tail = self.0.lock().unwrap();
        tail.extend_from_slice(bytes);
        if tail.len() > STDERR_TAIL_BYTES {
            let cut = tail.len() - STDERR_TAIL_BYTES;
            tail.drain(..cut);
        }
    }
    fn collect(&self, mut stderr: tokio::process::ChildStderr) -> JoinHandle<()> {
        let tail = self.clone();
        tokio::spawn(async move {
            let mut buf = vec![0u8; 8192];
            while let Ok(n) = stderr.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                tail.push(&buf[..n]);
            }
        })
    }
}

/// How hookd is started. Built by [`crate::Builder`].
#[derive(Debug, Clone)]
pub struct SpawnConfig {
    pub program: OsString,
    pub args: Vec<OsString>,
    /// `(name, Some(value))` sets, `(name, None)` removes.
    pub env: Vec<(OsString, Option<OsString>)>,
    pub current_dir: Option<PathBuf>,
    pub stderr: StderrMode,
    /// Linux: hookd gets SIGTERM when the thread that spawned it exits (PR_SET_PDEATHSIG).
    pub parent_death_signal: bool,
    /// hookd gets its own process group, so a terminal's Ctrl-C (SIGINT to the agent's group) does not end it.
    pub own_process_group: bool,
    pub max_message_bytes: usize,
}

impl Default for SpawnConfig {
    fn default() -> Self {
        SpawnConfig {
            program: "hookd".into(),
            args: Vec::new(),
            env: Vec::new(),
            current_dir: None,
            stderr: StderrMode::Capture,
            parent_death_signal: true,
            own_process_group: true,
            max_message_bytes: DEFAULT_MAX_MESSAGE_BYTES,
        }
    }
}

/// A spawned hookd with its pipes.
pub(crate) struct Spawned {
    pub child: Child,
    pub stdin: ChildStdin,
    pub stdout: ChildStdout,
    pub stderr: StderrTail,
    pub stderr_task: Option<JoinHandle<()>>,
}

impl SpawnConfig {
    pub(crate) fn spawn(&self) -> io::Result<Spawned> {
        let mut command = Command::new(&self.program);
        command.args(&self.args).stdin(Stdio::piped()).stdout(Stdio::piped()).kill_on_drop(true);
        command.stderr(match self.stderr {
            StderrMode::Capture => Stdio::piped(),
            StderrMode::Inherit => Stdio::inherit(),
            StderrMode::Null => Stdio::null(),
        });
        for (name, value) in &self.env {
            match value {
                Some(value) => command.env(name, value),
                None => command.env_remove(name),
            };
        }
        if let Some(dir) = &self.current_dir {
            command.current_dir(dir);
        }
        #[cfg(unix)]
        if self.own_process_group {
            command.process_group(0);
        }
        #[cfg(target_os = "linux")]
        if self.parent_death_signal {
            set_parent_death_signal(&mut command);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().ok_or_else(|| io::Error::other("hookd's stdin is not piped"))?;
        let stdout = child.stdout.take().ok_or_else(|| io::Error::other("hookd's stdout is not piped"))?;
        let tail = StderrTail::default();
        let stderr_task = child.stderr.take().map(|stderr| tail.collect(stderr));
        Ok(Spawned { child, stdin, stdout, stderr: tail, stderr_task })
    }
}

/// PR_SET_PDEATHSIG = SIGTERM in the child, between fork and exec; then make sure the parent did not die
/// before that (the signal would never come).
#[cfg(target_os = "linux")]
fn set_parent_death_signal(command: &mut Command) {
    // SAFETY: getpid before the fork; in the child only async-signal-safe calls (prctl, getppid) and no allocation.
    let parent = unsafe { libc::getpid() };
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM as libc::c_ulong, 0, 0, 0) != 0 {
                return Err(io::Error::last_os_error());
            }
            if libc::getppid() != parent {
                return Err(io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// Waits up to `grace` for the child to exit, then kills it; returns its status.
pub(crate) async fn reap(child: &mut Child, grace: Duration) -> io::Result<ExitStatus> {
    match tokio::time::timeout(grace, child.wait()).await {
        Ok(status) => status,
        Err(_) => {
            let _ = child.start_kill();
            child.wait().await
        }
    }
}

// ── raw connection ────────────────────────────────────────────────────────────────────────────────────

/// hookd with its pipes and nothing on top: send messages or raw text, read messages as they come. Nothing is
/// answered automatically (server requests included); no ids are assigned. Dropping it kills hookd.
pub struct RawConnection {
    child: Child,
    stdin: Option<BufWriter<ChildStdin>>,
    reader: LineReader<ChildStdout>,
    stderr: StderrTail,
}

impl RawConnection {
    pub(crate) fn start(config: &SpawnConfig) -> io::Result<RawConnection> {
        let spawned = config.spawn()?;
        Ok(RawConnection {
            child: spawned.child,
            stdin: Some(BufWriter::new(spawned.stdin)),
            reader: LineReader::new(spawned.stdout, config.max_message_bytes),
            stderr: spawned.stderr,
        })
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Writes one message as an NDJSON line.
    pub async fn send(&mut self, message: &Message) -> io::Result<()> {
        let line = message.to_line().map_err(io::Error::other)?;
        self.send_raw(&line).await
    }

    /// Writes these bytes exactly (e.g. malformed JSON).
    pub async fn send_raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin is closed"))?;
        stdin.write_all(bytes).await?;
        stdin.flush().await
    }

    /// The next message as JSON; `None` when hookd closed its stdout. Cancel-safe.
    pub async fn recv_value(&mut self) -> io::Result<Option<Value>> {
        match self.reader.read_line().await? {
            Some(line) => serde_json::from_slice(&line).map(Some).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e)),
            None => Ok(None),
        }
    }

    /// The next message; `None` when hookd closed its stdout. Cancel-safe.
    pub async fn recv(&mut self) -> io::Result<Option<Message>> {
        match self.reader.read_line().await? {
            Some(line) => Message::from_slice(&line).map(Some).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e)),
            None => Ok(None),
        }
    }

    /// Closes hookd's stdin (EOF).
    pub async fn close_stdin(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.shutdown().await;
        }
    }

    /// Closes stdin, waits up to `grace` for hookd to exit, then kills it.
    pub async fn close(mut self, grace: Duration) -> io::Result<ExitStatus> {
        self.close_stdin().await;
        reap(&mut self.child, grace).await
    }

    /// What hookd wrote to stderr lately (with `StderrMode::Capture`).
    pub fn stderr_tail(&self) -> String {
        self.stderr.text()
    }

}
