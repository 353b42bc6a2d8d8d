"""The client installs with pip: from its folder into a fresh venv, and as a wheel (``pip wheel --no-deps``) into a
second one; in each, a tiny script importing the installed package (not the source tree) plays a session against the
repository's built sidecar found through HOOKD_BIN: a PreToolUse hook that exits 2 gives decision deny.

pip builds with setuptools from PyPI (build isolation), so these need the network; every pip run is bounded. The
folder is copied first, so that pip's in-tree build leaves nothing in the repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import TESTS, hookd_argv, one_hook, write_claude_settings

CLIENT = TESTS.parent
#: Bound of one pip run (a cold cache downloads setuptools; a loaded machine builds slowly).
PIP_SECONDS = 600

SESSION = """
import sys
import hookd

workspace = sys.argv[1]
with hookd.spawn(workspace, home=workspace, dialect="claude") as h:
    assert h.sidecar.origin == "HOOKD_BIN", h.sidecar
    result = h.pre_tool_use("Bash", {"command": "rm -rf build"})
print(hookd.__file__)
print(result.decision)
print(result.reason)
"""


def run(argv: list[str], *, cwd: Path, env: dict[str, str] | None = None, seconds: float = PIP_SECONDS) -> str:
    try:
        done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired as error:
        pytest.fail(f"{' '.join(argv)} took over {seconds} s:\n{error.stdout}\n{error.stderr}")
    if done.returncode != 0:
        pytest.fail(f"{' '.join(argv)} exited {done.returncode}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def clean_env(**extra: str) -> dict[str, str]:
    """The test's environment without what would let the source tree leak into the venv's imports."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    env.update(extra)
    return env


def venv(where: Path) -> Path:
    """A fresh venv with pip; its python."""
    done = subprocess.run([sys.executable, "-m", "venv", str(where)], capture_output=True, text=True, timeout=PIP_SECONDS)
    if done.returncode != 0:
        pytest.fail(f"python3 -m venv failed (on Debian/Ubuntu: apt-get install python3-venv):\n{done.stderr[-2000:]}")
    return where / "bin" / "python"


def pip(python: Path, *args: str, cwd: Path) -> str:
    return run([str(python), "-m", "pip", *args, "--retries", "3", "--timeout", "60"], cwd=cwd, env=clean_env())


def copy_of_the_client(tmp_path: Path) -> Path:
    copy = tmp_path / "hookd-python"
    shutil.copytree(CLIENT, copy, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build", ".pytest_cache"))
    return copy


def play_session(python: Path, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    write_claude_settings(workspace, one_hook("PreToolUse", "echo 'no rm -rf here' >&2; exit 2", matcher="Bash"))
    script = tmp_path / "session.py"
    script.write_text(SESSION)
    argv = hookd_argv()
    sidecar = argv[-1]  # HOOKD_BIN: the built dist/cli.js (run with node) or the program itself
    out = run([str(python), str(script), str(workspace)], cwd=tmp_path, env=clean_env(HOOKD_BIN=sidecar), seconds=120)
    imported, decision, reason = out.splitlines()[:3]
    assert Path(imported).resolve().is_relative_to((python.parent.parent).resolve()), f"imported {imported}, not the venv's copy"
    assert decision == "deny"
    assert "no rm -rf here" in reason


def test_pip_install_from_the_folder_then_a_session(tmp_path: Path) -> None:
    python = venv(tmp_path / "venv")
    pip(python, "install", str(copy_of_the_client(tmp_path)), cwd=tmp_path)
    play_session(python, tmp_path)


def test_pip_wheel_then_install_the_wheel_then_a_session(tmp_path: Path) -> None:
    python = venv(tmp_path / "venv")
    wheels = tmp_path / "wheels"
    pip(python, "wheel", "--no-deps", "-w", str(wheels), str(copy_of_the_client(tmp_path)), cwd=tmp_path)
    built = sorted(wheels.glob("hookd-*.whl"))
    assert len(built) == 1, f"expected one wheel, got {built}"
    assert built[0].name.endswith("-py3-none-any.whl")
    pip(python, "install", "--no-index", str(built[0]), cwd=tmp_path)
    play_session(python, tmp_path)
