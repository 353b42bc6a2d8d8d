#!/bin/sh
# PreToolUse (shell): refuses rm -rf (exit 2), asks before anything is pushed (JSON "ask").
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed from chat" >&2; exit 2 ;;
  *'git push'*)
    printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing leaves this machine: confirm it"}}'
    exit 0 ;;
esac
exit 0
