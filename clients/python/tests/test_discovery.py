"""Which program the clients start and how they make sure it is hookd: the command argument, then HOOKD_BIN, then
hookd-sidecar on PATH, then hookd on PATH; a program that is not the sidecar (an HTTP server's banner, another
serverInfo.name, silence, an early exit) fails with NotTheSidecar naming it, and its process is gone (checked by
PID); nothing found fails with SidecarNotFound naming what was tried. Fixture programs are real scripts in tmp_path."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

import hookd
from conftest import all_gone, hookd_argv, read_pids, run_async, sidecar_path, wait_until

BANNER = "hookd listening on http://localhost:3000"

#: An unrelated `hookd` (npm's HTTP-endpoint runner): prints its banner and serves forever.
HTTP_SERVER = """#!{python}
import os, sys, time
open({pids!r}, "a").write("%d\\n" % os.getpid())
print({banner!r}, flush=True)
time.sleep(300)
"""

#: A JSON-RPC program that is not hookd: answers initialize with another serverInfo.name, then waits.
OTHER_SERVER = """#!{python}
import json, os, sys, time
open({pids!r}, "a").write("%d\\n" % os.getpid())
request = json.loads(sys.stdin.readline())
result = {{"protocolVersion": "0.1", "serverInfo": {{"name": "something-else", "version": "1"}},
          "dialect": "claude", "events": [], "hooks": [], "diagnostics": []}}
print(json.dumps({{"jsonrpc": "2.0", "id": request["id"], "result": result}}), flush=True)
time.sleep(300)
"""

#: hookd as a newer version might answer: with fields this client does not know (``capabilities``); quits at EOF.
NEWER_HOOKD = """#!{python}
import json, os, sys
open({pids!r}, "a").write("%d\\n" % os.getpid())
request = json.loads(sys.stdin.readline())
result = {{"protocolVersion": "0.1", "serverInfo": {{"name": "hookd", "version": "9"}}, "dialect": "claude",
          "events": [], "hooks": [], "diagnostics": [], "capabilities": {{"handlerTypes": ["command"]}}}}
print(json.dumps({{"jsonrpc": "2.0", "id": request["id"], "result": result}}), flush=True)
sys.stdin.read()
"""

#: Says nothing at all.
SILENT = """#!{python}
import os, time
open({pids!r}, "a").write("%d\\n" % os.getpid())
time.sleep(300)
"""

#: Exits at once, complaining on stderr.
EXITS = """#!/bin/sh
echo "$$" >> {pids!r}
echo "hookd: unknown option --stdio" >&2
exit 7
"""


class Bin:
    """A directory of fixture programs, put in front of PATH."""

    def __init__(self, root: Path) -> None:
        self.dir = root / "bin"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.pids = root / "pids"

    def add(self, name: str, template: str, **values: str) -> Path:
        path = self.dir / name
        path.write_text(template.format(python=sys.executable, pids=str(self.pids), **values))
        path.chmod(0o755)
        return path

    def real_sidecar(self, name: str) -> Path:
        """A wrapper that runs the repository's built sidecar (as an installed bin would)."""
        node = shutil.which("node")
        assert node is not None, "node is not on PATH"
        argv = hookd_argv()
        path = self.dir / name
        path.write_text(f'#!/bin/sh\nexec "{node}" "{argv[-1]}" "$@"\n' if len(argv) > 1 else f'#!/bin/sh\nexec "{argv[0]}" "$@"\n')
        path.chmod(0o755)
        return path

    def started(self) -> list[int]:
        return read_pids(self.pids)


@pytest.fixture
def fake_bin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leak_guard: list[int]):
    """A Bin in front of PATH, HOOKD_BIN unset; every PID a fixture program wrote is killed after the test."""
    hookd_argv()  # the built sidecar must exist (the wrappers run it)
    fixtures = Bin(tmp_path)
    monkeypatch.delenv("HOOKD_BIN", raising=False)
    monkeypatch.setenv("PATH", f"{fixtures.dir}{os.pathsep}{os.environ.get('PATH', os.defpath)}")
    yield fixtures
    leak_guard.extend(fixtures.started())


def assert_gone(fixtures: Bin, expected: int = 1) -> None:
    assert wait_until(lambda: len(fixtures.started()) >= expected), "the fixture program never started"
    pids = fixtures.started()
    assert wait_until(lambda: all_gone(pids)), f"the wrong program is still running: {pids}"


# ── a `hookd` on PATH that is not the sidecar ────────────────────────────────────────────────────────


