"""Errors the client raises: hookd's JSON-RPC error answers, and local failures (timeout, closed).

``HookdError(code, message, data)`` is the base of all. A -32800 answer is ``Cancelled`` (with the partial
``runs``); ``TaskCancelled`` is also an ``asyncio.CancelledError``, raised when the asyncio task awaiting a
request was cancelled; ``RequestTimeout`` is also a ``TimeoutError``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from .types import CancelledData, ErrorObject, RunSummary

__all__ = [
    "ErrorCodes",
    "HookdError",
    "ParseError",
    "InvalidRequest",
    "MethodNotFound",
    "InvalidParams",
    "InternalError",
    "NotInitialized",
    "PersistenceFailed",
    "HookNotFound",
    "ReviewNotAllowed",
    "Cancelled",
    "TaskCancelled",
    "RequestTimeout",
    "ConnectionClosed",
    "SidecarNotFound",
    "NotTheSidecar",
    "error_from_wire",
    "find_cancelled",
]


class ErrorCodes:
    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603
    SERVER_NOT_INITIALIZED = -32002
    PERSISTENCE_FAILED = -32010
    HOOK_NOT_FOUND = -32011
    REVIEW_NOT_ALLOWED = -32012
    REQUEST_CANCELLED = -32800


class HookdError(Exception):
    """An error answer from hookd (``code`` is its JSON-RPC code), or a local failure (``code`` None)."""

    code: int | None
    message: str
    data: Any

    def __init__(self, code: int | None, message: str, data: Any = None, *, method: str | None = None) -> None:
        super().__init__(code, message, data)
        self.code = code
        self.message = message
        self.data = data
        #: The method of the request that failed, when known.
        self.method = method

    def __str__(self) -> str:
        where = f"{self.method}: " if self.method else ""
        code = f" ({self.code})" if self.code is not None else ""
        return f"{where}{self.message}{code}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"


class ParseError(HookdError):
    """-32700: hookd could not parse what it read."""


class InvalidRequest(HookdError):
    """-32600: not a request, too large, a second initialize, after shutdown, or not allowed (e.g. hooks/register without the capability)."""


class MethodNotFound(HookdError):
    """-32601: unknown method, or an event the dialect does not have."""


class InvalidParams(HookdError):
    """-32602: params failed validation; ``data["issues"]`` has the details."""


class InternalError(HookdError):
    """-32603: a bug in hookd."""


class NotInitialized(HookdError):
    """-32002: a request before initialize."""


class PersistenceFailed(HookdError):
    """-32010: hookd could not persist what was asked (e.g. a corrupt trust store)."""


class HookNotFound(HookdError):
    """-32011: review/trust, review/disable or review/enable named a key no hook has (review/list shows the keys)."""


class ReviewNotAllowed(HookdError):
    """-32012: review/disable or review/enable of a managed hook, or of a hook trusted per file (trust/set is its control)."""


class Cancelled(HookdError):
    """-32800: the request was cancelled (``$/cancelRequest``, ``hooks/cancel`` or shutdown).

    ``runs`` holds the runs that finished and the ones cancelled (every hook process tree is dead).
    """

    runs: list[RunSummary]

    def __init__(self, code: int | None, message: str, data: Any = None, *, method: str | None = None, runs: list[RunSummary] | None = None) -> None:
        super().__init__(code, message, data, method=method)
        if runs is not None:
            self.runs = list(runs)
        else:
            self.runs = list(data.runs) if isinstance(data, CancelledData) and isinstance(data.runs, list) else []


class TaskCancelled(Cancelled, asyncio.CancelledError):
    """The asyncio task awaiting the request was cancelled: the client sent ``$/cancelRequest`` and waited
    (bounded) for hookd's answer, whose runs are in ``runs``. Being a ``CancelledError`` it keeps asyncio's
    cancellation semantics (``task.cancelled()`` is True)."""


class RequestTimeout(HookdError, TimeoutError):
    """The request took longer than its timeout: the client sent ``$/cancelRequest`` and waited (bounded)
    for the answer; ``runs`` has the runs it reported (empty when none came in time)."""

    runs: list[RunSummary]

    def __init__(self, message: str, *, timeout: float, runs: list[RunSummary] | None = None, method: str | None = None, data: Any = None) -> None:
        super().__init__(ErrorCodes.REQUEST_CANCELLED, message, data, method=method)
        self.timeout = timeout
        self.runs = list(runs or [])


class ConnectionClosed(HookdError):
    """hookd exited, or the client was closed, before the request was answered."""

    def __init__(self, message: str, *, returncode: int | None = None, stderr_tail: str | None = None, method: str | None = None) -> None:
        detail = message
        if stderr_tail:
            detail += f"; hookd stderr ends with:\n{stderr_tail}"
        super().__init__(None, detail, None, method=method)
        self.returncode = returncode
        self.stderr_tail = stderr_tail


class SidecarNotFound(HookdError, FileNotFoundError):
    """No hookd sidecar was found: ``tried`` lists what was looked at (the command argument, ``HOOKD_BIN``, the PATH
    directories searched for ``hookd-sidecar`` and ``hookd``)."""

    def __init__(self, message: str, *, tried: list[str]) -> None:
        super().__init__(None, message, None)
        self.tried = list(tried)


class NotTheSidecar(HookdError):
    """The program started is not the hookd sidecar: it printed something that is not JSON-RPC before answering
    ``initialize``, exited, did not answer in time, or answered with a ``serverInfo.name`` other than ``"hookd"``.
    The process was killed and reaped before this was raised. ``program`` is the path that was found, ``origin``
    the rule that found it, ``got`` what it did instead."""

    def __init__(
        self,
        message: str,
        *,
        program: str,
        origin: str,
        got: str,
        pid: int | None = None,
        returncode: int | None = None,
        stderr_tail: str | None = None,
    ) -> None:
        super().__init__(None, message, None)
        self.program = program
        self.origin = origin
        self.got = got
        self.pid = pid
        self.returncode = returncode
        self.stderr_tail = stderr_tail


_BY_CODE: dict[int, type[HookdError]] = {
    ErrorCodes.PARSE_ERROR: ParseError,
    ErrorCodes.INVALID_REQUEST: InvalidRequest,
    ErrorCodes.METHOD_NOT_FOUND: MethodNotFound,
    ErrorCodes.INVALID_PARAMS: InvalidParams,
    ErrorCodes.INTERNAL_ERROR: InternalError,
    ErrorCodes.SERVER_NOT_INITIALIZED: NotInitialized,
    ErrorCodes.PERSISTENCE_FAILED: PersistenceFailed,
    ErrorCodes.HOOK_NOT_FOUND: HookNotFound,
    ErrorCodes.REVIEW_NOT_ALLOWED: ReviewNotAllowed,
    ErrorCodes.REQUEST_CANCELLED: Cancelled,
}


def error_from_wire(error: ErrorObject, *, method: str | None = None) -> HookdError:
    """The exception for an error answer: the subclass for its code, else HookdError."""
    code = error.code if isinstance(error.code, int) else None
    cls = _BY_CODE.get(code, HookdError) if code is not None else HookdError
    message = error.message if isinstance(error.message, str) else str(error.message)
    return cls(code, message, error.data, method=method)


def find_cancelled(error: BaseException | None) -> Cancelled | None:
    """The ``Cancelled`` (with its ``runs``) behind an exception: the exception itself, or one in its
    ``__cause__``/``__context__`` chain. Useful where asyncio re-wraps a cancellation: ``await task`` on a
    cancelled task raises a fresh CancelledError on Python 3.10 (the TaskCancelled is its ``__context__``),
    and ``asyncio.wait_for`` turns it into a TimeoutError."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, Cancelled):
            return error
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return None
