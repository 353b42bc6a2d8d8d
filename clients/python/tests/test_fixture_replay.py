"""Golden fixtures replayed through the client's own transports (sync and asyncio) against the built sidecar,
following protocol/README.md "Golden fixtures": workspace placeholder substituted, settings and files
written, BAMBOO_DATA_DIR unset, hookd's requests answered by the fixture (the client's own handling off),
durationMs and paths normalized, `ignore` keys dropped; then the server messages must equal the recorded
ones exactly, in order, and nothing else may arrive within 150 ms after the last step."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import hookd
from hookd.types import parse_message

from conftest import FIXTURES, hookd_argv
from test_types import canonical

PLACEHOLDER = "/home/user/project"
RECORDED_DURATION_MS = 12.5
STEP_DEADLINE = 10.0
SETTLE = 0.15
FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))


def substitute(value: Any, workspace: str) -> Any:
    if isinstance(value, str):
        return value.replace(PLACEHOLDER, workspace)
    if isinstance(value, list):
        return [substitute(item, workspace) for item in value]
    if isinstance(value, dict):
        return {key: substitute(item, workspace) for key, item in value.items()}
    return value


def normalize(value: Any, paths: list[str]) -> Any:
    if isinstance(value, str):
        for path in paths:
            value = value.replace(path, PLACEHOLDER)
        return value
    if isinstance(value, list):
        return [normalize(item, paths) for item in value]
    if isinstance(value, dict):
        return {
            key: RECORDED_DURATION_MS if key == "durationMs" and isinstance(item, (int, float)) and not isinstance(item, bool) else normalize(item, paths)
            for key, item in value.items()
        }
    return value


def without_keys(value: Any, keys: set[str]) -> Any:
    if isinstance(value, list):
        return [without_keys(item, keys) for item in value]
    if isinstance(value, dict):
        return {key: without_keys(item, keys) for key, item in value.items() if key not in keys}
    return value


def prepare(fixture: dict[str, Any], workspace: Path) -> list[tuple[dict[str, Any], int]]:
    """Writes settings and files; returns the client steps, each with how many server messages follow it."""
    if "settings" in fixture:
        target = workspace / ".claude" / "settings.json"
        target.parent.mkdir(parents=True)
        target.write_text(json.dumps(fixture["settings"], indent=2, ensure_ascii=False))
    for relative, content in fixture.get("files", {}).items():
        assert not os.path.isabs(relative) and ".." not in Path(relative).parts, relative
        target = workspace / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode("utf-8"))
    steps: list[tuple[dict[str, Any], int]] = []
    for step in fixture["exchange"]:
        if step["from"] == "client":
            steps.append((step, 0))
        else:
            client_step, count = steps[-1]
            steps[-1] = (client_step, count + 1)
    return steps


def check(fixture: dict[str, Any], received: list[dict[str, Any]], sent: list[dict[str, Any]], workspace: Path, name: str) -> None:
    paths = sorted({str(workspace), os.path.realpath(workspace)}, key=len, reverse=True)
    ignore = set(fixture.get("ignore", []))
    recorded = [step["message"] for step in fixture["exchange"] if step["from"] == "server"]
    got = [without_keys(normalize(message, paths), ignore) for message in received]
    want = [without_keys(message, ignore) for message in recorded]
    assert got == want, f"{name}: server messages differ"
    assert canonical(got) == canonical(want), f"{name}: server messages differ in JSON types (true vs 1, 1 vs 1.0)"
    # What the client read must also go through its types losslessly (responses typed by their request).
    methods = {message.get("id"): message.get("method") for message in sent if "method" in message and "id" in message}
    for message in received:
        result_type = None
        if "method" not in message:
            result_type = hookd.types.method_types(methods.get(message.get("id"), ""), from_server=False)[1]
        parsed = parse_message(message, from_server=True, result_type=result_type)
        assert canonical(parsed.to_wire()) == canonical(message)


def client_message(step: dict[str, Any], workspace: Path) -> dict[str, Any] | None:
    return substitute(step["message"], str(workspace)) if "message" in step else None


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_replay_sync_transport(path: Path, workspace: Path, leak_guard: list[int]) -> None:
    fixture = json.loads(path.read_text())
    steps = prepare(fixture, workspace)
    received: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []
    arrived = threading.Condition()

    def tap(message: dict[str, Any]) -> None:
        with arrived:
            received.append(message)
            arrived.notify_all()

    client = hookd.Client(hookd_argv(), env={"BAMBOO_DATA_DIR": None}, serve_requests=False, on_message=tap, stderr="capture")
    leak_guard.append(client.pid)
    try:
        consumed = 0
        for step, expect in steps:
            message = client_message(step, workspace)
            if message is None:
                client.send_raw(step["raw"])
            else:
                sent.append(message)
                client.send_message(message)
            with arrived:
                ok = arrived.wait_for(lambda: len(received) >= consumed + expect, STEP_DEADLINE)
            assert ok, f"expected {expect} server message(s) after {step}; got {received[consumed:]}\n{client.stderr_text()}"
            consumed += expect
        time.sleep(SETTLE)  # the replay procedure's settle window: nothing more may arrive
        assert received[consumed:] == [], "server messages after the last expected one"
        replayed = list(received)  # before close(): its own shutdown answer is not part of the fixture
    finally:
        client.close()
    check(fixture, replayed, sent, workspace, path.name)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_replay_asyncio_transport(path: Path, workspace: Path, leak_guard: list[int]) -> None:
    fixture = json.loads(path.read_text())
    steps = prepare(fixture, workspace)
    received: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []
    replayed: list[dict[str, Any]] = []

    async def replay() -> None:
        arrived = asyncio.Condition()

        def tap(message: dict[str, Any]) -> None:
            received.append(message)

            async def wake() -> None:
                async with arrived:
                    arrived.notify_all()

            return wake()  # a coroutine: the client schedules it

        client = await hookd.AsyncClient.start(hookd_argv(), env={"BAMBOO_DATA_DIR": None}, serve_requests=False, on_message=tap, stderr="capture")
        leak_guard.append(client.pid)
        try:
            consumed = 0
            for step, expect in steps:
                message = client_message(step, workspace)
                if message is None:
                    await client.send_raw(step["raw"])
                else:
                    sent.append(message)
                    await client.send_message(message)
                async with arrived:
                    try:
                        await asyncio.wait_for(arrived.wait_for(lambda: len(received) >= consumed + expect), STEP_DEADLINE)
                    except asyncio.TimeoutError:
                        pytest.fail(f"expected {expect} server message(s) after {step}; got {received[consumed:]}\n{client.stderr_text()}")
                consumed += expect
            await asyncio.sleep(SETTLE)
            assert received[consumed:] == [], "server messages after the last expected one"
            replayed.extend(received)
        finally:
            await client.aclose()

    asyncio.run(replay())
    check(fixture, replayed, sent, workspace, path.name)
