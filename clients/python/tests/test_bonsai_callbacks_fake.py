"""The approval callback (hooks/approve), the judge's text reply (hooks/judge with reply "text"), tools with kinds
and the four file/shell events through both Python clients, against the scripted peer (fake_peer.py): what hookd
sends is fixed here, and the peer reports the client's answers and its initialize params. The same flows against the
built sidecar are in test_bonsai_e2e.py."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import hookd
from hookd import _common

from conftest import await_until, fake_peer, run_async, wait_until

APPROVAL = {
    "hookId": "project:fmt",
    "name": "fmt",
    "event": "PostFileWrite",
    "source": "/w/.bonsai/config.toml",
    "actionType": "shell",
    "summary": "cargo fmt",
    "matcher": "path=src/**/*.rs",
    "hash": "sha256:0123",
}
TEXT_JUDGE = {
    "hookId": "project:review",
    "event": "PreFileWrite",
    "sessionId": "s1",
    "kind": "prompt",
    "prompt": 'Is this diff safe? Answer {"decision":"allow"|"block","reason"}',
    "timeoutMs": 30000,
    "reply": "text",
}
VERDICT_JUDGE = {key: value for key, value in TEXT_JUDGE.items() if key != "reply"}


class Notes:
    """Collects notifications (thread-safe) and finds them by method."""

    def __init__(self) -> None:
        self.items: list[hookd.Notification] = []
        self.lock = threading.Lock()

    def __call__(self, note: hookd.Notification) -> None:
        with self.lock:
            self.items.append(note)

    def of(self, method: str) -> list[Any]:
        with self.lock:
            return [note.params for note in self.items if note.method == method]


def answer_to(h: hookd.Client, notes: Notes, request_id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
    """Makes the peer send one server request and returns the client's answer to it."""
    h.request("test/serverRequest", {"id": request_id, "method": method, "params": params})
    assert wait_until(lambda: any(a.get("id") == request_id for a in notes.of("test/answer")))
    return next(a for a in notes.of("test/answer") if a.get("id") == request_id)


def test_approval_callback_answers_hooks_approve_with_a_choice_and_declares_the_capability() -> None:
    """'hookd asks the client (a server → client request showing the command or URL; answers once / session / project / deny)'"""
    notes = Notes()
    seen: list[hookd.ApproveHookParams] = []

    def approve(params: hookd.ApproveHookParams) -> str:
        seen.append(params)
        return ["once", "session", "project", "deny"][len(seen) - 1]

    with hookd.spawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes, approve=approve) as h:
        assert wait_until(lambda: notes.of("test/initializeParams"))
        assert notes.of("test/initializeParams")[0]["capabilities"]["hookApproval"] is True
        answers = [answer_to(h, notes, 20 + i, "hooks/approve", APPROVAL)["result"] for i in range(4)]
    assert answers == [{"answer": "once"}, {"answer": "session"}, {"answer": "project"}, {"answer": "deny"}]
    assert isinstance(seen[0], hookd.ApproveHookParams)
    assert (seen[0].hook_id, seen[0].summary, seen[0].action_type, seen[0].hash, seen[0].matcher) == (
        "project:fmt",
        "cargo fmt",
        "shell",
        "sha256:0123",
        "path=src/**/*.rs",
    )


def test_approval_callback_may_return_an_approve_hook_result_or_a_dict() -> None:
    notes = Notes()
    results: list[Any] = [hookd.ApproveHookResult(answer="project"), {"answer": "deny"}]
    with hookd.spawn("/tmp", command=fake_peer("plain"), on_notification=notes, approve=lambda params: results.pop(0)) as h:
        assert answer_to(h, notes, 30, "hooks/approve", APPROVAL)["result"] == {"answer": "project"}
        assert answer_to(h, notes, 31, "hooks/approve", APPROVAL)["result"] == {"answer": "deny"}


def test_an_approval_answer_that_is_not_a_choice_is_an_error_answer_never_sent_as_given() -> None:
    notes = Notes()
    with hookd.spawn("/tmp", command=fake_peer("plain"), on_notification=notes, approve=lambda params: "always") as h:
        answer = answer_to(h, notes, 40, "hooks/approve", APPROVAL)
    assert "result" not in answer
    assert answer["error"]["code"] == -32603
    assert "once, session, project, deny" in answer["error"]["message"]


def test_without_an_approval_callback_hooks_approve_is_method_not_found_and_not_declared() -> None:
    notes = Notes()
    with hookd.spawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes) as h:
        assert wait_until(lambda: notes.of("test/initializeParams"))
        assert "hookApproval" not in notes.of("test/initializeParams")[0]["capabilities"]
        assert answer_to(h, notes, 50, "hooks/approve", APPROVAL)["error"]["code"] == -32601


def test_judge_callable_returning_a_string_answers_the_text_reply_verbatim() -> None:
    notes = Notes()
    reply = '{"decision":"block","reason":"it deletes the tests"}'
    seen: list[hookd.JudgeParams] = []

    def judge(params: hookd.JudgeParams) -> Any:
        seen.append(params)
        return reply if params.reply == "text" else hookd.JudgeResult(ok=False, reason="no")

    with hookd.spawn("/tmp", command=fake_peer("plain"), on_notification=notes, judge=judge) as h:
        assert answer_to(h, notes, 60, "hooks/judge", TEXT_JUDGE)["result"] == {"text": reply}
        # the verdict form is kept for verdict requests
        assert answer_to(h, notes, 61, "hooks/judge", VERDICT_JUDGE)["result"] == {"ok": False, "reason": "no"}
    assert seen[0].reply == "text" and seen[1].reply is None


