#!/bin/sh
# PreToolUse (matcher shell): refuses rm -rf (exit 2, the reason on stderr) and turns a force push into
# --force-with-lease (hookSpecificOutput.updatedInput replaces the whole argument object).
input=$(cat)
command=$(printf '%s' "$input" | jq -r '.tool_input.command // ""')
case "$command" in
  *"rm -rf"*)
    echo "rm -rf is not allowed in this project" >&2
    exit 2
    ;;
  "git push --force"*)
    printf '%s' "$input" | jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: (.tool_input + {command: (.tool_input.command | sub("--force"; "--force-with-lease"))})}}'
    ;;
esac
exit 0
