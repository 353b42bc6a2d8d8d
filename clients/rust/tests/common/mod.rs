//! Test helpers: where the built sidecar is, scratch workspaces, and process liveness read from /proc (polled
//! until a deadline, never slept on).
#![allow(dead_code)]

use hookd_client::{Builder, Hookd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// `$HOOKD_JS`, else `<crate>/../../dist/cli.js` (run `npm run build` in the repository first).
pub fn hookd_js() -> PathBuf {
    let path = match std::env::var_os("HOOKD_JS") {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../dist/cli.js"),
    };
    assert!(path.exists(), "{} is missing: run `npm run build` in the repository (or set HOOKD_JS)", path.display());
    path
}

/// A builder for the built sidecar in `workspace` (also `home`, so the machine's own user config stays out).
pub fn builder(workspace: &Path) -> Builder {
    Hookd::builder().hookd_js(hookd_js()).workspace(workspace).home(workspace).env_remove("BAMBOO_DATA_DIR")
}

/// A temporary directory, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(prefix: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let name = format!("{prefix}-{}-{}-{nanos}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst));
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
    /// Writes a file under the directory (parents created).
    pub fn write(&self, relative: &str, content: &str) -> PathBuf {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, content).unwrap();
        path
    }
    pub fn text(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether a process exists and is not a zombie (from /proc/<pid>/stat).
pub fn alive(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    let state = stat.rfind(')').and_then(|end| stat[end + 1..].trim_start().chars().next());
    !matches!(state, Some('Z') | Some('X') | None)
}

/// Polls `check` every 10 ms until it holds or `limit` passes; returns whether it held.
pub async fn wait_until(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if check() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Blocking version of [`wait_until`], for code without a runtime.
pub fn wait_until_blocking(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if check() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Reads a PID a hook wrote into a file, once the file holds a whole line.
pub fn read_pid(path: &Path) -> Option<u32> {
    let text = std::fs::read_to_string(path).ok()?;
    if !text.ends_with('\n') {
        return None;
    }
    text.trim().parse().ok()
}

/// The PIDs a tree hook wrote; whatever is still alive when this is dropped (a failed test) is SIGKILLed.
pub struct HookPids {
    pub hook: u32,
    pub grandchild: u32,
}

impl HookPids {
    pub fn all(&self) -> [u32; 2] {
        [self.hook, self.grandchild]
    }
}

impl Drop for HookPids {
    fn drop(&mut self) {
        for pid in self.all() {
            if alive(pid) {
                // SAFETY: kill(2) on a process this test's hook started.
                unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            }
        }
    }
}

/// Waits until the hook has written both PID files.
pub async fn hook_pids(workspace: &TempDir) -> HookPids {
    let (hook, grandchild) = (workspace.path().join("hook.pid"), workspace.path().join("grandchild.pid"));
    assert!(
        wait_until(Duration::from_secs(10), || read_pid(&hook).is_some() && read_pid(&grandchild).is_some()).await,
        "the hook did not write its PIDs"
    );
    HookPids { hook: read_pid(&hook).unwrap(), grandchild: read_pid(&grandchild).unwrap() }
}

/// A command hook that records its PID and a grandchild's, then waits for the grandchild (300 s).
pub const TREE_HOOK: &str = "echo $$ > hook.pid; sleep 300 & echo $! > grandchild.pid; wait";

/// `.claude/settings.json` with one command hook for `event`.
pub fn claude_settings(workspace: &TempDir, event: &str, command: &str, extra: serde_json::Value) {
    let mut handler = serde_json::json!({ "type": "command", "command": command });
    if let serde_json::Value::Object(extra) = extra {
        handler.as_object_mut().unwrap().extend(extra);
    }
    let settings = serde_json::json!({ "hooks": { event: [{ "matcher": "", "hooks": [handler] }] } });
    workspace.write(".claude/settings.json", &serde_json::to_string_pretty(&settings).unwrap());
}

pub fn object(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    match value {
        serde_json::Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}
