"""State and message routing shared by the synchronous and the asyncio client (no I/O here): options,
request ids, the registered hook callables, and which callback a message from hookd goes to."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._common import (
    DEFAULT,
    SessionLike,
    StderrTail,
    check_framing,
    new_session_id,
    session_value,
)
from ._discovery import find_sidecar, is_protocol_message
from .types import DiagnosticsParams, Notification, ProgressParams, ReviewWarningsParams, parse_message

log = logging.getLogger("hookd")

#: A callable answering ``hooks/invoke``: receives InvokeHookParams, returns None, an InvokeHookResult or
#: a dict ``{output, exitCode, stderr}`` (the asyncio client also accepts coroutine functions).
HookHandler = Callable[..., Any]
#: A callable answering one server → client request method: receives the params (typed when known).
RequestHandler = Callable[..., Any]


class ClientBase:
    """Options and routing common to Client and AsyncClient."""

    def __init__(
        self,
        command: Sequence[str] | str | None = None,
        *,
        env: Mapping[str, str | None] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        framing: str = "ndjson",
        stderr: Any = None,
        timeout: float | None = None,
        cancel_wait: float = 5.0,
        shutdown_timeout: float = 5.0,
        exit_timeout: float = 3.0,
        startup_timeout: float = 30.0,
        die_with_parent: bool = True,
        serve_requests: bool = True,
        session: SessionLike | None = None,
        on_progress: Callable[[ProgressParams], Any] | None = None,
        on_diagnostics: Callable[[DiagnosticsParams], Any] | None = None,
        on_notification: Callable[[Notification], Any] | None = None,
        on_message: Callable[[dict[str, Any]], Any] | None = None,
        on_review_warnings: Callable[[ReviewWarningsParams], Any] | None = None,
    ) -> None:
        #: The program found (see find_sidecar): argv, path and the rule that found it.
        self.sidecar = find_sidecar(command, env)
        self.argv = self.sidecar.argv
        self.env = env
        self.cwd = os.fspath(cwd) if cwd is not None else None
        self.framing = check_framing(framing)
        self._stderr_option = stderr
        self.stderr_tail = StderrTail() if stderr == "capture" else None
        #: Default timeout of a request in seconds (None: wait as long as hookd takes).
        self.timeout = timeout
        #: After a cancel (or a timeout), how long to wait for hookd's -32800 answer with the runs.
        self.cancel_wait = cancel_wait
        self.shutdown_timeout = shutdown_timeout
        self.exit_timeout = exit_timeout
        #: Bound on the answer to ``initialize`` (a program that does not answer in time is not hookd).
        self.startup_timeout = startup_timeout
        self.die_with_parent = die_with_parent
        #: False: hookd's requests are not answered (nor are hook callables called): replay/raw use.
        self.serve_requests = serve_requests
        self.session: dict[str, Any] = session_value(session) if session is not None else {"id": new_session_id()}
        self.on_progress = on_progress
        self.on_diagnostics = on_diagnostics
        self.on_notification = on_notification
        #: ``hooks/reviewWarnings`` (pbi): hooks that stay skipped until reviewed, or the bypass notice.
        self.on_review_warnings = on_review_warnings
        self.on_message = on_message
        #: The initialize result, once initialized.
        self.initialize_result: Any = None
        self._next_id = 1
        self._hooks: dict[str, HookHandler] = {}
        self._request_handlers: dict[str, RequestHandler] = {}
        #: Until the first answer is read, anything that is not JSON-RPC means the program is not hookd.
        self._awaiting_first_answer = True
        #: The first non-protocol output read before that answer.
        self._foreign_output: bytes | None = None

    # ── ids and options ──────────────────────────────────────────────────────────────────────────────

    @property
    def session_id(self) -> str:
        return str(self.session.get("id"))

    def _alloc_id(self) -> int:
        request_id = self._next_id
        self._next_id += 1
        return request_id

    def _note_sent(self, message: Any) -> None:
        """A request sent as a raw message takes its numeric id: later requests of the client use fresh ones."""
        if isinstance(message, Mapping) and "method" in message:
            request_id = message.get("id")
            if isinstance(request_id, int) and not isinstance(request_id, bool) and request_id >= self._next_id:
                self._next_id = request_id + 1

    def _startup_limit(self, timeout: Any) -> float | None:
        return self.startup_timeout if timeout is DEFAULT else timeout

    def _is_foreign(self, body: bytes, obj: Any) -> bool:
        """Records the first output that is not JSON-RPC while no answer came yet; True when it was that."""
        if not self._awaiting_first_answer or is_protocol_message(obj):
            return False
        if self._foreign_output is None:
            self._foreign_output = body
        return True

    def _incoming(self, body: bytes) -> Any | None:
        """One message read from hookd, parsed; None when it is to be skipped (not JSON, or output that is not
        JSON-RPC before the first answer: then the pending requests fail with NotTheSidecar)."""
        try:
            obj = json.loads(body)
        except ValueError:
            obj = None
        if self._is_foreign(body, obj):
            self._fail_pending_foreign()
            return None
        if obj is None:
            log.warning("hookd wrote a line that is not JSON: %r", body[:200])
            return None
        if self._awaiting_first_answer and "method" not in obj:
            self._awaiting_first_answer = False
        return obj

    def _fail_pending_foreign(self) -> None:
        raise NotImplementedError

    def _timeout(self, timeout: Any) -> float | None:
        return self.timeout if timeout is DEFAULT else timeout

    def stderr_text(self) -> str:
        """The last 64 KiB hookd wrote to stderr (with ``stderr="capture"``; else empty)."""
        return self.stderr_tail.text() if self.stderr_tail is not None else ""

    # ── hookd → client requests ──────────────────────────────────────────────────────────────────────

    def set_request_handler(self, method: str, handler: RequestHandler | None) -> None:
        """Answer hookd's requests of ``method`` with ``handler(params)`` (None removes it). Methods without
        a handler are answered -32601; ``hooks/invoke`` goes to the callables given to register_hook."""
        if handler is None:
            self._request_handlers.pop(method, None)
        else:
            self._request_handlers[method] = handler

    def on_judge(self, handler: RequestHandler | None) -> None:
        """Answer ``hooks/judge`` (Claude ``prompt`` / ``agent`` hooks, bonsai ``llm_prompt``) with
        ``handler(JudgeParams)``: for a verdict (``params.reply`` None or ``"verdict"``) a JudgeResult or a dict
        ``{ok, reason, impossible}``; for ``params.reply == "text"`` the model's reply as a str (or
        ``JudgeResult(text=...)``), which hookd parses itself. Set before ``initialize`` to declare
        ``capabilities.modelJudge``."""
        self.set_request_handler("hooks/judge", handler)

    def on_call_mcp_tool(self, handler: RequestHandler | None) -> None:
        """Answer ``hooks/callMcpTool`` (``mcp_tool`` hooks) with ``handler(CallMcpToolParams)``, which returns a
        CallMcpToolResult or a dict ``{content, text, isError}``. Set before ``initialize`` to declare
        ``capabilities.mcpTools``."""
        self.set_request_handler("hooks/callMcpTool", handler)

    def on_approve(self, handler: RequestHandler | None) -> None:
        """Answer ``hooks/approve`` (a hook that needs approval before it first runs, e.g. a bonsai project hook
        with a shell or http action) with ``handler(ApproveHookParams)``: show ``params.summary`` (its command or
        URL) and return ``"once"``, ``"session"``, ``"project"`` or ``"deny"`` (or an ApproveHookResult). hookd
        asks once per configuration load and serves events meanwhile: until answered the hook does not fire. Set
        before ``initialize`` to declare ``capabilities.hookApproval``."""
        self.set_request_handler("hooks/approve", handler)

    def on_tool_approval(self, handler: RequestHandler | None) -> None:
        """Answer ``hooks/askToolApproval`` (a hook asked for approval of a tool call; wamp: one card with only Allow and
        Deny) with ``handler(AskToolApprovalParams)``: show ``params.reason`` and return ``"allow"`` or ``"deny"`` (a
        bool, or an AskToolApprovalResult). The event's result then follows the answer (allow: decision ``none``,
        ``approval.answer``; deny: a binding deny). An error or another answer denies (fail-closed). hookd never asks
        for an unattended run. Set before ``initialize`` to declare ``capabilities.toolApproval``."""
        self.set_request_handler("hooks/askToolApproval", handler)

    def _handler_for(self, method: str, params: Any) -> Callable[[], Any] | None:
        """The call answering one server request, or None (→ -32601)."""
        if method == "hooks/invoke" and method not in self._request_handlers:
            hook_id = getattr(params, "hook_id", None)
            hook = self._hooks.get(hook_id) if isinstance(hook_id, str) else None
            if hook is None:
                from .errors import InvalidParams

                def unknown() -> Any:
                    raise InvalidParams(-32602, f"this client has no handler for hook {hook_id!r}")

                return unknown
            return lambda: hook(params)
        handler = self._request_handlers.get(method)
        if handler is None:
            return None
        return lambda: handler(params)

    # ── hookd → client notifications ─────────────────────────────────────────────────────────────────

    def _notification_calls(self, obj: Mapping[str, Any]) -> list[Callable[[], Any]]:
        """The callbacks a notification from hookd goes to (progress, diagnostics, then on_notification)."""
        note = parse_message(obj, from_server=True)
        assert isinstance(note, Notification)
        calls: list[Callable[[], Any]] = []
        if note.method == "hooks/progress" and self.on_progress is not None and isinstance(note.params, ProgressParams):
            callback = self.on_progress
            calls.append(lambda: callback(note.params))
        elif note.method == "hooks/diagnostics" and self.on_diagnostics is not None and isinstance(note.params, DiagnosticsParams):
            diagnostics_callback = self.on_diagnostics
            calls.append(lambda: diagnostics_callback(note.params))
        elif note.method == "hooks/reviewWarnings" and self.on_review_warnings is not None and isinstance(note.params, ReviewWarningsParams):
            review_callback = self.on_review_warnings
            calls.append(lambda: review_callback(note.params))
        if self.on_notification is not None:
            notification_callback = self.on_notification
            calls.append(lambda: notification_callback(note))
        return calls

    def _wants_notifications(self) -> bool:
        return bool(self.on_progress or self.on_diagnostics or self.on_notification or self.on_review_warnings)

    @staticmethod
    def _log_callback_error(what: str, error: BaseException) -> None:
        log.error("hookd client: %s raised %r", what, error, exc_info=error)
