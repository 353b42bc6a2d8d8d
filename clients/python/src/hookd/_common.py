"""What the synchronous and the asyncio client share and that does no I/O of its own: locating hookd,
the child's environment, framing, building params, the answers to hookd's requests. No hook logic."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Union

from ._discovery import find_sidecar
from .errors import HookdError
from .types import (
    PROTOCOL_VERSION,
    REQUESTS,
    Capabilities,
    ClientInfo,
    ConfigSource,
    EventParams,
    InvokeHookResult,
    Model,
    ServerOptions,
    SessionInfo,
    _to_json,
)

#: hookd's default --max-message-bytes; the asyncio reader's line limit is set to it (plus framing slack).
DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024
CLIENT_NAME = "hookd-python"
CLIENT_VERSION = "0.1.0"
FRAMINGS = ("ndjson", "content-length")


class _Default:
    def __repr__(self) -> str:
        return "DEFAULT"


#: "use the client's default" (a request's ``timeout=None`` means: no timeout).
DEFAULT: Any = _Default()

SessionLike = Union[str, SessionInfo, Mapping[str, Any]]
SourceLike = Union[str, "os.PathLike[str]", ConfigSource, Mapping[str, Any], Sequence[str]]
StderrLike = Union[None, str, int, Any]


# ── the process ──────────────────────────────────────────────────────────────────────────────────────


def resolve_command(command: Sequence[str] | str | None, env: Mapping[str, str | None] | None = None) -> list[str]:
    """argv of hookd: ``command`` as given; else ``$HOOKD_BIN`` (run with node when it is a .js file); else
    ``hookd-sidecar`` on PATH; else ``hookd`` on PATH (see ``find_sidecar``; raises SidecarNotFound)."""
    return find_sidecar(command, env).argv


def child_env(env: Mapping[str, str | None] | None) -> dict[str, str] | None:
    """``os.environ`` with ``env`` laid over it; a ``None`` value unsets that variable."""
    if env is None:
        return None
    merged = dict(os.environ)
    for key, value in env.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


def parent_death_preexec(enabled: bool) -> Callable[[], None] | None:
    """Linux: a preexec_fn that makes the kernel send hookd SIGTERM when the spawning *thread* ends (so a
    client that dies without closing leaves nothing behind: hookd's SIGTERM handler kills every hook tree).
    The clients spawn from a thread that lives exactly as long as they do."""
    if not enabled or sys.platform != "linux":
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - not glibc/musl
        return None
    parent = os.getpid()
    PR_SET_PDEATHSIG = 1

    def preexec() -> None:
        prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM))
        if os.getppid() != parent:  # the parent died before prctl took effect
            os.kill(os.getpid(), signal.SIGTERM)

    return preexec


class StderrTail:
    """Keeps the last ``limit`` bytes of hookd's stderr (``stderr="capture"``)."""

    def __init__(self, limit: int = 64 * 1024) -> None:
        self._chunks: deque[bytes] = deque()
        self._size = 0
        self._limit = limit
        self._lock = threading.Lock()

    def feed(self, chunk: bytes) -> None:
        with self._lock:
            self._chunks.append(chunk)
            self._size += len(chunk)
            while self._size - len(self._chunks[0]) >= self._limit and len(self._chunks) > 1:
                self._size -= len(self._chunks.popleft())

    def text(self) -> str:
        with self._lock:
            data = b"".join(self._chunks)
        return data[-self._limit :].decode("utf-8", "replace")


# ── framing ──────────────────────────────────────────────────────────────────────────────────────────


def dumps(message: Any) -> bytes:
    try:
        return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: escape them instead of writing invalid UTF-8
        return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def frame(body: bytes, framing: str) -> bytes:
    if framing == "ndjson":
        return body + b"\n"
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def content_length(header: bytes) -> int:
    """The length from a Content-Length header block (``...\\r\\n\\r\\n``)."""
    for line in header.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value.strip())
    raise ValueError(f"no Content-Length in header {header[:200]!r}")


