#!/bin/sh
# PostToolUse (write|edit): a slow lint. It starts a child and waits for it, so revoking trust meanwhile finds a
# whole process tree to stop; it records both PIDs for the demo to check.
cat > /dev/null
sleep 60 &
echo "$$ $!" > .wamp/slow-lint.pids
wait
