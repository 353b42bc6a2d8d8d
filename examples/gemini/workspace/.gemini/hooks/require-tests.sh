#!/bin/sh
# AfterAgent: asks for one more pass (decision "block": the reason becomes the next prompt) unless this AfterAgent is
# already that pass (stop_hook_active).
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'* | *'"stop_hook_active": true'*) exit 0 ;;
esac
printf '%s' '{"decision":"block","reason":"Run npm test and report the result before you finish."}'