def check_framing(framing: str) -> str:
    if framing not in FRAMINGS:
        raise ValueError(f"framing must be one of {FRAMINGS}, not {framing!r}")
    return framing


# ── params ───────────────────────────────────────────────────────────────────────────────────────────


def wire(value: Any) -> Any:
    """A params value as JSON: dataclasses of hookd.types through to_wire(), the rest as given."""
    return _to_json(value)


def session_value(session: SessionLike) -> dict[str, Any]:
    if isinstance(session, str):
        return {"id": session}
    if isinstance(session, SessionInfo):
        return session.to_wire()
    if isinstance(session, Mapping):
        return dict(session)
    raise TypeError(f"session: a session id, a SessionInfo or a dict, not {type(session).__name__}")


def new_session_id() -> str:
    return f"session-{uuid.uuid4()}"


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


#: snake_case keyword → wire field of EventParams (beyond session, run_id, server_owned, extra).
EVENT_FIELDS = frozenset(
    {
        "tool_name",
        "tool_input",
        "tool_use_id",
        "tool_response",
        "duration_ms",
        "error",
        "is_interrupt",
        "permission_suggestions",
        "prompt",
        "source",
        "reason",
        "trigger",
        "custom_instructions",
        "stop_hook_active",
        "last_assistant_message",
        "message",
        "title",
        "notification_type",
        "agent_id",
        "agent_type",
        "agent_transcript_path",
        "background",
        "command",
        "exit_code",
        "output_excerpt",
        "files",
        "is_error",
        "unattended",
        "turn_kind",
        "finish",
        "root_run",
        "input_message_count",
        "pending_tool_exchange",
        "summary_chars",
        "estimated_context_tokens",
        "task_instruction",
        "llm_request",
        "llm_response",
        "subagent_name",
        "subagent_type",
    }
)


