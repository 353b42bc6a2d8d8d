"""The bonsai additions through the Python clients and the built sidecar: the four file/shell event methods reach
hookd's bonsai dialect (a Python hook of each event sees its request), tools with kinds are accepted at initialize,
and a PreFileWrite without files is invalid params naming the field."""

from __future__ import annotations

from pathlib import Path

import pytest

import hookd

from conftest import hookd_argv, run_async

FILES = [hookd.FileChange("src/main.rs", "modify", old_content="fn main() {}\n", new_content="fn main() { run() }\n")]
TOOLS = ["read", ("bash", "shell"), hookd.ToolDeclaration("write", kind="file_write", path_field="file")]


def test_the_four_event_methods_reach_the_bonsai_dialect(workspace: Path, leak_guard: list[int]) -> None:
    seen: list[hookd.InvokeHookParams] = []
    with hookd.spawn(workspace, home=workspace, command=hookd_argv(), dialect="bonsai", tools=TOOLS, session="py-bonsai") as h:
        leak_guard.append(h.pid)
        assert set(hookd.FILE_AND_SHELL_EVENTS) <= set(h.initialize_result.events)
        for event in hookd.FILE_AND_SHELL_EVENTS:
            h.register_hook(event, seen.append)
        results = [
            h.pre_file_write(FILES),
            h.post_file_write(FILES),
            h.pre_bash("cargo test"),
            h.post_bash("cargo test", exit_code=0, output_excerpt="ok\n"),
        ]
    assert [(r.event, len(r.runs)) for r in results] == [(event, 1) for event in hookd.FILE_AND_SHELL_EVENTS]
    assert [(p.event, p.session_id) for p in seen] == [(event, "py-bonsai") for event in hookd.FILE_AND_SHELL_EVENTS]


def test_a_pre_file_write_without_files_is_invalid_params_naming_the_field(workspace: Path, leak_guard: list[int]) -> None:
    with hookd.spawn(workspace, home=workspace, command=hookd_argv(), dialect="bonsai") as h:
        leak_guard.append(h.pid)
        with pytest.raises(hookd.InvalidParams, match="files"):
            h.pre_file_write([])
        assert h.ping() is not None


@run_async
async def test_async_event_methods_reach_the_bonsai_dialect(workspace: Path, leak_guard: list[int]) -> None:
    seen: list[str] = []
    async with hookd.aspawn(workspace, home=workspace, command=hookd_argv(), dialect="bonsai", tools=TOOLS) as h:
        leak_guard.append(h.pid)
        await h.register_hook("PreBash", lambda params: seen.append(params.event))
        result = await h.pre_bash("ls")
    assert (result.event, len(result.runs), seen) == ("PreBash", 1, ["PreBash"])
