#!/bin/sh
# AfterTool (matcher run_shell_command): a tool output with a secret in it is withheld: {"decision":"deny"} replaces
# what the model sees with {"error": reason} (observed 08b).
input=$(cat)
case "$input" in
  *'API_KEY='*) printf '%s' '{"decision":"deny","reason":"The output contained a secret (API_KEY=...); it was withheld from the model."}' ;;
esac
exit 0
