"""The pbi additions of the Python clients against the scripted peer (fake_peer.py): review_list / review_trust /
review_disable / review_enable answered with a typed ReviewListing, their errors (HookNotFound -32011,
ReviewNotAllowed -32012), the hooks/reviewWarnings callback, HookInfo.review, the new initialize options and the
pbi session/event params. The same flows against the built sidecar are in test_pbi_e2e.py."""

from __future__ import annotations

import pytest

import hookd
from hookd.errors import HookNotFound, ReviewNotAllowed

from conftest import fake_peer, run_async, wait_until
from test_bonsai_callbacks_fake import Notes

KEY = "project:/ws/.agents/hooks.json:PreToolUse:shell:sha256:4b:1"


def test_review_methods_answer_a_typed_review_listing() -> None:
    """'Review hooks with either: pbi-agent hooks / trust / disable / enable' — the protocol's review/* methods."""
    with hookd.spawn("/tmp", command=fake_peer("plain")) as h:
        listing = h.review_list()
        assert isinstance(listing, hookd.ReviewListing)
        assert (listing.dialect, listing.review_required_count, listing.trust_bypass_active) == ("pbi", 1, False)
        assert listing.warnings == ["1 command hook requires trust review and will be skipped."]
        assert listing.state_path == "/home/.pbi-agent/hooks_state.json"
        row = listing.hooks[0]
        assert isinstance(row, hookd.ReviewedHook)
        assert (row.trust_status, row.current_hash, row.enabled, row.runnable, row.matcher) == ("untrusted", "sha256:00", True, False, None)
        assert (row.source, row.source_path, row.timeout_ms, row.status_message) == ("project", "/ws/.agents/hooks.json", 600000, None)
        assert row.other_fields == {"futureField": 1}
        trusted = h.review_trust(KEY)
        assert (trusted.hooks[0].key, trusted.hooks[0].trust_status, trusted.hooks[0].runnable, trusted.warnings) == (KEY, "trusted", True, [])
        disabled = h.review_disable(KEY)
        assert (disabled.hooks[0].trust_status, disabled.hooks[0].enabled) == ("disabled", False)
        assert h.review_enable(KEY).hooks[0].enabled is True


def test_review_errors_are_hook_not_found_and_review_not_allowed() -> None:
    with hookd.spawn("/tmp", command=fake_peer("plain")) as h:
        with pytest.raises(HookNotFound) as missing:
            h.review_trust("missing")
        assert missing.value.code == -32011
        with pytest.raises(ReviewNotAllowed) as managed:
            h.review_disable("managed")
        assert managed.value.code == -32012


@run_async
async def test_the_async_client_has_the_review_methods() -> None:
    async with hookd.aspawn("/tmp", command=fake_peer("plain")) as h:
        listing = await h.review_list()
        assert isinstance(listing, hookd.ReviewListing)
        assert (await h.review_trust(KEY)).hooks[0].trust_status == "trusted"
        assert (await h.review_disable(KEY)).hooks[0].trust_status == "disabled"
        assert (await h.review_enable(KEY)).hooks[0].trust_status == "untrusted"
        with pytest.raises(HookNotFound):
            await h.review_enable("missing")


def test_on_review_warnings_gets_hooks_review_warnings_typed() -> None:
    """'Startup warnings appear in CLI stderr and in the web app when untrusted or modified hooks are discovered.'"""
    seen: list[hookd.ReviewWarningsParams] = []
    notes = Notes()
    params = {"warnings": ["2 command hooks require trust review and will be skipped."], "reviewRequiredCount": 2, "trustBypassActive": False}
    with hookd.spawn("/tmp", command=fake_peer("plain"), on_review_warnings=seen.append, on_notification=notes) as h:
        h.request("test/notify", {"method": "hooks/reviewWarnings", "params": params})
        assert wait_until(lambda: len(seen) == 1)
        assert wait_until(lambda: len(notes.of("hooks/reviewWarnings")) == 1)
    note = seen[0]
    assert isinstance(note, hookd.ReviewWarningsParams)
    assert (note.warnings, note.review_required_count, note.trust_bypass_active) == (params["warnings"], 2, False)


def test_hook_info_review_is_typed() -> None:
    info = hookd.HookInfo.from_wire(
        {
            "id": "pbi:1", "event": "Stop", "handlerType": "command", "source": "/ws/.agents/hooks.json", "scope": "project",
            "timeoutMs": 600000, "enabled": True, "state": "untrusted", "stateReason": "not reviewed",
            "review": {"key": KEY, "trustStatus": "untrusted", "currentHash": "sha256:00", "enabled": True, "managed": False, "runnable": False, "diagnostics": ["x"]},
        }
    )
    assert isinstance(info.review, hookd.HookReview)
    assert (info.state, info.state_reason, info.review.key, info.review.trust_status, info.review.diagnostics) == ("untrusted", "not reviewed", KEY, "untrusted", ["x"])
    assert info.to_wire()["review"]["currentHash"] == "sha256:00"


def test_pbi_options_and_event_params_go_on_the_wire_in_camel_case() -> None:
    options = hookd.ServerOptions(dangerously_bypass_hook_trust=True, managed_hooks_path="/p/managed.json", managed_policy_dir="/etc/p", hook_state_path="/s.json")
    assert options.to_wire() == {"dangerouslyBypassHookTrust": True, "managedHooksPath": "/p/managed.json", "managedPolicyDir": "/etc/p", "hookStatePath": "/s.json"}
    session = hookd.SessionInfo(id="s", provider="openai", agent_name="main", workspace_directory_key="wk")
    assert session.to_wire() == {"id": "s", "provider": "openai", "agentName": "main", "workspaceDirectoryKey": "wk"}
    params = hookd.EventParams(session=session, input_message_count=3, pending_tool_exchange=True, summary_chars=10, estimated_context_tokens=20, task_instruction="t", subagent_name="Hephaestus", subagent_type="default")
    wire = params.to_wire()
    assert {k: wire[k] for k in ("inputMessageCount", "pendingToolExchange", "summaryChars", "estimatedContextTokens", "taskInstruction", "subagentName", "subagentType")} == {
        "inputMessageCount": 3, "pendingToolExchange": True, "summaryChars": 10, "estimatedContextTokens": 20, "taskInstruction": "t", "subagentName": "Hephaestus", "subagentType": "default"
    }


def test_event_methods_send_the_pbi_fields_as_protocol_params() -> None:
    """pre_compact/post_compact/subagent_start/subagent_stop take the pbi fields and send them camelCase."""
    from hookd import _common

    params = _common.event_params("PreCompact", {"id": "s"}, {}, session=None, run_id=None, server_owned=None, extra=None, more=None, fields={"trigger": "auto", "input_message_count": 4, "pending_tool_exchange": False})
    assert (params["trigger"], params["inputMessageCount"], params["pendingToolExchange"]) == ("auto", 4, False)
    import inspect

    for method, names in {
        "pre_compact": ("input_message_count", "pending_tool_exchange"),
        "post_compact": ("summary_chars", "estimated_context_tokens"),
        "subagent_start": ("task_instruction", "subagent_name", "subagent_type"),
        "subagent_stop": ("task_instruction", "subagent_name", "subagent_type"),
    }.items():
        for client in (hookd.Client, hookd.AsyncClient):
            assert set(names) <= set(inspect.signature(getattr(client, method)).parameters), (client, method)
