//! [`Pending`]: a sent request awaiting its answer, with drop-guard cancellation and timeouts; [`Canceller`].
//! Waiting only; sending is the connection's.

use crate::error::{Error, Result};
use serde::de::DeserializeOwned;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::{Arc, Weak};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::time::Sleep;
use super::conn::{Answer, Conn};

/// A request that was sent and waits for its answer; a future of `Result<R>`. Dropping it before the answer
/// cancels the request (`$/cancelRequest`); [`Pending::cancel`] cancels it and keeps waiting, so that the
/// answer (`Error::Cancelled` with the partial runs) is still delivered.
#[must_use = "a request is cancelled when its Pending is dropped"]
pub struct Pending<R> {
    pub(super) id: i64,
    pub(super) rx: oneshot::Receiver<Answer>,
    pub(super) conn: Arc<Conn>,
    pub(super) armed: bool,
    pub(super) deadline: Option<Pin<Box<Sleep>>>,
    pub(super) _result: PhantomData<fn() -> R>,
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
