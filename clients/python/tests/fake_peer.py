"""A scripted JSON-RPC peer standing in for hookd, for what the real sidecar cannot be made to do on demand:
send an unknown request, cancel its own request, die mid-request, stay silent, refuse to exit, send a given
server request (test/serverRequest), echo the initialize params (scenario echo-initialize).

    python fake_peer.py SCENARIO [--content-length]

It answers initialize, ping and shutdown like hookd (unless the scenario says otherwise) and reports what
the client answered to its own requests as a `test/answer` notification carrying the whole answer.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time

SCENARIO = sys.argv[1] if len(sys.argv) > 1 else "plain"
CONTENT_LENGTH = "--content-length" in sys.argv
out_lock = threading.Lock()
stdin = sys.stdin.buffer
stdout = sys.stdout.buffer


def send(message: dict) -> None:
    body = json.dumps(message).encode()
    with out_lock:
        if CONTENT_LENGTH:
            stdout.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        else:
            stdout.write(body + b"\n")
        stdout.flush()


def read() -> dict | None:
    if not CONTENT_LENGTH:
        while True:
            line = stdin.readline()
            if not line:
                return None
            if line.strip():
                return json.loads(line)
    length = None
    while True:
        line = stdin.readline()
        if not line:
            return None
        if line.strip() == b"":
            if length is not None:
                break
            continue
        name, _, value = line.decode().partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return json.loads(stdin.read(length))


def result(request: dict, value: object) -> None:
    send({"jsonrpc": "2.0", "id": request["id"], "result": value})


INIT_RESULT = {"protocolVersion": "0.1", "serverInfo": {"name": "hookd", "version": "0-fake"}, "dialect": "claude", "events": [], "hooks": [], "diagnostics": [], "fakeExtra": True}


def review_listing(method: str, key: str) -> dict:
    status = {"review/trust": "trusted", "review/disable": "disabled"}.get(method, "untrusted")
    hook = {
        "key": key, "trustStatus": status, "currentHash": "sha256:00", "enabled": status != "disabled", "managed": False,
        "runnable": status == "trusted", "diagnostics": [], "id": "pbi:1", "event": "Stop", "matcher": None,
        "command": "echo hi", "source": "project", "sourcePath": "/ws/.agents/hooks.json", "statusMessage": None,
        "timeoutMs": 600000, "futureField": 1,
    }
    warnings = ["1 command hook requires trust review and will be skipped."] if status == "untrusted" else []
    return {"dialect": "pbi", "hooks": [hook], "diagnostics": [], "reviewRequiredCount": len(warnings), "trustBypassActive": False,
            "warnings": warnings, "statePath": "/home/.pbi-agent/hooks_state.json"}


def main() -> None:
    if SCENARIO == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        message = read()
        if message is None:
            if SCENARIO == "stubborn":
                time.sleep(3600)  # ignores EOF too: only SIGKILL ends it
            return
        method = message.get("method")
        if method is None:  # the client answers one of our requests
            send({"jsonrpc": "2.0", "method": "test/answer", "params": message})
            continue
        if method == "initialize":
            result(message, INIT_RESULT)
            if SCENARIO == "echo-initialize":
                send({"jsonrpc": "2.0", "method": "test/initializeParams", "params": message.get("params")})
        elif method == "ping":
            result(message, {})
        elif method == "shutdown":
            if SCENARIO != "stubborn":
                result(message, None)
        elif method == "exit":
            if SCENARIO != "stubborn":
                os._exit(0)
        elif method == "test/unknownRequest":
            result(message, {})
            send({"jsonrpc": "2.0", "id": 0, "method": "client/somethingNew", "params": {"x": 1}})
        elif method == "test/invoke":
            # ask the client to run hook client:1, optionally cancelling that request shortly after
            result(message, {})
            params = message.get("params") or {}
            send({"jsonrpc": "2.0", "id": 7, "method": "hooks/invoke", "params": {"hookId": params.get("hookId", "client:1"), "event": "PreToolUse", "sessionId": "s", "input": {"x": 1}, "timeoutMs": 1000}})
            if params.get("cancelAfter") is not None:
                time.sleep(params["cancelAfter"])
                send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 7}})
        elif method == "test/serverRequest":
            # send the client the server request given as {id, method, params} (hooks/approve, hooks/judge, ...)
            result(message, {})
            request = message.get("params") or {}
            send({"jsonrpc": "2.0", "id": request.get("id", 9), "method": request["method"], "params": request.get("params")})
        elif method == "test/notify":
            # send the client the notification given as {method, params} (hooks/reviewWarnings, ...)
            result(message, {})
            note = message.get("params") or {}
            send({"jsonrpc": "2.0", "method": note["method"], "params": note.get("params")})
        elif isinstance(method, str) and method.startswith("review/"):
            # a canned review listing; the key sent (if any) comes back as the only hook's key
            key = (message.get("params") or {}).get("key", "project:/ws/.agents/hooks.json:Stop::sha256:00:1")
            if key == "missing":
                send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32011, "message": f"hook not found: {key}"}})
            elif key == "managed":
                send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32012, "message": "managed hooks cannot be disabled or enabled manually"}})
            else:
                result(message, review_listing(method, key))
        elif method == "hooks/register":
            result(message, {"hookId": "client:1"})
        elif method == "test/die":
            os._exit(3)
        elif method == "test/silent":
            pass  # never answered, cancel ignored
        elif method == "$/cancelRequest":
            send({"jsonrpc": "2.0", "method": "test/sawCancel", "params": message.get("params")})
        elif message.get("id") is not None:
            send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": f"method not found: {method}"}})


if __name__ == "__main__":
    main()
