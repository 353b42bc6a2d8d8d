"""The typed surface of two initialize options against the built sidecar: ``run_output_excerpt_bytes`` (each run's
``stdout.excerpt``/``stderr.excerpt``) and ``progress`` (``ProgressParams.elapsed_ms``, the final ``status``)."""

from __future__ import annotations

from pathlib import Path

import hookd
from hookd.types import OutputCapture, ProgressOptions, ProgressParams, ServerOptions

from conftest import hookd_argv, is_alive, one_hook, write_claude_settings


def test_options_serialize_camel_case_and_the_new_fields_parse_typed() -> None:
    options = ServerOptions(run_output_excerpt_bytes=64, progress=ProgressOptions(hooks="all", interval_ms=1000))
    assert options.to_wire() == {"runOutputExcerptBytes": 64, "progress": {"hooks": "all", "intervalMs": 1000}}
    capture = OutputCapture.from_wire({"bytes": 3, "totalBytes": 3, "truncated": False, "excerpt": "abc", "excerptTruncated": False})
    assert (capture.excerpt, capture.excerpt_truncated, capture.other_fields) == ("abc", False, {})
    wire = {"sessionId": "s", "event": "Stop", "hookId": "h", "phase": "finished", "elapsedMs": 12, "status": "error", "failureClass": "nonzero_exit", "exitCode": 1}
    progress = ProgressParams.from_wire(wire)
    assert (progress.elapsed_ms, progress.status, progress.failure_class, progress.exit_code, progress.other_fields) == (12, "error", "nonzero_exit", 1, {})
    assert progress.to_wire() == wire


def test_a_session_with_both_options_gets_excerpts_and_detailed_progress(workspace: Path, leak_guard: list[int]) -> None:
    write_claude_settings(workspace, one_hook("UserPromptSubmit", "printf 'from the hook'; printf 'warn' >&2; exit 1"))
    progress: list[hookd.ProgressParams] = []
    options = ServerOptions(run_output_excerpt_bytes=4, progress=ProgressOptions(hooks="all"))
    with hookd.spawn(workspace, home=workspace, command=hookd_argv(), options=options, on_progress=progress.append, stderr="capture") as h:
        leak_guard.append(h.pid)
        result = h.user_prompt_submit("hi")
        run = result.runs[0]
        assert (run.stdout.excerpt, run.stdout.excerpt_truncated) == ("from", True)
        assert (run.stderr.excerpt, run.stderr.excerpt_truncated) == ("warn", False)
    assert [p.phase for p in progress] == ["started", "finished"]
    assert progress[0].elapsed_ms == 0 and progress[0].status_message is None
    finished = progress[1]
    assert finished.elapsed_ms is not None and finished.elapsed_ms >= 0
    assert (finished.status, finished.failure_class, finished.exit_code) == ("error", "nonzero_exit", 1)
    assert not is_alive(leak_guard[0])
