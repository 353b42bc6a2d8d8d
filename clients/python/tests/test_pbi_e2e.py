"""The pbi dialect through the Python clients and the built sidecar: initialize with the review options, the pbi
session/event params accepted, and (once the pbi loader, part B, and review/*, part D, are in the sidecar) trust review
end to end: the startup warning (hooks/reviewWarnings + stderr), an untrusted hook skipped, review_trust → it runs,
an edit → modified → skipped, review_disable → never runs even under the bypass, review_enable, the bypass option,
HookNotFound, and hooks_state.json written in pbi-agent's format."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import hookd
from hookd.errors import HookNotFound, InvalidParams, MethodNotFound

from conftest import hookd_argv, wait_until

WARNING_1 = "1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`)."
BYPASS = "dangerously bypassing hook trust review; untrusted hooks may run."


def dirs(tmp_path: Path) -> tuple[Path, Path]:
    workspace, home = tmp_path / "project", tmp_path / "home"
    workspace.mkdir()
    home.mkdir()
    return workspace, home


def project_hooks(workspace: Path, hooks: dict[str, Any]) -> Path:
    path = workspace / ".agents" / "hooks.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"hooks": hooks}, indent=2))
    return path


def deny_hook(workspace: Path, timeout: int = 30) -> dict[str, Any]:
    """A PreToolUse hook on `shell` that records that it ran and blocks (exit 2)."""
    marker = workspace / "ran.txt"
    return {"PreToolUse": [{"matcher": "shell", "hooks": [{"type": "command", "command": f"echo ran >> {marker}; echo 'blocked by policy' >&2; exit 2", "timeout": timeout}]}]}


def review_ready(h: hookd.Client) -> hookd.ReviewListing:
    """The listing, or a skip while review/* (part D) or the pbi loader (part B) is not in the built sidecar."""
    try:
        listing = h.review_list()
    except MethodNotFound:
        pytest.skip("review/* is not in the built sidecar yet (part D)")
    if not listing.hooks:
        pytest.skip("the pbi loader is not in the built sidecar yet (part B)")
    return listing


def test_initialize_pbi_with_the_review_options_and_send_the_pbi_params(tmp_path: Path, leak_guard: list[int]) -> None:
    """The new initialize options are accepted and announced; the pbi session and event params are valid params."""
    workspace, home = dirs(tmp_path)
    options = hookd.ServerOptions(dangerously_bypass_hook_trust=False, hook_state_path=str(home / "state.json"), managed_policy_dir=str(tmp_path / "policy"))
    session = {"id": "s1", "provider": "openai", "agentName": "main", "workspaceDirectoryKey": "wk", "model": "gpt-5.4", "agentType": "single_turn"}
    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="pbi", options=options, session=session) as h:
        leak_guard.append(h.pid)
        init = h.initialize_result
        assert init.dialect == "pbi"
        assert {"dangerouslyBypassHookTrust", "managedHooksPath", "hookStatePath"} <= set(init.get("capabilities")["options"])
        assert {"SubagentStart", "SubagentStop", "PreCompact", "PostCompact"} <= set(init.events)
        results = [
            h.subagent_start(task_instruction="check the tests", subagent_name="Hephaestus", subagent_type="default"),
            h.subagent_stop(task_instruction="check the tests", subagent_name="Hephaestus", subagent_type="default", last_assistant_message="done"),
            h.pre_compact("auto", input_message_count=12, pending_tool_exchange=False),
            h.post_compact("auto", summary_chars=800, estimated_context_tokens=2048),
        ]
        assert [r.decision for r in results] == ["none"] * 4
        # the fields go on the wire under their protocol names: a wrongly typed one is -32602 naming it
        with pytest.raises(InvalidParams) as bad:
            h.pre_compact("auto", input_message_count="twelve")  # type: ignore[arg-type]
        assert "inputMessageCount" in str(bad.value)
        with pytest.raises(InvalidParams) as bad_session:
            h.stop(session={"id": "s1", "agentName": 7})
        assert "agentName" in str(bad_session.value)


def test_trust_review_end_to_end(tmp_path: Path, leak_guard: list[int]) -> None:
    """'Hooks are skipped until trusted unless they come from a trusted managed source.' 'Startup warnings appear in
    CLI stderr ... when untrusted or modified hooks are discovered. Those hooks remain skipped.'"""
    workspace, home = dirs(tmp_path)
    project_hooks(workspace, deny_hook(workspace))
    marker = workspace / "ran.txt"
    warnings: list[hookd.ReviewWarningsParams] = []
    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="pbi", stderr="capture", on_review_warnings=warnings.append) as h:
        leak_guard.append(h.pid)
        listing = review_ready(h)
        (row,) = listing.hooks
        assert (row.trust_status, row.runnable, row.enabled, row.source, row.matcher) == ("untrusted", False, True, "project", "shell")
        assert row.key.startswith("project:") and ":PreToolUse:shell:sha256:" in row.key and row.key.endswith(":1")
        assert row.current_hash.startswith("sha256:")
        assert (listing.review_required_count, listing.warnings) == (1, [WARNING_1])
        assert wait_until(lambda: len(warnings) >= 1)
        assert (warnings[0].warnings, warnings[0].review_required_count, warnings[0].trust_bypass_active) == ([WARNING_1], 1, False)
        assert wait_until(lambda: f"Warning: {WARNING_1}" in h.stderr_text())
        info = h.list_hooks().hooks[0]
        assert isinstance(info.review, hookd.HookReview) and info.review.key == row.key and info.review.trust_status == "untrusted"

        skipped = h.pre_tool_use("shell", {"command": "ls"})
        assert skipped.decision == "none" and not marker.exists()

        trusted = h.review_trust(row.key)
        assert (trusted.hooks[0].trust_status, trusted.hooks[0].runnable, trusted.review_required_count) == ("trusted", True, 0)
        state = json.loads((home / ".pbi-agent" / "hooks_state.json").read_text())
        assert state == {"state": {row.key: {"enabled": True, "trusted_hash": row.current_hash}}}
        assert (home / ".pbi-agent" / "hooks_state.json").read_text().endswith("}\n")
        blocked = h.pre_tool_use("shell", {"command": "ls"})
        assert (blocked.decision, blocked.reason) == ("deny", "blocked by policy")
        assert marker.read_text() == "ran\n"

        disabled = h.review_disable(row.key)
        assert (disabled.hooks[0].trust_status, disabled.hooks[0].enabled, disabled.hooks[0].runnable) == ("disabled", False, False)
        assert h.pre_tool_use("shell", {"command": "ls"}).decision == "none"
        assert marker.read_text() == "ran\n"
        enabled = h.review_enable(row.key)
        assert (enabled.hooks[0].trust_status, enabled.hooks[0].enabled) == ("trusted", True)

        with pytest.raises(HookNotFound):
            h.review_trust("project:nope")

        # "command, matcher, timeout, status message, or managed-policy changes do" invalidate trust
        project_hooks(workspace, deny_hook(workspace, timeout=31))
        edited = h.reload() and h.review_list()
        assert (edited.hooks[0].key, edited.hooks[0].trust_status, edited.hooks[0].runnable) == (row.key, "modified", False)
        assert h.pre_tool_use("shell", {"command": "ls"}).decision == "none"
        assert marker.read_text() == "ran\n"


def test_the_bypass_option_runs_untrusted_hooks_but_never_disabled_ones(tmp_path: Path, leak_guard: list[int]) -> None:
    """'This makes untrusted and modified hooks runnable for that process and emits a warning. Explicitly disabled
    hooks remain disabled. It does not edit hooks_state.json.'"""
    workspace, home = dirs(tmp_path)
    project_hooks(workspace, deny_hook(workspace))
    marker = workspace / "ran.txt"
    warnings: list[hookd.ReviewWarningsParams] = []
    options = hookd.ServerOptions(dangerously_bypass_hook_trust=True)
    with hookd.spawn(workspace, home=home, command=hookd_argv(), dialect="pbi", options=options, on_review_warnings=warnings.append) as h:
        leak_guard.append(h.pid)
        listing = review_ready(h)
        assert (listing.trust_bypass_active, listing.warnings, listing.hooks[0].trust_status, listing.hooks[0].runnable) == (True, [BYPASS], "untrusted", True)
        assert wait_until(lambda: len(warnings) >= 1) and warnings[0].warnings == [BYPASS]
        assert h.pre_tool_use("shell", {"command": "ls"}).decision == "deny"
        assert marker.read_text() == "ran\n"
        assert not (home / ".pbi-agent" / "hooks_state.json").exists()
        h.review_disable(listing.hooks[0].key)
        assert h.pre_tool_use("shell", {"command": "ls"}).decision == "none"
        assert marker.read_text() == "ran\n"
