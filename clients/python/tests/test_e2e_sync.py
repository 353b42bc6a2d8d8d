"""The synchronous client against the built sidecar: decisions, cancellation that kills the hook's process tree,
timeouts, diagnostics, programmatic hooks answered by Python callables, shutdown leaving nothing behind,
an 8 MB payload, both framings, and hookd dying with its parent. Every PID check polls /proc to a deadline."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import hookd

from conftest import REPO, all_gone, hookd_argv, is_alive, one_hook, read_pids, tree_hook, wait_until, write_claude_settings

BASH = {"command": "rm -rf build", "description": "clean"}


def bamboo_config(path: Path, lifecycle_hooks: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"lifecycle_hooks": lifecycle_hooks}, indent=2) + "\n")
    return path


def print_json(output: Any) -> dict[str, Any]:
    text = json.dumps(output)
    assert "'" not in text
    return {"type": "command", "command": f"printf '%s' '{text}'"}


def spawn_claude(workspace: Path, leak_guard: list[int], **options: Any) -> hookd.Client:
    client = hookd.spawn(workspace, home=workspace, command=hookd_argv(), dialect="claude", stderr="capture", **options)
    leak_guard.append(client.pid)
    return client


# ── decisions ────────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("framing", ["ndjson", "content-length"])
def test_claude_pre_tool_use_exit_2_denies(workspace: Path, leak_guard: list[int], framing: str) -> None:
    write_claude_settings(workspace, one_hook("PreToolUse", "echo 'no rm -rf here' >&2; exit 2", matcher="Bash"))
    with spawn_claude(workspace, leak_guard, session="s1", framing=framing) as h:
        assert [hook.id for hook in h.initialize_result.hooks] == ["project:PreToolUse[0].hooks[0]"]
        result = h.pre_tool_use("Bash", BASH, tool_use_id="toolu_1")
        assert result.decision == "deny"
        assert "no rm -rf here" in (result.reason or "")
        assert [run.exit_code for run in result.runs] == [2]
        other = h.pre_tool_use("Write", {"file_path": "a", "content": "b"})
        assert other.decision == "none" and other.runs == []


def test_claude_stop_block_keeps_the_agent_working(workspace: Path, leak_guard: list[int]) -> None:
    write_claude_settings(workspace, one_hook("Stop", """printf '%s' '{"decision":"block","reason":"Run the tests first."}'"""))
    with spawn_claude(workspace, leak_guard) as h:
        result = h.stop(stop_hook_active=False, last_assistant_message="done")
        assert (result.decision, result.reason, result.continue_) == ("block", "Run the tests first.", True)


def test_bamboo_block_verdict(workspace: Path, leak_guard: list[int]) -> None:
    config = bamboo_config(
        workspace / "hooks.json",
        {"PreToolUse": [{"matcher": "^Bash$", "hooks": [print_json({"decision": "block", "reason": "Deleting build/ is not allowed.", "additional_context": "Use make clean."})]}]},
    )
    with hookd.spawn(workspace, dialect="bamboo", home=workspace, sources=[(config, "user")], options={"watch": False}, command=hookd_argv(), env={"BAMBOO_DATA_DIR": None}) as h:
        leak_guard.append(h.pid)
        result = h.pre_tool_use("Bash", {"command": "rm -rf build"})
        assert result.decision == "block" and result.reason == "Deleting build/ is not allowed."
        assert result.additional_context == "Use make clean."
        assert result.runs[0].hook_id == "user:PreToolUse[0].hooks[0]"


def test_every_event_method_reaches_hookd(workspace: Path, leak_guard: list[int]) -> None:
    """One hook per event echoing the event name into a file: each method sends its own event."""
    log = workspace / "events.log"
    settings = {"hooks": {event: [{"hooks": [{"type": "command", "command": f"echo {event} >> '{log}'"}]}] for event in hookd.EVENTS}}
    write_claude_settings(workspace, settings)
    with spawn_claude(workspace, leak_guard, session=hookd.SessionInfo("s-all", permission_mode="default")) as h:
        tool = ("Read", {"file_path": "x"})
        results = [
            h.session_start("startup"),
            h.session_end("other"),
            h.user_prompt_submit("hello"),
            h.pre_tool_use(*tool),
            h.permission_request(*tool, permission_suggestions=[]),
            h.post_tool_use(*tool, {"ok": True}, duration_ms=3),
            h.post_tool_use_failure(*tool, "failed", is_interrupt=False),
            h.notification("hi", title="t", notification_type="idle_prompt"),
            h.stop(),
            h.subagent_start(agent_id="a1", agent_type="explore"),
            h.subagent_stop(agent_id="a1"),
            h.pre_compact("manual", custom_instructions="keep it"),
            h.post_compact("auto"),
        ]
        assert [r.event for r in results] == list(hookd.EVENTS)
        assert all(len(r.runs) == 1 and r.runs[0].status == "ok" for r in results), [r.runs for r in results]
        assert log.read_text().split() == list(hookd.EVENTS)
        generic = h.event("PreToolUse", {"toolName": "Read", "toolInput": {}}, session="other-session")
        assert generic.event == "PreToolUse"


# ── cancellation, timeouts, shutdown: the process tree dies ──────────────────────────────────────────


def _tree_workspace(workspace: Path, **handler: Any) -> tuple[Path, Path]:
    command, pid_file = tree_hook(workspace)
    write_claude_settings(workspace, one_hook("PreToolUse", command, matcher="Bash", **handler))
    return workspace, pid_file


def test_pending_request_cancel_kills_the_hook_tree_and_raises_cancelled_with_runs(workspace: Path, leak_guard: list[int]) -> None:
    _, pid_file = _tree_workspace(workspace)
    with spawn_claude(workspace, leak_guard) as h:
        pending = h.submit_event("PreToolUse", tool_name="Bash", tool_input=BASH)
        assert wait_until(lambda: len(read_pids(pid_file)) == 3), "the hook tree did not start"
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        assert all(is_alive(pid) for pid in pids)
        assert pending.cancel()
        with pytest.raises(hookd.Cancelled) as caught:
            pending.result(timeout=10)
        assert caught.value.code == -32800 and caught.value.method == "hooks/PreToolUse"
        assert [(run.status, run.failure_class) for run in caught.value.runs] == [("cancelled", "cancelled")]
        assert wait_until(lambda: all_gone(pids), 5), [pid for pid in pids if is_alive(pid)]
        assert h.ping() is not None  # the session goes on


def test_cancel_session_from_another_thread_cancels_a_blocked_call(workspace: Path, leak_guard: list[int]) -> None:
    _, pid_file = _tree_workspace(workspace)
    with spawn_claude(workspace, leak_guard, session="s-cancel") as h:
        cancelled: list[int] = []

        def cancel_when_started() -> None:
            if wait_until(lambda: len(read_pids(pid_file)) == 3):
                cancelled.append(h.cancel_session().cancelled)

        helper = threading.Thread(target=cancel_when_started)
        helper.start()
        with pytest.raises(hookd.Cancelled) as caught:
            h.pre_tool_use("Bash", BASH, timeout=20)
        helper.join()
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        assert cancelled == [1] and caught.value.runs[0].status == "cancelled"
        assert wait_until(lambda: all_gone(pids), 5)


def test_timeout_cancels_kills_the_tree_and_raises_request_timeout(workspace: Path, leak_guard: list[int]) -> None:
    _, pid_file = _tree_workspace(workspace)
    with spawn_claude(workspace, leak_guard) as h:
        with pytest.raises(hookd.RequestTimeout) as caught:
            # generous enough for the tree to start on a loaded machine; the assertion below checks it did
            h.pre_tool_use("Bash", BASH, timeout=2.0)
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        assert len(pids) == 3
        assert isinstance(caught.value, TimeoutError) and caught.value.timeout == 2.0
        assert [run.status for run in caught.value.runs] == ["cancelled"]
        assert wait_until(lambda: all_gone(pids), 5)


def test_hookd_timeout_is_a_run_outcome_not_an_error(workspace: Path, leak_guard: list[int]) -> None:
    write_claude_settings(workspace, one_hook("PreToolUse", "sleep 30", timeout=1, statusMessage="Scanning…"))
    progress: list[hookd.ProgressParams] = []
    with spawn_claude(workspace, leak_guard, on_progress=progress.append) as h:
        result = h.pre_tool_use("Bash", BASH)
        assert result.decision == "none" and result.runs[0].timed_out and result.runs[0].failure_class == "timeout"
        assert [(p.phase, p.status_message, p.request_id) for p in progress] == [("started", "Scanning…", 2), ("finished", "Scanning…", 2)]


def test_close_with_a_request_in_flight_leaves_no_process_behind(workspace: Path, leak_guard: list[int]) -> None:
    _, pid_file = _tree_workspace(workspace)
    h = spawn_claude(workspace, leak_guard)
    sidecar = h.pid
    pending = h.submit_event("PreToolUse", tool_name="Bash", tool_input=BASH)
    assert wait_until(lambda: len(read_pids(pid_file)) == 3)
    pids = read_pids(pid_file)
    leak_guard.extend(pids)
    assert h.close() == 0  # shutdown answered, exit → code 0
    with pytest.raises(hookd.Cancelled) as caught:
        pending.result(timeout=1)
    assert caught.value.runs[0].status == "cancelled"
    assert wait_until(lambda: all_gone([sidecar, *pids]), 5), [pid for pid in [sidecar, *pids] if is_alive(pid)]
    with pytest.raises(hookd.ConnectionClosed):
        h.ping()
    assert h.close() == 0  # idempotent


DIE_WITH_PARENT = """
import sys, time
sys.path.insert(0, {src!r})
import hookd
h = hookd.spawn({ws!r}, home={ws!r}, command={argv!r})
pending = h.submit_event("PreToolUse", tool_name="Bash", tool_input={{"command": "ls"}})
print(h.pid, flush=True)
time.sleep(60)
"""


def test_hookd_dies_with_a_killed_parent_and_takes_its_hooks_along(workspace: Path, leak_guard: list[int]) -> None:
    """Linux: the parent-death signal makes hookd clean up even when the agent is SIGKILLed."""
    if sys.platform != "linux":
        pytest.skip("parent-death signal is Linux only")
    _, pid_file = _tree_workspace(workspace)
    script = DIE_WITH_PARENT.format(src=str(REPO / "clients" / "python" / "src"), ws=str(workspace), argv=hookd_argv())
    agent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        sidecar = int(agent.stdout.readline())  # type: ignore[union-attr]
        leak_guard.append(sidecar)
        assert wait_until(lambda: len(read_pids(pid_file)) == 3)
        pids = read_pids(pid_file)
        leak_guard.extend(pids)
        agent.send_signal(signal.SIGKILL)
        agent.wait(5)
        assert wait_until(lambda: all_gone([sidecar, *pids]), 5), [pid for pid in [sidecar, *pids] if is_alive(pid)]
    finally:
        if agent.poll() is None:
            agent.kill()
        agent.wait()
        if agent.stdout is not None:
            agent.stdout.close()


# ── diagnostics ──────────────────────────────────────────────────────────────────────────────────────


def test_invalid_config_is_reported_by_initialize(workspace: Path, leak_guard: list[int]) -> None:
    settings = write_claude_settings(workspace, '{\n  "hooks": {\n    "PreToolUse": [\n      { "hooks": [ }\n    ]\n  }\n}\n')
    with spawn_claude(workspace, leak_guard) as h:
        diagnostics = h.initialize_result.diagnostics
        assert diagnostics and diagnostics[0].severity == "error"
        assert diagnostics[0].file == str(settings) and diagnostics[0].line == 4
        assert h.list_hooks().hooks == []


def test_reload_sends_a_diagnostics_notification_to_the_callback(workspace: Path, leak_guard: list[int]) -> None:
    config = bamboo_config(workspace / "hooks.json", {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]})
    received: list[hookd.DiagnosticsParams] = []
    with hookd.spawn(workspace, dialect="bamboo", home=workspace, sources=[(config, "user")], options={"watch": False}, command=hookd_argv(), env={"BAMBOO_DATA_DIR": None}, on_diagnostics=received.append) as h:
        leak_guard.append(h.pid)
        config.write_text('{\n  "lifecycle_hooks": {\n    "Stop": [ { "hooks": [ { "type": "command", "command": "true", "timeout_ms": 0 } ] } ]\n  }\n}\n')
        result = h.reload()
        assert len(received) == 1, "the notification arrives before the result (wire order)"
        note = received[0]
        assert note.trigger == "reload" and note.hooks == 1  # the invalid file keeps its last good hooks
        assert note.diagnostics and {d.file for d in note.diagnostics} == {str(config)}
        assert any(d.severity == "error" and d.line == 3 for d in note.diagnostics), note.diagnostics
        assert [d.to_wire() for d in result.diagnostics] == [d.to_wire() for d in note.diagnostics]


# ── programmatic hooks ───────────────────────────────────────────────────────────────────────────────


def test_programmatic_hook_answered_by_a_python_callable(workspace: Path, leak_guard: list[int]) -> None:
    write_claude_settings(workspace, one_hook("PreToolUse", "echo configured >/dev/null", matcher="Bash"))
    seen: list[hookd.InvokeHookParams] = []

    def policy(params: hookd.InvokeHookParams) -> dict[str, Any]:
        seen.append(params)
        assert threading.current_thread().name.startswith("hookd-serve")
        output = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "python says no"}}
        return {"output": output, "exitCode": 0, "stderr": ""}

    with spawn_claude(workspace, leak_guard, session="s-prog") as h:
        registered = h.register_hook("PreToolUse", policy, matcher="Bash", name="py-policy", timeout_ms=5000)
        assert registered.hook_id == "client:1"
        listed = {hook.id: hook for hook in h.list_hooks().hooks}
        assert listed["client:1"].handler_type == "client"
        result = h.pre_tool_use("Bash", BASH)
        assert result.decision == "deny" and result.reason == "python says no"
        assert [run.hook_id for run in result.runs] == ["project:PreToolUse[0].hooks[0]", "client:1"]
        assert seen[0].session_id == "s-prog" and seen[0].input["tool_input"] == BASH and seen[0].timeout_ms == 5000
        assert h.unregister_hook("client:1").removed is True
        assert [run.hook_id for run in h.pre_tool_use("Bash", BASH).runs] == ["project:PreToolUse[0].hooks[0]"]


def test_a_failing_python_hook_is_a_non_blocking_run_failure(workspace: Path, leak_guard: list[int]) -> None:
    def broken(params: hookd.InvokeHookParams) -> None:
        raise RuntimeError("the policy engine is down")

    with spawn_claude(workspace, leak_guard) as h:
        h.register_hook("PreToolUse", broken)
        run = h.pre_tool_use("Bash", BASH).runs[0]
        assert run.failure_class == "spawn_failed" and "the policy engine is down" in (run.message or "")


def test_runs_trust_and_dry_run(workspace: Path, leak_guard: list[int]) -> None:
    config = bamboo_config(workspace / ".bamboo" / "hooks.json", {"UserPromptSubmit": [{"hooks": [print_json({"additional_context": "project hook ran"})]}]})
    with hookd.spawn(workspace, dialect="bamboo", home=workspace, sources=[(config, "project")], options={"watch": False}, command=hookd_argv(), env={"BAMBOO_DATA_DIR": None}) as h:
        leak_guard.append(h.pid)
        entries = h.trust_list().entries
        assert [(e.key, e.trusted) for e in entries] == [(f"workspace:{workspace}", False)]
        assert h.user_prompt_submit("hi").runs == []
        assert h.trust_set(True, persist=False).entries[0].trusted is True
        with h.run("run-1") as began:
            assert began.began is True and began.hooks == 1
            assert h.user_prompt_submit("hi", run_id="run-1").additional_context == "project hook ran"
        assert h.end_run("run-1").ended is False  # already ended by the context manager
        dry = h.dry_run("PreToolUse", print_json({"decision": "ask", "reason": "check"}))
        assert dry.result is not None and dry.result.decision == "ask" and dry.input["hook_event_name"] == "PreToolUse"


def test_errors_from_hookd_are_raised_with_their_code(workspace: Path, leak_guard: list[int]) -> None:
    with spawn_claude(workspace, leak_guard) as h:
        with pytest.raises(hookd.MethodNotFound):
            h.request("hooks/NoSuchEvent", {})
        with pytest.raises(hookd.InvalidParams) as caught:
            h.event("PreToolUse", {"toolInput": []})
        assert "toolName" in caught.value.message and caught.value.data["issues"]
        with pytest.raises(hookd.InvalidRequest):
            h.initialize(workspace)  # a second initialize


# ── big payloads ─────────────────────────────────────────────────────────────────────────────────────

EIGHT_MB = 8 * 1024 * 1024


def test_8mb_payload_round_trip(workspace: Path, leak_guard: list[int]) -> None:
    big = "x" * EIGHT_MB
    received: list[int] = []

    def measure(params: hookd.InvokeHookParams) -> None:
        received.append(len(params.input["tool_input"]["content"]))

    with hookd.spawn(workspace, dialect="bamboo", home=workspace, sources=[], options={"watch": False}, command=hookd_argv(), env={"BAMBOO_DATA_DIR": None}) as h:
        leak_guard.append(h.pid)
        # 8 MB out and 8 MB back in one response (the dry run echoes the envelope its handler read)
        dry = h.dry_run("PreToolUse", {"type": "command", "command": "cat > /dev/null"}, {"toolName": "Write", "toolInput": {"content": big}})
        assert dry.input["tool_input"]["content"] == big
        # 8 MB in a server → client request (hooks/invoke carries the envelope)
        h.register_hook("PreToolUse", measure)
        h.pre_tool_use("Write", {"content": big})
        assert received == [EIGHT_MB]