@pytest.mark.parametrize("banner", [BANNER, '{"status": "listening", "port": 3000}'])
def test_a_hookd_on_path_printing_an_http_banner_is_rejected_and_killed(fake_bin: Bin, workspace: Path, banner: str) -> None:
    fake = fake_bin.add("hookd", HTTP_SERVER, banner=banner)
    # A startup timeout far above what the test takes: the banner itself must end the wait.
    with pytest.raises(hookd.NotTheSidecar) as caught:
        hookd.spawn(workspace, home=workspace, startup_timeout=120)
    error = caught.value
    quoted = '"' + banner.replace('"', '\\"') + '"'
    assert str(error) == f"{fake} (hookd on PATH) is not the hookd sidecar: it printed {quoted} instead of a JSON-RPC answer to initialize"
    assert error.program == str(fake) and error.origin == "hookd on PATH"
    assert isinstance(error, hookd.HookdError)
    assert fake_bin.started() == [error.pid]
    assert_gone(fake_bin)


def test_async_a_hookd_on_path_printing_an_http_banner_is_rejected_and_killed(fake_bin: Bin, workspace: Path) -> None:
    fake = fake_bin.add("hookd", HTTP_SERVER, banner=BANNER)

    @run_async
    async def attempt() -> None:
        with pytest.raises(hookd.NotTheSidecar) as caught:
            async with hookd.aspawn(workspace, home=workspace, startup_timeout=120):
                pass
        assert str(caught.value) == f'{fake} (hookd on PATH) is not the hookd sidecar: it printed "{BANNER}" instead of a JSON-RPC answer to initialize'

    attempt()
    assert_gone(fake_bin)


def test_a_program_answering_with_another_server_name_is_rejected_and_killed(fake_bin: Bin, workspace: Path) -> None:
    fake = fake_bin.add("hookd", OTHER_SERVER)
    with pytest.raises(hookd.NotTheSidecar) as caught:
        hookd.spawn(workspace, home=workspace, startup_timeout=120)
    assert str(caught.value) == (
        f'{fake} (hookd on PATH) is not the hookd sidecar: its answer to initialize has serverInfo.name "something-else" (expected "hookd")'
    )
    assert_gone(fake_bin)


def test_async_a_program_answering_with_another_server_name_is_rejected_and_killed(fake_bin: Bin, workspace: Path) -> None:
    fake_bin.add("hookd", OTHER_SERVER)

    @run_async
    async def attempt() -> None:
        client = await hookd.AsyncClient.start(None)
        with pytest.raises(hookd.NotTheSidecar, match='serverInfo.name "something-else"'):
            await client.initialize(workspace, home=workspace, timeout=120)
        assert client.returncode is not None  # killed and reaped

    attempt()
    assert_gone(fake_bin)


def test_a_program_that_never_answers_is_rejected_after_the_startup_timeout(fake_bin: Bin, workspace: Path) -> None:
    fake = fake_bin.add("hookd-sidecar", SILENT)
    with pytest.raises(hookd.NotTheSidecar) as caught:
        hookd.spawn(workspace, home=workspace, startup_timeout=1.5)
    assert str(caught.value) == f"{fake} (hookd-sidecar on PATH) is not the hookd sidecar: it did not answer initialize within 1.5 s"
    pid = caught.value.pid
    assert pid is not None and wait_until(lambda: all_gone([pid]))


def test_a_program_that_exits_is_rejected_with_its_exit_code_and_stderr(fake_bin: Bin, workspace: Path) -> None:
    fake = fake_bin.add("hookd", EXITS)
    with pytest.raises(hookd.NotTheSidecar) as caught:
        hookd.spawn(workspace, home=workspace, stderr="capture", startup_timeout=120)
    message = str(caught.value)
    assert message.startswith(f"{fake} (hookd on PATH) is not the hookd sidecar: it exited with code 7 before answering initialize")
    assert "unknown option --stdio" in message
    assert caught.value.returncode == 7


def test_async_a_program_that_exits_is_rejected(fake_bin: Bin, workspace: Path) -> None:
    fake_bin.add("hookd", EXITS)

    @run_async
    async def attempt() -> None:
        with pytest.raises(hookd.NotTheSidecar, match="it exited with code 7 before answering initialize"):
            await hookd.aspawn(workspace, home=workspace, startup_timeout=120)

    attempt()


# ── the order: command argument, HOOKD_BIN, hookd-sidecar, hookd ─────────────────────────────────────


