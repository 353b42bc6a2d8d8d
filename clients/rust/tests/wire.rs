//! The transport layer without a sidecar: the envelope and the NDJSON line reader.

use hookd_client::protocol::{Decision, HookInfo};
use hookd_client::transport::{Id, LineReader, Message};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::AsyncWriteExt;

fn round_trip(value: Value) -> Message {
    let message: Message = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(serde_json::to_value(&message).unwrap(), value);
    message
}

#[test]
fn the_envelope_keeps_null_results_null_ids_and_absent_params() {
    let shutdown = round_trip(json!({ "jsonrpc": "2.0", "id": 2, "result": null }));
    assert_eq!(shutdown, Message::Response { id: Id::Number(2), result: Ok(Value::Null) });

    let parse_error = round_trip(json!({ "jsonrpc": "2.0", "id": null, "error": { "code": -32700, "message": "parse error" } }));
    assert!(matches!(parse_error, Message::Response { id: Id::Null, result: Err(ref e) } if e.code == -32700 && e.data.is_none()));

    let reload = round_trip(json!({ "jsonrpc": "2.0", "id": "a", "method": "hooks/reload" }));
    assert_eq!(reload, Message::Request { id: Id::String("a".into()), method: "hooks/reload".into(), params: None });

    let exit = round_trip(json!({ "jsonrpc": "2.0", "method": "exit" }));
    assert_eq!(exit.method(), Some("exit"));
    assert!(exit.id().is_none());

    round_trip(json!({ "jsonrpc": "2.0", "id": 3, "error": { "code": -32800, "message": "cancelled", "data": null, "more": 1 } }));
    assert!(serde_json::from_value::<Message>(json!({ "jsonrpc": "2.0", "id": 1 })).is_err());
}

#[test]
fn numbers_are_written_as_javascript_writes_them() {
    let hook = json!({
        "id": "x", "event": "Stop", "handlerType": "command", "source": "s", "scope": "user",
        "timeoutMs": 60000, "enabled": true, "priority": 0.5,
    });
    let typed: HookInfo = serde_json::from_value(hook.clone()).unwrap();
    assert_eq!(serde_json::to_string(&typed.timeout_ms).unwrap(), "60000.0", "plain f64 would add .0");
    assert_eq!(serde_json::to_value(&typed).unwrap(), hook);
    assert_eq!(serde_json::from_value::<Decision>(json!("deny")).unwrap(), Decision::Deny);
}

#[tokio::test]
async fn the_line_reader_handles_crlf_blank_lines_partial_writes_and_its_cap() {
    let (mut tx, rx) = tokio::io::duplex(1024);
    let mut reader = LineReader::new(rx, 10 * 1024 * 1024);
    let big = format!("{{\"x\":\"{}\"}}", "y".repeat(3 * 1024 * 1024));
    let writer = tokio::spawn({
        let big = big.clone();
        async move {
            tx.write_all(b"\n{\"a\":1}\r\n  \n").await.unwrap();
            tx.write_all(big.as_bytes()).await.unwrap();
            tx.write_all(b"\n{\"b\":").await.unwrap();
            tx.flush().await.unwrap();
            tokio::time::sleep(Duration::from_millis(50)).await;
            tx.write_all(b"2}\n{\"tail\":true}").await.unwrap();
        }
    });
    assert_eq!(reader.read_line().await.unwrap().unwrap(), b"{\"a\":1}");
    assert_eq!(reader.read_line().await.unwrap().unwrap(), big.as_bytes());
    // Cancel-safe: a read abandoned halfway through a line loses nothing.
    let first_try = tokio::time::timeout(Duration::from_millis(10), reader.read_line()).await;
    let line = match first_try {
        Ok(line) => line.unwrap().unwrap(),
        Err(_) => reader.read_line().await.unwrap().unwrap(),
    };
    assert_eq!(line, b"{\"b\":2}");
    writer.await.unwrap();
    assert_eq!(reader.read_line().await.unwrap().unwrap(), b"{\"tail\":true}", "a last line without newline");
    assert!(reader.read_line().await.unwrap().is_none());

    let (mut tx, rx) = tokio::io::duplex(1024);
    let mut small = LineReader::new(rx, 100);
    tokio::spawn(async move { tx.write_all(&[b'x'; 200]).await });
    let error = small.read_line().await.unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
}
