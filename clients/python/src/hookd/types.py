"""The protocol's objects as dataclasses: snake_case attributes, camelCase on the wire.

Every object is *loose*, as the protocol's are: fields this client does not know are kept in
``other_fields`` and written back by ``to_wire()``, a field absent on the wire stays absent, and a field a
newer (or a broken) peer sends with an unexpected shape is kept as it came. ``Model.from_wire(obj)`` then
``.to_wire()`` gives back ``obj`` exactly. This module only describes shapes; it does no I/O.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar, Union

__all__ = [
    "Model",
    "Diagnostic",
    "ServerInfo",
    "SpawnPath",
    "ClientInfo",
    "HookInfo",
    "ConfigSource",
    "ProgressOptions",
    "ServerOptions",
    "Capabilities",
    "ToolDeclaration",
    "FileChange",
    "InitializeParams",
    "InitializeResult",
    "SessionInfo",
    "EventParams",
    "OutputCapture",
    "RunSummary",
    "EventResult",
    "ListHooksResult",
    "ReloadResult",
    "CancelSessionParams",
    "CancelSessionResult",
    "RegisterHookParams",
    "RegisterHookResult",
    "UnregisterHookParams",
    "UnregisterHookResult",
    "InvokeHookParams",
    "InvokeHookResult",
    "JudgeParams",
    "JudgeResult",
    "McpContentBlock",
    "CallMcpToolParams",
    "CallMcpToolResult",
    "ApproveHookParams",
    "ApproveHookResult",
    "APPROVAL_ANSWERS",
    "ApprovalRequest",
    "Refusal",
    "AskToolApprovalParams",
    "AskToolApprovalResult",
    "TOOL_APPROVAL_ANSWERS",
    "DryRunParams",
    "DryRunResult",
    "BeginRunParams",
    "BeginRunResult",
    "EndRunParams",
    "EndRunResult",
    "TrustEntry",
    "TrustListResult",
    "SetTrustParams",
    "SetTrustResult",
    "PingResult",
    "REVIEW_STATUSES",
    "HookReview",
    "ReviewedHook",
    "ReviewListing",
    "ReviewKeyParams",
    "ReviewWarningsParams",
    "ProgressParams",
    "DiagnosticsParams",
    "CancelParams",
    "CancelledData",
    "ErrorObject",
    "Request",
    "Notification",
    "Response",
    "Message",
    "parse_message",
    "EVENTS",
    "FILE_AND_SHELL_EVENTS",
    "REQUESTS",
    "CLIENT_NOTIFICATIONS",
    "SERVER_NOTIFICATIONS",
    "SERVER_REQUESTS",
    "PROTOCOL_VERSION",
]

PROTOCOL_VERSION = "0.1"

M = TypeVar("M", bound="Model")


def _camel(name: str) -> str:
    head, *rest = name.rstrip("_").split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


@dataclass
class _Field:
    attr: str
    key: str
    model: type[Model] | None  # convert a dict value into this model
    many: bool  # a list of `model`


@dataclass
class Model:
    """Base of every protocol object. Subclasses declare their known fields as snake_case dataclass fields."""

    #: Wire fields this client does not know, kept as they came (and written back).
    other_fields: dict[str, Any] = field(default_factory=dict, kw_only=True, repr=False)
    #: Known fields the wire carried as an explicit ``null`` (so that ``to_wire`` writes them back).
    _nulls: frozenset[str] = field(default=frozenset(), kw_only=True, repr=False, compare=False)

    __fields_cache: ClassVar[dict[type, tuple[_Field, ...]]] = {}

    @classmethod
    def _wire_fields(cls) -> tuple[_Field, ...]:
        cached = Model.__fields_cache.get(cls)
        if cached is not None:
            return cached
        hints = typing.get_type_hints(cls)
        fields: list[_Field] = []
        for f in dataclasses.fields(cls):
            if f.name in ("other_fields", "_nulls"):
                continue
            model, many = _model_of(hints.get(f.name))
            fields.append(_Field(f.name, f.metadata.get("wire", _camel(f.name)), model, many))
        result = tuple(fields)
        Model.__fields_cache[cls] = result
        return result

    @classmethod
    def from_wire(cls: type[M], value: Mapping[str, Any]) -> M:
        """Reads a JSON object. Absent fields become ``None``; nothing is validated, nothing is dropped."""
        if not isinstance(value, Mapping):
            raise TypeError(f"{cls.__name__}.from_wire expects a JSON object, got {type(value).__name__}")
        kwargs: dict[str, Any] = {}
        known: set[str] = set()
        nulls: set[str] = set()
        for f in cls._wire_fields():
            known.add(f.key)
            if f.key not in value:
                kwargs[f.attr] = None
                continue
            item = value[f.key]
            if item is None:
                nulls.add(f.key)
            kwargs[f.attr] = _convert(item, f)
        other = {key: item for key, item in value.items() if key not in known}
        return cls(**kwargs, other_fields=other, _nulls=frozenset(nulls))

    def to_wire(self) -> dict[str, Any]:
        """The JSON object: known fields that are set (or were an explicit null), then ``other_fields``."""
        out: dict[str, Any] = {}
        for f in self._wire_fields():
            item = getattr(self, f.attr)
            if item is None and f.key not in self._nulls:
                continue
            out[f.key] = _to_json(item)
        for key, item in self.other_fields.items():
            out.setdefault(key, _to_json(item))
        return out

    def get(self, key: str, default: Any = None) -> Any:
        """A wire field by its wire name, known or not (``result.get("continue")``)."""
        return self.to_wire().get(key, default)


def _model_of(hint: Any) -> tuple[type[Model] | None, bool]:
    """`Foo | None` → (Foo, False); `list[Foo] | None` → (Foo, True); anything else → (None, False)."""
    if hint is None:
        return None, False
    origin = typing.get_origin(hint)
    if origin is Union or (origin is not None and type(hint).__name__ == "UnionType"):
        for arg in typing.get_args(hint):
            if arg is type(None):
                continue
            model, many = _model_of(arg)
            if model is not None:
                return model, many
        return None, False
    if origin is list:
        (arg,) = typing.get_args(hint) or (Any,)
        inner, _ = _model_of(arg)
        return (inner, True) if inner is not None else (None, False)
    if isinstance(hint, type) and issubclass(hint, Model):
        return hint, False
    return None, False


def _convert(item: Any, f: _Field) -> Any:
    if f.model is None:
        return item
    if f.many:
        if not isinstance(item, list):
            return item
        return [f.model.from_wire(x) if isinstance(x, Mapping) else x for x in item]
    return f.model.from_wire(item) if isinstance(item, Mapping) else item


def _to_json(item: Any) -> Any:
    if isinstance(item, Model):
        return item.to_wire()
    if isinstance(item, list):
        return [_to_json(x) for x in item]
    if isinstance(item, tuple):
        return [_to_json(x) for x in item]
    if isinstance(item, dict):
        return {key: _to_json(value) for key, value in item.items()}
    return item


def _wire(name: str) -> Any:
    return field(default=None, metadata={"wire": name})


# ── diagnostics and hooks ────────────────────────────────────────────────────────────────────────────


@dataclass
class Diagnostic(Model):
    """A configuration problem: ``severity`` is ``error``, ``warning`` or ``info``."""

    severity: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None
    code: str | None = None


@dataclass
class HookInfo(Model):
    """A hook hookd loaded (or the client registered), with its provenance."""

    id: str
    event: str
    handler_type: str
    source: str
    scope: str
    timeout_ms: float
    enabled: bool
    matcher: str | None = None
    command: str | None = None
    priority: float | None = None
    disabled: bool | None = None
    trust: str | None = None
    trust_key: str | None = None
    #: active, parked, disabled, awaiting_approval, denied, untrusted, modified or invalid.
    state: str | None = None
    state_reason: str | None = None
    #: Dialects with per-hook trust review (pbi): its key, trust status, current hash, enabled, managed, runnable.
    review: HookReview | None = None


# ── per-hook trust review (pbi) ──────────────────────────────────────────────────────────────────────

#: trusted, untrusted (never reviewed), modified (reviewed for another hash), disabled, managed (by policy).
REVIEW_STATUSES = ("trusted", "untrusted", "modified", "disabled", "managed")


@dataclass
class HookReview(Model):
    """``HookInfo.review``: the stable ``key`` review/trust|disable|enable take, ``trust_status`` (REVIEW_STATUSES),
    the ``current_hash`` (``sha256:<hex>``), and whether it is enabled, managed and runnable now."""

    key: str
    trust_status: str
    current_hash: str
    enabled: bool
    managed: bool
    runnable: bool
    diagnostics: list[str]


@dataclass
class ReviewedHook(HookReview):
    """One row of a review listing (``review/list``; ``hookd hooks --json``; ``hookd ui``)."""

    id: str = ""
    event: str = ""
    #: As written; None when omitted.
    matcher: str | None = None
    command: str = ""
    #: pbi: global, project or managed; other dialects: the scope.
    source: str = ""
    source_path: str = ""
    status_message: str | None = None
    timeout_ms: int = 0
    #: Hooks trusted per file (claude, bamboo): the trust/set key a trust of this row trusts.
    trust_key: str | None = None


@dataclass
class ReviewListing(Model):
    """What review/list, review/trust, review/disable and review/enable answer."""

    dialect: str
    hooks: list[ReviewedHook]
    diagnostics: list[str]
    #: Hooks untrusted or modified (skipped until trusted).
    review_required_count: int
    trust_bypass_active: bool
    #: The startup warnings, without a ``Warning: `` prefix.
    warnings: list[str]
    state_path: str | None = None


@dataclass
class ReviewKeyParams(Model):
    key: str


@dataclass
class ReviewWarningsParams(Model):
    """``hooks/reviewWarnings``: once after initialize, again when a reload changes them."""

    warnings: list[str]
    review_required_count: int
    trust_bypass_active: bool


# ── initialize ───────────────────────────────────────────────────────────────────────────────────────


@dataclass
class ServerInfo(Model):
    name: str
    version: str


@dataclass
class SpawnPath(Model):
    """How hookd starts hook processes (initialize ``spawnPath``): ``active`` is ``"supervisor"`` (the native hook process
    supervisor) or ``"node"`` (the pure-Node fallback); ``requested`` is what HOOKD_SPAWN_PATH asked for."""

    active: str
    requested: str
    detail: str


@dataclass
class ClientInfo(Model):
    name: str
    version: str | None = None


@dataclass
class ConfigSource(Model):
    """A config file to read instead of discovery; ``scope``: user, project, local, managed or explicit."""

    path: str
    scope: str | None = None


@dataclass
class ProgressOptions(Model):
    """``options.progress``: detailed ``hooks/progress`` (``elapsed_ms``, the status at ``finished``).

    ``hooks``: ``"statusMessage"`` (default) or ``"all"`` (every hook its request waits for); ``interval_ms``
    (100 to 60000): a ``running`` progress that often while a hook runs."""

    hooks: str | None = None
    interval_ms: int | None = None


@dataclass
class ServerOptions(Model):
    stop_block_cap: int | None = None
    kill_grace_ms: int | None = None
    managed_settings_path: str | None = None
    default_work_area: str | None = None
    trust_store_path: str | None = None
    watch: bool | None = None
    workspace_trust: bool | None = None
    #: Each run's stdout and stderr carry an ``excerpt`` of at most this many bytes (0 or None: none).
    run_output_excerpt_bytes: int | None = None
    #: Detailed ``hooks/progress``; None: progress as in protocol 0.1.
    progress: ProgressOptions | None = None
    #: ``"denied"``: the agent's sandbox denies network access, so http handlers fail (a recorded failure).
    network_access: str | None = None
    #: Dialects with an authorization ledger (bonsai): the JSONL file decisions of effect-gating hooks go to.
    ledger_path: str | None = None
    #: wamp: the session trusts its own workspace (a Cloud session): project hooks run without trust/set.
    trust_workspace: bool | None = None
    #: pbi: untrusted and modified hooks run for this process (with a warning); disabled ones stay off; nothing written.
    dangerously_bypass_hook_trust: bool | None = None
    #: pbi: a hooks.json the client vouches for as a trusted policy source (its ``managed: true`` handlers run unreviewed).
    managed_hooks_path: str | None = None
    #: pbi: the policy directory of managed hooks files (default /etc/pbi-agent/managed-hooks; root-owned files only).
    managed_policy_dir: str | None = None
    #: pbi: the review state file (default <home>/.pbi-agent/hooks_state.json).
    hook_state_path: str | None = None


@dataclass
class Capabilities(Model):
    programmatic_hooks: bool | None = None
    #: The client answers ``hooks/judge`` (prompt and agent hooks judged by its model).
    model_judge: bool | None = None
    #: The client answers ``hooks/callMcpTool`` (mcp_tool hooks call its MCP tools).
    mcp_tools: bool | None = None
    #: The client answers ``hooks/approve`` (hooks that need approval before they first run).
    hook_approval: bool | None = None
    #: The client answers ``hooks/askToolApproval`` (a hook's ask on a tool call, one card with Allow and Deny).
    tool_approval: bool | None = None


@dataclass
class ToolDeclaration(Model):
    """One of the agent's tools, declared at ``initialize`` (``tools=[...]``, beside bare names). ``kind``:
    ``shell`` (its PreToolUse/PostToolUse also fire PreBash/PostBash), ``file_write`` (also PreFileWrite/
    PostFileWrite) or ``other``; ``command_field`` / ``path_field``: the tool input field holding the command
    (default ``command``) or the path (default ``path``)."""

    name: str
    kind: str | None = None
    command_field: str | None = None
    path_field: str | None = None


@dataclass
class InitializeParams(Model):
    protocol_version: str
    workspace: str
    dialect: str | None = None
    client_info: ClientInfo | None = None
    home: str | None = None
    sources: list[ConfigSource] | None = None
    capabilities: Capabilities | None = None
    options: ServerOptions | None = None
    #: Tool names, or ToolDeclarations with a kind (a bare name stays a str).
    tools: list[Any] | None = None


@dataclass
class InitializeResult(Model):
    protocol_version: str
    server_info: ServerInfo
    dialect: str
    events: list[str]
    hooks: list[HookInfo]
    diagnostics: list[Diagnostic]
    #: Native event names the dialect also serves as methods, alias → canonical (gemini: ``{"BeforeTool": "PreToolUse", …}``).
    event_aliases: dict[str, str] | None = None
    #: The native supervisor or the pure-Node fallback, and why (absent from a sidecar older than the field).
    spawn_path: SpawnPath | None = None


# ── events ───────────────────────────────────────────────────────────────────────────────────────────


@dataclass
class SessionInfo(Model):
    """The agent session an event belongs to; ``id`` keys per-session state (e.g. the Stop-block cap)."""

    id: str
    cwd: str | None = None
    transcript_path: str | None = None
    permission_mode: str | None = None
    model: str | None = None
    prompt_id: str | None = None
    turn_id: str | None = None
    agent_id: str | None = None
    agent_type: str | None = None
    #: The effort level of the current turn (claude hooks get it as CLAUDE_EFFORT).
    effort: str | None = None
    #: wamp: the agent running the conversation (hook input ``agent``; default ``"wamp"``).
    agent: str | None = None
    #: wamp: ``"native"`` (default) or a foreign runtime such as ``"acp"`` (no Stop; tool events only for lent tools).
    runtime: str | None = None
    #: pbi: the model provider (hook input ``provider``).
    provider: str | None = None
    #: pbi: ``main`` or a sub-agent's name (hook input ``agent_name``).
    agent_name: str | None = None
    #: pbi: hook input ``workspace_directory_key`` (null when absent).
    workspace_directory_key: str | None = None


@dataclass
class FileChange(Model):
    """One file of a write operation (PreFileWrite/PostFileWrite, or a file-writing tool's call): ``operation`` is
    ``create``, ``modify``, ``delete`` or ``move`` (``from_path`` → ``path``); hookd renders the diff hooks see from
    ``old_content`` and ``new_content`` (None or absent: no content, e.g. a creation's old side)."""

    path: str
    operation: str
    from_path: str | None = None
    old_content: str | None = None
    new_content: str | None = None


@dataclass
class EventParams(Model):
    """Params of ``hooks/<EventName>``: every field any event may carry (see protocol/README.md)."""

    session: SessionInfo
    tool_name: str | None = None
    tool_input: dict[str, Any] | None = None
    tool_use_id: str | None = None
    tool_response: Any = None
    duration_ms: float | None = None
    error: str | None = None
    is_interrupt: bool | None = None
    permission_suggestions: list[Any] | None = None
    prompt: str | None = None
    source: str | None = None
    reason: str | None = None
    trigger: str | None = None
    custom_instructions: str | None = None
    stop_hook_active: bool | None = None
    last_assistant_message: str | None = None
    message: str | None = None
    title: str | None = None
    notification_type: str | None = None
    agent_id: str | None = None
    agent_type: str | None = None
    agent_transcript_path: str | None = None
    run_id: str | None = None
    server_owned: bool | None = None
    background: bool | None = None
    #: PreBash, PostBash (and a shell tool's calls): the command.
    command: str | None = None
    #: PostBash (and PostToolUse of a shell tool): the command's exit code.
    exit_code: int | None = None
    #: Post events: an excerpt of the tool output (redacted by dialects that say so).
    output_excerpt: str | None = None
    #: PreFileWrite, PostFileWrite (and a file-writing tool's calls): every file of one write operation.
    files: list[FileChange] | None = None
    #: PostToolUse: the call failed (wamp: ``tool_response.is_error``; default false).
    is_error: bool | None = None
    #: Nobody can answer a question in this run (e.g. a scheduled turn): wamp turns an ask into a refusal.
    unattended: bool | None = None
    #: SessionStart, UserPromptSubmit: ``message`` (default), ``goal`` or ``scheduled`` (wamp fires neither for the last two).
    turn_kind: str | None = None
    #: Stop: ``natural`` (default), ``abort``, ``error`` or ``user_stop`` (wamp fires Stop only at a natural finish).
    finish: str | None = None
    #: Stop: the run is a root run (default true); wamp fires Stop only for native root runs.
    root_run: bool | None = None
    #: pbi PreCompact: messages in the context being compacted; a tool call awaits its result.
    input_message_count: int | None = None
    pending_tool_exchange: bool | None = None
    #: pbi PostCompact: length of the summary; estimated tokens of the compacted context.
    summary_chars: int | None = None
    estimated_context_tokens: int | None = None
    #: pbi SubagentStart, SubagentStop: the sub-agent's instruction, name and type (the matcher target).
    task_instruction: str | None = None
    subagent_name: str | None = None
    subagent_type: str | None = None
    #: BeforeModel, AfterModel, BeforeToolSelection (gemini): the model request as the agent sends it.
    llm_request: dict[str, Any] | None = None
    #: AfterModel (gemini): the model's response chunk.
    llm_response: dict[str, Any] | None = None
    extra: dict[str, Any] | None = None


@dataclass
class OutputCapture(Model):
    bytes: int
    total_bytes: int
    truncated: bool
    #: With ``run_output_excerpt_bytes``: what the hook printed, cut to that many bytes (whole UTF-8 characters).
    excerpt: str | None = None
    #: The excerpt is shorter than what was captured.
    excerpt_truncated: bool | None = None


@dataclass
class RunSummary(Model):
    """One handler's run. ``status``: ok, error, timeout, cancelled, skipped; ``failure_class`` is None when it did not fail."""

    hook_id: str
    source: str
    handler_type: str
    status: str
    failure_class: str | None
    decision: str
    exit_code: int | None
    signal: str | None
    duration_ms: float
    timed_out: bool
    truncated: bool
    stdout: OutputCapture
    stderr: OutputCapture
    message: str | None = None


#: The answers an approval offers and hooks/askToolApproval accepts (wamp: only these, never "allow for this chat").
TOOL_APPROVAL_ANSWERS: tuple[str, ...] = ("allow", "deny")


@dataclass
class ApprovalRequest(Model):
    """``EventResult.approval`` (decision ``ask``): the one approval to show, with ``options`` (``["allow", "deny"]``)
    and the hooks' ``reason``; ``answer`` when hookd already asked the client (hooks/askToolApproval)."""

    options: list[str]
    reason: str
    answer: str | None = None


@dataclass
class Refusal(Model):
    """``EventResult.refusal`` (a refused prompt, wamp): the error an ``engine.run.start`` caller returns, ``code``
    ``failed_precondition``, ``message`` and ``data.reason``."""

    code: str
    message: str
    data: dict[str, Any]

    @property
    def reason(self) -> str | None:
        value = self.data.get("reason") if isinstance(self.data, Mapping) else None
        return value if isinstance(value, str) else None


@dataclass
class EventResult(Model):
    """The merged outcome of one event. ``decision``: none, allow, deny, ask, defer or block."""

    event: str
    decision: str
    continue_: bool = _wire("continue")
    notes: list[str] = field(default_factory=list)
    runs: list[RunSummary] = field(default_factory=list)
    reason: str | None = None
    additional_context: str | None = None
    updated_input: dict[str, Any] | None = None
    updated_tool_output: Any = None
    updated_permissions: list[Any] | None = None
    interrupt: bool | None = None
    system_message: str | None = None
    stop_reason: str | None = None
    suppress_output: bool | None = None
    feedback: str | None = None
    worktree_path: str | None = None
    retry: bool | None = None
    display_content: str | None = None
    elicitation: dict[str, Any] | None = None
    terminal_sequence: str | None = None
    #: wamp: what the agent shows the user as warnings in the chat.
    warnings: list[str] | None = None
    #: True on a deny that holds in every permission mode: the agent must not override it.
    binding: bool | None = None
    #: decision ``ask``: the one approval to show (with ``answer`` when hookd asked the client already).
    approval: ApprovalRequest | None = None
    #: A refused prompt: what an ``engine.run.start`` caller returns (failed-precondition, ``data.reason``).
    refusal: Refusal | None = None
    #: Stop: the keep-working cap was reached; the run finishes with this reason unresolved (decision ``none``).
    unresolved: str | None = None
    #: The dialect does not fire this event here (no hook ran): why.
    not_fired: str | None = None
    #: How the agent hands ``additional_context`` to the model: ``separate-message`` (codex) or ``appended`` (gemini).
    context_delivery: str | None = None
    #: BeforeModel (gemini): request fields to override.
    llm_request: dict[str, Any] | None = None
    #: BeforeModel: a synthetic response instead of the model's; AfterModel: the chunk to use instead.
    llm_response: dict[str, Any] | None = None
    #: BeforeToolSelection (gemini): ``{"mode": "AUTO"|"ANY"|"NONE", "allowedFunctionNames": [...]}``.
    tool_config: dict[str, Any] | None = None
    extra: dict[str, Any] | None = None
    environment: dict[str, str] | None = None
    async_runs: list[Any] | None = None
    async_outputs: list[Any] | None = None


# ── management ───────────────────────────────────────────────────────────────────────────────────────


@dataclass
class ListHooksResult(Model):
    hooks: list[HookInfo]
    diagnostics: list[Diagnostic]


@dataclass
class ReloadResult(ListHooksResult):
    pass


@dataclass
class CancelSessionParams(Model):
    session_id: str


@dataclass
class CancelSessionResult(Model):
    cancelled: int


@dataclass
class RegisterHookParams(Model):
    event: str
    matcher: str | None = None
    priority: float | None = None
    timeout_ms: int | None = None
    name: str | None = None


@dataclass
class RegisterHookResult(Model):
    hook_id: str


@dataclass
class UnregisterHookParams(Model):
    hook_id: str


@dataclass
class UnregisterHookResult(Model):
    removed: bool


@dataclass
class InvokeHookParams(Model):
    """hookd → client: run programmatic hook ``hook_id``; ``input`` is what a command hook would read on stdin."""

    hook_id: str
    event: str
    session_id: str
    input: Any
    timeout_ms: int


@dataclass
class InvokeHookResult(Model):
    """The client's answer to ``hooks/invoke``, as a command hook would have exited.

    ``output`` is what the hook would print on stdout (a JSON object; None: nothing). When built in Python,
    ``exit_code`` defaults to 0 and ``stderr`` to ``""``.
    """

    output: Any = None
    exit_code: int | None = 0
    stderr: str | None = ""


@dataclass
class JudgeParams(Model):
    """hookd → client (``hooks/judge``): judge with the agent's model. ``kind`` is ``prompt`` or ``agent``;
    ``prompt`` has ``$ARGUMENTS`` already replaced by the hook input JSON."""

    hook_id: str
    event: str
    session_id: str
    kind: str
    prompt: str
    timeout_ms: int
    model: str | None = None
    #: What to answer: ``"verdict"`` (None: the default) ``JudgeResult(ok=..., reason=...)``; ``"text"`` the
    #: model's reply verbatim, ``JudgeResult(text=...)`` (or just the string), which hookd parses itself.
    reply: str | None = None


@dataclass
class JudgeResult(Model):
    """The answer to ``hooks/judge``. A verdict: ``ok=True``, or ``ok=False`` with a ``reason`` (and
    ``impossible=True`` when a Stop condition can never be met). A text reply (``JudgeParams.reply == "text"``):
    ``text``, the model's reply verbatim."""

    ok: bool | None = None
    reason: str | None = None
    impossible: bool | None = None
    text: str | None = None


@dataclass
class McpContentBlock(Model):
    type: str
    text: str | None = None


@dataclass
class CallMcpToolParams(Model):
    """hookd → client (``hooks/callMcpTool``): call MCP tool ``tool`` of the connected server ``server``;
    ``input``'s string values have had ``${path}`` placeholders substituted from the hook input."""

    hook_id: str
    event: str
    session_id: str
    server: str
    tool: str
    input: Any
    timeout_ms: int


@dataclass
class CallMcpToolResult(Model):
    """The tool's result: its ``content`` blocks (text blocks are the hook's output) or one ``text``, and
    ``is_error`` (a non-blocking error in hookd)."""

    content: list[McpContentBlock] | None = None
    text: str | None = None
    is_error: bool | None = None


#: The answers to ``hooks/approve``: once (this configuration load), session (this hookd process), project
#: (recorded in the trust store for later sessions), deny (it does not run; fail-closed where it blocks).
APPROVAL_ANSWERS: tuple[str, ...] = ("once", "session", "project", "deny")


@dataclass
class ApproveHookParams(Model):
    """hookd → client (``hooks/approve``): approve a hook before it first runs. ``summary`` is what to show (the
    command it runs or the URL it calls); ``hash`` covers its complete effect declaration (an edit asks again)."""

    hook_id: str
    event: str
    source: str
    action_type: str
    summary: str
    hash: str
    name: str | None = None
    matcher: str | None = None


@dataclass
class ApproveHookResult(Model):
    """The answer to ``hooks/approve``: ``answer`` is one of ``APPROVAL_ANSWERS``."""

    answer: str


@dataclass
class AskToolApprovalParams(Model):
    """hookd → client (``hooks/askToolApproval``): a hook asked for approval of a tool call. Show ONE card with
    ``reason`` and only ``options`` (wamp: Allow and Deny, never "allow for this chat")."""

    session_id: str
    event: str
    reason: str
    options: list[str]
    run_id: str | None = None
    tool_name: str | None = None
    tool_use_id: str | None = None
    tool_input: dict[str, Any] | None = None


@dataclass
class AskToolApprovalResult(Model):
    """The answer to ``hooks/askToolApproval``: ``answer`` is ``"allow"`` or ``"deny"``."""

    answer: str


@dataclass
class DryRunParams(Model):
    event: str
    handler: Any
    params: EventParams | None = None


@dataclass
class DryRunResult(Model):
    diagnostics: list[Diagnostic]
    result: EventResult | None = None
    input: Any = None


@dataclass
class BeginRunParams(Model):
    run_id: str
    session_id: str | None = None


@dataclass
class BeginRunResult(Model):
    run_id: str
    began: bool
    hooks: int


@dataclass
class EndRunParams(Model):
    run_id: str


@dataclass
class EndRunResult(Model):
    ended: bool


@dataclass
class TrustEntry(Model):
    key: str
    trusted: bool
    hooks: int
    sources: list[str]
    state: str | None = None
    """trusted, untrusted or modified (trusted for other content than now: its hooks do not run)."""
    current_hash: str | None = None
    trusted_hash: str | None = None


@dataclass
class TrustListResult(Model):
    entries: list[TrustEntry]
    store_path: str


@dataclass
class SetTrustParams(Model):
    trusted: bool
    key: str | None = None
    persist: bool | None = None


@dataclass
class SetTrustResult(Model):
    entries: list[TrustEntry]
    hooks: list[HookInfo]
    diagnostics: list[Diagnostic]


@dataclass
class PingResult(Model):
    pass


# ── notifications and errors ─────────────────────────────────────────────────────────────────────────


@dataclass
class ProgressParams(Model):
    """``hooks/progress``: a hook with a statusMessage (or, with ``progress.hooks = "all"``, any hook) started,
    is running or finished (``phase``). With ``options.progress``: ``elapsed_ms``, and at ``finished`` the run's
    ``status``, ``failure_class`` and ``exit_code``."""

    session_id: str
    event: str
    hook_id: str
    phase: str
    request_id: int | str | None = None
    status_message: str | None = None
    elapsed_ms: int | None = None
    status: str | None = None
    failure_class: str | None = None
    exit_code: int | None = None


@dataclass
class DiagnosticsParams(Model):
    """``hooks/diagnostics``: the complete current list of diagnostics, after a reload."""

    diagnostics: list[Diagnostic]
    trigger: str | None = None
    changed_files: list[str] | None = None
    hooks: int | None = None


@dataclass
class CancelParams(Model):
    """``$/cancelRequest``: cancel the request with this id (either direction)."""

    id: int | str


@dataclass
class CancelledData(Model):
    """``data`` of a -32800 error: the runs that finished and the ones cancelled."""

    runs: list[RunSummary]


@dataclass
class ErrorObject(Model):
    code: int
    message: str
    data: Any = None

    @classmethod
    def from_wire(cls, value: Mapping[str, Any]) -> ErrorObject:
        error = super().from_wire(value)
        if error.code == -32800 and isinstance(error.data, Mapping) and isinstance(error.data.get("runs"), list):
            error.data = CancelledData.from_wire(error.data)
        return error


# ── messages and the method table ────────────────────────────────────────────────────────────────────

EVENTS: tuple[str, ...] = (
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PostToolUseFailure",
    "Notification",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
)
#: The events of file writes and shell commands (bonsai's; the claude dialect does not dispatch them).
FILE_AND_SHELL_EVENTS: tuple[str, ...] = ("PreFileWrite", "PostFileWrite", "PreBash", "PostBash")

#: client → server requests: method → (params type, result type); None: kept as plain JSON.
REQUESTS: dict[str, tuple[type[Model] | None, type[Model] | None]] = {
    "initialize": (InitializeParams, InitializeResult),
    "shutdown": (None, None),
    "ping": (None, PingResult),
    "hooks/list": (None, ListHooksResult),
    "hooks/cancel": (CancelSessionParams, CancelSessionResult),
    "hooks/reload": (None, ReloadResult),
    "hooks/register": (RegisterHookParams, RegisterHookResult),
    "hooks/unregister": (UnregisterHookParams, UnregisterHookResult),
    "hooks/dryRun": (DryRunParams, DryRunResult),
    "runs/begin": (BeginRunParams, BeginRunResult),
    "runs/end": (EndRunParams, EndRunResult),
    "trust/list": (None, TrustListResult),
    "trust/set": (SetTrustParams, SetTrustResult),
    "review/list": (None, ReviewListing),
    "review/trust": (ReviewKeyParams, ReviewListing),
    "review/disable": (ReviewKeyParams, ReviewListing),
    "review/enable": (ReviewKeyParams, ReviewListing),
    **{f"hooks/{event}": (EventParams, EventResult) for event in EVENTS + FILE_AND_SHELL_EVENTS},
}
CLIENT_NOTIFICATIONS: dict[str, type[Model] | None] = {
    "exit": None,
    "initialized": None,
    "hooks/Notification": EventParams,
    "$/cancelRequest": CancelParams,
}
SERVER_NOTIFICATIONS: dict[str, type[Model] | None] = {
    "hooks/progress": ProgressParams,
    "hooks/diagnostics": DiagnosticsParams,
    "hooks/reviewWarnings": ReviewWarningsParams,
    "$/cancelRequest": CancelParams,
}
#: server → client requests: method → (params type, result type).
SERVER_REQUESTS: dict[str, tuple[type[Model] | None, type[Model] | None]] = {
    "hooks/invoke": (InvokeHookParams, InvokeHookResult),
    "hooks/judge": (JudgeParams, JudgeResult),
    "hooks/callMcpTool": (CallMcpToolParams, CallMcpToolResult),
    "hooks/approve": (ApproveHookParams, ApproveHookResult),
    "hooks/askToolApproval": (AskToolApprovalParams, AskToolApprovalResult),
}

def _typed(value: Any, model: type[Model] | None) -> Any:
    return model.from_wire(value) if model is not None and isinstance(value, Mapping) else value


@dataclass
class Request(Model):
    """A request (either direction). ``params`` is typed by the method table when it is an object."""

    id: int | str | None
    method: str
    params: Any = None
    jsonrpc: str = "2.0"


@dataclass
class Notification(Model):
    method: str
    params: Any = None
    jsonrpc: str = "2.0"


@dataclass
class Response(Model):
    """An answer: ``error`` set, or ``result`` (which may be ``None`` for a JSON ``null`` result)."""

    id: int | str | None
    result: Any = None
    error: ErrorObject | None = None
    jsonrpc: str = "2.0"

    def to_wire(self) -> dict[str, Any]:
        out = super().to_wire()
        if self.error is None:
            out.setdefault("result", None)  # a null result stays on the wire (shutdown answers null)
        return out


Message = Union[Request, Notification, Response]


def parse_message(
    obj: Mapping[str, Any],
    *,
    from_server: bool,
    result_type: type[Model] | None = None,
) -> Message:
    """Parses one JSON-RPC message into a Request, Notification or Response with typed params.

    ``from_server`` picks the method table (hookd's requests and notifications, or the client's);
    ``result_type`` types a response's result (the caller knows which request it answers).
    ``message.to_wire()`` gives back ``obj`` exactly.
    """
    if not isinstance(obj, Mapping):
        raise TypeError(f"a JSON-RPC message is an object, got {type(obj).__name__}")
    method = obj.get("method")
    if isinstance(method, str):
        params_type: type[Model] | None
        if "id" in obj:
            table = SERVER_REQUESTS if from_server else REQUESTS
            params_type = table.get(method, (None, None))[0]
            message: Message = Request.from_wire(obj)
        else:
            notes = SERVER_NOTIFICATIONS if from_server else CLIENT_NOTIFICATIONS
            params_type = notes.get(method)
            message = Notification.from_wire(obj)
        message.params = _typed(message.params, params_type)
        return message
    response = Response.from_wire(obj)
    if response.error is None and "result" in obj:
        response.result = _typed(response.result, result_type)
    return response


def method_types(method: str, *, from_server: bool) -> tuple[type[Model] | None, type[Model] | None]:
    """(params type, result type) of a request method sent by the server (True) or the client (False)."""
    table = SERVER_REQUESTS if from_server else REQUESTS
    return table.get(method, (None, None))
