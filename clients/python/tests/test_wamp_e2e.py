"""The wamp dialect through the Python clients and the built sidecar: initialize with trust_workspace and the tool
approval callback, and (with the wamp loader and output rules) a user hooks file whose deny is binding, whose refused
prompt carries the refusal, whose copied "Bash" matcher is a warning, and whose ask reaches the tool_approval callback
(or, unattended, becomes a binding deny). Every run gets a run_id, as wamp requires."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hookd

from conftest import hookd_argv, run_async


ASK_OUTPUT = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "pushing needs a human"}}


def user_hooks(home: Path, hooks: dict[str, Any]) -> Path:
    """``<home>/.wamp/hooks.json`` (user scope: runs without trust)."""
    path = home / ".wamp" / "hooks.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"hooks": hooks}))
    return path


def group(command: str, matcher: str | None = None) -> list[dict[str, Any]]:
    entry: dict[str, Any] = {"hooks": [{"type": "command", "command": command}]}
    if matcher is not None:
        entry["matcher"] = matcher
    return [entry]


def dirs(tmp_path: Path) -> tuple[Path, Path]:
    workspace, home = tmp_path / "project", tmp_path / "home"
    workspace.mkdir()
    home.mkdir()
    return workspace, home


def test_initialize_wamp_with_trust_workspace_and_the_tool_approval_callback_through_the_built_sidecar(tmp_path: Path, leak_guard: list[int]) -> None:
    """'A Cloud session trusts its own workspace' (options.trustWorkspace) and capabilities.toolApproval are accepted."""
    workspace, home = dirs(tmp_path)
    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="wamp", trust_workspace=True, tool_approval=lambda params: "deny") as h:
        leak_guard.append(h.pid)
        init = h.initialize_result
        assert init.dialect == "wamp"
        caps = init.get("capabilities")
        assert {"method": "hooks/askToolApproval", "capability": "toolApproval"} in caps["serverRequests"]
        assert "trustWorkspace" in caps["options"]
        result = h.user_prompt_submit("hello", run_id="run-1", session={"id": "s1", "agent": "wamp", "runtime": "native"})
        assert (result.decision, result.continue_, result.refusal, result.binding) == ("none", True, None, None)


def test_a_deny_is_binding_a_refused_prompt_carries_the_refusal_and_a_copied_bash_matcher_is_a_warning(tmp_path: Path, leak_guard: list[int]) -> None:
    """'A deny refuses the call in every mode' (binding); 'Through `engine.run.start`, the call fails with a
    failed-precondition error whose data carries the `reason`'; 'a copied `"Bash"` matcher does not fail silently'."""
    workspace, home = dirs(tmp_path)
    user_hooks(
        home,
        {
            "PreToolUse": group("echo 'rm -rf is not allowed from chat' >&2; exit 2", "shell") + group("exit 0", "Bash"),
            "UserPromptSubmit": group("echo 'no secrets in prompts' >&2; exit 2"),
        },
    )
    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="wamp", tools=["shell", "write"]) as h:
        leak_guard.append(h.pid)
        warned = [d for d in h.initialize_result.diagnostics if d.severity == "warning" and "Bash" in d.message]
        assert warned, h.initialize_result.diagnostics
        denied = h.pre_tool_use("shell", {"command": "rm -rf /"}, run_id="run-1")
        assert (denied.decision, denied.binding) == ("deny", True)
        assert "rm -rf is not allowed from chat" in (denied.reason or "")
        refused = h.user_prompt_submit("my key is sk-123", run_id="run-2")
        assert refused.decision == "block"
        assert isinstance(refused.refusal, hookd.Refusal)
        assert (refused.refusal.code, refused.refusal.reason) == ("failed_precondition", "no secrets in prompts")
        assert any("no secrets in prompts" in warning for warning in refused.warnings or [])


def test_an_unattended_ask_is_a_binding_deny_and_the_callback_is_never_asked(tmp_path: Path, leak_guard: list[int]) -> None:
    """'When nobody can answer, as in an unattended run, an ask becomes a refusal.'"""
    workspace, home = dirs(tmp_path)
    user_hooks(home, {"PreToolUse": group(f"echo '{json.dumps(ASK_OUTPUT)}'", "shell")})
    asked: list[Any] = []
    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="wamp", tools=["shell"], tool_approval=lambda params: asked.append(params) or "allow") as h:
        leak_guard.append(h.pid)
        result = h.pre_tool_use("shell", {"command": "git push"}, run_id="run-1", unattended=True)
    assert (result.decision, result.binding, result.approval) == ("deny", True, None)
    assert "nobody can answer this unattended run" in (result.reason or "")
    assert any("nobody can answer" in warning for warning in result.warnings or [])
    assert asked == []


