//! [`Builder`]: hookd's process settings and `initialize` params, then spawning and initializing it.
//! Configuration and start-up only; requests are the client's.

use crate::error::{Error, Result};
use crate::protocol::*;
use crate::transport::{spawn_writer, LineReader, RawConnection, SpawnConfig, StderrMode};
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use super::conn::{ApprovalHandler, Callback, Conn, JudgeHandler, McpToolHandler, State, ToolApprovalHandler};
use super::discovery::{find, quote, wrong_server_name, Explicit, Found};
use super::hookd::{Hookd, Inner};
use super::notifications::ServerNotification;
use super::reader::read_loop;

/// Configures and spawns hookd: `Hookd::builder().hookd_js(path).workspace(dir).spawn().await?`.
pub struct Builder {
    spawn: SpawnConfig,
    node: OsString,
    hookd_js: Option<PathBuf>,
    /// `command()` was called: run that program, no discovery.
    explicit_program: bool,
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
    judge: Option<JudgeHandler>,
    mcp_tool: Option<McpToolHandler>,
    approve: Option<ApprovalHandler>,
    tool_approval: Option<ToolApprovalHandler>,
    trust_workspace: Option<bool>,
    tools: Option<Vec<Tool>>,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            spawn: SpawnConfig::default(),
            node: "node".into(),
            hookd_js: None,
            explicit_program: false,
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
            judge: None,
            mcp_tool: None,
            approve: None,
            tool_approval: None,
            trust_workspace: None,
            tools: None,
        }
    }
}

