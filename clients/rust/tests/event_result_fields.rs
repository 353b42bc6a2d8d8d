//! Every EventResult field hookd answers is typed (none lands in `other`), including claude's later-event fields and
//! the async handlers' runs and outputs; the JSON round-trips unchanged.

use hookd_client::protocol::{EventResult, RunStatus, UnknownFields};
use serde_json::json;

#[test]
fn claude_later_event_fields_and_async_runs_are_typed_and_round_trip() {
    let wire = json!({
        "event": "PostToolUse", "decision": "none", "continue": true, "notes": [], "runs": [],
        "worktreePath": "/w/trees/feature", "retry": true, "displayContent": "shown",
        "elicitation": { "action": "accept", "content": { "name": "x" } },
        "terminalSequence": "\u{1b}]0;title\u{7}",
        "environment": { "A": "1", "B": "2" },
        "asyncRuns": [{ "hookId": "user:PostToolUse[0].hooks[0]", "source": "/h/settings.json", "handlerType": "command", "status": "started", "rewake": false }],
        "asyncOutputs": [{ "hookId": "user:PostToolUse[0].hooks[1]", "event": "PostToolUse", "source": "/h/settings.json", "status": "ok", "exitCode": 0, "durationMs": 12, "additionalContext": "lint ok", "environment": { "C": "3" } }]
    });
    let result: EventResult = serde_json::from_value(wire.clone()).unwrap();
    assert_eq!(result.unknown_fields(), Vec::<String>::new());
    assert_eq!(result.worktree_path.as_deref(), Some("/w/trees/feature"));
    assert_eq!(result.elicitation.as_ref().map(|answer| answer.action.as_str()), Some("accept"));
    assert_eq!(result.environment.as_ref().and_then(|env| env.get("B")).map(String::as_str), Some("2"));
    assert_eq!(result.async_runs.as_ref().map(Vec::len), Some(1));
    let output = &result.async_outputs.as_ref().unwrap()[0];
    assert_eq!((output.status.clone(), output.exit_code, output.additional_context.as_deref()), (RunStatus::Ok, Some(0), Some("lint ok")));
    assert_eq!(serde_json::to_value(&result).unwrap(), wire);
}
