# Blocks recursive deletion of / or ~ (and of anything under build/ for the demo); allows the rest silently.
import json
import re
import sys

payload = json.load(sys.stdin)
command = (payload.get("tool_input") or {}).get("command", "")
if re.search(r"(^|[;&|\s])rm\s+-rf\s+(/|~|build)", command):
    print(json.dumps({
        "decision": "block",
        "reason": f"recursive deletion is blocked: {command}",
        "additional_context": "Use the staging workspace instead.",
    }))
