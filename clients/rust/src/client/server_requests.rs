//! Server → client requests: runs the registered programmatic hook handler for `hooks/invoke`, and the agent's
//! `hooks/judge`, `hooks/callMcpTool` and `hooks/approve` handlers, each in its own task, and answers it. No hook
//! logic of its own.

use crate::protocol::*;
use crate::transport::{Id, Message, RpcError};
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use super::conn::{BoxFuture, Conn, Handler};
use serde::{de::DeserializeOwned, Serialize};

impl Conn {
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

/// Runs the registered handler for one `hooks/invoke` in its own task and answers it: the result, `-32602`
/// for params that do not parse, `-32601` when no handler is registered for the hook, `-32603` when the handler
/// panicked, `-32800` when hookd cancelled it.
pub(super) fn invoke(conn: &Arc<Conn>, id: Id, params: Option<Value>) {
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

/// Runs the agent's `hooks/judge` handler in its own task and answers it (as `invoke` does: `-32602` for params that
/// do not parse, `-32601` without a handler, `-32800` when hookd cancelled it); an answer of the wrong form (a
/// verdict to a text request, or the reverse) is `-32603` naming the form asked for.
pub(super) fn judge(conn: &Arc<Conn>, id: Id, params: Option<Value>) {
    let handler = conn.judge.clone();
    serve(
        conn,
        id,
        params,
        methods::JUDGE,
        handler.map(|h| {
            move |p: JudgeParams| -> BoxFuture<std::result::Result<JudgeResult, RpcError>> {
                let answer = h(p.clone());
                Box::pin(async move {
                    let answer = answer.await;
                    match answer.mismatch(&p) {
                        Some(why) => Err(RpcError::new(error_codes::INTERNAL_ERROR, why)),
                        None => Ok(answer),
                    }
                })
            }
        }),
    );
}

/// Runs the agent's `hooks/callMcpTool` handler in its own task and answers it.
pub(super) fn call_mcp_tool(conn: &Arc<Conn>, id: Id, params: Option<Value>) {
    let handler = conn.mcp_tool.clone();
    serve(
        conn,
        id,
        params,
        methods::CALL_MCP_TOOL,
        handler.map(|h| {
            move |p: CallMcpToolParams| -> BoxFuture<std::result::Result<CallMcpToolResult, RpcError>> {
                let answer = h(p);
                Box::pin(async move { Ok(answer.await) })
            }
        }),
    );
}

/// Runs the agent's `hooks/approve` handler in its own task and answers `{answer}`; an answer this crate does not
/// know (`ApprovalAnswer::Other`) is `-32603`, never sent as given.
pub(super) fn approve(conn: &Arc<Conn>, id: Id, params: Option<Value>) {
    let handler = conn.approve.clone();
    serve(
        conn,
        id,
        params,
        methods::APPROVE,
        handler.map(|h| {
            move |p: ApproveHookParams| -> BoxFuture<std::result::Result<ApproveHookResult, RpcError>> {
                let answer = h(p);
                Box::pin(async move {
                    match answer.await {
                        ApprovalAnswer::Other(text) => Err(RpcError::new(
                            error_codes::INTERNAL_ERROR,
                            format!("an approval handler answers once, session, project or deny, not {text:?}"),
                        )),
                        answer => Ok(ApproveHookResult::from(answer)),
                    }
                })
            }
        }),
    );
}

/// Runs the agent's `hooks/askToolApproval` handler in its own task and answers `{answer}`; an answer this crate does
/// not know (`ToolApprovalAnswer::Other`) is `-32603`, never sent as given (hookd then denies: fail-closed).
pub(super) fn ask_tool_approval(conn: &Arc<Conn>, id: Id, params: Option<Value>) {
    let handler = conn.tool_approval.clone();
    serve(
        conn,
        id,
        params,
        methods::ASK_TOOL_APPROVAL,
        handler.map(|h| {
            move |p: AskToolApprovalParams| -> BoxFuture<std::result::Result<AskToolApprovalResult, RpcError>> {
                let answer = h(p);
                Box::pin(async move {
                    match answer.await {
                        ToolApprovalAnswer::Other(text) => Err(RpcError::new(
                            error_codes::INTERNAL_ERROR,
                            format!("a tool approval handler answers allow or deny, not {text:?}"),
                        )),
                        answer => Ok(AskToolApprovalResult::from(answer)),
                    }
                })
            }
        }),
    );
}

fn serve<P, R, F>(conn: &Arc<Conn>, id: Id, params: Option<Value>, method: &'static str, handler: Option<F>)
where
    P: DeserializeOwned + Send + 'static,
    R: Serialize + Send + 'static,
    F: Fn(P) -> BoxFuture<std::result::Result<R, RpcError>> + Send + 'static,
{
    let Some(handler) = handler else {
        let error = RpcError::new(error_codes::METHOD_NOT_FOUND, format!("this client has no handler for {method}"));
        let _ = conn.send_message(&Message::Response { id, result: Err(error) });
        return;
    };
    let params = match serde_json::from_value::<P>(params.unwrap_or(Value::Null)) {
        Ok(params) => params,
        Err(error) => {
            let error = RpcError::new(error_codes::INVALID_PARAMS, format!("invalid {method} params: {error}"));
            let _ = conn.send_message(&Message::Response { id, result: Err(error) });
            return;
        }
    };
    let mut server_requests = conn.server_requests.lock().unwrap();
    let work = tokio::spawn(handler(params));
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
            Err(_) => Err(RpcError::new(error_codes::INTERNAL_ERROR, format!("the {method} handler panicked"))),
        };
        let _ = conn.send_message(&Message::Response { id, result });
    });
}
