"""Issue 15's client surface: Gemini's model events (before_model, after_model, before_tool_selection) send their
camelCase fields, review_revoke sends ``review/revoke``, and the new result fields (context_delivery, llm_request,
llm_response, tool_config) and initialize's event_aliases are typed attributes that round-trip to the wire."""

from __future__ import annotations

from typing import Any

import hookd
from hookd import types


def test_model_event_methods_send_hooks_event_with_llm_fields() -> None:
    """before_model / after_model / before_tool_selection build hooks/<Event> params with llmRequest / llmResponse."""
    sent: list[tuple[str, dict[str, Any]]] = []
    session = {"id": "s"}

    class Recorder(hookd._methods._Methods[Any, Any]):
        def __init__(self) -> None:
            self.session = session

        def _ev(self, event: str, timeout: Any, s: Any, run_id: Any, server_owned: Any, extra: Any, more: Any, **fields: Any) -> None:
            sent.append((event, self._event_params(event, None, s, run_id, server_owned, extra, more, fields)))

    r = Recorder()
    request = {"model": "gemini-2.5-pro", "messages": []}
    r.before_model(request)
    r.after_model(request, {"candidates": []})
    r.before_tool_selection(request)
    assert sent == [
        ("BeforeModel", {"llmRequest": request, "session": session}),
        ("AfterModel", {"llmRequest": request, "llmResponse": {"candidates": []}, "session": session}),
        ("BeforeToolSelection", {"llmRequest": request, "session": session}),
    ]


def test_event_result_types_the_issue_15_fields_and_round_trips_them() -> None:
    wire = {
        "event": "BeforeToolSelection",
        "decision": "none",
        "continue": True,
        "notes": [],
        "runs": [],
        "additionalContext": "ctx",
        "contextDelivery": "appended",
        "llmRequest": {"model": "m"},
        "llmResponse": {"text": "hi"},
        "toolConfig": {"mode": "ANY", "allowedFunctionNames": ["read_file"]},
    }
    result = types.EventResult.from_wire(wire)
    assert (result.context_delivery, result.llm_request, result.llm_response, result.tool_config) == ("appended", {"model": "m"}, {"text": "hi"}, wire["toolConfig"])
    assert result.other_fields == {}
    assert result.to_wire() == wire


def test_initialize_result_types_event_aliases() -> None:
    wire = {"protocolVersion": "0.1", "serverInfo": {"name": "hookd", "version": "0"}, "dialect": "gemini", "events": ["PreToolUse"], "eventAliases": {"BeforeTool": "PreToolUse"}, "hooks": [], "diagnostics": []}
    init = types.InitializeResult.from_wire(wire)
    assert init.event_aliases == {"BeforeTool": "PreToolUse"}
    assert init.to_wire() == wire


def test_initialize_result_types_the_spawn_path() -> None:
    """initialize ``spawnPath``: which spawn path hookd runs hook processes by, as a typed SpawnPath."""
    spawn_path = {"active": "supervisor", "requested": "auto", "detail": "native/build/hookd-supervisor"}
    wire = {"protocolVersion": "0.1", "serverInfo": {"name": "hookd", "version": "0"}, "dialect": "claude", "events": [], "hooks": [], "diagnostics": [], "spawnPath": spawn_path}
    init = types.InitializeResult.from_wire(wire)
    assert init.spawn_path == types.SpawnPath(active="supervisor", requested="auto", detail="native/build/hookd-supervisor")
    assert init.other_fields == {}
    assert init.to_wire() == wire


def test_review_revoke_sends_review_revoke_with_the_key() -> None:
    """Client.review_revoke / AsyncClient.review_revoke: ``review/revoke`` {key}."""
    calls: list[tuple[str, Any]] = []

    class Fake(hookd.Client):
        def __init__(self) -> None:  # no process: request() is recorded
            pass

        def request(self, method: str, params: Any = None, *, timeout: Any = None) -> Any:
            calls.append((method, params))
            return {"hooks": []}

    assert Fake().review_revoke("project:k") == {"hooks": []}
    assert calls == [("review/revoke", {"key": "project:k"})]
    assert hasattr(hookd.AsyncClient, "review_revoke")
