"""Approvals through the Python clients and the built sidecar with a bonsai TOML config: hookd asks the approve
callable (hooks/approve) for each project shell/http hook, once per configuration load, and the answer decides
whether the hook fires; global hooks and llm_prompt hooks are not asked."""

from __future__ import annotations

import json
import shlex
import threading
from pathlib import Path

import hookd

from conftest import hookd_argv, run_async, wait_until


def bonsai_config(root: Path, name: str, marker: Path) -> tuple[Path, str]:
    """``<root>/.bonsai/config.toml`` with one PreBash shell hook that touches ``marker``."""
    command = f"touch {shlex.quote(str(marker))}"
    path = root / ".bonsai" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'[[hooks]]\nname = "{name}"\nevent = "PreBash"\naction = {{ type = "shell", command = {json.dumps(command)} }}\n')
    return path, command


def ran(result: hookd.EventResult, hook_id: str) -> bool:
    return any(run.hook_id == hook_id and run.status == "ok" for run in result.runs)


def test_a_project_shell_hook_is_asked_about_showing_the_command_and_fires_once_approved(workspace: Path, leak_guard: list[int]) -> None:
    """'a project hook with a shell or http action needs one approval before it first runs: hookd asks the client (a server → client request showing the command or URL)'"""
    marker = workspace / "ran"
    config, command = bonsai_config(workspace, "audit", marker)
    asked: list[hookd.ApproveHookParams] = []

    def approve(params: hookd.ApproveHookParams) -> str:
        asked.append(params)
        return "once"

    with hookd.spawn(workspace, home=workspace.parent, command=hookd_argv(), dialect="bonsai", approve=approve) as h:
        leak_guard.append(h.pid)
        assert wait_until(lambda: len(asked) == 1)
        assert (asked[0].hook_id, asked[0].name, asked[0].event, asked[0].action_type, asked[0].summary, asked[0].source) == (
            "project:audit",
            "audit",
            "PreBash",
            "shell",
            command,
            str(config),
        )
        assert asked[0].hash.startswith("sha256:")
        assert wait_until(lambda: ran(h.pre_bash("ls"), "project:audit"))
        assert marker.exists()
        assert len(asked) == 1  # once per configuration load, not per fire


def test_until_answered_the_hook_does_not_fire_and_denied_it_never_does(workspace: Path, leak_guard: list[int]) -> None:
    """'until answered the hook is "awaiting approval" and does not fire'"""
    marker = workspace / "ran"
    bonsai_config(workspace, "audit", marker)
    asked = threading.Event()
    release = threading.Event()

    def approve(params: hookd.ApproveHookParams) -> str:
        asked.set()
        release.wait(30)
        return "deny"

    with hookd.spawn(workspace, home=workspace.parent, command=hookd_argv(), dialect="bonsai", approve=approve) as h:
        leak_guard.append(h.pid)
        assert asked.wait(10)
        assert not ran(h.pre_bash("ls"), "project:audit")
        release.set()
        h.ping()
        assert not any(run.status == "ok" for run in h.pre_bash("ls").runs)
    assert not marker.exists()


@run_async
async def test_async_global_hooks_are_pre_trusted_and_llm_prompt_hooks_skip_the_gate(tmp_path: Path, leak_guard: list[int]) -> None:
    """'global-config hooks are pre-trusted'; 'llm_prompt hooks skip the gate'"""
    home, workspace, marker = tmp_path / "home", tmp_path / "ws", tmp_path / "ran"
    bonsai_config(home, "global-audit", marker)
    project = workspace / ".bonsai" / "config.toml"
    project.parent.mkdir(parents=True)
    project.write_text('[[hooks]]\nname = "judge"\nevent = "PreBash"\naction = { type = "llm_prompt", prompt = "Is {{command}} safe?" }\n')
    asked: list[str] = []

    async def approve(params: hookd.ApproveHookParams) -> str:
        asked.append(params.hook_id)
        return "deny"

    async with hookd.aspawn(workspace, home=home, command=hookd_argv(), dialect="bonsai", approve=approve, judge=lambda p: '{"decision":"allow"}') as h:
        leak_guard.append(h.pid)
        result = await h.pre_bash("ls")
        assert ran(result, "global:global-audit")
        await h.ping()
    assert marker.exists()
    assert asked == []
