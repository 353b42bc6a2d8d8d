#!/bin/sh
# UserPromptSubmit: refuses prompts that ask for secrets (exit 2: stderr is the reason); otherwise adds context.
input=$(cat)
case "$input" in
  *secret*|*token*) echo "prompts that ask for secrets are refused" >&2; exit 2 ;;
esac
echo "House rule: run the tests before you say you are done."