impl Builder {
    /// Run this program (a path, or a name looked up on `PATH`). Without it (or [`Builder::hookd_js`]) the
    /// sidecar is `$HOOKD_BIN`, else `hookd-sidecar` on `PATH`, else `hookd` on `PATH`; whichever runs must answer
    /// `initialize` as `serverInfo.name == "hookd"` (else [`Error::NotTheSidecar`]).
    pub fn command(mut self, program: impl Into<OsString>) -> Self {
        self.spawn.program = program.into();
        self.explicit_program = true;
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
    /// Called on the reader task for every `hooks/reviewWarnings` (pbi: once after initialize, again when a reload
    /// changes them): hooks that stay skipped until reviewed, or the dangerous bypass notice.
    pub fn on_review_warnings(mut self, f: impl Fn(&ReviewWarningsParams) + Send + Sync + 'static) -> Self {
        self.callbacks.push(Arc::new(move |n| {
            if let ServerNotification::ReviewWarnings(w) = n {
                f(w)
            }
        }));
        self
    }
    /// Answers hookd's `hooks/judge` (Claude `prompt` and `agent` hooks, bonsai `llm_prompt`) with the agent's model,
    /// and declares `capabilities.modelJudge`: a verdict ([`JudgeResult::ok`], [`JudgeResult::not_ok`]), or for a
    /// request with `reply: "text"` ([`JudgeParams::wants_text`]) the model's reply, [`JudgeResult::text`]. An answer
    /// of the other form is refused here (an error answer: a failed run in hookd). The future is aborted when hookd
    /// cancels the request (timeout or cancelled event).
    pub fn on_judge<F, Fut>(mut self, handler: F) -> Self
    where
        F: Fn(JudgeParams) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = JudgeResult> + Send + 'static,
    {
        self.judge = Some(Arc::new(move |params| Box::pin(handler(params))));
        self
    }
    /// Answers hookd's `hooks/callMcpTool` (`mcp_tool` hooks) by calling the agent's MCP tool, and declares
    /// `capabilities.mcpTools`.
    pub fn on_call_mcp_tool<F, Fut>(mut self, handler: F) -> Self
    where
        F: Fn(CallMcpToolParams) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = CallMcpToolResult> + Send + 'static,
    {
        self.mcp_tool = Some(Arc::new(move |params| Box::pin(handler(params))));
        self
    }
    /// Answers hookd's `hooks/approve` (a hook that needs approval before it first runs, e.g. a bonsai project hook
    /// with a shell or http action: show `summary`, its command or URL) with once / session / project / deny, and
    /// declares `capabilities.hookApproval`. hookd asks once per configuration load and serves events meanwhile:
    /// until answered the hook does not fire. The future is aborted when hookd cancels the request (shutdown).
    pub fn on_approve<F, Fut>(mut self, handler: F) -> Self
    where
        F: Fn(ApproveHookParams) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = ApprovalAnswer> + Send + 'static,
    {
        self.approve = Some(Arc::new(move |params| Box::pin(handler(params))));
        self
    }
    /// Answers hookd's `hooks/askToolApproval` (a hook asked for approval of a tool call; wamp: show ONE card with
    /// `reason` and only Allow and Deny) with [`ToolApprovalAnswer::Allow`] or [`ToolApprovalAnswer::Deny`], and
    /// declares `capabilities.toolApproval`. The event's result then follows the answer (allow: decision `none` and
    /// `approval.answer`; deny: a binding deny); an error answer denies (fail-closed). hookd never asks for an
    /// unattended run. The future is aborted when the event is cancelled.
    pub fn on_tool_approval<F, Fut>(mut self, handler: F) -> Self
    where
        F: Fn(AskToolApprovalParams) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = ToolApprovalAnswer> + Send + 'static,
    {
        self.tool_approval = Some(Arc::new(move |params| Box::pin(handler(params))));
        self
    }
    /// `options.trustWorkspace` (wamp): the session trusts its own workspace (a Cloud session), so the project's
    /// hooks run as in a trusted project without `trust/set`. Merged into [`Builder::options`].
    pub fn trust_workspace(mut self, trusted: bool) -> Self {
        self.trust_workspace = Some(trusted);
        self
    }
    /// The agent's tools (`initialize` `tools`): names (`"Read"`) or [`ToolDeclaration`]s with a kind, so that a
    /// shell tool's calls also fire PreBash/PostBash and a file-writing tool's PreFileWrite/PostFileWrite.
    pub fn tools<T: Into<Tool>>(mut self, tools: impl IntoIterator<Item = T>) -> Self {
        self.tools = Some(tools.into_iter().map(Into::into).collect());
        self
    }
    /// Adds one tool declaration.
    pub fn tool(mut self, tool: impl Into<Tool>) -> Self {
        self.tools.get_or_insert_with(Vec::new).push(tool.into());
        self
    }
    /// Called on the reader task for every notification.
    pub fn on_notification(mut self, f: impl Fn(&ServerNotification) + Send + Sync + 'static) -> Self {
        self.callbacks.push(Arc::new(f));
        self
    }

    /// The program to run (see [`Builder::command`] for the order) and the process settings for it.
    fn spawn_config(&self) -> Result<(SpawnConfig, Found)> {
        let explicit = match &self.hookd_js {
            Some(script) => Some(Explicit::Script { node: self.node.clone(), script: script.clone() }),
            None if self.explicit_program => Some(Explicit::Program(self.spawn.program.clone())),
            None => None,
        };
        let found = find(explicit, &self.spawn.env)?;
        let mut config = self.spawn.clone();
        config.program = found.program.clone();
        config.args.splice(0..0, found.leading_args.iter().cloned());
        Ok((config, found))
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
                model_judge: self.judge.is_some().then_some(true),
                mcp_tools: self.mcp_tool.is_some().then_some(true),
                hook_approval: self.approve.is_some().then_some(true),
                tool_approval: self.tool_approval.is_some().then_some(true),
                other: JsonObject::new(),
            }),
            options: match (self.options.clone(), self.trust_workspace) {
                (options, None) => options,
                (options, Some(trusted)) => Some(ServerOptions { trust_workspace: Some(trusted), ..options.unwrap_or_default() }),
            },
            tools: self.tools.clone(),
            other: JsonObject::new(),
        })
    }

    /// Spawns hookd and sends `initialize`; its result is [`Hookd::initialize_result`].
    pub async fn spawn(self) -> Result<Hookd> {
        let params = self.initialize_params()?;
        let (config, found) = self.spawn_config()?;
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
            judge: self.judge,
            mcp_tool: self.mcp_tool,
            approve: self.approve,
            tool_approval: self.tool_approval,
            stderr: spawned.stderr,
            request_timeout: self.request_timeout,
            awaiting_first_answer: AtomicBool::new(true),
            foreign_output: Mutex::new(None),
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
                sidecar: (found.path.clone(), found.origin),
                _tasks: vec![writer, reader],
            }),
        };
        let answer: Result<serde_json::Value> =
            hookd.start_request(methods::INITIALIZE, Some(&params))?.timeout(self.startup_timeout).await;
        let wrong = match &answer {
            Ok(result) => wrong_server_name(result),
            Err(Error::Timeout) => Some(format!("it did not answer initialize within {} s", self.startup_timeout.as_secs_f64())),
            Err(Error::Closed { .. }) => match hookd.inner.conn.foreign_output.lock().unwrap().clone() {
                Some(line) => Some(format!("it printed {} instead of a JSON-RPC answer to initialize", quote(&line))),
                None => Some(String::new()), // exited: the message needs its exit status
            },
            Err(_) => None, // a JSON-RPC error answer: hookd refused the params
        };
        if let Some(got) = wrong {
            return Err(reject(&hookd, &found, got, config.own_process_group).await);
        }
        let init: InitializeResult = serde_json::from_value(answer?)?;
        Arc::get_mut(&mut hookd.inner).expect("no other handle yet").init = init;
        Ok(hookd)
    }

    /// Spawns hookd with the same process settings and nothing on top (no `initialize`, nothing answered).
    pub fn spawn_raw(self) -> std::io::Result<RawConnection> {
        let (config, _) = self.spawn_config().map_err(|error| match error {
            Error::Io(error) => error,
            other => std::io::Error::new(std::io::ErrorKind::NotFound, other.to_string()),
        })?;
        RawConnection::start(&config)
    }
}

