#!/bin/sh
# Stop: asks for one more pass (decision "block" = a continuation prompt) unless this Stop is already that pass.
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'* | *'"stop_hook_active": true'*) exit 0 ;;
esac
printf '%s' '{"decision":"block","reason":"Run npm test and report the result before you finish."}'
