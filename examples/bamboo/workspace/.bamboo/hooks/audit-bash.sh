#!/usr/bin/env bash
# Appends every Bash command to .bamboo/audit.log (observes only: no stdout, exit 0).
set -euo pipefail
payload=$(cat)
printf '%s\n' "$payload" >> .bamboo/audit.log
