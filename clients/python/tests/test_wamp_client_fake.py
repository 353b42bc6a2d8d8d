"""The wamp additions of the Python clients against the scripted peer (fake_peer.py): the tool approval callback
(hooks/askToolApproval, declaring capabilities.toolApproval), trust_workspace, the new event params (turn_kind,
unattended, is_error, finish, root_run, session agent/runtime) and the new result fields typed (warnings, binding,
approval, refusal, unresolved, not_fired). The same flows against the built sidecar are in test_wamp_e2e.py."""

from __future__ import annotations

from typing import Any

import pytest

import hookd
from hookd import _common

from conftest import await_until, fake_peer, run_async, wait_until
from test_bonsai_callbacks_fake import Notes, answer_to

ASK = {
    "sessionId": "s1",
    "event": "PreToolUse",
    "runId": "run-1",
    "toolName": "shell",
    "toolUseId": "tu-1",
    "toolInput": {"command": "git push"},
    "reason": "pushing needs a human",
    "options": ["allow", "deny"],
}


def test_tool_approval_callback_answers_hooks_ask_tool_approval_and_declares_the_capability() -> None:
    """'an ask asks for one approval with only Allow and Deny ... as a server → client request'"""
    notes = Notes()
    seen: list[hookd.AskToolApprovalParams] = []

    def tool_approval(params: hookd.AskToolApprovalParams) -> Any:
        seen.append(params)
        return ["allow", "deny", True, False, hookd.AskToolApprovalResult(answer="deny")][len(seen) - 1]

    with hookd.spawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes, tool_approval=tool_approval) as h:
        assert wait_until(lambda: notes.of("test/initializeParams"))
        assert notes.of("test/initializeParams")[0]["capabilities"]["toolApproval"] is True
        answers = [answer_to(h, notes, 20 + i, "hooks/askToolApproval", ASK)["result"] for i in range(5)]
    assert answers == [{"answer": "allow"}, {"answer": "deny"}, {"answer": "allow"}, {"answer": "deny"}, {"answer": "deny"}]
    first = seen[0]
    assert isinstance(first, hookd.AskToolApprovalParams)
    assert (first.session_id, first.event, first.run_id, first.tool_name, first.tool_use_id) == ("s1", "PreToolUse", "run-1", "shell", "tu-1")
    assert (first.tool_input, first.reason, first.options) == ({"command": "git push"}, "pushing needs a human", ["allow", "deny"])


def test_a_tool_approval_answer_other_than_allow_or_deny_is_an_error_answer() -> None:
    """hookd denies on an error answer (fail-closed); the client never sends "allow for this chat" as given."""
    notes = Notes()
    with hookd.spawn("/tmp", command=fake_peer("plain"), on_notification=notes, tool_approval=lambda params: "allow_for_chat") as h:
        answer = answer_to(h, notes, 40, "hooks/askToolApproval", ASK)
    assert "result" not in answer
    assert answer["error"]["code"] == -32603
    assert "allow or deny" in answer["error"]["message"]


def test_without_a_tool_approval_callback_the_request_is_method_not_found_and_not_declared() -> None:
    notes = Notes()
    with hookd.spawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes) as h:
        assert wait_until(lambda: notes.of("test/initializeParams"))
        assert "toolApproval" not in notes.of("test/initializeParams")[0]["capabilities"]
        assert answer_to(h, notes, 50, "hooks/askToolApproval", ASK)["error"]["code"] == -32601


def test_trust_workspace_sets_options_trust_workspace_beside_the_other_options() -> None:
    """'A Cloud session trusts its own workspace' — the initialize flag."""
    notes = Notes()
    with hookd.spawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes, dialect="wamp", trust_workspace=True, options={"killGraceMs": 100}):
        assert wait_until(lambda: notes.of("test/initializeParams"))
    sent = notes.of("test/initializeParams")[0]
    assert sent["options"] == {"killGraceMs": 100, "trustWorkspace": True}
    assert sent["dialect"] == "wamp"
    assert hookd.ServerOptions(trust_workspace=True).to_wire() == {"trustWorkspace": True}


