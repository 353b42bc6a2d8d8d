"""The typed hookd methods both clients share, written once: ``_Methods[R]`` defines each event method
(``pre_tool_use``, ``stop``, ...) in terms of ``_ev``, which the synchronous client implements returning the
EventResult and the asyncio client returning a coroutine of it (so ``await h.pre_tool_use(...)`` works)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar, Union

from ._common import DEFAULT, SessionLike, event_params
from .types import FileChange

#: One file of a write operation: a FileChange or its wire dict ``{path, operation, fromPath?, oldContent?, newContent?}``.
FileLike = Union[FileChange, Mapping[str, Any]]

R = TypeVar("R")
#: What ``notification`` returns: R, or (fire_and_forget) nothing, in the client's own way.
N = TypeVar("N")


class _Methods(Generic[R, N]):
    """The event methods of Client (``_Methods[EventResult, EventResult | None]``) and of AsyncClient
    (``_Methods[Coroutine[Any, Any, EventResult], Coroutine[Any, Any, EventResult | None]]``)."""

    session: dict[str, Any]

    #: ``_ev(event, timeout, session, run_id, server_owned, extra, more, **fields)`` sends ``hooks/<event>`` as
    #: the client's ``event`` does, returning the EventResult (Client) or a coroutine of it (AsyncClient).
    _ev: Callable[..., R]
    #: ``_notify_event(event, session, run_id, server_owned, extra, more, **fields)`` sends ``hooks/<event>``
    #: as a JSON-RPC notification, returning None (Client) or a coroutine of None (AsyncClient).
    _notify_event: Callable[..., N]

    def _event_params(
        self,
        event: str,
        params: Any,
        session: Any,
        run_id: Any,
        server_owned: Any,
        extra: Any,
        more: Any,
        fields: Mapping[str, Any],
    ) -> dict[str, Any]:
        return event_params(
            event,
            self.session,
            params,
            session=session,
            run_id=run_id,
            server_owned=server_owned,
            extra=extra,
            more=more,
            fields=fields,
        )

    def session_start(
        self,
        source: str | None = None,
        *,
        turn_kind: str | None = None,
        unattended: bool | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """SessionStart (``source``: startup, resume, clear, compact; hookd's default: startup). ``turn_kind``:
        ``message`` (default), ``goal`` or ``scheduled`` (wamp fires neither SessionStart nor UserPromptSubmit for the
        last two); ``unattended``: nobody can answer a question in this run."""
        return self._ev(
            "SessionStart", timeout, session, run_id, server_owned, extra, more, source=source, turn_kind=turn_kind, unattended=unattended
        )

    def session_end(
        self,
        reason: str | None = None,
        *,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        return self._ev("SessionEnd", timeout, session, run_id, server_owned, extra, more, reason=reason)

    def user_prompt_submit(
        self,
        prompt: str,
        *,
        turn_kind: str | None = None,
        unattended: bool | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """UserPromptSubmit. ``turn_kind``: ``message`` (default), ``goal`` or ``scheduled``; ``unattended``: nobody can
        answer a question in this run. A refused prompt (wamp) has ``result.refusal`` (what ``engine.run.start`` returns)."""
        return self._ev(
            "UserPromptSubmit", timeout, session, run_id, server_owned, extra, more, prompt=prompt, turn_kind=turn_kind, unattended=unattended
        )

    def pre_tool_use(
        self,
        tool_name: str,
        tool_input: Mapping[str, Any],
        *,
        tool_use_id: str | None = None,
        files: Sequence[FileLike] | None = None,
        unattended: bool | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PreToolUse. ``files``: for a tool declared ``file_write``, every file the call writes (its diff evidence).
        ``unattended``: nobody can answer an approval in this run (wamp turns an ask into a binding deny)."""
        return self._ev(
            "PreToolUse",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            tool_name=tool_name,
            tool_input=tool_input,
            tool_use_id=tool_use_id,
            files=_files(files),
            unattended=unattended,
        )

    def permission_request(
        self,
        tool_name: str,
        tool_input: Mapping[str, Any],
        *,
        tool_use_id: str | None = None,
        permission_suggestions: list[Any] | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        return self._ev(
            "PermissionRequest",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            tool_name=tool_name,
            tool_input=tool_input,
            tool_use_id=tool_use_id,
            permission_suggestions=permission_suggestions,
        )

    def post_tool_use(
        self,
        tool_name: str,
        tool_input: Mapping[str, Any],
        tool_response: Any = None,
        *,
        tool_use_id: str | None = None,
        duration_ms: float | None = None,
        background: bool | None = None,
        files: Sequence[FileLike] | None = None,
        exit_code: int | None = None,
        output_excerpt: str | None = None,
        is_error: bool | None = None,
        unattended: bool | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PostToolUse. ``files``: a ``file_write`` tool's files; ``exit_code``: a ``shell`` tool's exit code;
        ``output_excerpt``: an excerpt of the tool output (dialects that say so redact it before hooks see it);
        ``is_error``: the call failed (wamp: ``tool_response.is_error``)."""
        return self._ev(
            "PostToolUse",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            tool_name=tool_name,
            tool_input=tool_input,
            tool_response=tool_response,
            tool_use_id=tool_use_id,
            duration_ms=duration_ms,
            background=background,
            files=_files(files),
            exit_code=exit_code,
            output_excerpt=output_excerpt,
            is_error=is_error,
            unattended=unattended,
        )

    def post_tool_use_failure(
        self,
        tool_name: str,
        tool_input: Mapping[str, Any],
        error: str | None = None,
        *,
        is_interrupt: bool | None = None,
        tool_use_id: str | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        return self._ev(
            "PostToolUseFailure",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            tool_name=tool_name,
            tool_input=tool_input,
            error=error,
            is_interrupt=is_interrupt,
            tool_use_id=tool_use_id,
        )

    def notification(
        self,
        message: str,
        *,
        title: str | None = None,
        notification_type: str | None = None,
        fire_and_forget: bool = False,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> N:
        """Notification. ``fire_and_forget=True`` sends it as a JSON-RPC notification: nothing is answered
        and this returns None."""
        if fire_and_forget:
            return self._notify_event(
                "Notification",
                session,
                run_id,
                server_owned,
                extra,
                more,
                message=message,
                title=title,
                notification_type=notification_type,
            )
        return self._ev(  # type: ignore[return-value]  # R is within N
            "Notification",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            message=message,
            title=title,
            notification_type=notification_type,
        )

    def stop(
        self,
        *,
        stop_hook_active: bool | None = None,
        last_assistant_message: str | None = None,
        finish: str | None = None,
        root_run: bool | None = None,
        unattended: bool | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """Stop. ``finish``: ``natural`` (default), ``abort``, ``error`` or ``user_stop`` (wamp fires Stop only at a
        natural finish); ``root_run``: the run is a root run (default true). A capped keep-working block (wamp: the
        third in a run) has ``result.unresolved``."""
        return self._ev(
            "Stop",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            stop_hook_active=stop_hook_active,
            last_assistant_message=last_assistant_message,
            finish=finish,
            root_run=root_run,
            unattended=unattended,
        )

    def subagent_start(
        self,
        *,
        agent_id: str | None = None,
        agent_type: str | None = None,
        agent_transcript_path: str | None = None,
        task_instruction: str | None = None,
        subagent_name: str | None = None,
        subagent_type: str | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """SubagentStart. pbi: ``task_instruction``, ``subagent_name`` and ``subagent_type`` (the matcher target)."""
        return self._ev(
            "SubagentStart",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            agent_id=agent_id,
            agent_type=agent_type,
            agent_transcript_path=agent_transcript_path,
            task_instruction=task_instruction,
            subagent_name=subagent_name,
            subagent_type=subagent_type,
        )

    def subagent_stop(
        self,
        *,
        stop_hook_active: bool | None = None,
        last_assistant_message: str | None = None,
        agent_id: str | None = None,
        agent_type: str | None = None,
        agent_transcript_path: str | None = None,
        task_instruction: str | None = None,
        subagent_name: str | None = None,
        subagent_type: str | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """SubagentStop. pbi: ``task_instruction``, ``subagent_name``, ``subagent_type``; the child's final text is
        ``last_assistant_message``; ``stop_hook_active=True`` marks the stop that ends the one continuation pass."""
        return self._ev(
            "SubagentStop",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            stop_hook_active=stop_hook_active,
            last_assistant_message=last_assistant_message,
            agent_id=agent_id,
            agent_type=agent_type,
            agent_transcript_path=agent_transcript_path,
            task_instruction=task_instruction,
            subagent_name=subagent_name,
            subagent_type=subagent_type,
        )

    def pre_compact(
        self,
        trigger: str | None = None,
        *,
        custom_instructions: str | None = None,
        input_message_count: int | None = None,
        pending_tool_exchange: bool | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PreCompact (``trigger``: manual or auto). pbi: ``input_message_count``, ``pending_tool_exchange``."""
        return self._ev(
            "PreCompact",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            trigger=trigger,
            custom_instructions=custom_instructions,
            input_message_count=input_message_count,
            pending_tool_exchange=pending_tool_exchange,
        )

    def post_compact(
        self,
        trigger: str | None = None,
        *,
        custom_instructions: str | None = None,
        summary_chars: int | None = None,
        estimated_context_tokens: int | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PostCompact (``trigger``: manual or auto). pbi: ``summary_chars``, ``estimated_context_tokens``."""
        return self._ev(
            "PostCompact",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            trigger=trigger,
            custom_instructions=custom_instructions,
            summary_chars=summary_chars,
            estimated_context_tokens=estimated_context_tokens,
        )

    def pre_file_write(
        self,
        files: Sequence[FileLike],
        *,
        tool_name: str | None = None,
        tool_input: Mapping[str, Any] | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PreFileWrite: send it with every file of the operation BEFORE the first disk write (each file's hooks see
        its diff from ``old_content`` to ``new_content``; a block on any file stops the whole operation)."""
        return self._ev(
            "PreFileWrite",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            files=_files(files),
            tool_name=tool_name,
            tool_input=tool_input,
        )

    def post_file_write(
        self,
        files: Sequence[FileLike],
        *,
        tool_name: str | None = None,
        tool_input: Mapping[str, Any] | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PostFileWrite: send it once, with every file, AFTER the whole write operation committed."""
        return self._ev(
            "PostFileWrite",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            files=_files(files),
            tool_name=tool_name,
            tool_input=tool_input,
        )

    def pre_bash(
        self,
        command: str,
        *,
        tool_name: str | None = None,
        tool_input: Mapping[str, Any] | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PreBash: before a shell command runs."""
        return self._ev(
            "PreBash",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            command=command,
            tool_name=tool_name,
            tool_input=tool_input,
        )

    def post_bash(
        self,
        command: str,
        *,
        exit_code: int | None = None,
        output_excerpt: str | None = None,
        tool_name: str | None = None,
        tool_input: Mapping[str, Any] | None = None,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """PostBash: after a shell command ran (``output_excerpt`` is redacted before hooks see it, in bonsai)."""
        return self._ev(
            "PostBash",
            timeout,
            session,
            run_id,
            server_owned,
            extra,
            more,
            command=command,
            exit_code=exit_code,
            output_excerpt=output_excerpt,
            tool_name=tool_name,
            tool_input=tool_input,
        )


    def before_model(
        self,
        llm_request: Mapping[str, Any],
        *,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """BeforeModel (gemini): before the model is called; ``result.llm_request`` overrides request fields,
        ``result.llm_response`` answers instead of the model."""
        return self._ev("BeforeModel", timeout, session, run_id, server_owned, extra, more, llm_request=llm_request)

    def after_model(
        self,
        llm_request: Mapping[str, Any],
        llm_response: Mapping[str, Any],
        *,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """AfterModel (gemini): after a response chunk; ``result.llm_response`` is the chunk to use instead."""
        return self._ev("AfterModel", timeout, session, run_id, server_owned, extra, more, llm_request=llm_request, llm_response=llm_response)

    def before_tool_selection(
        self,
        llm_request: Mapping[str, Any],
        *,
        session: SessionLike | None = None,
        run_id: str | None = None,
        server_owned: bool | None = None,
        extra: Mapping[str, Any] | None = None,
        more: Mapping[str, Any] | None = None,
        timeout: float | None = DEFAULT,
    ) -> R:
        """BeforeToolSelection (gemini): before the model picks tools; ``result.tool_config`` restricts them."""
        return self._ev("BeforeToolSelection", timeout, session, run_id, server_owned, extra, more, llm_request=llm_request)

def _files(files: Sequence[FileLike] | None) -> list[Any] | None:
    """The wire form of an operation's files (None stays None: the field is left out)."""
    if files is None:
        return None
    if isinstance(files, (str, bytes, Mapping)) or not isinstance(files, Sequence):
        raise TypeError(f"files: a list of FileChange or dicts, not {type(files).__name__}")
    return [file.to_wire() if isinstance(file, FileChange) else dict(file) for file in files]
