#!/usr/bin/env python3
"""Scripted fake Anthropic Messages API server (stdlib only).

POST /v1/messages (with or without ?beta=true), stream true or false.
Script for the "main loop" request (one that carries tools):
  turn with 0 tool_results in history -> tool_use <Bash tool> {"command": ...}
  turn with 1 tool_result            -> tool_use <Write tool> {"file_path": <cwd>/acp-hello.txt, ...}
  turn with >=2 tool_results         -> text "All done." stop_reason end_turn
Requests without tools (title generation etc.) get a short text reply.
Every request is appended to $FAKE_LOG (default: not logged). Part of docs/acp-real-agent/check.sh.
Usage: python3 fake_anthropic.py [port]   (default 18080)
"""
import json, os, re, sys, uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = os.environ.get("FAKE_LOG", os.devnull)
CMD = os.environ.get("FAKE_CMD", "echo hello-from-fake-model && uname -s")


def count_tool_results(messages):
    n = 0
    for m in messages:
        if m.get("role") == "user" and isinstance(m.get("content"), list):
            n += sum(1 for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result")
    return n


def system_text(body):
    s = body.get("system", "")
    if isinstance(s, list):
        s = "\n".join(b.get("text", "") for b in s if isinstance(b, dict))
    return s


def pick_tool(tools, suffix):
    names = [t.get("name", "") for t in tools]
    for pref in ("mcp__acp__" + suffix, suffix):
        if pref in names:
            return pref
    for n in names:
        if n.endswith(suffix) or n.lower() == suffix.lower():
            return n
    return None


def decide(body):
    tools = body.get("tools") or []
    msgs = body.get("messages") or []
    if not tools:
        return [{"type": "text", "text": "Fake session title"}], "end_turn"
    n = count_tool_results(msgs)
    cwd = os.environ.get("FAKE_CWD")
    m = re.search(r"Working directory:\s*(\S+)", system_text(body))
    if m:
        cwd = m.group(1)
    cwd = cwd or "/tmp"
    if n == 0:
        name = pick_tool(tools, "Bash")
        if name:
            return [{"type": "text", "text": "I'll run a shell command."},
                    {"type": "tool_use", "id": "toolu_" + uuid.uuid4().hex[:20], "name": name,
                     "input": {"command": CMD, "description": "Echo a greeting", "timeout": 60000}}], "tool_use"
    if n <= 1:
        name = pick_tool(tools, "Write")
        if name:
            return [{"type": "text", "text": "Now I'll write a file."},
                    {"type": "tool_use", "id": "toolu_" + uuid.uuid4().hex[:20], "name": name,
                     "input": {"file_path": os.path.join(cwd, "acp-hello.txt"),
                               "content": "written by fake model via ACP\n"}}], "tool_use"
    return [{"type": "text", "text": "All done. The command ran and the file was written."}], "end_turn"


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *a):
        sys.stderr.write("[fake] " + (fmt % a) + "\n")

    def _json(self, code, obj):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        with open(LOG, "a") as f:
            f.write(json.dumps({"method": "GET", "path": self.path}) + "\n")
        if "/models" in self.path:
            return self._json(200, {"data": [{"type": "model", "id": "claude-sonnet-4-5", "display_name": "fake"}],
                                    "has_more": False, "first_id": None, "last_id": None})
        self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": "nope"}})

    def do_HEAD(self):
        self.send_response(200); self.send_header("content-length", "0"); self.end_headers()

    def do_POST(self):
        ln = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(ln) if ln else b"{}"
        try:
            body = json.loads(raw or b"{}")
        except Exception:
            body = {}
        path = self.path
        if "count_tokens" in path:
            with open(LOG, "a") as f:
                f.write(json.dumps({"method": "POST", "path": path}) + "\n")
            return self._json(200, {"input_tokens": 42})
        if "/messages" not in path:
            with open(LOG, "a") as f:
                f.write(json.dumps({"method": "POST", "path": path, "unhandled": True}) + "\n")
            return self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": path}})
        content, stop = decide(body)
        with open(LOG, "a") as f:
            f.write(json.dumps({"method": "POST", "path": path, "model": body.get("model"),
                                "stream": body.get("stream"), "n_tools": len(body.get("tools") or []),
                                "tool_names": [t.get("name") for t in (body.get("tools") or [])][:60],
                                "n_msgs": len(body.get("messages") or []),
                                "tool_results": count_tool_results(body.get("messages") or []),
                                "reply": content, "stop": stop}) + "\n")
        mid = "msg_" + uuid.uuid4().hex[:20]
        model = body.get("model", "claude-sonnet-4-5")
        usage = {"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
        if not body.get("stream"):
            return self._json(200, {"id": mid, "type": "message", "role": "assistant", "model": model,
                                    "content": content, "stop_reason": stop, "stop_sequence": None, "usage": usage})
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("connection", "close")
        self.end_headers()

        def ev(name, obj):
            self.wfile.write(f"event: {name}\ndata: {json.dumps(obj)}\n\n".encode())
            self.wfile.flush()

        ev("message_start", {"type": "message_start", "message": {"id": mid, "type": "message", "role": "assistant",
                                                                   "model": model, "content": [], "stop_reason": None,
                                                                   "stop_sequence": None, "usage": usage}})
        for i, b in enumerate(content):
            if b["type"] == "text":
                ev("content_block_start", {"type": "content_block_start", "index": i,
                                           "content_block": {"type": "text", "text": ""}})
                ev("content_block_delta", {"type": "content_block_delta", "index": i,
                                           "delta": {"type": "text_delta", "text": b["text"]}})
            else:
                ev("content_block_start", {"type": "content_block_start", "index": i,
                                           "content_block": {"type": "tool_use", "id": b["id"], "name": b["name"], "input": {}}})
                ev("content_block_delta", {"type": "content_block_delta", "index": i,
                                           "delta": {"type": "input_json_delta", "partial_json": json.dumps(b["input"])}})
            ev("content_block_stop", {"type": "content_block_stop", "index": i})
        ev("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                             "usage": {"output_tokens": 5}})
        ev("message_stop", {"type": "message_stop"})
        self.close_connection = True


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 18080
    srv = ThreadingHTTPServer(("127.0.0.1", port), H)
    print(f"fake anthropic on 127.0.0.1:{port}", flush=True)
    srv.serve_forever()