def test_the_files_are_read_per_send_and_their_warnings_come_with_the_runs_first_result(tmp_path: Path, leak_guard: list[int]) -> None:
    """'Hooks are read once per send: an edit applies from the next message' — and a copied "Bash" matcher's warning
    is in the first result of the run that read it, for the agent to show."""
    workspace, home = dirs(tmp_path)
    user_hooks(home, {"PreToolUse": group("exit 0", "Bash")})
    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="wamp", tools=["shell", "write"]) as h:
        leak_guard.append(h.pid)
        first = h.pre_tool_use("shell", {"command": "ls"}, run_id="run-1")
        assert any("Bash" in warning for warning in first.warnings or []), first.warnings
        user_hooks(home, {"PreToolUse": group("echo 'edited: no' >&2; exit 2", "shell")})
        same_run = h.pre_tool_use("shell", {"command": "ls"}, run_id="run-1")
        assert same_run.decision == "none"  # the running turn keeps the hooks it started with
        next_run = h.pre_tool_use("shell", {"command": "ls"}, run_id="run-2")
        assert (next_run.decision, next_run.binding) == ("deny", True)


def test_an_ask_reaches_the_tool_approval_callback_and_unattended_it_is_a_binding_deny_without_asking(tmp_path: Path, leak_guard: list[int]) -> None:
    """'An ask shows one approval card with the hook's reason. The card offers only Allow and Deny' and 'When nobody
    can answer, as in an unattended run, an ask becomes a refusal'."""
    workspace, home = dirs(tmp_path)
    user_hooks(home, {"PreToolUse": group(f"echo '{json.dumps(ASK_OUTPUT)}'", "shell")})
    asked: list[hookd.AskToolApprovalParams] = []
    answers = ["deny", "allow"]

    def tool_approval(params: hookd.AskToolApprovalParams) -> str:
        asked.append(params)
        return answers.pop(0)

    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="wamp", tools=["shell"], tool_approval=tool_approval) as h:
        leak_guard.append(h.pid)
        denied = h.pre_tool_use("shell", {"command": "git push"}, tool_use_id="tu-1", run_id="run-1")
        assert (asked[0].tool_name, asked[0].tool_use_id, asked[0].run_id, asked[0].options) == ("shell", "tu-1", "run-1", ["allow", "deny"])
        assert "pushing needs a human" in asked[0].reason
        assert (denied.decision, denied.binding) == ("deny", True)
        assert (denied.reason or "").startswith("denied at the approval card: ")
        allowed = h.pre_tool_use("shell", {"command": "git push"}, run_id="run-2")
        assert allowed.decision == "none"
        assert allowed.approval is not None and allowed.approval.answer == "allow"
        unattended = h.pre_tool_use("shell", {"command": "git push"}, run_id="run-3", unattended=True)
        assert len(asked) == 2  # never asked for an unattended run
        assert (unattended.decision, unattended.binding) == ("deny", True)
        assert "nobody can answer this unattended run" in (unattended.reason or "")


@run_async
async def test_async_client_without_the_callback_gets_the_ask_in_the_result(tmp_path: Path) -> None:
    """'as a server → client request or in the result': without capabilities.toolApproval the result has the approval."""
    workspace, home = dirs(tmp_path)
    user_hooks(home, {"PreToolUse": group(f"echo '{json.dumps(ASK_OUTPUT)}'", "shell")})
    async with hookd.aspawn(workspace, home=home, command=hookd_argv(), dialect="wamp", tools=["shell"]) as h:
        result = await h.pre_tool_use("shell", {"command": "git push"}, run_id="run-1")
    assert result.decision == "ask"
    assert isinstance(result.approval, hookd.ApprovalRequest)
    assert result.approval.options == ["allow", "deny"]
    assert "pushing needs a human" in result.approval.reason
    assert result.approval.answer is None