def event_params(
    event: str,
    default_session: dict[str, Any],
    params: EventParams | Mapping[str, Any] | None = None,
    *,
    session: SessionLike | None = None,
    run_id: str | None = None,
    server_owned: bool | None = None,
    extra: Mapping[str, Any] | None = None,
    more: Mapping[str, Any] | None = None,
    fields: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Params of ``hooks/<event>``: ``params`` (wire JSON or EventParams) overlaid with the snake_case
    ``fields``, ``run_id``, ``server_owned``, ``extra`` and the wire-named ``more``; None values are left out.
    The session is ``session``, else the one in ``params``, else the client's."""
    out: dict[str, Any] = dict(wire(params)) if params is not None else {}
    for name, value in (fields or {}).items():
        if name not in EVENT_FIELDS:
            raise TypeError(f"{event}: unknown event field {name!r} (pass wire-named fields with more={{...}})")
        if value is not None:
            out[_camel(name)] = wire(value)
    for key, value in (("runId", run_id), ("serverOwned", server_owned), ("extra", extra)):
        if value is not None:
            out[key] = wire(value)
    for key, value in (more or {}).items():
        out[key] = wire(value)
    if session is not None:
        out["session"] = session_value(session)
    elif "session" not in out:
        out["session"] = dict(default_session)
    return out


def source_value(source: SourceLike) -> dict[str, Any]:
    if isinstance(source, ConfigSource):
        return source.to_wire()
    if isinstance(source, Mapping):
        return dict(source)
    if isinstance(source, (str, os.PathLike)):
        return {"path": os.fspath(source)}
    if isinstance(source, Sequence) and len(source) == 2:
        return {"path": os.fspath(source[0]), "scope": source[1]}
    raise TypeError(f"a source is a path, (path, scope), a ConfigSource or a dict, not {source!r}")


#: The capability a client declares when it answers each delegated server request.
DELEGATED_CAPABILITIES = {
    "hooks/judge": "modelJudge",
    "hooks/callMcpTool": "mcpTools",
    "hooks/approve": "hookApproval",
    "hooks/askToolApproval": "toolApproval",
}


def initialize_params(
    workspace: str | os.PathLike[str],
    *,
    dialect: str | None,
    home: str | os.PathLike[str] | None,
    sources: Iterable[SourceLike] | None,
    options: ServerOptions | Mapping[str, Any] | None,
    capabilities: Capabilities | Mapping[str, Any] | None,
    client_info: ClientInfo | Mapping[str, Any] | None,
    answers_invoke: bool,
    more: Mapping[str, Any] | None = None,
    answers: Iterable[str] = (),
    tools: Iterable[Any] | None = None,
    trust_workspace: bool | None = None,
) -> dict[str, Any]:
    """``initialize`` params. ``capabilities.programmaticHooks`` is declared whenever the client answers
    ``hooks/invoke`` (unless the caller set it), so that ``register_hook`` works without ceremony.
    ``trust_workspace`` sets ``options.trustWorkspace`` (wamp: a Cloud session trusts its own workspace)."""
    caps: dict[str, Any] = dict(wire(capabilities)) if capabilities is not None else {}
    if answers_invoke:
        caps.setdefault("programmaticHooks", True)
        # A handler set for hooks/judge or hooks/callMcpTool declares its capability.
        for method in answers:
            if method in DELEGATED_CAPABILITIES:
                caps.setdefault(DELEGATED_CAPABILITIES[method], True)
    params: dict[str, Any] = {
        "protocolVersion": PROTOCOL_VERSION,
        "clientInfo": wire(client_info) if client_info is not None else {"name": CLIENT_NAME, "version": CLIENT_VERSION},
    }
    if dialect is not None:
        params["dialect"] = dialect
    params["workspace"] = os.path.abspath(os.fspath(workspace))
    if home is not None:
        params["home"] = os.path.abspath(os.fspath(home))
    if sources is not None:
        params["sources"] = [source_value(source) for source in sources]
    if caps:
        params["capabilities"] = caps
    if options is not None:
        params["options"] = wire(options)
    if trust_workspace is not None:
        params["options"] = {**params.get("options", {}), "trustWorkspace": trust_workspace}
    if tools is not None:
        params["tools"] = [tool_value(tool) for tool in tools]
    params.update({key: wire(value) for key, value in (more or {}).items()})
    return params


def tool_value(tool: Any) -> Any:
    """A tool declaration: a name (str), a ToolDeclaration, a dict ``{name, kind, ...}``, or ``(name, kind)``."""
    if isinstance(tool, str):
        return tool
    if isinstance(tool, Model):
        return tool.to_wire()
    if isinstance(tool, Mapping):
        return wire(dict(tool))
    if isinstance(tool, Sequence) and len(tool) == 2 and all(isinstance(part, str) for part in tool):
        return {"name": tool[0], "kind": tool[1]}
    raise TypeError(f"a tool is a name, (name, kind), a ToolDeclaration or a dict {{name, kind}}, not {tool!r}")


def result_type_of(method: str) -> type[Model] | None:
    return REQUESTS.get(method, (None, None))[1]


def compact(**values: Any) -> dict[str, Any]:
    """A params object of the given wire-named values that are not None."""
    return {key: wire(value) for key, value in values.items() if value is not None}


# ── answering hookd's requests ───────────────────────────────────────────────────────────────────────

REQUEST_CANCELLED_ANSWER = {"code": -32800, "message": "Request cancelled"}


def invoke_answer(value: Any) -> Any:
    """The ``hooks/invoke`` result for what a hook callable returned: None → no output, exit 0;
    an InvokeHookResult → its wire form; a dict → sent as the wire answer (``{output, exitCode, stderr}``)."""
    if value is None:
        return {"exitCode": 0, "stderr": ""}
    if isinstance(value, InvokeHookResult):
        return value.to_wire()
    if isinstance(value, Model):
        return value.to_wire()
    if isinstance(value, Mapping):
        return wire(dict(value))
    raise TypeError(
        f"a hook handler returns None, an InvokeHookResult or a dict {{output, exitCode, stderr}}, not {type(value).__name__}"
    )


def judge_answer(value: Any, params: Any) -> Any:
    """The ``hooks/judge`` result for what a judge callable returned, in the form the request asked for: a str is
    the model's text reply (``{text}``); a JudgeResult or a dict is sent as its wire form. A text request answered
    without ``text``, or a verdict request without ``ok``, raises (hookd records a failed run), naming the form."""
    answer = {"text": value} if isinstance(value, str) else wire(value)
    reply = getattr(params, "reply", None)
    hook = getattr(params, "hook_id", "?")
    has = lambda name: isinstance(answer, Mapping) and answer.get(name) is not None  # noqa: E731
    if reply == "text" and not has("text"):
        raise TypeError(f"hooks/judge of {hook} asks for the model's text reply: return the text (or JudgeResult(text=...))")
    if reply != "text" and not has("ok"):
        raise TypeError(f"hooks/judge of {hook} asks for a verdict: return JudgeResult(ok=..., reason=...)")
    return answer


def approval_answer(value: Any) -> Any:
    """The ``hooks/approve`` result: a str is the answer (``"once"``, ``"session"``, ``"project"``, ``"deny"``);
    an ApproveHookResult or a dict is sent as its wire form. Anything else raises (the hook stays awaiting)."""
    from .types import APPROVAL_ANSWERS

    answer = {"answer": value} if isinstance(value, str) else wire(value)
    if not isinstance(answer, Mapping) or answer.get("answer") not in APPROVAL_ANSWERS:
        raise ValueError(f"an approval callback answers one of {', '.join(APPROVAL_ANSWERS)}, not {value!r}")
    return answer


def tool_approval_answer(value: Any) -> Any:
    """The ``hooks/askToolApproval`` result: a str is the answer (``"allow"`` or ``"deny"``), a bool allow (True) or
    deny (False); an AskToolApprovalResult or a dict is sent as its wire form. Anything else raises (hookd then denies:
    fail-closed)."""
    from .types import TOOL_APPROVAL_ANSWERS

    if isinstance(value, bool):
        value = "allow" if value else "deny"
    answer = {"answer": value} if isinstance(value, str) else wire(value)
    if not isinstance(answer, Mapping) or answer.get("answer") not in TOOL_APPROVAL_ANSWERS:
        raise ValueError(f"a tool approval callback answers {' or '.join(TOOL_APPROVAL_ANSWERS)}, not {value!r}")
    return answer


def server_request_answer(method: str, value: Any, params: Any) -> Any:
    """The result sent for what the handler of one of hookd's requests returned."""
    if method == "hooks/invoke":
        return invoke_answer(value)
    if method == "hooks/judge":
        return judge_answer(value, params)
    if method == "hooks/approve":
        return approval_answer(value)
    if method == "hooks/askToolApproval":
        return tool_approval_answer(value)
    return wire(value)


def error_answer(error: BaseException) -> dict[str, Any]:
    """A JSON-RPC error object for an exception raised by a handler of hookd's requests."""
    if isinstance(error, HookdError) and isinstance(error.code, int):
        answer: dict[str, Any] = {"code": error.code, "message": error.message}
        if error.data is not None:
            answer["data"] = wire(error.data)
        return answer
    return {"code": -32603, "message": f"{type(error).__name__}: {error}"}


def cancel_notification(request_id: int | str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": request_id}}


def runs_of(response: Any) -> list[Any]:
    """The runs an answer carries: a -32800 error's data.runs, or a result's runs."""
    from .types import CancelledData, EventResult, Response

    if not isinstance(response, Response):
        return []
    if response.error is not None:
        data = response.error.data
        return list(data.runs) if isinstance(data, CancelledData) else []
    if isinstance(response.result, EventResult) and isinstance(response.result.runs, list):
        return list(response.result.runs)
    return []
