"""The synchronous client: spawns hookd, one reader thread, requests that block (or a PendingRequest handle
with cancel()), hookd's requests answered on worker threads. Speaks the protocol only; no hook logic."""

from __future__ import annotations

import atexit
import contextlib
import os
import subprocess
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from ._base import ClientBase, HookHandler, RequestHandler, log
from ._common import (
    DEFAULT,
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
from .errors import ConnectionClosed, HookdError, NotTheSidecar, RequestTimeout, error_from_wire
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

__all__ = ["Client", "PendingRequest", "spawn"]

_AUTO: Any = object()
#: How much of a rejected program's stderr its error quotes.
_STDERR_QUOTE = 300
_live: "weakref.WeakSet[Client]" = weakref.WeakSet()


class PendingRequest:
    """A request sent and not necessarily answered yet. ``result()`` waits for the answer (raising the
    error hookd answered); ``cancel()`` sends ``$/cancelRequest`` (hookd then kills the request's hook trees
    and answers -32800, which ``result()`` raises as ``Cancelled`` with the partial runs)."""

    def __init__(
        self,
        client: Client,
        request_id: int,
        method: str,
        result_type: type[Model] | None,
        on_result: Callable[[Any], None] | None,
    ) -> None:
        self._client = client
        self.id = request_id
        self.method = method
        self._result_type = result_type
        self._on_result = on_result
        self._done = threading.Event()
        self._response: Response | None = None
        self._failure: Callable[[], BaseException] | None = None
        self._cancel_sent = False

    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> bool:
        """Sends ``$/cancelRequest`` (once). False when the request was already answered."""
        if self._done.is_set() or self._cancel_sent:
            return False
        self._cancel_sent = True
        self._client._send_quietly(cancel_notification(self.id))
        return True

    def result(self, timeout: float | None = None) -> Any:
        """Waits for the answer and returns the typed result. After ``timeout`` seconds the request is
        cancelled and ``RequestTimeout`` raised (with the runs of hookd's -32800 answer, when it came within
        the client's ``cancel_wait``). An interrupt (Ctrl-C) while waiting cancels the request too."""
        self._client._check_not_reader(self.method)
        try:
            finished = self._done.wait(timeout) if timeout is not None else self._done.wait()
        except BaseException:
            self.cancel()
            raise
        if not finished:
            self.cancel()
            if not self._done.wait(self._client.cancel_wait):
                self._client._forget(self.id)  # given up on: a late answer is dropped
            raise RequestTimeout(
                f"no answer within {timeout:g} s: cancelled",
                timeout=float(timeout or 0),
                runs=runs_of(self._response),
                method=self.method,
            )
        return self._outcome()

    def exception(self, timeout: float | None = None) -> BaseException | None:
        """The error ``result()`` would raise, or None."""
        try:
            self.result(timeout)
        except HookdError as error:
            return error
        return None

    def _outcome(self) -> Any:
        if self._failure is not None:
            raise self._failure()
        assert self._response is not None
        if self._response.error is not None:
            raise error_from_wire(self._response.error, method=self.method)
        return self._response.result

    def _resolve(self, obj: Mapping[str, Any]) -> None:
        response = parse_message(obj, from_server=True, result_type=self._result_type)
        assert isinstance(response, Response)
        if self._on_result is not None and response.error is None:
            try:
                self._on_result(response.result)
            except Exception as error:  # pragma: no cover - our own callbacks
                ClientBase._log_callback_error("on_result", error)
        self._response = response
        self._done.set()

    def _fail(self, failure: Callable[[], BaseException]) -> None:
        if not self._done.is_set():
            self._failure = failure
            self._done.set()

    def __repr__(self) -> str:
        state = "done" if self.done() else "pending"
        return f"<PendingRequest {self.id} {self.method} {state}>"


class _Serving:
    __slots__ = ("answered",)

    def __init__(self) -> None:
        self.answered = False


class Client(ClientBase, _Methods[EventResult, EventResult | None]):
    """A hookd sidecar and the connection to it. Thread-safe: requests may be made from any thread.

    ``Client(command, ...)`` only starts the process; ``initialize()`` (or ``hookd.spawn``, which does both)
    must come first. Use it as a context manager, or call ``close()``: shutdown, exit, bounded wait, kill.
    Callbacks (``on_progress``, ``on_diagnostics``, ``on_notification``, ``on_message``) run on the reader
    thread in wire order and must not wait for this client's requests; hook handlers run on worker threads
    and may.
    """

    def __init__(self, command: Sequence[str] | str | None = None, **options: Any) -> None:
        super().__init__(command, **options)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._close_lock = threading.Lock()
        self._pending: dict[Any, PendingRequest] = {}
        self._serving: dict[Any, _Serving] = {}
        self._closing = False
        self._closed = False
        self._eof = False
        self._stdin_closed = False
        self._executor = ThreadPoolExecutor(max_workers=8, thread_name_prefix="hookd-serve")
        self._proc: subprocess.Popen[bytes] | None = None
        self._spawn_error: BaseException | None = None
        started = threading.Event()
        # The reader thread spawns hookd: on Linux hookd gets SIGTERM when that thread ends (die_with_parent),
        # and it ends exactly when the connection does.
        self._reader = threading.Thread(target=self._reader_main, args=(started,), name="hookd-reader", daemon=True)
        self._reader.start()
        started.wait()
        if self._spawn_error is not None:
            self._executor.shutdown(wait=False)
            raise self._spawn_error
        assert self._proc is not None
        if self.stderr_tail is not None and self._proc.stderr is not None:
            threading.Thread(target=self._drain_stderr, args=(self._proc.stderr,), name="hookd-stderr", daemon=True).start()
        _live.add(self)

    # ── process and transport ────────────────────────────────────────────────────────────────────────

    @property
    def pid(self) -> int:
        assert self._proc is not None
        return self._proc.pid

    @property
    def returncode(self) -> int | None:
        return self._proc.poll() if self._proc is not None else None

    @property
    def process(self) -> subprocess.Popen[bytes]:
        assert self._proc is not None
        return self._proc

    def _popen(self) -> subprocess.Popen[bytes]:
        stderr = self._stderr_option
        if stderr == "capture":
            stderr = subprocess.PIPE
        elif stderr == "devnull":
            stderr = subprocess.DEVNULL
        return subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=child_env(self.env),
            cwd=self.cwd,
            bufsize=1 << 16,
            preexec_fn=parent_death_preexec(self.die_with_parent),
        )

    def _reader_main(self, started: threading.Event) -> None:
        try:
            self._proc = self._popen()
        except BaseException as error:
            self._spawn_error = error
            started.set()
            return
        started.set()
        stdout = self._proc.stdout
        assert stdout is not None
        try:
            while True:
                body = self._read_body(stdout)
                if body is None:
                    break
                obj = self._incoming(body)
                if obj is not None:
                    self._dispatch(obj)
        except (OSError, ValueError) as error:
            if not self._closing:
                log.warning("hookd client: reading from hookd failed: %r", error)
        finally:
            self._on_eof()

    def _fail_pending_foreign(self) -> None:
        """The program printed something that is not JSON-RPC before its first answer: it is not hookd; what waits
        (initialize) fails at once instead of waiting for the startup timeout."""
        with self._lock:
            pending = list(self._pending.values())
            self._pending.clear()
        failure = self._closed_error("the program printed output that is not JSON-RPC")
        for entry in pending:
            entry._fail(failure)

    def _read_body(self, stdout: Any) -> bytes | None:
        if self.framing == "ndjson":
            while True:
                line = stdout.readline()
                if not line:
                    return None
                if line.strip():
                    return line
        header = b""
        while True:
            line = stdout.readline()
            if not line:
                return None
            if not line.strip():
                if header:
                    break
                continue
            header += line
        try:
            length = content_length(header.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
        except ValueError:
            if self._is_foreign(header, None):
                self._fail_pending_foreign()
            raise
        body = stdout.read(length)
        return body if len(body) == length else None

    def _drain_stderr(self, stream: Any) -> None:
        assert self.stderr_tail is not None
        try:
            while True:
                chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
                if not chunk:
                    return
                self.stderr_tail.feed(chunk)
        except (OSError, ValueError):
            return

    def _on_eof(self) -> None:
        with self._lock:
            self._eof = True
        if self._proc is not None and not self._closing:
            # hookd closed its output: it is exiting; its exit code makes a better error.
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._proc.wait(min(self.exit_timeout, 1.0))
        with self._lock:
            pending = list(self._pending.values())
            self._pending.clear()
        failure = self._closed_error("hookd closed its output before answering")
        for entry in pending:
            entry._fail(failure)

    def _closed_error(self, message: str) -> Callable[[], BaseException]:
        def make() -> BaseException:
            return ConnectionClosed(message, returncode=self.returncode, stderr_tail=self.stderr_text()[-2000:] or None)

        return make

    def _forget(self, request_id: Any) -> None:
        with self._lock:
            self._pending.pop(request_id, None)

    def _check_not_reader(self, method: str) -> None:
        if threading.current_thread() is self._reader:
            raise RuntimeError(
                f"{method}: a blocking request from a callback on hookd's reader thread would deadlock; "
                "use submit() and don't wait, or do it on another thread"
            )

    def _write(self, data: bytes) -> None:
        with self._write_lock:
            if self._stdin_closed:
                raise self._closed_error("hookd's input is closed")()
            assert self._proc is not None and self._proc.stdin is not None
            try:
                self._proc.stdin.write(data)
                self._proc.stdin.flush()
            except (OSError, ValueError) as error:
                raise self._closed_error(f"writing to hookd failed: {error!r}")() from error

    def _send_quietly(self, message: Mapping[str, Any]) -> None:
        try:
            self._write(frame(dumps(message), self.framing))
        except HookdError as error:
            log.debug("hookd client: could not send %s: %s", message.get("method"), error)

    # ── messages ─────────────────────────────────────────────────────────────────────────────────────

    def send_message(self, message: Mapping[str, Any] | Model) -> None:
        """Sends one JSON-RPC message exactly as given (framed). Answers to it are not awaited; they reach
        ``on_message``. A request id used this way is never reused by the client."""
        obj = wire(message)
        with self._lock:
            self._note_sent(obj)
        self._write(frame(dumps(obj), self.framing))

    def send_raw(self, data: bytes | str) -> None:
        """Writes bytes to hookd's stdin as they are (no framing): e.g. malformed input."""
        self._write(data.encode("utf-8") if isinstance(data, str) else data)

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = wire(params)
        self._write(frame(dumps(message), self.framing))

    def submit(
        self,
        method: str,
        params: Any = None,
        *,
        result_type: type[Model] | None = _AUTO,
        on_result: Callable[[Any], None] | None = None,
        _internal: bool = False,
    ) -> PendingRequest:
        """Sends a request and returns its PendingRequest at once (``.result()``, ``.cancel()``).
        ``result_type`` types the result (default: by the method table)."""
        if result_type is _AUTO:
            result_type = result_type_of(method)
        with self._lock:
            if self._eof or (self._closing and not _internal):
                raise self._closed_error("the client is closed" if self._closing else "hookd has exited")()
            request_id = self._alloc_id()
            entry = PendingRequest(self, request_id, method, result_type, on_result)
            self._pending[request_id] = entry
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = wire(params)
        try:
            self._write(frame(dumps(message), self.framing))
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        return entry

    def request(
        self,
        method: str,
        params: Any = None,
        *,
        timeout: float | None = DEFAULT,
        result_type: type[Model] | None = _AUTO,
    ) -> Any:
        """Sends a request and waits for its typed result (see PendingRequest.result for timeouts)."""
        return self.submit(method, params, result_type=result_type).result(self._timeout(timeout))

    def _dispatch(self, obj: Any) -> None:
        if self.on_message is not None:
            try:
                self.on_message(obj)
            except Exception as error:
                self._log_callback_error("on_message", error)
        if not isinstance(obj, dict):
            log.warning("hookd sent a message that is not an object: %r", obj)
            return
        method = obj.get("method")
        if isinstance(method, str):
            if "id" in obj:
                self._on_server_request(obj)
                return
            if method == "$/cancelRequest":
                self._on_server_cancel(obj)
            if self._wants_notifications():
                for call in self._notification_calls(obj):
                    try:
                        call()
                    except Exception as error:
                        self._log_callback_error(f"the {method} callback", error)
            return
        with self._lock:
            entry = self._pending.pop(obj.get("id"), None)
        if entry is not None:
            entry._resolve(obj)
        elif obj.get("error") is not None:
            log.debug("hookd answered an error not tied to a pending request: %r", obj)

    def _on_server_request(self, obj: dict[str, Any]) -> None:
        if not self.serve_requests:
            return
        request_id = obj.get("id")
        message = parse_message(obj, from_server=True)
        state = _Serving()
        with self._lock:
            self._serving[request_id] = state
        try:
            self._executor.submit(self._serve, request_id, obj["method"], message.params, state)
        except RuntimeError:  # executor shut down: closing
            pass

    def _serve(self, request_id: Any, method: str, params: Any, state: _Serving) -> None:
        call = self._handler_for(method, params)
        if call is None:
            self._answer(request_id, state, {"error": {"code": -32601, "message": f"method not found: {method}"}})
            return
        try:
            value = call()
            result = server_request_answer(method, value, params)
            body: dict[str, Any] = {"result": result}
        except Exception as error:
            body = {"error": error_answer(error)}
        self._answer(request_id, state, body)

    def _answer(self, request_id: Any, state: _Serving, body: dict[str, Any]) -> None:
        with self._lock:
            if state.answered:
                return
            state.answered = True
            self._serving.pop(request_id, None)
        self._send_quietly({"jsonrpc": "2.0", "id": request_id, **body})

    def _on_server_cancel(self, obj: dict[str, Any]) -> None:
        params = obj.get("params")
        request_id = params.get("id") if isinstance(params, dict) else None
        with self._lock:
            state = self._serving.get(request_id)
        if state is not None:
            # The handler keeps running (a thread cannot be interrupted); its late answer is dropped.
            with contextlib.suppress(RuntimeError):
                self._executor.submit(self._answer, request_id, state, {"error": dict(REQUEST_CANCELLED_ANSWER)})

    # ── lifecycle ────────────────────────────────────────────────────────────────────────────────────

    def initialize(
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
        """Loads the dialect and its configuration. Configuration problems never fail it: they are in
        ``result.diagnostics``. Declares ``capabilities.programmaticHooks`` unless told otherwise."""
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
        try:
            pending = self.submit("initialize", params)
        except ConnectionClosed:
            raise self._reject(self._exited_before_answering()) from None
        try:
            finished = pending._done.wait(limit) if limit is not None else pending._done.wait()
        except BaseException:
            pending.cancel()
            raise
        if not finished:
            self._forget(pending.id)
            raise self._reject(f"it did not answer initialize within {limit:g} s")
        try:
            result = pending._outcome()
        except ConnectionClosed:
            if self._foreign_output is not None:
                raise self._reject(f"it printed {quote_output(self._foreign_output)} instead of a JSON-RPC answer to initialize") from None
            raise self._reject(self._exited_before_answering()) from None
        wrong = check_server_name(self.sidecar, result, self._proc.pid if self._proc else None)
        if wrong is not None:
            self._kill_rejected()
            raise wrong
        self.initialize_result = result
        return result  # type: ignore[no-any-return]

    def _exited_before_answering(self) -> str:
        assert self._proc is not None
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(min(self.exit_timeout, 1.0))
        code = self._proc.poll()
        return ("it exited" if code is None else f"it exited with code {code}") + " before answering initialize"

    def _reject(self, got: str) -> NotTheSidecar:
        """Kills the program that turned out not to be hookd; the error names it and what it did."""
        assert self._proc is not None
        self._kill_rejected()
        tail = self.stderr_text()[-2000:] or None
        if tail and "exited" in got:
            got += f"; its stderr ends with: {quote_output(tail[-_STDERR_QUOTE:])}"
        return not_the_sidecar(self.sidecar, got, pid=self._proc.pid, returncode=self._proc.returncode, stderr_tail=tail)

    def _kill_rejected(self) -> None:
        """SIGTERM, a second's grace, SIGKILL; reaped. Then the client is closed (nothing left to say to it)."""
        proc = self._proc
        assert proc is not None
        if proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.terminate()
            try:
                proc.wait(1.0)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(OSError):
                    proc.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(self.exit_timeout)
        self.close()

    def ping(self, *, timeout: float | None = DEFAULT) -> PingResult:
        return self.request("ping", timeout=timeout)  # type: ignore[no-any-return]

    def shutdown(self, *, timeout: float | None = DEFAULT) -> None:
        """``shutdown``: hookd kills every hook tree still running (those requests fail with Cancelled), then
        answers. ``close()`` does this and more; call this only to keep the process for inspection."""
        self.submit("shutdown", _internal=True).result(self._timeout(timeout))

    def close(self) -> int | None:
        """Ends the session: ``shutdown`` (bounded by ``shutdown_timeout``), ``exit``, closes stdin, waits up
        to ``exit_timeout``, then SIGTERM (hookd still cleans up), then SIGKILL. Returns the exit code.
        Idempotent."""
        with self._close_lock:
            if self._closed:
                return self.returncode
            self._closing = True
            proc = self._proc
            assert proc is not None
            on_reader = threading.current_thread() is self._reader
            if not self._eof and proc.poll() is None and not on_reader:
                with contextlib.suppress(HookdError):
                    shutdown = self.submit("shutdown", _internal=True)
                    shutdown._done.wait(self.shutdown_timeout)  # no $/cancelRequest for a shutdown
                with contextlib.suppress(HookdError):
                    self.notify("exit")
            with self._write_lock:
                self._stdin_closed = True
                with contextlib.suppress(OSError, ValueError):
                    if proc.stdin is not None:
                        proc.stdin.close()
            for step in (None, proc.terminate, proc.kill):
                if step is not None:
                    with contextlib.suppress(OSError):
                        step()
                try:
                    proc.wait(self.exit_timeout)
                    break
                except subprocess.TimeoutExpired:
                    continue
            if not on_reader:
                self._reader.join(self.exit_timeout)
            self._executor.shutdown(wait=False, cancel_futures=True)
            with self._lock:
                pending = list(self._pending.values())
                self._pending.clear()
            for entry in pending:
                entry._fail(self._closed_error("the client was closed before hookd answered"))
            for stream in (proc.stdout, proc.stderr):
                if stream is not None and not on_reader:
                    with contextlib.suppress(OSError, ValueError):
                        stream.close()
            self._closed = True
            _live.discard(self)
            return proc.returncode

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    # ── events ───────────────────────────────────────────────────────────────────────────────────────

    def event(
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
        """Sends ``hooks/<event>`` and returns the merged EventResult. ``params`` (wire JSON or EventParams)
        is overlaid with snake_case ``fields`` (tool_name=..., prompt=...), ``more`` (wire-named fields) and
        the session (``session``, else the client's)."""
        pending = self.submit_event(event, params, session=session, run_id=run_id, server_owned=server_owned, extra=extra, more=more, **fields)
        return pending.result(self._timeout(timeout))  # type: ignore[no-any-return]

    def submit_event(
        self,
        event: str,
        params: EventParams | Mapping[str, Any] | None = None,
        *,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> PendingRequest:
        """As ``event`` but returns at once: a PendingRequest to ``result()`` or ``cancel()``."""
        return self.submit(f"hooks/{event}", self._event_params(event, params, session, run_id, server_owned, extra, more, fields))

    def _ev(self, event: str, timeout: Any, session: Any, run_id: Any, server_owned: Any, extra: Any, more: Any, **fields: Any) -> EventResult:
        return self.event(event, session=session, run_id=run_id, server_owned=server_owned, extra=extra, more=more, timeout=timeout, **fields)

    def _notify_event(self, event: str, session: Any, run_id: Any, server_owned: Any, extra: Any, more: Any, **fields: Any) -> None:
        params = self._event_params(event, None, session, run_id, server_owned, extra, more, fields)
        self.notify(f"hooks/{event}", params)

    # ── management ───────────────────────────────────────────────────────────────────────────────────

    def list_hooks(self, *, timeout: float | None = DEFAULT) -> ListHooksResult:
        return self.request("hooks/list", timeout=timeout)  # type: ignore[no-any-return]

    def cancel_session(self, session_id: str | None = None, *, timeout: float | None = DEFAULT) -> CancelSessionResult:
        """``hooks/cancel``: every in-flight event of the session (default: the client's) fails with Cancelled."""
        return self.request("hooks/cancel", {"sessionId": session_id or self.session_id}, timeout=timeout)  # type: ignore[no-any-return]

    def reload(self, *, timeout: float | None = DEFAULT) -> ReloadResult:
        return self.request("hooks/reload", timeout=timeout)  # type: ignore[no-any-return]

    def register_hook(
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
        """Registers a programmatic hook run by ``handler(InvokeHookParams)`` on a worker thread. It returns
        None (no output, exit 0), an InvokeHookResult, or a dict ``{output, exitCode, stderr}``; raising makes
        the run a non-blocking failure."""
        params = compact(event=event, matcher=matcher, priority=priority, timeoutMs=timeout_ms, name=name)
        # the handler is stored when the answer is read, before a hooks/invoke that may follow it
        pending = self.submit("hooks/register", params, on_result=lambda result: self._hooks.__setitem__(result.hook_id, handler))
        return pending.result(self._timeout(timeout))  # type: ignore[no-any-return]

    def unregister_hook(self, hook_id: str, *, timeout: float | None = DEFAULT) -> UnregisterHookResult:
        result = self.request("hooks/unregister", {"hookId": hook_id}, timeout=timeout)
        self._hooks.pop(hook_id, None)
        return result  # type: ignore[no-any-return]

    def dry_run(
        self,
        event: str,
        handler: Any,
        params: EventParams | Mapping[str, Any] | None = None,
        *,
        timeout: float | None = DEFAULT,
    ) -> DryRunResult:
        """``hooks/dryRun``: validates and runs one handler (as written in the dialect's config)."""
        return self.request(  # type: ignore[no-any-return]
            "hooks/dryRun",
            compact(event=event, handler=handler, params=params),
            timeout=timeout,
        )

    def begin_run(
        self,
        run_id: str,
        *,
        session_id: str | None = None,
        timeout: float | None = DEFAULT,
    ) -> BeginRunResult:
        return self.request("runs/begin", compact(runId=run_id, sessionId=session_id), timeout=timeout)  # type: ignore[no-any-return]

    def end_run(self, run_id: str, *, timeout: float | None = DEFAULT) -> EndRunResult:
        return self.request("runs/end", {"runId": run_id}, timeout=timeout)  # type: ignore[no-any-return]

    @contextlib.contextmanager
    def run(self, run_id: str, *, session_id: str | None = None) -> Iterator[BeginRunResult]:
        """``with h.run("run-1"):`` begins a run (configuration snapshot) and ends it on the way out; pass
        ``run_id=`` to the events of the run."""
        began = self.begin_run(run_id, session_id=session_id)
        try:
            yield began
        finally:
            if not self._closing and not self._eof:
                self.end_run(run_id)

    def review_list(self, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/list``: every hook with its trust review state, discovery diagnostics and the startup warnings."""
        return self.request("review/list", timeout=timeout)  # type: ignore[no-any-return]

    def review_trust(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/trust``: trust the hook with this review key for its current hash (persisted; enables it)."""
        return self.request("review/trust", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    def review_disable(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/disable`` (persisted): it never runs, not even under the bypass. Managed: ReviewNotAllowed."""
        return self.request("review/disable", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    def review_enable(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/enable`` (persisted): it runs again once trusted. Managed: ReviewNotAllowed."""
        return self.request("review/enable", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    def review_revoke(self, key: str, *, timeout: float | None = DEFAULT) -> ReviewListing:
        """``review/revoke`` (persisted): the trusted hash is removed (enabled kept), so the hook is skipped until
        trusted again; a row trusted per file has its key untrusted. Managed: ReviewNotAllowed."""
        return self.request("review/revoke", {"key": key}, timeout=timeout)  # type: ignore[no-any-return]

    def trust_list(self, *, timeout: float | None = DEFAULT) -> TrustListResult:
        return self.request("trust/list", timeout=timeout)  # type: ignore[no-any-return]

    def trust_set(
        self,
        trusted: bool = True,
        *,
        key: str | None = None,
        persist: bool | None = None,
        timeout: float | None = DEFAULT,
    ) -> SetTrustResult:
        """``trust/set``: without ``key``, every key the configuration needs; ``persist`` defaults to True in hookd."""
        return self.request("trust/set", compact(key=key, trusted=trusted, persist=persist), timeout=timeout)  # type: ignore[no-any-return]


def spawn(
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
) -> Client:
    """Starts hookd and initializes it: ``with hookd.spawn(workspace=".", dialect="claude") as h: ...``.
    ``client_options`` are Client's (env, cwd, framing, stderr, timeout, session, on_progress, ...); the
    initialize result is ``h.initialize_result``. ``tools``: the agent's tools, names or ``(name, kind)`` /
    ToolDeclaration / dicts with ``kind`` ``shell`` | ``file_write`` | ``other``. ``judge``, ``call_mcp_tool``,
    ``approve``: callables answering hooks/judge, hooks/callMcpTool and hooks/approve (each declares its capability).
    ``tool_approval``: answers hooks/askToolApproval (a hook's ask on a tool call: return ``"allow"`` or ``"deny"``) and
    declares ``capabilities.toolApproval``. ``trust_workspace``: ``options.trustWorkspace`` (wamp Cloud session)."""
    client = Client(command, **client_options)
    if judge is not None:
        client.on_judge(judge)
    if call_mcp_tool is not None:
        client.on_call_mcp_tool(call_mcp_tool)
    if approve is not None:
        client.on_approve(approve)
    if tool_approval is not None:
        client.on_tool_approval(tool_approval)
    try:
        client.initialize(
            workspace,
            dialect=dialect,
            home=home,
            sources=sources,
            options=options,
            capabilities=capabilities,
            client_info=client_info,
            tools=tools,
            trust_workspace=trust_workspace,
        )
    except BaseException:
        client.close()
        raise
    return client


@atexit.register
def _close_leftovers() -> None:
    for client in list(_live):
        with contextlib.suppress(Exception):
            client.shutdown_timeout = min(client.shutdown_timeout, 1.0)
            client.exit_timeout = min(client.exit_timeout, 1.0)
            client.close()