@run_async
async def test_async_tool_approval_coroutine_and_trust_workspace() -> None:
    notes = Notes()

    async def tool_approval(params: hookd.AskToolApprovalParams) -> str:
        return "allow" if params.tool_name == "shell" else "deny"

    async with hookd.aspawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes, tool_approval=tool_approval, trust_workspace=True) as h:
        await h.request("test/serverRequest", {"id": 80, "method": "hooks/askToolApproval", "params": ASK})
        await h.request("test/serverRequest", {"id": 81, "method": "hooks/askToolApproval", "params": {**ASK, "toolName": "write"}})
        assert await await_until(lambda: len(notes.of("test/answer")) == 2)
        sent = notes.of("test/initializeParams")[0]
    answers = {a["id"]: a["result"] for a in notes.of("test/answer")}
    assert answers == {80: {"answer": "allow"}, 81: {"answer": "deny"}}
    assert (sent["capabilities"]["toolApproval"], sent["options"]["trustWorkspace"]) == (True, True)


def test_the_wamp_event_params_go_on_the_wire_camel_cased() -> None:
    """runId, session agent/runtime, turnKind, unattended, isError, finish, rootRun."""
    sent: list[tuple[str, dict[str, Any]]] = []
    session = {"id": "s", "agent": "wamp", "runtime": "acp"}

    class Recorder(hookd._methods._Methods[Any, Any]):
        def __init__(self) -> None:
            self.session = session

        def _ev(self, event: str, timeout: Any, s: Any, run_id: Any, server_owned: Any, extra: Any, more: Any, **fields: Any) -> None:
            sent.append((event, self._event_params(event, None, s, run_id, server_owned, extra, more, fields)))

    r = Recorder()
    r.session_start(turn_kind="message", run_id="r1")
    r.user_prompt_submit("hi", turn_kind="scheduled", unattended=True, run_id="r1")
    r.pre_tool_use("shell", {"command": "ls"}, unattended=True, run_id="r1")
    r.post_tool_use("shell", {"command": "ls"}, "boom", is_error=True, run_id="r1")
    r.stop(finish="user_stop", root_run=False, run_id="r1")
    r.stop(run_id="r2")
    assert sent[0][1] == {"turnKind": "message", "runId": "r1", "session": session}
    assert sent[1][1] == {"prompt": "hi", "turnKind": "scheduled", "unattended": True, "runId": "r1", "session": session}
    assert sent[2][1] == {"toolName": "shell", "toolInput": {"command": "ls"}, "unattended": True, "runId": "r1", "session": session}
    assert (sent[3][1]["isError"], sent[3][1]["toolResponse"]) == (True, "boom")
    assert (sent[4][1]["finish"], sent[4][1]["rootRun"]) == ("user_stop", False)
    assert sent[5][1] == {"runId": "r2", "session": session}
    typed = hookd.EventParams.from_wire(sent[4][1])
    assert (typed.finish, typed.root_run, typed.session.runtime, typed.session.agent) == ("user_stop", False, "acp", "wamp")
    typed = hookd.EventParams.from_wire(sent[1][1])
    assert (typed.turn_kind, typed.unattended) == ("scheduled", True)
    with pytest.raises(TypeError, match="unknown event field"):
        _common.event_params("Stop", session, fields={"turnkind": "goal"})


def test_the_wamp_result_fields_are_typed_and_round_trip() -> None:
    """warnings, binding, approval, refusal, unresolved and notFired are typed attributes, not other_fields."""
    wire = {
        "event": "UserPromptSubmit",
        "decision": "block",
        "continue": True,
        "reason": "no secrets",
        "notes": [],
        "runs": [],
        "warnings": ["a hook failed", "no secrets"],
        "binding": True,
        "approval": {"options": ["allow", "deny"], "reason": "ask me", "answer": "deny"},
        "refusal": {"code": "failed_precondition", "message": "prompt refused by a hook: no secrets", "data": {"reason": "no secrets"}},
        "unresolved": "tests still fail",
        "notFired": "wamp: a Goal continuation fires no UserPromptSubmit",
    }
    result = hookd.EventResult.from_wire(wire)
    assert result.other_fields == {}
    assert result.warnings == ["a hook failed", "no secrets"]
    assert result.binding is True
    assert isinstance(result.approval, hookd.ApprovalRequest)
    assert (result.approval.options, result.approval.reason, result.approval.answer) == (["allow", "deny"], "ask me", "deny")
    assert isinstance(result.refusal, hookd.Refusal)
    assert (result.refusal.code, result.refusal.reason) == ("failed_precondition", "no secrets")
    assert (result.unresolved, result.not_fired) == ("tests still fail", "wamp: a Goal continuation fires no UserPromptSubmit")
    assert result.to_wire() == wire
    plain = hookd.EventResult.from_wire({"event": "Stop", "decision": "none", "continue": True, "notes": [], "runs": []})
    assert (plain.warnings, plain.binding, plain.approval, plain.refusal, plain.unresolved, plain.not_fired) == (None,) * 6
