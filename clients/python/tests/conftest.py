"""Shared test helpers: where the built sidecar is, scratch workspaces, process liveness from /proc (a zombie
is dead), polling with a deadline (never sleep-and-hope), and a runner for asyncio tests without plugins."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parents[2]
FIXTURES = REPO / "protocol" / "fixtures"
FAKE_PEER = TESTS / "fake_peer.py"


def sidecar_path() -> Path:
    """``$HOOKD_BIN`` or ``<repo>/dist/cli.js``."""
    return Path(os.environ.get("HOOKD_BIN") or REPO / "dist" / "cli.js")


def hookd_argv() -> list[str]:
    path = sidecar_path()
    if not path.exists():
        pytest.fail(f"{path} is missing: run `npm run build` in {REPO} (or set HOOKD_BIN)")
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH")
    return [node, str(path)] if path.suffix in (".js", ".mjs", ".cjs") else [str(path)]


@pytest.fixture
def hookd_command() -> list[str]:
    return hookd_argv()


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """An empty directory used as workspace and home (so the machine's own configuration stays out)."""
    ws = tmp_path / "ws"
    ws.mkdir()
    return ws


def fake_peer(*scenario: str) -> list[str]:
    """argv of a scripted JSON-RPC peer standing in for hookd (see fake_peer.py)."""
    return [sys.executable, str(FAKE_PEER), *scenario]


def write_claude_settings(workspace: Path, settings: Any) -> Path:
    path = workspace / ".claude" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(settings if isinstance(settings, str) else json.dumps(settings, indent=2))
    return path


def one_hook(event: str, command: str, **handler: Any) -> dict[str, Any]:
    matcher = handler.pop("matcher", None)
    group: dict[str, Any] = {"hooks": [{"type": "command", "command": command, **handler}]}
    if matcher is not None:
        group["matcher"] = matcher
    return {"hooks": {event: [group]}}


# ── processes ────────────────────────────────────────────────────────────────────────────────────────


def is_alive(pid: int) -> bool:
    """True while /proc/<pid>/stat exists and the process is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="latin-1")
    except OSError:
        return False
    state = stat[stat.rindex(")") + 2 :].split(" ", 1)[0]
    return state not in ("Z", "X", "x")


def wait_until(predicate: Callable[[], bool], deadline: float = 10.0, interval: float = 0.01) -> bool:
    """Polls ``predicate`` until it holds (True) or ``deadline`` seconds pass (False)."""
    end = time.monotonic() + deadline
    while True:
        if predicate():
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(interval)


async def await_until(predicate: Callable[[], bool], deadline: float = 10.0, interval: float = 0.01) -> bool:
    end = time.monotonic() + deadline
    while True:
        if predicate():
            return True
        if time.monotonic() >= end:
            return False
        await asyncio.sleep(interval)


def read_pids(path: Path) -> list[int]:
    try:
        text = path.read_text()
    except OSError:
        return []
    return [int(line) for line in text.split() if line.strip().isdigit()]


def all_gone(pids: list[int]) -> bool:
    return all(not is_alive(pid) for pid in pids)


#: A hook that records its own PID, a child's and a grandchild's, then waits: a process tree to kill.
TREE_SCRIPT = """#!/bin/sh
pids="$1"
echo $$ >> "$pids"
sh -c 'echo $$ >> "$1"; sleep 30 & echo $! >> "$1"; wait' _ "$pids" &
wait
"""


def tree_hook(workspace: Path) -> tuple[str, Path]:
    """(command, pid file) of a hook whose tree is 3 processes; the pid file gets 3 lines once all started."""
    script = workspace / "tree.sh"
    script.write_text(TREE_SCRIPT)
    pid_file = workspace / "pids"
    return f"sh '{script}' '{pid_file}'", pid_file


@pytest.fixture
def leak_guard():
    """Collects PIDs a test started (sidecars, hooks); SIGKILLs survivors afterwards so that one failing test
    does not leak into the next. The test itself asserts they are gone."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        if is_alive(pid):
            try:
                os.kill(pid, 9)
            except OSError:
                pass


def run_async(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Runs an ``async def`` test in a fresh event loop (no pytest plugin needed)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return asyncio.run(asyncio.wait_for(fn(*args, **kwargs), 60))

    return wrapper
