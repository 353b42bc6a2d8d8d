"""The asyncio client against the built sidecar: concurrent decisions, cancelling the awaiting task kills the
hook's process tree (TaskCancelled with runs), timeouts, hot-reload diagnostics, coroutine hook handlers,
close leaving nothing behind, an 8 MB payload. Every PID check polls /proc to a deadline."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import hookd

from conftest import all_gone, await_until, hookd_argv, is_alive, one_hook, read_pids, run_async, tree_hook, write_claude_settings
from test_e2e_sync import BASH, EIGHT_MB, bamboo_config, print_json


def aspawn_claude(workspace: Path, **options: Any) -> Any:
    return hookd.aspawn(workspace, home=workspace, command=hookd_argv(), dialect="claude", stderr="capture", **options)


def aspawn_bamboo(workspace: Path, sources: list[Any], **options: Any) -> Any:
    return hookd.aspawn(workspace, dialect="bamboo", home=workspace, sources=sources, command=hookd_argv(), env={"BAMBOO_DATA_DIR": None}, stderr="capture", **options)


@pytest.mark.parametrize("framing", ["ndjson", "content-length"])
@run_async
async def test_concurrent_events_each_get_their_own_decision(workspace: Path, leak_guard: list[int], framing: str) -> None:
    guard = "grep -q 'rm -rf' && { echo 'blocked rm' >&2; exit 2; }; exit 0"
    write_claude_settings(workspace, one_hook("PreToolUse", guard, matcher="Bash"))
    async with aspawn_claude(workspace, framing=framing) as h:
        leak_guard.append(h.pid)
        commands = [f"rm -rf dir{i}" if i % 3 == 0 else f"ls dir{i}" for i in range(24)]
        results = await asyncio.gather(*(h.pre_tool_use("Bash", {"command": c}) for c in commands))
        assert [r.decision for r in results] == ["deny" if c.startswith("rm") else "none" for c in commands]
        assert all(r.reason == "blocked rm" for r in results if r.decision == "deny")


@run_async
async def test_bamboo_block_verdict(workspace: Path, leak_guard: list[int]) -> None:
    config = bamboo_config(workspace / "hooks.json", {"PreToolUse": [{"matcher": "^Bash$", "hooks": [print_json({"decision": "block", "reason": "not here"})]}]})
    async with aspawn_bamboo(workspace, [(config, "user")], options={"watch": False}) as h:
        leak_guard.append(h.pid)
        result = await h.pre_tool_use("Bash", {"command": "rm -rf build"})
        assert (result.decision, result.reason) == ("block", "not here")


def _tree(workspace: Path) -> Path:
    command, pid_file = tree_hook(workspace)
    write_claude_settings(workspace, one_hook("PreToolUse", command, matcher="Bash"))
    return pid_file


@run_async
async def test_cancelling_the_task_kills_the_hook_tree_and_raises_task_cancelled_with_runs(workspace: Path, leak_guard: list[int]) -> None:
    pid_file = _tree(workspace)
    async with aspawn_claude(workspace) as h:
        leak_guard.append(h.pid)
        task = asyncio.create_task(h.pre_tool_use("Bash", BASH))
        assert await await_until(lambda: len(read_pids(pid_file)) == 3), "the hook tree did not start"
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        assert all(is_alive(pid) for pid in pids)
        task.cancel()
        with pytest.raises(asyncio.CancelledError) as caught:
            await task
        assert task.cancelled()
        if sys.version_info >= (3, 11):  # 3.10 raises a fresh CancelledError whose __context__ is ours
            assert isinstance(caught.value, hookd.TaskCancelled)
        error = hookd.find_cancelled(caught.value)
        assert isinstance(error, hookd.TaskCancelled) and error.method == "hooks/PreToolUse"
        assert [(run.status, run.failure_class) for run in error.runs] == [("cancelled", "cancelled")]
        assert await await_until(lambda: all_gone(pids), 5), [pid for pid in pids if is_alive(pid)]
        assert await h.ping() is not None


@run_async
async def test_asyncio_wait_for_around_a_request_kills_the_tree(workspace: Path, leak_guard: list[int]) -> None:
    """asyncio's own timeout cancels the task: hookd gets $/cancelRequest, the tree dies, and the runs are
    reachable from the TimeoutError (find_cancelled)."""
    pid_file = _tree(workspace)
    async with aspawn_claude(workspace) as h:
        leak_guard.append(h.pid)
        with pytest.raises(asyncio.TimeoutError) as caught:
            await asyncio.wait_for(h.pre_tool_use("Bash", BASH), 2.0)
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        assert len(pids) == 3
        error = hookd.find_cancelled(caught.value)
        assert isinstance(error, hookd.TaskCancelled) and [run.status for run in error.runs] == ["cancelled"]
        assert await await_until(lambda: all_gone(pids), 5)


@run_async
async def test_timeout_cancels_kills_the_tree_and_raises_request_timeout(workspace: Path, leak_guard: list[int]) -> None:
    pid_file = _tree(workspace)
    async with aspawn_claude(workspace, timeout=2.0) as h:  # the client's default timeout
        leak_guard.append(h.pid)
        with pytest.raises(hookd.RequestTimeout) as caught:
            await h.pre_tool_use("Bash", BASH)
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        assert len(pids) == 3 and [run.status for run in caught.value.runs] == ["cancelled"]
        assert await await_until(lambda: all_gone(pids), 5)


@run_async
async def test_cancel_session_fails_every_in_flight_event_of_the_session(workspace: Path, leak_guard: list[int]) -> None:
    pid_file = _tree(workspace)
    async with aspawn_claude(workspace, session="s-a") as h:
        leak_guard.append(h.pid)
        task = asyncio.create_task(h.pre_tool_use("Bash", BASH))
        assert await await_until(lambda: len(read_pids(pid_file)) == 3)
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        assert (await h.cancel_session("s-other")).cancelled == 0
        assert (await h.cancel_session()).cancelled == 1
        with pytest.raises(hookd.Cancelled) as caught:
            await task
        assert not isinstance(caught.value, asyncio.CancelledError), "hookd cancelled it, not asyncio"
        assert caught.value.runs[0].status == "cancelled"
        assert await await_until(lambda: all_gone(pids), 5)


@run_async
async def test_aclose_with_a_request_in_flight_leaves_no_process_behind(workspace: Path, leak_guard: list[int]) -> None:
    pid_file = _tree(workspace)
    h = await aspawn_claude(workspace)
    sidecar = h.pid
    leak_guard.append(sidecar)
    task = asyncio.create_task(h.pre_tool_use("Bash", BASH))
    assert await await_until(lambda: len(read_pids(pid_file)) == 3)
    pids = read_pids(pid_file)
    leak_guard.extend(pids)
    assert await h.aclose() == 0
    with pytest.raises(hookd.Cancelled) as caught:
        await task
    assert caught.value.runs[0].status == "cancelled"
    assert await await_until(lambda: all_gone([sidecar, *pids]), 5), [pid for pid in [sidecar, *pids] if is_alive(pid)]
    with pytest.raises(hookd.ConnectionClosed):
        await h.ping()


# ── diagnostics ──────────────────────────────────────────────────────────────────────────────────────


@run_async
async def test_invalid_bamboo_files_are_initialize_diagnostics(workspace: Path, leak_guard: list[int]) -> None:
    broken = workspace / "broken.json"
    broken.write_text('{\n  "lifecycle_hooks": {\n    "PreToolUse": [\n      { "hooks": [{ "type": "command", "command": "true" },] }\n    ]\n  }\n}\n')
    async with aspawn_bamboo(workspace, [(broken, "user")], options={"watch": False}) as h:
        leak_guard.append(h.pid)
        diagnostics = h.initialize_result.diagnostics
        assert diagnostics and all(isinstance(d, hookd.Diagnostic) for d in diagnostics)
        first = diagnostics[0]
        assert (first.severity, first.file, first.line) == ("error", str(broken), 4) and first.column is not None and first.code


@run_async
async def test_hot_reload_diagnostics_reach_the_callback_without_a_request(workspace: Path, leak_guard: list[int]) -> None:
    config = bamboo_config(workspace / "hooks.json", {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]})
    received: list[hookd.DiagnosticsParams] = []

    async def on_diagnostics(params: hookd.DiagnosticsParams) -> None:  # a coroutine callback is scheduled
        received.append(params)

    async with aspawn_bamboo(workspace, [(config, "user")], on_diagnostics=on_diagnostics) as h:
        leak_guard.append(h.pid)
        config.write_text('{\n  "lifecycle_hooks": {\n    "Stop": [ { "hooks": [ { "type": "command" } ] } ]\n  }\n}\n')
        assert await await_until(lambda: bool(received), 10), "no hooks/diagnostics after the file changed"
        note = received[-1]
        assert note.trigger == "reload" and str(config) in (note.changed_files or [])
        assert any(d.severity == "error" and d.file == str(config) for d in note.diagnostics)


# ── programmatic hooks ───────────────────────────────────────────────────────────────────────────────


@run_async
async def test_programmatic_hook_answered_by_a_coroutine(workspace: Path, leak_guard: list[int]) -> None:
    config = bamboo_config(
        workspace / "hooks.json",
        {"PreToolUse": [{"matcher": "^Bash$", "hooks": [print_json({"additional_context": "configured #0"}), print_json({"additional_context": "configured #1"})]}]},
    )

    async def agent_policy(params: hookd.InvokeHookParams) -> hookd.InvokeHookResult:
        await asyncio.sleep(0)
        return hookd.InvokeHookResult(output={"additional_context": f"from python for {params.input['tool_name']}"})

    async with aspawn_bamboo(workspace, [(config, "user")], options={"watch": False}) as h:
        leak_guard.append(h.pid)
        hook_id = (await h.register_hook("PreToolUse", agent_policy, matcher="^Bash$", priority=0.5, name="py")).hook_id
        result = await h.pre_tool_use("Bash", {"command": "ls"})
        assert result.additional_context == "configured #0\n\nfrom python for Bash\n\nconfigured #1"
        assert [run.hook_id for run in result.runs] == ["user:PreToolUse[0].hooks[0]", hook_id, "user:PreToolUse[0].hooks[1]"]
        assert (await h.unregister_hook(hook_id)).removed


@run_async
async def test_8mb_payload_round_trip(workspace: Path, leak_guard: list[int]) -> None:
    big = "y" * EIGHT_MB
    received: list[int] = []
    async with aspawn_bamboo(workspace, [], options={"watch": False}) as h:
        leak_guard.append(h.pid)
        assert h.max_message_bytes == 64 * 1024 * 1024
        dry = await h.dry_run("PreToolUse", {"type": "command", "command": "cat > /dev/null"}, {"toolName": "Write", "toolInput": {"content": big}})
        assert dry.input["tool_input"]["content"] == big
        await h.register_hook("PreToolUse", lambda params: received.append(len(params.input["tool_input"]["content"])))
        await h.pre_tool_use("Write", {"content": big})
        assert received == [EIGHT_MB]


@run_async
async def test_a_small_line_limit_would_break_big_payloads(workspace: Path, leak_guard: list[int]) -> None:
    """Why the limit matters: with asyncio's default 64 KiB the big answer is dropped (and the request
    times out) while the client keeps serving."""
    async with aspawn_bamboo(workspace, [], options={"watch": False}, max_message_bytes=64 * 1024, cancel_wait=0.5) as h:
        leak_guard.append(h.pid)
        with pytest.raises(hookd.RequestTimeout):
            await h.dry_run("PreToolUse", {"type": "command", "command": "true"}, {"toolName": "Write", "toolInput": {"content": "z" * 200_000}}, timeout=1.5)
        assert await h.ping() is not None


@run_async
async def test_fire_and_forget_notification_is_not_answered(workspace: Path, leak_guard: list[int]) -> None:
    marker = workspace / "notified"
    config = bamboo_config(workspace / "hooks.json", {"Notification": [{"hooks": [{"type": "command", "command": f"cat > '{marker}'"}]}]})
    async with aspawn_bamboo(workspace, [(config, "user")], options={"watch": False}) as h:
        leak_guard.append(h.pid)
        payload = {"id": "n-1", "priority": "normal", "dedup_key": "run-completed:s", "created_at": "2026-07-22T09:00:00Z"}
        fields = dict(title="Run finished", notification_type="run_completed", extra={"payload": payload})
        assert await h.notification("done", fire_and_forget=True, **fields) is None
        assert await await_until(lambda: marker.exists() and marker.stat().st_size > 0, 10)
        assert json.loads(marker.read_text())["hook_event_name"] == "Notification"
        answered = await h.notification("again", **fields)
        assert answered is not None and answered.runs == [] and answered.notes
