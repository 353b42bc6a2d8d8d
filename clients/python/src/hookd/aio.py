"""The asyncio client: spawns hookd, one reader task, requests as coroutines (cancelling the awaiting task
sends ``$/cancelRequest``), hookd's requests answered by tasks. Speaks the protocol only; no hook logic."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Mapping, Sequence
from typing import Any

from ._base import ClientBase, HookHandler, RequestHandler, log
from ._common import (
    DEFAULT,
    DEFAULT_MAX_MESSAGE_BYTES,
    REQUEST_CANCELLED_ANSWER,
    SessionLike,
    SourceLike,
    cancel_notification,
    child_env,
    compact,
    content_length,
    dumps,
    error_answer,
    frame,
    initialize_params,
    parent_death_preexec,
    result_type_of,
    runs_of,
    server_request_answer,
    wire,
)
from ._discovery import check_server_name, not_the_sidecar, quote_output
from ._methods import _Methods
from .errors import ConnectionClosed, HookdError, NotTheSidecar, RequestTimeout, TaskCancelled, error_from_wire
from .types import (
    BeginRunResult,
    Capabilities,
    CancelSessionResult,
    ClientInfo,
    DryRunResult,
    EndRunResult,
    EventParams,
    EventResult,
    InitializeResult,
    ListHooksResult,
    Model,
    PingResult,
    RegisterHookResult,
    ReloadResult,
    Response,
    ServerOptions,
    ReviewListing,
    SetTrustResult,
    TrustListResult,
    UnregisterHookResult,
    parse_message,
)

__all__ = ["AsyncClient", "aspawn"]

_AUTO: Any = object()
#: Room for the Content-Length header (or the newline) beyond hookd's message limit.
_FRAMING_SLACK = 1024
#: How much of a rejected program's stderr its error quotes.
_STDERR_QUOTE = 300


class _Pending:
    __slots__ = ("id", "method", "result_type", "on_result", "future", "cancel_sent")

    def __init__(
        self,
        request_id: int,
        method: str,
        result_type: type[Model] | None,
        on_result: Callable[[Any], None] | None,
        future: asyncio.Future[Any],
    ) -> None:
        self.id = request_id
        self.method = method
        self.result_type = result_type
        self.on_result = on_result
        self.future = future
        self.cancel_sent = False


class AsyncClient(ClientBase, _Methods[Coroutine[Any, Any, EventResult], Coroutine[Any, Any, EventResult | None]]):
    """A hookd sidecar and the asyncio connection to it.

    ``await AsyncClient.start(command, ...)`` starts the process; ``await initialize()`` (or ``hookd.aspawn``,
    which does both) must come first. ``async with`` it, or ``await aclose()``. Cancelling a task that awaits
    a request sends ``$/cancelRequest`` and raises ``TaskCancelled`` (an ``asyncio.CancelledError`` carrying
    hookd's partial ``runs``). Callbacks run on the event loop in wire order; a callback (or a hook handler)
    may be a coroutine function. A plain-function hook handler runs on the loop: keep it quick.

    ``max_message_bytes`` (default 64 MiB, hookd's own default) is the reader's line limit: asyncio's default
    of 64 KiB would break on large payloads.
    """

    def __init__(
        self,
        command: Sequence[str] | str | None = None,
        *,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
        **options: Any,
    ) -> None:
        super().__init__(command, **options)
        self.max_message_bytes = max_message_bytes
        self._proc: asyncio.subprocess.Process | None = None
        self._pending: dict[Any, _Pending] = {}
        self._serving: dict[Any, asyncio.Task[Any]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._reader_task: asyncio.Task[None] | None = None
        self._stderr_task: asyncio.Task[None] | None = None
        self._drain_lock = asyncio.Lock()
        self._eof = False
        self._closing = False
        self._closed = False
        self._close_task: asyncio.Future[int | None] | None = None

    @classmethod
    async def start(cls, command: Sequence[str] | str | None = None, **options: Any) -> AsyncClient:
        """Starts hookd (not initialized yet). Options as the constructor's."""
        client = cls(command, **options)
        await client._spawn()
        return client

    async def _spawn(self) -> None:
        stderr = self._stderr_option
        if stderr == "capture":
            stderr = asyncio.subprocess.PIPE
        elif stderr == "devnull":
            stderr = asyncio.subprocess.DEVNULL
        self._proc = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
            env=child_env(self.env),
            cwd=self.cwd,
            limit=self.max_message_bytes + _FRAMING_SLACK,
            preexec_fn=parent_death_preexec(self.die_with_parent),
        )
        self._reader_task = asyncio.get_running_loop().create_task(self._read_loop(), name="hookd-reader")
        if self.stderr_tail is not None and self._proc.stderr is not None:
            self._stderr_task = asyncio.get_running_loop().create_task(self._drain_stderr(self._proc.stderr), name="hookd-stderr")

    # ── process and transport ────────────────────────────────────────────────────────────────────────

    @property
    def pid(self) -> int:
        assert self._proc is not None
        return self._proc.pid

    @property
    def returncode(self) -> int | None:
        return self._proc.returncode if self._proc is not None else None

    @property
    def process(self) -> asyncio.subprocess.Process:
        assert self._proc is not None
        return self._proc

    async def _read_body(self, stdout: asyncio.StreamReader) -> bytes | None:
        if self.framing == "ndjson":
            while True:
                try:
                    line = await stdout.readline()
                except ValueError as error:  # a line over the limit: asyncio dropped it
                    log.error("hookd client: a message over %d bytes was dropped (%s)", self.max_message_bytes, error)
                    continue
                if not line:
                    return None
                if line.strip():
                    return line
        try:
            header = await stdout.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError:
            return None
        try:
            length = content_length(header)
        except ValueError:
            if self._is_foreign(header, None):
                self._fail_pending_foreign()
            raise
        try:
            return await stdout.readexactly(length)
        except asyncio.IncompleteReadError:
            return None

    async def _read_loop(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        stdout = self._proc.stdout
        try:
            while True:
                body = await self._read_body(stdout)
                if body is None:
                    break
                obj = self._incoming(body)
                if obj is not None:
                    self._dispatch(obj)
        except (OSError, ValueError) as error:
            if not self._closing:
                log.warning("hookd client: reading from hookd failed: %r", error)
        finally:
            self._eof = True
            if not self._closing:
                # hookd closed its output: it is exiting; its exit code makes a better error.
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(self._proc.wait(), min(self.exit_timeout, 1.0))
            self._on_eof()

    async def _drain_stderr(self, stream: asyncio.StreamReader) -> None:
        assert self.stderr_tail is not None
        with contextlib.suppress(OSError, ValueError):
            while True:
                chunk = await stream.read(65536)
                if not chunk:
                    return
                self.stderr_tail.feed(chunk)

    def _closed_error(self, message: str, method: str | None = None) -> ConnectionClosed:
        return ConnectionClosed(message, returncode=self.returncode, stderr_tail=self.stderr_text()[-2000:] or None, method=method)

    def _fail_pending_foreign(self) -> None:
        """The program printed something that is not JSON-RPC before its first answer: it is not hookd; what waits
        (initialize) fails at once instead of waiting for the startup timeout."""
        pending = list(self._pending.values())
        self._pending.clear()
        for entry in pending:
            if not entry.future.done():
                entry.future.set_exception(self._closed_error("the program printed output that is not JSON-RPC", entry.method))
                entry.future.exception()

    def _on_eof(self) -> None:
        self._eof = True
        pending = list(self._pending.values())
        self._pending.clear()
        for entry in pending:
            if not entry.future.done():
                entry.future.set_exception(self._closed_error("hookd closed its output before answering", entry.method))
                entry.future.exception()  # retrieved: no "never retrieved" warning when nobody awaits it

    def _write(self, data: bytes) -> None:
        if self._proc is None or self._proc.stdin is None or self._proc.stdin.is_closing():
            raise self._closed_error("hookd's input is closed")
        try:
            self._proc.stdin.write(data)
        except (OSError, RuntimeError) as error:
            raise self._closed_error(f"writing to hookd failed: {error!r}") from error

    async def _drain(self) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        async with self._drain_lock:
            try:
                await self._proc.stdin.drain()
            except (OSError, RuntimeError) as error:
                raise self._closed_error(f"writing to hookd failed: {error!r}") from error

    async def _send(self, message: Mapping[str, Any]) -> None:
        self._write(frame(dumps(message), self.framing))
        await self._drain()

    def _send_soon(self, message: Mapping[str, Any]) -> None:
        """Queues a message without waiting (cancel notifications, answers from callbacks)."""
        try:
            self._write(frame(dumps(message), self.framing))
        except HookdError as error:
            log.debug("hookd client: could not send %s: %s", message.get("method"), error)

    # ── messages ─────────────────────────────────────────────────────────────────────────────────────

    async def send_message(self, message: Mapping[str, Any] | Model) -> None:
        """Sends one JSON-RPC message exactly as given (framed). Answers to it are not awaited; they reach
        ``on_message``. A request id used this way is never reused by the client."""
        obj = wire(message)
        self._note_sent(obj)
        await self._send(obj)

    async def send_raw(self, data: bytes | str) -> None:
        """Writes bytes to hookd's stdin as they are (no framing): e.g. malformed input."""
        self._write(data.encode("utf-8") if isinstance(data, str) else data)
        await self._drain()

    async def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = wire(params)
        await self._send(message)

    async def request(
        self,
        method: str,
        params: Any = None,
        *,
        timeout: float | None = DEFAULT,
        result_type: type[Model] | None = _AUTO,
        on_result: Callable[[Any], None] | None = None,
        _internal: bool = False,
    ) -> Any:
        """Sends a request and returns its typed result (``result_type``: default by the method table).

        On ``timeout`` (default: the client's) the request is cancelled and ``RequestTimeout`` raised; when
        the awaiting task is cancelled, ``$/cancelRequest`` is sent and ``TaskCancelled`` raised. Either way
        the client first waits up to ``cancel_wait`` s for hookd's answer, whose runs the error carries."""
        if result_type is _AUTO:
            result_type = result_type_of(method)
        if self._eof or (self._closing and not _internal):
            raise self._closed_error("the client is closed" if self._closing else "hookd has exited", method)
        loop = asyncio.get_running_loop()
        request_id = self._alloc_id()
        entry = _Pending(request_id, method, result_type, on_result, loop.create_future())
        self._pending[request_id] = entry
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = wire(params)
        try:
            self._write(frame(dumps(message), self.framing))
        except BaseException:
            self._pending.pop(request_id, None)
            raise
        limit = self._timeout(timeout)
        try:
            await self._drain()
            if limit is None:
                response = await asyncio.shield(entry.future)
            else:
                response = await asyncio.wait_for(asyncio.shield(entry.future), limit)
        except asyncio.TimeoutError:
            runs = await self._cancel_and_collect(entry)
            raise RequestTimeout(f"no answer within {limit:g} s: cancelled", timeout=float(limit or 0), runs=runs, method=method) from None
        except asyncio.CancelledError:
            runs = await self._cancel_and_collect(entry)
            raise TaskCancelled(-32800, "the task awaiting the request was cancelled", None, method=method, runs=runs) from None
        return self._outcome(entry, response)

    async def _cancel_and_collect(self, entry: _Pending) -> list[Any]:
        """Sends $/cancelRequest (unless answered already) and waits up to cancel_wait for the answer's runs."""
        if not entry.future.done() and not entry.cancel_sent:
            entry.cancel_sent = True
            self._send_soon(cancel_notification(entry.id))
        try:
            response = await asyncio.wait_for(asyncio.shield(entry.future), self.cancel_wait)
        except (asyncio.TimeoutError, HookdError):
            self._pending.pop(entry.id, None)  # given up on: a late answer is dropped
            return []
        return runs_of(response)

    def _outcome(self, entry: _Pending, response: Response) -> Any:
        if response.error is not None:
            raise error_from_wire(response.error, method=entry.method)
        return response.result

    def _dispatch(self, obj: Any) -> None:
        if self.on_message is not None:
            self._call_back("on_message", lambda: self.on_message(obj))  # type: ignore[misc]
        if not isinstance(obj, dict):
            log.warning("hookd sent a message that is not an object: %r", obj)
            return
        method = obj.get("method")
        if isinstance(method, str):
            if "id" in obj:
                self._on_server_request(obj)
                return
            if method == "$/cancelRequest":
                params = obj.get("params")
                task = self._serving.get(params.get("id") if isinstance(params, dict) else None)
                if task is not None:
                    task.cancel()
            if self._wants_notifications():
                for call in self._notification_calls(obj):
                    self._call_back(f"the {method} callback", call)
            return
        entry = self._pending.pop(obj.get("id"), None)
        if entry is None:
            if obj.get("error") is not None:
                log.debug("hookd answered an error not tied to a pending request: %r", obj)
            return
        response = parse_message(obj, from_server=True, result_type=entry.result_type)
        assert isinstance(response, Response)
        if entry.on_result is not None and response.error is None:
            self._call_back("on_result", lambda: entry.on_result(response.result))  # type: ignore[misc]
        if not entry.future.done():
            entry.future.set_result(response)

    def _call_back(self, what: str, call: Callable[[], Any]) -> None:
        try:
            value = call()
        except Exception as error:
            self._log_callback_error(what, error)
            return
        if inspect.isawaitable(value):
            self._track(asyncio.ensure_future(value), what)

    def _track(self, task: asyncio.Future[Any], what: str) -> None:
        self._tasks.add(task)  # type: ignore[arg-type]

        def done(finished: asyncio.Future[Any]) -> None:
            self._tasks.discard(finished)  # type: ignore[arg-type]
            if not finished.cancelled() and finished.exception() is not None:
                self._log_callback_error(what, finished.exception())  # type: ignore[arg-type]

        task.add_done_callback(done)

    def _on_server_request(self, obj: dict[str, Any]) -> None:
        if not self.serve_requests:
            return
        request_id = obj.get("id")
        message = parse_message(obj, from_server=True)
        task = asyncio.get_running_loop().create_task(self._serve(request_id, obj["method"], message.params))
        self._serving[request_id] = task
        self._track(task, f"the {obj['method']} handler")

        def cancelled_before_start(finished: asyncio.Task[Any]) -> None:
            # _serve answers a cancel itself once it runs; a task cancelled before its first step never ran
            if finished.cancelled():
                self._serving.pop(request_id, None)
                self._send_soon({"jsonrpc": "2.0", "id": request_id, "error": dict(REQUEST_CANCELLED_ANSWER)})

        task.add_done_callback(cancelled_before_start)

    async def _serve(self, request_id: Any, method: str, params: Any) -> None:
        try:
            call = self._handler_for(method, params)
            if call is None:
                body: dict[str, Any] = {"error": {"code": -32601, "message": f"method not found: {method}"}}
            else:
                try:
                    value = call()
                    if inspect.isawaitable(value):
                        value = await value
                    body = {"result": server_request_answer(method, value, params)}
                except asyncio.CancelledError:
                    body = {"error": dict(REQUEST_CANCELLED_ANSWER)}
                except Exception as error:
                    body = {"error": error_answer(error)}
        finally:
            self._serving.pop(request_id, None)
        self._send_soon({"jsonrpc": "2.0", "id": request_id, **body})

    # ── lifecycle ────────────────────────────────────────────────────────────────────────────────────

    async def initialize(
        self,
        workspace: str | os.PathLike[str],
        *,
        dialect: str | None = None,
        home: str | os.PathLike[str] | None = None,
        sources: Iterable[SourceLike] | None = None,
        options: ServerOptions | Mapping[str, Any] | None = None,
        capabilities: Capabilities | Mapping[str, Any] | None = None,
        client_info: ClientInfo | Mapping[str, Any] | None = None,
        tools: Iterable[Any] | None = None,
        trust_workspace: bool | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> InitializeResult:
        """See Client.initialize."""
        params = initialize_params(
            workspace,
            dialect=dialect,
            home=home,
            sources=sources,
            options=options,
            capabilities=capabilities,
            client_info=client_info,
            answers_invoke=self.serve_requests,
            answers=list(self._request_handlers),
            more=more,
            tools=tools,
            trust_workspace=trust_workspace,
        )
        limit = self._startup_limit(timeout)
        if self._eof:
            raise await self._reject(await self._exited_before_answering())
        loop = asyncio.get_running_loop()
        entry = _Pending(self._alloc_id(), "initialize", result_type_of("initialize"), None, loop.create_future())
        self._pending[entry.id] = entry
        try:
            await self._send({"jsonrpc": "2.0", "id": entry.id, "method": "initialize", "params": wire(params)})
            if limit is None:
                response = await asyncio.shield(entry.future)
            else:
                response = await asyncio.wait_for(asyncio.shield(entry.future), limit)
        except asyncio.TimeoutError:
            self._pending.pop(entry.id, None)
            raise await self._reject(f"it did not answer initialize within {limit:g} s") from None
        except ConnectionClosed:
            self._pending.pop(entry.id, None)
            if self._foreign_output is not None:
                got = f"it printed {quote_output(self._foreign_output)} instead of a JSON-RPC answer to initialize"
                raise await self._reject(got) from None
            raise await self._reject(await self._exited_before_answering()) from None
        except BaseException:
            self._pending.pop(entry.id, None)
            raise
        result = self._outcome(entry, response)
        wrong = check_server_name(self.sidecar, result, self.pid)
        if wrong is not None:
            await self._kill_rejected()
            raise wrong
        self.initialize_result = result
        return result  # type: ignore[no-any-return]

    async def _exited_before_answering(self) -> str:
        assert self._proc is not None
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._proc.wait(), min(self.exit_timeout, 1.0))
        code = self._proc.returncode
        return ("it exited" if code is None else f"it exited with code {code}") + " before answering initialize"

    async def _reject(self, got: str) -> NotTheSidecar:
        """Kills the program that turned out not to be hookd; the error names it and what it did."""
        assert self._proc is not None
        await self._kill_rejected()
        tail = self.stderr_text()[-2000:] or None
        if tail and "exited" in got:
            got += f"; its stderr ends with: {quote_output(tail[-_STDERR_QUOTE:])}"
        return not_the_sidecar(self.sidecar, got, pid=self._proc.pid, returncode=self._proc.returncode, stderr_tail=tail)

    async def _kill_rejected(self) -> None:
        """SIGTERM, a second's grace, SIGKILL; reaped. Then the client is closed (nothing left to say to it)."""
        proc = self._proc
        assert proc is not None
        if proc.returncode is None:
            with contextlib.suppress(OSError, ProcessLookupError):
                proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 1.0)
            except asyncio.TimeoutError:
                with contextlib.suppress(OSError, ProcessLookupError):
                    proc.kill()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(proc.wait(), self.exit_timeout)
        await self.aclose()

    async def ping(self, *, timeout: float | None = DEFAULT) -> PingResult:
        return await self.request("ping", timeout=timeout)  # type: ignore[no-any-return]

    async def shutdown(self, *, timeout: float | None = DEFAULT) -> None:
        """See Client.shutdown."""
        await self.request("shutdown", timeout=timeout, _internal=True)

    async def aclose(self) -> int | None:
        """Ends the session: ``shutdown`` (bounded by ``shutdown_timeout``), ``exit``, closes stdin, waits up
        to ``exit_timeout``, then SIGTERM (hookd still cleans up), then SIGKILL. Returns the exit code.
        Idempotent; concurrent calls share one close."""
        if self._close_task is None:
            self._close_task = asyncio.ensure_future(self._close())
        return await asyncio.shield(self._close_task)

    async def _close(self) -> int | None:
        self._closing = True
        proc = self._proc
        if proc is None:
            self._closed = True
            return None
        if not self._eof and proc.returncode is None:
            with contextlib.suppress(HookdError, asyncio.TimeoutError):
                # no $/cancelRequest for a shutdown: just stop waiting
                await asyncio.wait_for(self._shutdown_request(), self.shutdown_timeout)
            with contextlib.suppress(HookdError):
                await self.notify("exit")
        if proc.stdin is not None:
            with contextlib.suppress(OSError, RuntimeError):
                proc.stdin.close()
        for step in (None, proc.terminate, proc.kill):
            if step is not None:
                with contextlib.suppress(OSError, ProcessLookupError):
                    step()
            try:
                await asyncio.wait_for(proc.wait(), self.exit_timeout)
                break
            except asyncio.TimeoutError:
                continue
        for task in (self._reader_task, self._stderr_task):
            if task is not None:
                try:
                    await asyncio.wait_for(task, self.exit_timeout)
                except (asyncio.TimeoutError, asyncio.CancelledError):
                    task.cancel()
        for serving in list(self._serving.values()):
            serving.cancel()
        if self._pending:
            pending = list(self._pending.values())
            self._pending.clear()
            for entry in pending:
                if not entry.future.done():
                    entry.future.set_exception(self._closed_error("the client was closed before hookd answered", entry.method))
                    entry.future.exception()
        self._closed = True
        return proc.returncode

    async def _shutdown_request(self) -> None:
        loop = asyncio.get_running_loop()
        entry = _Pending(self._alloc_id(), "shutdown", None, None, loop.create_future())
        self._pending[entry.id] = entry
        await self._send({"jsonrpc": "2.0", "id": entry.id, "method": "shutdown"})
        await entry.future

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.aclose()

    # ── events ───────────────────────────────────────────────────────────────────────────────────────

    async def event(
        self,
        event: str,
        params: EventParams | Mapping[str, Any] | None = None,
        *,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
        **fields: Any,
    ) -> EventResult:
        """See Client.event."""
        params_ = self._event_params(event, params, session, run_id, server_owned, extra, more, fields)
        return await self.request(f"hooks/{event}", params_, timeout=timeout)  # type: ignore[no-any-return]

    def _ev(
        self, event: str, timeout: Any, session: Any, run_id: Any, server_owned: Any, extra: Any, more: Any, **fields: Any
    ) -> Coroutine[Any, Any, EventResult]:
        return self.event(event, session=session, run_id=run_id, server_owned=server_owned, extra=extra, more=more, timeout=timeout, **fields)

    async def _notify_event(self, event: str, session: Any, run_id: Any, server_owned: Any, extra: Any, more: Any, **fields: Any) -> None:
        params = self._event_params(event, None, session, run_id, server_owned, extra, more, fields)
        await self.notify(f"hooks/{event}", params)

    # ── management ───────────────────────────────────────────────────────────────────────────────────

    async def list_hooks(self, *, timeout: float | None = DEFAULT) -> ListHooksResult:
        return await self.request("hooks/list", timeout=timeout)  # type: ignore[no-any-return]

    async def cancel_session(
        self,
        session_id: str | None = None,
        *,
        timeout: float | None = DEFAULT,
    ) -> CancelSessionResult:
        """See Client.cancel_session."""
        return await self.request(  # type: ignore[no-any-return]
            "hooks/cancel",
            {"sessionId": session_id or self.session_id},
            timeout=timeout,
        )

    async def reload(self, *, timeout: float | None = DEFAULT) -> ReloadResult:
        return await self.request("hooks/reload", timeout=timeout)  # type: ignore[no-any-return]

    async def register_hook(
        self,
        event: str,
        handler: HookHandler,
        *,
        matcher: str | None = None,
        priority: float | None = None,
        timeout_ms: int | None = None,
        name: str | None = None,
        timeout: float | None = DEFAULT,
    ) -> RegisterHookResult:
        """Registers a programmatic hook run by ``handler(InvokeHookParams)`` (a plain or a coroutine
        function; a coroutine is cancelled when hookd cancels the invoke). It returns None, an
        InvokeHookResult or a dict ``{output, exitCode, stderr}``."""
        params = compact(event=event, matcher=matcher, priority=priority, timeoutMs=timeout_ms, name=name)
        # the handler is stored when the answer is read, before a hooks/invoke that may follow it
        return await self.request(  # type: ignore[no-any-return]
            "hooks/register",
            params,
            timeout=timeout,
            on_result=lambda result: self._hooks.__setitem__(result.hook_id, handler),
        )

    async def unregister_hook(self, hook_id: str, *, timeout: float | None = DEFAULT) -> UnregisterHookResult:
        result = await self.request("hooks/unregister", {"hookId": hook_id}, timeout=timeout)
        self._hooks.pop(hook_id, None)
        return result  # type: ignore[no-any-return]

    async def dry_run(
        self,
        event: str,
        handler: Any,
        params: EventParams | Mapping[str, Any] | None = None,
        *,
        timeout: float | None = DEFAULT,
    ) -> DryRunResult:
        return await self.request(  # type: ignore[no-any-return]
            "hooks/dryRun",
            compact(event=event, handler=handler, params=params),
            timeout=timeout,
        )

    async def begin_run(
        self,
        run_id: str,
        *,
        session_id: str | None = None,
        timeout: float | None = DEFAULT,
    ) -> BeginRunResult:
        return await self.request("runs/begin", compact(runId=run_id, sessionId=session_id), timeout=timeout)  # type: ignore[no-any-return]

    async def end_run(self, run_id: str, *, timeout: float | None = DEFAULT) -> EndRunResult:
        return await self.request("runs/end", {"runId": run_id}, timeout=timeout)  # type: ignore[no-any-return]

    @contextlib.asynccontextmanager
    async def run(self, run_id: str, *, session_id: str | None = None) -> AsyncIterator[BeginRunResult]:
        """``async with h.run("run-1"):`` begins a run and ends it on the way out."""
        began = await self.begin_run(run_id, session_id=session_id)
        try:
            yield began
        finally:
            if not self._closing and not self._eof:
                await self.end_run(run_id)

    async def review_list(self, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/list``: every hook with its trust review state, discovery diagnostics and the startup warnings."""
        return await self.request("review/list", timeout=timeout)  # type: ignore[no-any-return]

    async def review_trust(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/trust``: trust the hook with this review key for its current hash (persisted; enables it)."""
        return await self.request("review/trust", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    async def review_disable(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/disable`` (persisted): it never runs, not even under the bypass. Managed: ReviewNotAllowed."""
        return await self.request("review/disable", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    async def review_enable(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/enable`` (persisted): it runs again once trusted. Managed: ReviewNotAllowed."""
        return await self.request("review/enable", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    async def review_revoke(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/revoke`` (persisted): the trusted hash is removed (enabled kept), so the hook is skipped until
        trusted again; a row trusted per file has its key untrusted. Managed: ReviewNotAllowed."""
        return await self.request("review/revoke", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    async def trust_list(self, *, timeout: float | None = DEFAULT) -> TrustListResult:
        return await self.request("trust/list", timeout=timeout)  # type: ignore[no-any-return]

    async def trust_set(
        self,
        trusted: bool = True,
        *,
        key: str | None = None,
        persist: bool | None = None,
        timeout: float | None = DEFAULT,
    ) -> SetTrustResult:
        return await self.request(  # type: ignore[no-any-return]
            "trust/set",
            compact(key=key, trusted=trusted, persist=persist),
            timeout=timeout,
        )


class _Spawn:
    """What ``aspawn`` returns: ``async with aspawn(...) as h`` or ``h = await aspawn(...)``."""

    def __init__(self, command: Any, init: dict[str, Any], options: dict[str, Any], handlers: dict[str, Any] | None = None) -> None:
        self._command = command
        self._handlers = handlers or {}
        self._init = init
        self._options = options
        self._client: AsyncClient | None = None

    async def _open(self) -> AsyncClient:
        client = await AsyncClient.start(self._command, **self._options)
        for method, handler in self._handlers.items():
            client.set_request_handler(method, handler)
        try:
            await client.initialize(**self._init)
        except BaseException:
            await client.aclose()
            raise
        return client

    def __await__(self) -> Any:
        return self._open().__await__()

    async def __aenter__(self) -> AsyncClient:
        self._client = await self._open()
        return self._client

    async def __aexit__(self, *exc_info: Any) -> None:
        if self._client is not None:
            await self._client.aclose()


def aspawn(
    workspace: str | os.PathLike[str],
    *,
    dialect: str | None = None,
    command: Sequence[str] | str | None = None,
    home: str | os.PathLike[str] | None = None,
    sources: Iterable[SourceLike] | None = None,
    options: ServerOptions | Mapping[str, Any] | None = None,
    capabilities: Capabilities | Mapping[str, Any] | None = None,
    client_info: ClientInfo | Mapping[str, Any] | None = None,
    tools: Iterable[Any] | None = None,
    trust_workspace: bool | None = None,
    judge: RequestHandler | None = None,
    call_mcp_tool: RequestHandler | None = None,
    approve: RequestHandler | None = None,
    tool_approval: RequestHandler | None = None,
    **client_options: Any,
) -> _Spawn:
    """Starts hookd and initializes it: ``async with hookd.aspawn(workspace=".") as h: ...`` (or
    ``h = await hookd.aspawn(...)`` and ``await h.aclose()``). ``client_options`` are AsyncClient's."""
    init = dict(
        workspace=workspace,
        dialect=dialect,
        home=home,
        sources=sources,
        options=options,
        capabilities=capabilities,
        client_info=client_info,
        tools=tools,
        trust_workspace=trust_workspace,
    )
    delegated = (
        ("hooks/judge", judge),
        ("hooks/callMcpTool", call_mcp_tool),
        ("hooks/approve", approve),
        ("hooks/askToolApproval", tool_approval),
    )
    handlers = {method: handler for method, handler in delegated if handler is not None}
    return _Spawn(command, init, client_options, handlers)
