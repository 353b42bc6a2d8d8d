#!/bin/sh
# PreToolUse (matcher Bash): refuses rm -rf (exit 2, the reason on stderr); turns a force push into
# --force-with-lease (updatedInput with permissionDecision "allow": Codex applies it); and "rewrites" npm install
# to npm ci without a decision, which Codex ignores (observed 05b): the original command runs.
input=$(cat)
case "$input" in
  *'rm -rf'*)
    echo 'rm -rf is not allowed in this project' >&2
    exit 2
    ;;
  *'git push --force'*)
    printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"force push rewritten","updatedInput":{"command":"git push --force-with-lease origin main"}}}'
    ;;
  *'npm install'*)
    printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"npm ci"}}}'
    ;;
esac
exit 0