def test_hookd_bin_wins_over_path(fake_bin: Bin, workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_bin.add("hookd", HTTP_SERVER, banner=BANNER)
    fake_bin.add("hookd-sidecar", HTTP_SERVER, banner=BANNER)
    wrapper = fake_bin.real_sidecar("my-hookd")
    monkeypatch.setenv("HOOKD_BIN", str(wrapper))
    with hookd.spawn(workspace, home=workspace) as h:
        assert h.sidecar.origin == "HOOKD_BIN" and h.sidecar.path == str(wrapper)
        assert h.initialize_result.server_info.name == "hookd"
        assert h.ping() is not None
    assert fake_bin.started() == []  # neither fake on PATH was ever started


def test_hookd_bin_naming_a_js_file_runs_it_with_node(fake_bin: Bin, workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_bin.add("hookd", HTTP_SERVER, banner=BANNER)
    script = sidecar_path()
    if script.suffix != ".js":
        pytest.skip(f"the sidecar under test is {script}, not a .js file")
    monkeypatch.setenv("HOOKD_BIN", str(script))
    with hookd.spawn(workspace, home=workspace) as h:
        assert h.argv[0].endswith("node") and h.argv[1] == os.path.abspath(script)
        assert h.initialize_result.server_info.name == "hookd"
    assert fake_bin.started() == []


def test_an_explicit_command_wins_over_hookd_bin(fake_bin: Bin, workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = hookd_argv()  # (conftest reads HOOKD_BIN too: before it is set)
    monkeypatch.setenv("HOOKD_BIN", str(fake_bin.add("not-hookd", HTTP_SERVER, banner=BANNER)))
    with hookd.spawn(workspace, home=workspace, command=argv) as h:
        assert h.sidecar.origin == "the command argument"
        assert h.initialize_result.server_info.name == "hookd"

    @run_async
    async def also_async() -> None:
        async with hookd.aspawn(workspace, home=workspace, command=argv) as h:
            assert h.sidecar.origin == "the command argument"

    also_async()
    assert fake_bin.started() == []


def test_hookd_sidecar_on_path_wins_over_hookd(fake_bin: Bin, workspace: Path) -> None:
    fake_bin.add("hookd", HTTP_SERVER, banner=BANNER)
    sidecar = fake_bin.real_sidecar("hookd-sidecar")
    with hookd.spawn(workspace, home=workspace) as h:
        assert h.sidecar.origin == "hookd-sidecar on PATH" and h.sidecar.path == str(sidecar)
    assert fake_bin.started() == []


def test_a_plain_hookd_on_path_is_the_last_resort_and_accepted_when_it_is_the_sidecar(fake_bin: Bin, workspace: Path) -> None:
    fake_bin.real_sidecar("hookd")
    with hookd.spawn(workspace, home=workspace) as h:
        assert h.sidecar.origin == "hookd on PATH"
        assert h.initialize_result.server_info.name == "hookd"


def test_an_initialize_answer_with_fields_the_client_does_not_know_is_accepted(fake_bin: Bin, workspace: Path) -> None:
    fake_bin.add("hookd-sidecar", NEWER_HOOKD)
    with hookd.spawn(workspace, home=workspace, shutdown_timeout=0.5) as h:
        assert h.initialize_result.server_info.name == "hookd"
        assert h.initialize_result.get("capabilities") == {"handlerTypes": ["command"]}
    assert_gone(fake_bin)


def test_a_hookd_bin_naming_a_missing_file_is_an_error_not_a_fall_through(fake_bin: Bin, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_bin.real_sidecar("hookd-sidecar")
    missing = tmp_path / "nowhere" / "hookd"
    monkeypatch.setenv("HOOKD_BIN", str(missing))
    with pytest.raises(hookd.SidecarNotFound, match=f"HOOKD_BIN={missing}: not an executable file"):
        hookd.Client()


def test_nothing_found_names_what_was_tried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.delenv("HOOKD_BIN", raising=False)
    monkeypatch.setenv("PATH", f"{empty}{os.pathsep}{other}")
    with pytest.raises(hookd.SidecarNotFound) as caught:
        hookd.Client()
    error = caught.value
    assert isinstance(error, FileNotFoundError) and isinstance(error, hookd.HookdError)
    assert error.tried == ["no command argument", "HOOKD_BIN is not set", f"hookd-sidecar and hookd in the PATH directories {empty}{os.pathsep}{other}"]
    assert str(error).startswith(f"no hookd sidecar found; tried: no command argument; HOOKD_BIN is not set; hookd-sidecar and hookd in the PATH directories {empty}")

    @run_async
    async def also_async() -> None:
        with pytest.raises(hookd.SidecarNotFound):
            await hookd.aspawn(tmp_path)

    also_async()


def test_an_explicit_command_that_does_not_exist_names_it(tmp_path: Path) -> None:
    with pytest.raises(hookd.SidecarNotFound, match="the command argument"):
        hookd.Client([str(tmp_path / "no-such-hookd")])
