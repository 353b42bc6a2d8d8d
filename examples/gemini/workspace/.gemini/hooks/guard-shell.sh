#!/bin/sh
# BeforeTool (matcher run_shell_command), in Gemini's native answers: refuses rm -rf ({"decision":"deny"});
# turns a force push into --force-with-lease (hookSpecificOutput.tool_input, with or without a decision: Gemini
# rebuilds the call from it alone, so it carries every argument the call keeps); anything else gets a plain-text line,
# which Gemini shows as a system message (observed 15).
input=$(cat)
case "$input" in
  *'rm -rf'*)
    printf '%s' '{"decision":"deny","reason":"rm -rf is not allowed in this project"}'
    ;;
  *'git push --force'*)
    printf '%s' '{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"git push --force-with-lease origin main"}}}'
    ;;
  *)
    echo 'guard-shell: command checked'
    ;;
esac
exit 0
