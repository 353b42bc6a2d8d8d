//! Client-side latency and throughput of hookd with no hooks: a PreToolUse that matches nothing, sent
//! sequentially (median and p99 of ~300 round trips after a warm-up), then 3000 of them with 64 in flight.
//! Prints exactly one line of JSON.
//!
//!     cargo run --release --example bench -- <path to dist/cli.js>

use hookd_client::protocol::{PreToolUse, SessionInfo};
use hookd_client::Hookd;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

const WARM_UP: usize = 100;
const ROUNDS: usize = 300;
const IN_FLIGHT: usize = 64;
const THROUGHPUT_REQUESTS: usize = 3000;

fn hookd_js() -> PathBuf {
    if let Some(path) = std::env::args_os().nth(1) {
        return path.into();
    }
    match std::env::var_os("HOOKD_JS") {
        Some(path) if !path.is_empty() => path.into(),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../dist/cli.js"),
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let workspace = std::env::temp_dir().join(format!("hookd-rs-bench-{}", std::process::id()));
    std::fs::create_dir_all(&workspace)?;
    let hookd = Hookd::builder().hookd_js(hookd_js()).workspace(&workspace).home(&workspace).env_remove("BAMBOO_DATA_DIR").spawn().await?;
    let event = PreToolUse::new(SessionInfo::new("bench"), "Bash", json!({ "command": "ls" }).as_object().cloned().unwrap_or_default());

    for _ in 0..WARM_UP {
        hookd.pre_tool_use(event.clone()).await?;
    }
    let mut samples = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let started = Instant::now();
        let result = hookd.event(&event).await?;
        samples.push(started.elapsed().as_secs_f64() * 1000.0);
        assert!(result.runs.is_empty(), "the bench workspace has no hooks");
    }
    samples.sort_by(f64::total_cmp);

    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    let mut sent = 0;
    while sent < IN_FLIGHT.min(THROUGHPUT_REQUESTS) {
        let (hookd, event) = (hookd.clone(), event.clone());
        tasks.spawn(async move { hookd.event(&event).await.map(|_| ()) });
        sent += 1;
    }
    while let Some(done) = tasks.join_next().await {
        done??;
        if sent < THROUGHPUT_REQUESTS {
            let (hookd, event) = (hookd.clone(), event.clone());
            tasks.spawn(async move { hookd.event(&event).await.map(|_| ()) });
            sent += 1;
        }
    }
    let events_per_second = THROUGHPUT_REQUESTS as f64 / started.elapsed().as_secs_f64();

    hookd.shutdown().await?;
    let _ = std::fs::remove_dir_all(&workspace);
    // One line, keys in the documented order.
    println!(
        "{{\"client\":\"rust\",\"rounds\":{ROUNDS},\"noMatchMedianMs\":{},\"noMatchP99Ms\":{},\"inFlight\":{IN_FLIGHT},\"eventsPerSecond\":{}}}",
        round3(percentile(&samples, 50.0)),
        round3(percentile(&samples, 99.0)),
        events_per_second.round() as u64,
    );
    Ok(())
}
