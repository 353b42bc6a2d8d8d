"""Which program is the hookd sidecar: the ``command`` argument, else ``$HOOKD_BIN``, else ``hookd-sidecar`` on PATH,
else (a last resort) ``hookd`` on PATH; and what counts as its answer to ``initialize``. Looks up files only: it
spawns nothing and reads no pipes (the clients do)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import NotTheSidecar, SidecarNotFound

#: The bin of the npm package ``hookd-sidecar``: unambiguous.
SIDECAR_BIN = "hookd-sidecar"
#: The package installs ``hookd`` too, but so does an unrelated npm package: only tried last, and only trusted
#: once its initialize answer names the server.
PLAIN_BIN = "hookd"
#: ``serverInfo.name`` of the real sidecar.
SERVER_NAME = "hookd"
_JS_SUFFIXES = (".js", ".mjs", ".cjs")
#: How much of a wrong program's output an error quotes.
_QUOTE_CHARS = 200


@dataclass(frozen=True)
class Sidecar:
    """The program found: its argv, the path it resolved to, and which rule found it."""

    argv: list[str]
    #: The file that runs (the script for a ``.js`` HOOKD_BIN).
    path: str
    #: "the command argument", "HOOKD_BIN", "hookd-sidecar on PATH" or "hookd on PATH".
    origin: str

    def describe(self) -> str:
        return f"{self.path} ({self.origin})"


def launch_environment(env: Mapping[str, str | None] | None) -> dict[str, str]:
    """The environment hookd is started with: ``os.environ`` with the client's ``env`` laid over it."""
    merged = dict(os.environ)
    for key, value in (env or {}).items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


def _which(name: str, search: str) -> str | None:
    if os.sep in name or (os.altsep and os.altsep in name):
        return name if os.path.isfile(name) and os.access(name, os.X_OK) else None
    return shutil.which(name, path=search)


def _node_argv(script: str, search: str, origin: str) -> list[str]:
    node = shutil.which("node", path=search)
    if node is None:
        raise SidecarNotFound(
            f"{origin} names {script}, a JavaScript file, and node is not on PATH",
            tried=[f"{origin}={script} (node not found)"],
        )
    return [node, script]


def find_sidecar(command: Sequence[str] | str | None, env: Mapping[str, str | None] | None = None) -> Sidecar:
    """Finds hookd: ``command`` (an argv list or a program) as given; else ``$HOOKD_BIN`` (a program, or a ``.js``
    file run with node); else ``hookd-sidecar`` on PATH; else ``hookd`` on PATH. ``HOOKD_BIN`` and ``PATH`` are read
    from the environment hookd gets (``os.environ`` with ``env`` over it). Raises SidecarNotFound naming what was
    tried; the first rule that applies decides (a HOOKD_BIN naming a missing file is an error, not a fall-through)."""
    environment = launch_environment(env)
    search = environment.get("PATH", os.defpath)
    if command is not None:
        argv = [command] if isinstance(command, str) else [os.fspath(part) for part in command]
        if not argv:
            raise SidecarNotFound("the command argument is empty", tried=["the command argument [] (empty)"])
        found = _which(argv[0], search)
        if found is None:
            raise SidecarNotFound(
                f"the command argument {argv!r}: {argv[0]} is not an executable file"
                + ("" if os.sep in argv[0] else f" on PATH ({search})"),
                tried=[f"the command argument {argv!r}"],
            )
        shown = argv[1] if len(argv) > 1 and os.path.basename(found).startswith("node") else found
        return Sidecar(argv, os.path.abspath(shown), "the command argument")
    binary = environment.get("HOOKD_BIN")
    if binary:
        if binary.endswith(_JS_SUFFIXES):
            if not os.path.isfile(binary):
                raise SidecarNotFound(f"HOOKD_BIN={binary}: no such file", tried=[f"HOOKD_BIN={binary} (no such file)"])
            script = os.path.abspath(binary)
            return Sidecar(_node_argv(script, search, "HOOKD_BIN"), script, "HOOKD_BIN")
        found = _which(binary, search)
        if found is None:
            raise SidecarNotFound(
                f"HOOKD_BIN={binary}: not an executable file", tried=[f"HOOKD_BIN={binary} (not an executable file)"]
            )
        return Sidecar([found], os.path.abspath(found), "HOOKD_BIN")
    for name in (SIDECAR_BIN, PLAIN_BIN):
        found = shutil.which(name, path=search)
        if found is not None:
            return Sidecar([found], os.path.abspath(found), f"{name} on PATH")
    directories = [entry for entry in search.split(os.pathsep) if entry]
    tried = [
        "no command argument",
        "HOOKD_BIN is not set",
        f"{SIDECAR_BIN} and {PLAIN_BIN} in the PATH directories {os.pathsep.join(directories) or '(none)'}",
    ]
    raise SidecarNotFound(
        "no hookd sidecar found; tried: " + "; ".join(tried)
        + f". Install it (npm install -g {SIDECAR_BIN}), set HOOKD_BIN, or pass command=",
        tried=tried,
    )


# ── the initialize answer ────────────────────────────────────────────────────────────────────────────


def is_protocol_message(obj: Any) -> bool:
    """Whether something read from the program is a JSON-RPC 2.0 message (anything else, before the first answer,
    means the program is not hookd)."""
    return isinstance(obj, dict) and obj.get("jsonrpc") == "2.0"


def quote_output(data: bytes | str) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    text = text.strip()
    if len(text) > _QUOTE_CHARS:
        text = text[:_QUOTE_CHARS] + "…"
    return json.dumps(text, ensure_ascii=False)


def server_name_of(result: Any) -> Any:
    """``serverInfo.name`` of an initialize result (typed or a dict); None when absent."""
    info = result.get("serverInfo") if hasattr(result, "get") else None
    if info is None:
        return None
    return info.get("name") if hasattr(info, "get") else getattr(info, "name", None)


def check_server_name(sidecar: Sidecar, result: Any, pid: int | None) -> NotTheSidecar | None:
    """The error for an initialize answer that does not come from hookd, or None."""
    name = server_name_of(result)
    if name == SERVER_NAME:
        return None
    got = "no serverInfo.name" if name is None else f"serverInfo.name {json.dumps(name, ensure_ascii=False)}"
    return not_the_sidecar(sidecar, f'its answer to initialize has {got} (expected "{SERVER_NAME}")', pid=pid)


def not_the_sidecar(sidecar: Sidecar, got: str, *, pid: int | None, returncode: int | None = None, stderr_tail: str | None = None) -> NotTheSidecar:
    return NotTheSidecar(
        f"{sidecar.describe()} is not the hookd sidecar: {got}",
        program=sidecar.path,
        origin=sidecar.origin,
        got=got,
        pid=pid,
        returncode=returncode,
        stderr_tail=stderr_tail,
    )
