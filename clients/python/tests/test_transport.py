"""Transport behaviour both clients must have, against a scripted peer (fake_peer.py) that does what the real
sidecar cannot be made to do on demand: unknown requests, cancelling its own request, dying mid-request,
never answering, refusing to exit."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

import hookd

from conftest import fake_peer, is_alive, run_async, wait_until, await_until

FRAMINGS = ["ndjson", "content-length"]


def peer(scenario: str, framing: str = "ndjson") -> list[str]:
    return fake_peer(scenario, *(["--content-length"] if framing == "content-length" else []))


class Notes:
    """Collects notifications (thread-safe) and finds them by method."""

    def __init__(self) -> None:
        self.items: list[hookd.Notification] = []
        self.lock = threading.Lock()

    def __call__(self, note: hookd.Notification) -> None:
        with self.lock:
            self.items.append(note)

    def of(self, method: str) -> list[Any]:
        with self.lock:
            return [note.params for note in self.items if note.method == method]


# ── synchronous client ───────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("framing", FRAMINGS)
def test_sync_unknown_server_request_is_answered_method_not_found(framing: str) -> None:
    notes = Notes()
    with hookd.Client(peer("plain", framing), framing=framing, on_notification=notes) as h:
        init = h.initialize("/tmp")
        assert init.other_fields == {"fakeExtra": True}
        h.request("test/unknownRequest")
        assert wait_until(lambda: notes.of("test/answer"))
        answer = notes.of("test/answer")[0]
        assert answer == {"jsonrpc": "2.0", "id": 0, "error": {"code": -32601, "message": "method not found: client/somethingNew"}}


def test_sync_custom_request_handler_answers() -> None:
    notes = Notes()
    with hookd.Client(peer("plain"), on_notification=notes) as h:
        h.initialize("/tmp")
        h.set_request_handler("client/somethingNew", lambda params: {"got": params})
        h.request("test/unknownRequest")
        assert wait_until(lambda: notes.of("test/answer"))
        assert notes.of("test/answer")[0] == {"jsonrpc": "2.0", "id": 0, "result": {"got": {"x": 1}}}


def test_sync_invoke_cancelled_by_hookd_is_answered_request_cancelled() -> None:
    notes = Notes()
    release = threading.Event()
    calls: list[hookd.InvokeHookParams] = []

    def slow(params: hookd.InvokeHookParams) -> dict[str, Any]:
        calls.append(params)
        release.wait(10)
        return {"output": {"late": True}}

    with hookd.Client(peer("plain"), on_notification=notes) as h:
        h.initialize("/tmp")
        h.register_hook("PreToolUse", slow)
        h.request("test/invoke", {"cancelAfter": 0.1})
        assert wait_until(lambda: notes.of("test/answer"))
        assert notes.of("test/answer")[0] == {"jsonrpc": "2.0", "id": 7, "error": {"code": -32800, "message": "Request cancelled"}}
        release.set()
        time.sleep(0.2)  # the handler's late answer must not be sent: check that only one answer arrived
        h.ping()
        assert len(notes.of("test/answer")) == 1
        assert calls[0].hook_id == "client:1" and calls[0].input == {"x": 1}


@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (ValueError("boom"), {"code": -32603, "message": "ValueError: boom"}),
        (hookd.HookdError(-32010, "cannot", {"why": 1}), {"code": -32010, "message": "cannot", "data": {"why": 1}}),
    ],
)
def test_sync_hook_handler_errors_become_error_answers(raised: Exception, expected: dict[str, Any]) -> None:
    notes = Notes()

    def failing(params: Any) -> None:
        raise raised

    with hookd.Client(peer("plain"), on_notification=notes) as h:
        h.initialize("/tmp")
        h.register_hook("PreToolUse", failing)
        h.request("test/invoke", {})
        assert wait_until(lambda: notes.of("test/answer"))
        assert notes.of("test/answer")[0] == {"jsonrpc": "2.0", "id": 7, "error": expected}


def test_sync_invoke_of_an_unknown_hook_is_an_error_answer() -> None:
    notes = Notes()
    with hookd.Client(peer("plain"), on_notification=notes) as h:
        h.initialize("/tmp")
        h.request("test/invoke", {"hookId": "client:99"})
        assert wait_until(lambda: notes.of("test/answer"))
        assert notes.of("test/answer")[0]["error"]["code"] == -32602


@pytest.mark.parametrize("framing", FRAMINGS)
def test_sync_peer_dying_mid_request_fails_pending_and_later_requests(framing: str) -> None:
    h = hookd.Client(peer("plain", framing), framing=framing)
    try:
        h.initialize("/tmp")
        started = time.monotonic()
        with pytest.raises(hookd.ConnectionClosed) as caught:
            h.request("test/die", timeout=10)
        assert time.monotonic() - started < 5
        assert caught.value.returncode == 3 and caught.value.code is None
        with pytest.raises(hookd.ConnectionClosed):
            h.ping()
    finally:
        assert h.close() == 3


def test_sync_timeout_sends_cancel_and_is_bounded_when_the_peer_stays_silent() -> None:
    notes = Notes()
    with hookd.Client(peer("plain"), on_notification=notes, cancel_wait=0.3) as h:
        h.initialize("/tmp")
        started = time.monotonic()
        with pytest.raises(hookd.RequestTimeout) as caught:
            h.request("test/silent", timeout=0.2)
        elapsed = time.monotonic() - started
        assert 0.2 <= elapsed < 3, elapsed
        assert isinstance(caught.value, TimeoutError) and caught.value.runs == [] and caught.value.method == "test/silent"
        assert not h._pending, "a request given up on is forgotten"
        assert wait_until(lambda: notes.of("test/sawCancel"))
        assert notes.of("test/sawCancel")[0] == {"id": 2}


def test_sync_default_timeout_of_the_client_applies() -> None:
    with hookd.Client(peer("plain"), timeout=0.2, cancel_wait=0.1) as h:
        h.initialize("/tmp")
        with pytest.raises(hookd.RequestTimeout):
            h.request("test/silent")


def test_sync_pending_request_cancel_sends_cancel_request() -> None:
    notes = Notes()
    with hookd.Client(peer("plain"), on_notification=notes, cancel_wait=0.2) as h:
        h.initialize("/tmp")
        pending = h.submit("test/silent")
        assert not pending.done()
        assert pending.cancel() is True and pending.cancel() is False
        assert wait_until(lambda: notes.of("test/sawCancel"))
        assert notes.of("test/sawCancel") == [{"id": pending.id}]


def test_sync_close_escalates_to_kill_when_the_peer_ignores_everything() -> None:
    h = hookd.Client(peer("stubborn"), shutdown_timeout=0.3, exit_timeout=0.3)
    h.initialize("/tmp")
    pid = h.pid
    started = time.monotonic()
    code = h.close()
    assert time.monotonic() - started < 5
    assert code == -9
    assert not is_alive(pid)


def test_sync_blocking_request_from_a_callback_raises_instead_of_deadlocking() -> None:
    errors: list[BaseException] = []
    holder: dict[str, hookd.Client] = {}

    def on_notification(note: hookd.Notification) -> None:
        try:
            holder["h"].ping()
        except RuntimeError as error:
            errors.append(error)

    with hookd.Client(peer("plain"), on_notification=on_notification) as h:
        holder["h"] = h
        h.initialize("/tmp")
        h.request("test/unknownRequest")  # its answer comes back as a test/answer notification
        assert wait_until(lambda: bool(errors))
        assert "deadlock" in str(errors[0])


def test_sync_spawn_failure_raises() -> None:
    with pytest.raises(FileNotFoundError):
        hookd.Client(["/nonexistent/hookd-binary"])


# ── asyncio client ───────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("framing", FRAMINGS)
@run_async
async def test_async_unknown_server_request_is_answered_method_not_found(framing: str) -> None:
    notes = Notes()
    async with await hookd.AsyncClient.start(peer("plain", framing), framing=framing, on_notification=notes) as h:
        init = await h.initialize("/tmp")
        assert init.other_fields == {"fakeExtra": True}
        await h.request("test/unknownRequest")
        assert await await_until(lambda: notes.of("test/answer"))
        assert notes.of("test/answer")[0] == {"jsonrpc": "2.0", "id": 0, "error": {"code": -32601, "message": "method not found: client/somethingNew"}}


@run_async
async def test_async_invoke_cancelled_by_hookd_cancels_the_coroutine() -> None:
    notes = Notes()
    seen: list[str] = []

    async def slow(params: hookd.InvokeHookParams) -> dict[str, Any]:
        seen.append("started")
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise
        return {"output": {}}

    async with await hookd.AsyncClient.start(peer("plain"), on_notification=notes) as h:
        await h.initialize("/tmp")
        await h.register_hook("PreToolUse", slow)
        await h.request("test/invoke", {"cancelAfter": 0.1})
        assert await await_until(lambda: notes.of("test/answer"))
        assert notes.of("test/answer")[0] == {"jsonrpc": "2.0", "id": 7, "error": {"code": -32800, "message": "Request cancelled"}}
        assert seen == ["started", "cancelled"]


@run_async
async def test_async_sync_and_async_hook_handlers_both_answer() -> None:
    notes = Notes()
    async with await hookd.AsyncClient.start(peer("plain"), on_notification=notes) as h:
        await h.initialize("/tmp")
        await h.register_hook("PreToolUse", lambda params: hookd.InvokeHookResult(output={"sync": params.input}, exit_code=2, stderr="e"))
        await h.request("test/invoke", {})
        assert await await_until(lambda: notes.of("test/answer"))
        assert notes.of("test/answer")[0] == {"jsonrpc": "2.0", "id": 7, "result": {"output": {"sync": {"x": 1}}, "exitCode": 2, "stderr": "e"}}


@run_async
async def test_async_peer_dying_mid_request_fails_pending_and_later_requests() -> None:
    h = await hookd.AsyncClient.start(peer("plain"))
    try:
        await h.initialize("/tmp")
        with pytest.raises(hookd.ConnectionClosed):
            await h.request("test/die", timeout=10)
        with pytest.raises(hookd.ConnectionClosed):
            await h.ping()
    finally:
        assert await h.aclose() == 3


@run_async
async def test_async_timeout_sends_cancel_and_is_bounded_when_the_peer_stays_silent() -> None:
    notes = Notes()
    async with await hookd.AsyncClient.start(peer("plain"), on_notification=notes, cancel_wait=0.3) as h:
        await h.initialize("/tmp")
        started = time.monotonic()
        with pytest.raises(hookd.RequestTimeout) as caught:
            await h.request("test/silent", timeout=0.2)
        assert 0.2 <= time.monotonic() - started < 3
        assert caught.value.runs == []
        assert not h._pending, "a request given up on is forgotten"
        assert await await_until(lambda: notes.of("test/sawCancel"))
        assert notes.of("test/sawCancel")[0] == {"id": 2}


@run_async
async def test_async_task_cancel_sends_cancel_request_and_raises_task_cancelled() -> None:
    notes = Notes()
    async with await hookd.AsyncClient.start(peer("plain"), on_notification=notes, cancel_wait=0.2) as h:
        await h.initialize("/tmp")
        task = asyncio.ensure_future(h.request("test/silent"))
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError) as caught:
            await task
        error = hookd.find_cancelled(caught.value)
        assert task.cancelled() and isinstance(error, hookd.TaskCancelled)
        assert error.runs == [] and error.method == "test/silent"

        async def inside() -> list[Any]:  # within the task, TaskCancelled itself is raised on every version
            try:
                await h.request("test/silent")
            except hookd.Cancelled as cancelled:
                return ["caught", cancelled.runs]
            return []

        inner = asyncio.ensure_future(inside())
        await asyncio.sleep(0.05)
        inner.cancel()
        assert await inner == ["caught", []]
        assert await await_until(lambda: len(notes.of("test/sawCancel")) == 2)
        assert notes.of("test/sawCancel") == [{"id": 2}, {"id": 3}]


@run_async
async def test_async_close_escalates_to_kill_when_the_peer_ignores_everything() -> None:
    h = await hookd.AsyncClient.start(peer("stubborn"), shutdown_timeout=0.3, exit_timeout=0.3)
    await h.initialize("/tmp")
    pid = h.pid
    started = time.monotonic()
    assert await h.aclose() == -9
    assert time.monotonic() - started < 5
    assert not is_alive(pid)
