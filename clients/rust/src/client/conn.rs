//! The connection state shared by every handle and task: waiting requests, sending lines, cancelling,
//! subscribers. No routing of incoming messages (the reader's) and no public API.

use crate::error::{Error, Result};
use crate::protocol::*;
use crate::transport::{Id, Message, Outgoing, RpcError, StderrTail};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, Notify};
use tokio::task::AbortHandle;
use super::notifications::ServerNotification;

pub(super) type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;
pub(super) type Handler = Arc<dyn Fn(InvokeHookParams) -> BoxFuture<InvokeHookResult> + Send + Sync>;
pub(super) type JudgeHandler = Arc<dyn Fn(JudgeParams) -> BoxFuture<JudgeResult> + Send + Sync>;
pub(super) type McpToolHandler = Arc<dyn Fn(CallMcpToolParams) -> BoxFuture<CallMcpToolResult> + Send + Sync>;
pub(super) type ApprovalHandler = Arc<dyn Fn(ApproveHookParams) -> BoxFuture<ApprovalAnswer> + Send + Sync>;
pub(super) type ToolApprovalHandler = Arc<dyn Fn(AskToolApprovalParams) -> BoxFuture<ToolApprovalAnswer> + Send + Sync>;
pub(super) type Callback = Arc<dyn Fn(&ServerNotification) + Send + Sync>;
pub(super) type Answer = std::result::Result<Value, RpcError>;

pub(super) struct State {
    pub(super) pending: HashMap<i64, oneshot::Sender<Answer>>,
    pub(super) closed: Option<String>,
}

pub(super) struct Conn {
    pub(super) out: mpsc::UnboundedSender<Outgoing>,
    pub(super) state: Mutex<State>,
    pub(super) next_id: AtomicI64,
    pub(super) handlers: Mutex<HashMap<String, Handler>>,
    /// `hooks/register` requests in flight: an invoke for an unknown hook waits for them.
    pub(super) registering: AtomicUsize,
    pub(super) handlers_changed: Notify,
    /// Server requests being handled, by id, to abort on hookd's `$/cancelRequest`.
    pub(super) server_requests: Mutex<HashMap<Id, AbortHandle>>,
    pub(super) subscribers: Mutex<Vec<mpsc::UnboundedSender<ServerNotification>>>,
    pub(super) callbacks: Vec<Callback>,
    /// Answers `hooks/judge` (set with `Builder::on_judge`, which declares `capabilities.modelJudge`).
    pub(super) judge: Option<JudgeHandler>,
    /// Answers `hooks/callMcpTool` (set with `Builder::on_call_mcp_tool`, which declares `capabilities.mcpTools`).
    pub(super) mcp_tool: Option<McpToolHandler>,
    /// Answers `hooks/approve` (set with `Builder::on_approve`, which declares `capabilities.hookApproval`).
    pub(super) approve: Option<ApprovalHandler>,
    /// Answers `hooks/askToolApproval` (set with `Builder::on_tool_approval`, which declares `capabilities.toolApproval`).
    pub(super) tool_approval: Option<ToolApprovalHandler>,
    pub(super) stderr: StderrTail,
    pub(super) request_timeout: Option<Duration>,
    /// Until the first answer is read, a line that is not JSON-RPC means the program is not hookd.
    pub(super) awaiting_first_answer: AtomicBool,
    /// That line, when one came (the reader then stops and initialize fails at once).
    pub(super) foreign_output: Mutex<Option<String>>,
}

impl Conn {
    pub(super) fn closed_error(&self) -> Error {
        let reason = self.state.lock().unwrap().closed.clone().unwrap_or_else(|| "the client closed it".into());
        Error::Closed { reason }
    }

    pub(super) fn send_line(&self, line: Vec<u8>) -> Result<()> {
        self.out.send(Outgoing::Line(line)).map_err(|_| self.closed_error())
    }

    pub(super) fn send_message(&self, message: &Message) -> Result<()> {
        self.send_line(message.to_line()?)
    }

    pub(super) fn start<P: Serialize + ?Sized>(&self, method: &str, params: Option<&P>) -> Result<(i64, oneshot::Receiver<Answer>)> {
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

    pub(super) fn send_cancel(&self, id: i64) {
        let message = Message::Notification {
            method: methods::CANCEL_REQUEST.into(),
            params: Some(serde_json::json!({ "id": id })),
        };
        let _ = self.send_message(&message);
    }

    /// Stops waiting for `id`; if it was still unanswered, tells hookd to cancel it.
    pub(super) fn abandon(&self, id: i64) {
        let was_pending = self.state.lock().unwrap().pending.remove(&id).is_some();
        if was_pending {
            self.send_cancel(id);
        }
    }

    pub(super) fn close_writer(&self) {
        let _ = self.out.send(Outgoing::Close);
    }

    pub(super) fn notify_all(&self, notification: ServerNotification) {
        for callback in &self.callbacks {
            callback(&notification);
        }
        let mut subscribers = self.subscribers.lock().unwrap();
        subscribers.retain(|tx| tx.send(notification.clone()).is_ok());
    }
}
