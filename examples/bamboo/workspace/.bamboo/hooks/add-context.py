import json
import sys

payload = json.load(sys.stdin)
print(json.dumps({
    "additional_context": f"hooked {payload['hook_event_name']}"
}))
