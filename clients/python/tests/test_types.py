"""The client's types against the golden fixtures: every message parses into typed objects and re-serializes
to exactly the original JSON (unknown fields included); plus the pure helpers (params, answers, errors)."""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import hookd
from hookd import _common
from hookd.types import (
    CancelledData,
    DiagnosticsParams,
    DryRunResult,
    EventParams,
    EventResult,
    HookInfo,
    InitializeParams,
    InitializeResult,
    InvokeHookParams,
    InvokeHookResult,
    Notification,
    ProgressParams,
    Request,
    Response,
    RunSummary,
    SessionInfo,
    parse_message,
)

from conftest import FIXTURES

FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))


def canonical(value: Any) -> str:
    """Exact JSON comparison: key order ignored, but true ≠ 1 and 1 ≠ 1.0 (Python's == conflates them)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def typed_exchange(fixture: dict[str, Any]) -> list[tuple[dict[str, Any], hookd.types.Message]]:
    """Every message of a fixture parsed as the client would: responses typed by the method of the request
    they answer (client requests answered by hookd, hookd's requests answered by the client)."""
    client_requests: dict[Any, str] = {}
    server_requests: dict[Any, str] = {}
    parsed = []
    for step in fixture["exchange"]:
        message = step.get("message")
        if message is None:
            continue
        from_server = step["from"] == "server"
        result_type = None
        if "method" not in message:
            if from_server:
                result_type = hookd.types.method_types(client_requests.get(message.get("id"), ""), from_server=False)[1]
            else:
                result_type = hookd.types.method_types(server_requests.get(message.get("id"), ""), from_server=True)[1]
        elif "id" in message:
            (server_requests if from_server else client_requests)[message["id"]] = message["method"]
        parsed.append((message, parse_message(message, from_server=from_server, result_type=result_type)))
    return parsed


def test_there_are_fixtures() -> None:
    assert len(FIXTURE_FILES) >= 20, FIXTURE_FILES


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_fixture_messages_round_trip_through_the_types(path: Path) -> None:
    fixture = json.loads(path.read_text())
    for original, message in typed_exchange(fixture):
        assert canonical(message.to_wire()) == canonical(original), f"{path.name}: {original}"


def _find(messages: list[Any], kind: type, predicate: Any = lambda m: True) -> Any:
    found = [m for _, m in messages if isinstance(m, kind) and predicate(m)]
    assert found, f"no {kind.__name__} found"
    return found[0]


def test_messages_are_typed_not_just_copied() -> None:
    """The round trip above must go through the dataclasses: spot-check the types per method."""
    load = lambda name: typed_exchange(json.loads((FIXTURES / f"{name}.json").read_text()))  # noqa: E731
    init = load("initialize")
    request = _find(init, Request)
    assert isinstance(request.params, InitializeParams) and request.params.workspace == "/home/user/project"
    result = _find(init, Response).result
    assert isinstance(result, InitializeResult)
    assert isinstance(result.hooks[0], HookInfo) and result.hooks[0].timeout_ms == 30000
    assert result.server_info.name == "hookd"

    deny = load("pre-tool-use-deny")
    event = _find(deny, Request, lambda m: m.method == "hooks/PreToolUse")
    assert isinstance(event.params, EventParams) and isinstance(event.params.session, SessionInfo)
    assert event.params.tool_input == {"command": "rm -rf build", "description": "clean"}
    outcome = _find(deny, Response, lambda m: m.id == 2).result
    assert isinstance(outcome, EventResult) and outcome.decision == "deny" and outcome.continue_ is True
    run = outcome.runs[0]
    assert isinstance(run, RunSummary) and run.exit_code == 2 and run.failure_class is None
    assert run.stderr.total_bytes == 3

    cancel = load("cancel")
    error = _find(cancel, Response, lambda m: m.error is not None).error
    assert isinstance(error.data, CancelledData) and error.data.runs[0].status == "cancelled"
    exc = hookd.errors.error_from_wire(error, method="hooks/PreToolUse")
    assert isinstance(exc, hookd.Cancelled) and exc.runs[0].failure_class == "cancelled"
    assert isinstance(_find(cancel, Notification, lambda m: m.method == "hooks/progress").params, ProgressParams)

    programmatic = load("programmatic-hook")
    invoke = _find(programmatic, Request, lambda m: m.method == "hooks/invoke")
    assert isinstance(invoke.params, InvokeHookParams) and invoke.params.hook_id == "client:1"
    answer = _find(programmatic, Response, lambda m: m.id == 0 and m.result is not None and isinstance(m.result, InvokeHookResult))
    assert answer.result.output == {"additional_context": "from the agent"}

    reload_ = load("reload")
    assert isinstance(_find(reload_, Notification).params, DiagnosticsParams)
    assert isinstance(_find(load("dry-run"), Response, lambda m: m.id == 2).result, DryRunResult)

    shutdown = _find(load("shutdown"), Response, lambda m: m.id == 2)
    assert shutdown.result is None and shutdown.to_wire() == {"jsonrpc": "2.0", "id": 2, "result": None}


def _add_unknown_fields(value: Any, depth: int = 0) -> Any:
    if isinstance(value, dict):
        out = {key: _add_unknown_fields(item, depth + 1) for key, item in value.items()}
        out[f"futureField{depth}"] = {"nested": [1, True, None, 1.5]}
        return out
    if isinstance(value, list):
        return [_add_unknown_fields(item, depth + 1) for item in value]
    return value


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_unknown_fields_at_every_depth_survive(path: Path) -> None:
    """A newer hookd may add fields anywhere (minor versions only add): none may be lost."""
    fixture = _add_unknown_fields(json.loads(path.read_text()))
    for original, message in typed_exchange(fixture):
        assert canonical(message.to_wire()) == canonical(original)


def test_explicit_null_absent_and_odd_shapes_are_kept() -> None:
    raw = {"event": "Stop", "decision": "none", "continue": True, "notes": [], "runs": ["not a run", {"hookId": "x"}], "reason": None, "updatedInput": [1]}
    result = EventResult.from_wire(raw)
    assert result.reason is None and result.additional_context is None
    assert result.runs[0] == "not a run" and isinstance(result.runs[1], RunSummary)
    assert result.to_wire() == raw
    assert "additionalContext" not in result.to_wire()
    assert result.get("continue") is True


def test_built_objects_serialize_camel_case() -> None:
    answer = InvokeHookResult(output={"decision": "block"}, exit_code=2, stderr="no")
    assert answer.to_wire() == {"output": {"decision": "block"}, "exitCode": 2, "stderr": "no"}
    assert InvokeHookResult().to_wire() == {"exitCode": 0, "stderr": ""}
    session = SessionInfo("s1", cwd="/w", transcript_path="/t.jsonl", other_fields={"vendor": 1})
    assert session.to_wire() == {"id": "s1", "cwd": "/w", "transcriptPath": "/t.jsonl", "vendor": 1}


# ── pure helpers ─────────────────────────────────────────────────────────────────────────────────────


def test_event_params_builder() -> None:
    params = _common.event_params(
        "PreToolUse",
        {"id": "default"},
        None,
        run_id="r1",
        extra={"timestamp": "t"},
        more={"futureParam": 1},
        fields={"tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_use_id": None},
    )
    assert params == {"toolName": "Bash", "toolInput": {"command": "ls"}, "runId": "r1", "extra": {"timestamp": "t"}, "futureParam": 1, "session": {"id": "default"}}
    overridden = _common.event_params("Stop", {"id": "default"}, {"session": {"id": "given"}}, fields={"stop_hook_active": False})
    assert overridden == {"session": {"id": "given"}, "stopHookActive": False}
    with_session = _common.event_params("Stop", {"id": "default"}, None, session=SessionInfo("s2", model="m"))
    assert with_session["session"] == {"id": "s2", "model": "m"}
    with pytest.raises(TypeError, match="unknown event field"):
        _common.event_params("Stop", {"id": "x"}, None, fields={"tool_nmae": "Bash"})


def test_initialize_params_declare_programmatic_hooks_unless_told() -> None:
    params = _common.initialize_params("/w", dialect="bamboo", home=None, sources=["/w/h.json", ("/w/p.json", "project")], options={"watch": False}, capabilities=None, client_info=None, answers_invoke=True)
    assert params["capabilities"] == {"programmaticHooks": True}
    assert params["sources"] == [{"path": "/w/h.json"}, {"path": "/w/p.json", "scope": "project"}]
    assert params["protocolVersion"] == "0.1" and params["dialect"] == "bamboo" and params["options"] == {"watch": False}
    off = _common.initialize_params("/w", dialect=None, home=None, sources=None, options=None, capabilities={"programmaticHooks": False}, client_info=None, answers_invoke=True)
    assert off["capabilities"] == {"programmaticHooks": False} and "dialect" not in off
    raw = _common.initialize_params("/w", dialect=None, home=None, sources=None, options=None, capabilities=None, client_info=None, answers_invoke=False)
    assert "capabilities" not in raw


def test_invoke_answers_and_error_answers() -> None:
    assert _common.invoke_answer(None) == {"exitCode": 0, "stderr": ""}
    assert _common.invoke_answer({"output": {"a": 1}, "exitCode": 2}) == {"output": {"a": 1}, "exitCode": 2}
    assert _common.invoke_answer(InvokeHookResult(output={"a": 1})) == {"output": {"a": 1}, "exitCode": 0, "stderr": ""}
    with pytest.raises(TypeError):
        _common.invoke_answer("block")
    assert _common.error_answer(hookd.InvalidParams(-32602, "bad", {"x": 1})) == {"code": -32602, "message": "bad", "data": {"x": 1}}
    assert _common.error_answer(ValueError("boom")) == {"code": -32603, "message": "ValueError: boom"}


def test_errors_map_codes_to_classes() -> None:
    from hookd.types import ErrorObject

    cases = {-32700: hookd.ParseError, -32600: hookd.InvalidRequest, -32601: hookd.MethodNotFound, -32602: hookd.InvalidParams, -32603: hookd.InternalError, -32002: hookd.NotInitialized, -32010: hookd.PersistenceFailed, -32800: hookd.Cancelled, -1: hookd.HookdError}
    for code, cls in cases.items():
        error = hookd.errors.error_from_wire(ErrorObject(code=code, message="m"), method="x")
        assert type(error) is cls and error.code == code and isinstance(error, hookd.HookdError)
    assert issubclass(hookd.TaskCancelled, hookd.Cancelled)
    import asyncio

    assert issubclass(hookd.TaskCancelled, asyncio.CancelledError)
    assert issubclass(hookd.RequestTimeout, TimeoutError) and issubclass(hookd.RequestTimeout, hookd.HookdError)


def test_framing_helpers() -> None:
    body = _common.dumps({"a": "é\u2028"})
    assert json.loads(body) == {"a": "é\u2028"} and b"\n" not in body
    assert _common.frame(b"{}", "ndjson") == b"{}\n"
    assert _common.frame(b"{}", "content-length") == b"Content-Length: 2\r\n\r\n{}"
    assert _common.content_length(b"Content-Type: x\r\ncontent-length: 17\r\n\r\n") == 17
    assert json.loads(_common.dumps({"s": "\ud800"})) == {"s": "\ud800"}  # lone surrogate: escaped, still valid


def test_resolve_command(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.delenv("HOOKD_BIN", raising=False)
    sidecar = tmp_path / "hookd-sidecar"
    sidecar.write_text("#!/bin/sh\n")
    sidecar.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert hookd.resolve_command(None) == [str(sidecar)]
    assert hookd.resolve_command([str(sidecar), "y"]) == [str(sidecar), "y"]
    script = tmp_path / "cli.js"
    script.write_text("")
    monkeypatch.setenv("PATH", os.defpath)
    monkeypatch.setenv("HOOKD_BIN", str(script))
    node = shutil.which("node")
    if node is not None:  # node is found on PATH
        monkeypatch.setenv("PATH", os.path.dirname(node))
        argv = hookd.resolve_command(None)
        assert argv[0].endswith("node") and argv[1] == str(script)
    monkeypatch.setenv("HOOKD_BIN", str(sidecar))
    assert hookd.resolve_command(None) == [str(sidecar)]


def test_child_env_unsets_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAMBOO_DATA_DIR", "/somewhere")
    env = _common.child_env({"BAMBOO_DATA_DIR": None, "X_TEST": "1"})
    assert env is not None and "BAMBOO_DATA_DIR" not in env and env["X_TEST"] == "1" and env["PATH"] == __import__("os").environ["PATH"]
    assert _common.child_env(None) is None


def test_params_are_not_mutated_by_parsing() -> None:
    raw = json.loads((FIXTURES / "programmatic-hook.json").read_text())
    before = copy.deepcopy(raw)
    typed_exchange(raw)
    assert raw == before
