#!/bin/sh
# SessionStart: context about this project (plain stdout is context on SessionStart).
cat > /dev/null
echo "This project builds with make; never edit dist/ by hand."
