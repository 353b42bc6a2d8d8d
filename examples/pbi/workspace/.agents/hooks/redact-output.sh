#!/bin/sh
# PostToolUse (matcher shell): when the tool's result text shows an API key, the model sees a redacted text instead
# (hookSpecificOutput.replacement becomes the whole tool output).
input=$(cat)
if printf '%s' "$input" | jq -e '.tool_response | test("API_KEY=")' >/dev/null; then
  printf '%s' "$input" | jq -c '{hookSpecificOutput: {hookEventName: "PostToolUse", replacement: (.tool_response | gsub("API_KEY=[^\\\\\" ]*"; "API_KEY=[redacted]"))}}'
fi
exit 0