def test_a_judge_answer_of_the_wrong_form_is_an_error_answer_naming_the_form() -> None:
    notes = Notes()
    judge = lambda params: hookd.JudgeResult(ok=True) if params.reply == "text" else "allow"  # noqa: E731
    with hookd.spawn("/tmp", command=fake_peer("plain"), on_notification=notes, judge=judge) as h:
        text = answer_to(h, notes, 70, "hooks/judge", TEXT_JUDGE)
        verdict = answer_to(h, notes, 71, "hooks/judge", VERDICT_JUDGE)
    assert "asks for the model's text reply" in text["error"]["message"]
    assert "asks for a verdict" in verdict["error"]["message"]


def test_tools_with_kinds_go_to_initialize_as_declared() -> None:
    notes = Notes()
    tools = ["Read", ("bash", "shell"), hookd.ToolDeclaration("write", kind="file_write", path_field="file"), {"name": "edit", "kind": "file_write"}]
    with hookd.spawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes, tools=tools, dialect="bonsai"):
        assert wait_until(lambda: notes.of("test/initializeParams"))
    sent = notes.of("test/initializeParams")[0]
    assert sent["tools"] == ["Read", {"name": "bash", "kind": "shell"}, {"name": "write", "kind": "file_write", "pathField": "file"}, {"name": "edit", "kind": "file_write"}]
    assert sent["dialect"] == "bonsai"
    with pytest.raises(TypeError, match="a tool is a name"):
        _common.tool_value(3)


@run_async
async def test_async_approval_coroutine_and_text_judge_answer() -> None:
    notes = Notes()

    async def approve(params: hookd.ApproveHookParams) -> str:
        return "session" if params.action_type == "shell" else "deny"

    async def judge(params: hookd.JudgeParams) -> str:
        return '{"decision":"allow"}'

    async with hookd.aspawn("/tmp", command=fake_peer("echo-initialize"), on_notification=notes, approve=approve, judge=judge) as h:
        await h.request("test/serverRequest", {"id": 80, "method": "hooks/approve", "params": APPROVAL})
        await h.request("test/serverRequest", {"id": 81, "method": "hooks/judge", "params": TEXT_JUDGE})
        assert await await_until(lambda: len(notes.of("test/answer")) == 2)
        caps = notes.of("test/initializeParams")[0]["capabilities"]
    answers = {a["id"]: a["result"] for a in notes.of("test/answer")}
    assert answers == {80: {"answer": "session"}, 81: {"text": '{"decision":"allow"}'}}
    assert (caps["hookApproval"], caps["modelJudge"]) == (True, True)


def test_the_four_event_methods_send_their_fields_on_the_wire() -> None:
    """pre_file_write / post_file_write / pre_bash / post_bash build hooks/<Event> params with camelCase fields."""
    files = [hookd.FileChange("src/main.rs", "modify", old_content="old\n", new_content="new\n"), {"path": "b.rs", "operation": "move", "fromPath": "a.rs"}]
    session = {"id": "s"}
    built = {
        "PreFileWrite": _common.event_params("PreFileWrite", session, fields={"files": [f.to_wire() if isinstance(f, hookd.FileChange) else f for f in files]}),
        "PostBash": _common.event_params("PostBash", session, fields={"command": "ls", "exit_code": 0, "output_excerpt": "a\n"}),
    }
    assert built["PreFileWrite"] == {
        "files": [{"path": "src/main.rs", "operation": "modify", "oldContent": "old\n", "newContent": "new\n"}, {"path": "b.rs", "operation": "move", "fromPath": "a.rs"}],
        "session": session,
    }
    assert built["PostBash"] == {"command": "ls", "exitCode": 0, "outputExcerpt": "a\n", "session": session}
    sent: list[tuple[str, dict[str, Any]]] = []

    class Recorder(hookd._methods._Methods[Any, Any]):
        def __init__(self) -> None:
            self.session = session

        def _ev(self, event: str, timeout: Any, s: Any, run_id: Any, server_owned: Any, extra: Any, more: Any, **fields: Any) -> None:
            sent.append((event, self._event_params(event, None, s, run_id, server_owned, extra, more, fields)))

    r = Recorder()
    r.pre_file_write(files)
    r.post_file_write(files[:1], tool_name="write")
    r.pre_bash("cargo test")
    r.post_bash("cargo test", exit_code=101, output_excerpt="FAILED")
    r.pre_tool_use("write", {"path": "src/main.rs"}, files=files[:1])
    r.post_tool_use("bash", {"command": "ls"}, "a\n", exit_code=0, output_excerpt="a\n")
    assert [event for event, _ in sent] == ["PreFileWrite", "PostFileWrite", "PreBash", "PostBash", "PreToolUse", "PostToolUse"]
    assert sent[0][1]["files"] == built["PreFileWrite"]["files"]
    assert sent[1][1] == {"files": built["PreFileWrite"]["files"][:1], "toolName": "write", "session": session}
    assert sent[2][1] == {"command": "cargo test", "session": session}
    assert sent[3][1] == {"command": "cargo test", "exitCode": 101, "outputExcerpt": "FAILED", "session": session}
    assert sent[4][1]["files"] == built["PreFileWrite"]["files"][:1]
    assert (sent[5][1]["exitCode"], sent[5][1]["outputExcerpt"]) == (0, "a\n")
    with pytest.raises(TypeError, match="files: a list"):
        r.pre_file_write({"path": "x", "operation": "create"})  # type: ignore[arg-type]
