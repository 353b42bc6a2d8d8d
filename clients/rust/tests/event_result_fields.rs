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

#[test]
fn issue_15_result_fields_context_delivery_llm_request_llm_response_tool_config_are_typed_and_round_trip() {
    let wire = json!({
        "event": "BeforeToolSelection", "decision": "none", "continue": true, "notes": [], "runs": [],
        "additionalContext": "ctx", "contextDelivery": "appended",
        "llmRequest": { "model": "m" }, "llmResponse": { "text": "hi" },
        "toolConfig": { "mode": "ANY", "allowedFunctionNames": ["read_file"] }
    });
    let result: EventResult = serde_json::from_value(wire.clone()).unwrap();
    assert_eq!(result.unknown_fields(), Vec::<String>::new());
    assert_eq!(result.context_delivery.as_deref(), Some("appended"));
    assert_eq!(result.llm_request.as_ref().and_then(|request| request.get("model")), Some(&json!("m")));
    let config = result.tool_config.as_ref().unwrap();
    assert_eq!((config.mode.as_deref(), config.allowed_function_names.clone()), (Some("ANY"), Some(vec!["read_file".to_string()])));
    assert_eq!(serde_json::to_value(&result).unwrap(), wire);
}

#[test]
fn initialize_event_aliases_and_the_model_event_params_are_typed() {
    use hookd_client::protocol::{AfterModel, BeforeModel, Event, InitializeResult};
    let init: InitializeResult = serde_json::from_value(json!({
        "protocolVersion": "0.1", "serverInfo": { "name": "hookd", "version": "0" }, "dialect": "gemini",
        "events": ["PreToolUse"], "eventAliases": { "BeforeTool": "PreToolUse" }, "hooks": [], "diagnostics": []
    }))
    .unwrap();
    assert_eq!(init.event_aliases.as_ref().and_then(|aliases| aliases.get("BeforeTool")).map(String::as_str), Some("PreToolUse"));
    assert_eq!(init.unknown_fields(), Vec::<String>::new());
    let before: BeforeModel = serde_json::from_value(json!({ "session": { "id": "s" }, "llmRequest": { "model": "m" } })).unwrap();
    assert_eq!((BeforeModel::METHOD, before.llm_request.get("model")), ("hooks/BeforeModel", Some(&json!("m"))));
    let after: AfterModel = serde_json::from_value(json!({ "session": { "id": "s" }, "llmRequest": {}, "llmResponse": { "text": "t" } })).unwrap();
    assert_eq!(serde_json::to_value(&after).unwrap(), json!({ "session": { "id": "s" }, "llmRequest": {}, "llmResponse": { "text": "t" } }));
}

#[test]
fn initialize_spawn_path_is_typed() {
    use hookd_client::protocol::InitializeResult;
    let wire = json!({
        "protocolVersion": "0.1", "serverInfo": { "name": "hookd", "version": "0" }, "dialect": "claude",
        "events": [], "hooks": [], "diagnostics": [],
        "spawnPath": { "active": "node", "requested": "auto", "detail": "built without a C compiler" }
    });
    let init: InitializeResult = serde_json::from_value(wire.clone()).unwrap();
    let spawn_path = init.spawn_path.as_ref().unwrap();
    assert_eq!((spawn_path.active.as_str(), spawn_path.requested.as_str()), ("node", "auto"));
    assert_eq!(init.unknown_fields(), Vec::<String>::new());
    assert_eq!(serde_json::to_value(&init).unwrap(), wire);
}
