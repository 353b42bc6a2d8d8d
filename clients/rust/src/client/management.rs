//! [`Hookd`]'s management methods: ping, hooks list/reload, session cancel, programmatic hooks, dry run, runs, trust.
//! Typed calls only; every decision is hookd's.

use crate::error::Result;
use crate::protocol::*;
use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use super::conn::{Conn, Handler};
use super::hookd::Hookd;

impl Hookd {
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

    /// Every hook with its trust review state (key, status, current hash, enabled, managed, runnable), the
    /// discovery diagnostics and the startup warnings (`review/list`).
    pub async fn review_list(&self) -> Result<ReviewListing> {
        self.request::<(), _>(methods::REVIEW_LIST, None).await
    }

    /// Trusts the hook with this review key for its current hash (persisted; a disabled hook is enabled again).
    pub async fn review_trust(&self, key: &str) -> Result<ReviewListing> {
        self.review_action(methods::REVIEW_TRUST, key).await
    }

    /// Disables the hook (persisted): it never runs, not even under the bypass. Managed: `ReviewNotAllowed` (-32012).
    pub async fn review_disable(&self, key: &str) -> Result<ReviewListing> {
        self.review_action(methods::REVIEW_DISABLE, key).await
    }

    /// Enables a disabled hook again (persisted); it runs once trusted.
    pub async fn review_enable(&self, key: &str) -> Result<ReviewListing> {
        self.review_action(methods::REVIEW_ENABLE, key).await
    }

    /// `review/revoke` (persisted): the trusted hash is removed (enabled kept), so the hook is skipped until trusted
    /// again; a row trusted per file has its key untrusted. Managed hooks: -32012.
    pub async fn review_revoke(&self, key: &str) -> Result<ReviewListing> {
        self.review_action(methods::REVIEW_REVOKE, key).await
    }

    async fn review_action(&self, method: &str, key: &str) -> Result<ReviewListing> {
        let params = ReviewKeyParams { key: key.into(), other: JsonObject::new() };
        self.request(method, Some(&params)).await
    }

    pub async fn trust_list(&self) -> Result<TrustListResult> {
        self.request::<(), _>(methods::TRUST_LIST, None).await
    }

    pub async fn trust_set(&self, params: &SetTrustParams) -> Result<SetTrustResult> {
        self.request(methods::TRUST_SET, Some(params)).await
    }
}