/// Kills and reaps the program that turned out not to be hookd (SIGTERM, a second's grace, SIGKILL; its process
/// group too when it has its own); the error names it and what it did (`got` empty: it exited by itself).
async fn reject(hookd: &Hookd, found: &Found, got: String, own_group: bool) -> Error {
    let child = hookd.inner.child.lock().unwrap().take();
    let mut status = None;
    if let Some(mut child) = child {
        #[cfg(unix)]
        if let Some(pid) = child.id() {
            let target = if own_group { -(pid as i32) } else { pid as i32 };
            // SAFETY: a plain kill(2) of the process (group) this client spawned and has not reaped yet.
            unsafe { libc::kill(target, libc::SIGTERM) };
        }
        status = crate::transport::reap(&mut child, Duration::from_secs(1)).await.ok();
        #[cfg(unix)]
        if own_group {
            if let Some(pid) = hookd.inner.pid {
                // SAFETY: as above; the group is gone or holds only what the program left behind.
                unsafe { libc::kill(-(pid as i32), libc::SIGKILL) };
            }
        }
    }
    hookd.inner.conn.close_writer();
    let got = if got.is_empty() {
        let code = status.and_then(|status| status.code()).map(|code| format!(" with code {code}")).unwrap_or_default();
        let tail = hookd.inner.conn.stderr.text();
        let tail = tail.trim();
        let start = tail.char_indices().rev().nth(300).map(|(i, _)| i).unwrap_or(0);
        let stderr = if tail.is_empty() { String::new() } else { format!("; its stderr ends with: {}", quote(&tail[start..])) };
        format!("it exited{code} before answering initialize{stderr}")
    } else {
        got
    };
    Error::NotTheSidecar { program: found.path.clone(), origin: found.origin.to_owned(), got }
}

fn path_text(path: &Path) -> Result<String> {
    path.to_str().map(str::to_owned).ok_or_else(|| {
        Error::Io(std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("not a UTF-8 path: {}", path.display())))
    })
}
