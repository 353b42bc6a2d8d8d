"""Delegated handlers through the Python clients against the built sidecar: a judge callable answers hooks/judge
(Claude prompt and agent hooks), a call_mcp_tool callable answers hooks/callMcpTool (mcp_tool hooks); setting one
declares its capability, not setting one gets the capability diagnostic at initialize."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import hookd

from conftest import hookd_argv, run_async, write_claude_settings

BASH = {"command": "rm -rf build", "description": "clean"}


def settings(event: str, handler: dict[str, Any], matcher: str | None = None) -> dict[str, Any]:
    group: dict[str, Any] = {"hooks": [handler]}
    if matcher is not None:
        group["matcher"] = matcher
    return {"hooks": {event: [group]}}


def test_judge_callable_answers_a_stop_prompt_hook(workspace: Path, leak_guard: list[int]) -> None:
    write_claude_settings(workspace, settings("Stop", {"type": "prompt", "prompt": "Tests run? $ARGUMENTS", "model": "haiku"}))
    seen: list[hookd.JudgeParams] = []

    def judge(params: hookd.JudgeParams) -> hookd.JudgeResult:
        seen.append(params)
        return hookd.JudgeResult(ok=False, reason="run the tests first")

    with hookd.spawn(workspace, home=workspace, command=hookd_argv(), dialect="claude", judge=judge) as h:
        leak_guard.append(h.pid)
        assert h.initialize_result.diagnostics == []
        result = h.stop()
        assert (result.decision, result.reason) == ("block", "run the tests first")
    assert len(seen) == 1
    assert isinstance(seen[0], hookd.JudgeParams)
    assert (seen[0].kind, seen[0].event, seen[0].model, seen[0].timeout_ms) == ("prompt", "Stop", "haiku", 30_000)
    assert '"hook_event_name":"Stop"' in seen[0].prompt


def test_call_mcp_tool_callable_output_is_read_like_stdout(workspace: Path, leak_guard: list[int]) -> None:
    handler = {"type": "mcp_tool", "server": "policy", "tool": "check", "input": {"cmd": "${tool_input.command}"}}
    write_claude_settings(workspace, settings("PreToolUse", handler, matcher="Bash"))
    calls: list[hookd.CallMcpToolParams] = []
    deny = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"policy says no"}}'

    def call(params: hookd.CallMcpToolParams) -> dict[str, Any]:
        calls.append(params)
        return {"content": [{"type": "text", "text": deny}]}

    with hookd.spawn(workspace, home=workspace, command=hookd_argv(), dialect="claude", call_mcp_tool=call) as h:
        leak_guard.append(h.pid)
        result = h.pre_tool_use("Bash", BASH)
        assert (result.decision, result.reason) == ("deny", "policy says no")
    assert (calls[0].server, calls[0].tool, calls[0].input) == ("policy", "check", {"cmd": "rm -rf build"})


def test_without_a_judge_callable_initialize_has_the_capability_diagnostic(workspace: Path, leak_guard: list[int]) -> None:
    write_claude_settings(workspace, settings("PreToolUse", {"type": "prompt", "prompt": "safe?"}))
    with hookd.spawn(workspace, home=workspace, command=hookd_argv(), dialect="claude") as h:
        leak_guard.append(h.pid)
        [diagnostic] = h.initialize_result.diagnostics
        assert (diagnostic.code, diagnostic.field) == ("capability-missing", "hooks.PreToolUse[0].hooks[0].type")
        assert "capabilities.modelJudge" in diagnostic.message
        result = h.pre_tool_use("Bash", BASH)
        assert result.decision == "none"
        assert (result.runs[0].status, result.runs[0].failure_class) == ("error", "unsupported")


@run_async
async def test_async_judge_coroutine_answers_an_agent_hook(workspace: Path, leak_guard: list[int]) -> None:
    write_claude_settings(workspace, settings("PreToolUse", {"type": "agent", "prompt": "check $ARGUMENTS"}, matcher="Bash"))

    async def judge(params: hookd.JudgeParams) -> dict[str, Any]:
        assert params.kind == "agent"
        return {"ok": False, "reason": "style guide"}

    async with hookd.aspawn(workspace, home=workspace, command=hookd_argv(), dialect="claude", judge=judge) as h:
        leak_guard.append(h.pid)
        result = await h.pre_tool_use("Bash", BASH)
        # agent hooks: ok:false is handled like a prompt hook with continueOnBlock (deny, the turn goes on)
        assert (result.decision, result.reason, result.continue_) == ("deny", "style guide", True)
