//! The reader task: routes every message hookd writes (answers, server requests, notifications) and fails
//! what still waits when hookd's output ends. Does not run hook handlers itself (see `server_requests`).

use crate::protocol::*;
use crate::transport::{Id, LineReader, Message, RpcError};
use std::sync::Arc;
use std::time::Duration;
use tokio::process::ChildStdout;
use tokio::task::JoinHandle;
use super::conn::Conn;
use super::discovery::is_protocol_line;
use std::sync::atomic::Ordering;
use super::notifications::ServerNotification;
use super::server_requests::{approve, ask_tool_approval, call_mcp_tool, invoke, judge};

/// Routes every message hookd writes; on end of output (or an unreadable stream) fails what still waits.
pub(super) async fn read_loop(conn: Arc<Conn>, mut reader: LineReader<ChildStdout>, stderr_task: Option<JoinHandle<()>>) {
    let reason = loop {
        match reader.read_line().await {
            Ok(Some(line)) => {
                if conn.awaiting_first_answer.load(Ordering::Acquire) && !is_protocol_line(&line) {
                    *conn.foreign_output.lock().unwrap() = Some(String::from_utf8_lossy(&line).into_owned());
                    break "the program printed output that is not JSON-RPC".to_owned();
                }
                match Message::from_slice(&line) {
                    Ok(message) => {
                        if matches!(message, Message::Response { .. }) {
                            conn.awaiting_first_answer.store(false, Ordering::Release);
                        }
                        dispatch(&conn, message)
                    }
                    Err(_) => continue, // not JSON-RPC: nothing can be routed
                }
            }
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
            } else if method == methods::JUDGE {
                judge(conn, id, params);
            } else if method == methods::CALL_MCP_TOOL {
                call_mcp_tool(conn, id, params);
            } else if method == methods::APPROVE {
                approve(conn, id, params);
            } else if method == methods::ASK_TOOL_APPROVAL {
                ask_tool_approval(conn, id, params);
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
                methods::REVIEW_WARNINGS => match params.as_ref().map(|p| serde_json::from_value::<ReviewWarningsParams>(p.clone())) {
                    Some(Ok(warnings)) => ServerNotification::ReviewWarnings(warnings),
                    _ => ServerNotification::Other { method, params },
                },
                _ => ServerNotification::Other { method, params },
            };
            conn.notify_all(notification);
        }
    }
}
