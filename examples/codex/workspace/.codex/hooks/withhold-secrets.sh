#!/bin/sh
# PostToolUse (matcher Bash): a tool output with a secret in it is withheld. decision "block" replaces the output
# the model sees with the reason (observed 08b), where Claude Code would keep the output and add the reason.
input=$(cat)
case "$input" in
  *'API_KEY='*) printf '%s' '{"decision":"block","reason":"The output contained a secret (API_KEY=...); it was withheld from the model."}' ;;
esac
exit 0
