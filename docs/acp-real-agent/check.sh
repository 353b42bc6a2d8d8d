#!/bin/sh
# The manual check of docs/acp.md ("A real agent"): hookd acp in front of a real ACP agent,
# @zed-industries/claude-code-acp 0.16.2 (Claude Code's ACP adapter, from the npm registry), driven against a scripted
# fake Anthropic API on 127.0.0.1 (fake-anthropic.py: a Bash tool call, then a Write, then end_turn), so nothing but
# the registry install needs a network. hookd's hooks (Claude format, in a home of their own so the agent — Claude Code
# itself — does not read them too) allow every tool and record what they saw; the script prints that. Run from a
# checkout after `npm run build`: `sh docs/acp-real-agent/check.sh`. Cleans up its scratch directory and the fake.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
port=${FAKE_PORT:-18080}
dir=$(mktemp -d)
fake=
cleanup() { [ -n "$fake" ] && kill "$fake" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT INT TERM
(cd "$dir" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent @zed-industries/claude-code-acp@0.16.2)
python3 "$here/fake-anthropic.py" "$port" >"$dir/fake.log" 2>&1 &
fake=$!
mkdir -p "$dir/agent-home/.claude" "$dir/hookd-home/.claude" "$dir/work"
record() { printf 'cat >> %s/%s.jsonl; echo >> %s/%s.jsonl' "$dir" "$1" "$dir" "$1"; }
cat >"$dir/hookd-home/.claude/settings.json" <<JSON
{"hooks": {
  "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "$(record prompt)"}]}],
  "PreToolUse": [{"hooks": [{"type": "command", "command": "$(record pre); echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"}}'"}]}],
  "PostToolUse": [{"hooks": [{"type": "command", "command": "$(record post)"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "$(record stop)"}]}]
}}
JSON
cat >"$dir/agent.sh" <<SH
#!/bin/sh
export HOME="$dir/agent-home" CLAUDE_CONFIG_DIR="$dir/agent-home/.claude"
export ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=sk-ant-fake
export IS_SANDBOX=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1
exec node "$dir/node_modules/@zed-industries/claude-code-acp/dist/index.js"
SH
chmod +x "$dir/agent.sh"
node "$here/acp-client.mjs" "$dir/transcript.jsonl" "$dir/work" "Run a shell command, then write a file." -- \
  node "$repo/dist/cli.js" acp --home "$dir/hookd-home" --workspace "$dir/work" -- "$dir/agent.sh" | grep -E '^(PROMPT RESULT|SUMMARY|ERROR|TIMEOUT)' || true
echo "asked the editor for permission: $(grep -c 'session/request_permission' "$dir/transcript.jsonl" || true) times"
for event in prompt pre post stop; do
  [ -f "$dir/$event.jsonl" ] || continue
  python3 -c 'import json,sys
for line in open(sys.argv[1]):
    if line.strip():
        d = json.loads(line); print(d["hook_event_name"], d.get("tool_name", ""), json.dumps(d.get("tool_input", d.get("prompt", d.get("last_assistant_message", ""))))[:100])' "$dir/$event.jsonl"
done
echo "the file the agent wrote: $(cat "$dir/work/acp-hello.txt" 2>/dev/null || echo missing)"
