//! The crate builds as another project's dependency: by `path`, and by `git` (a temporary repository holding a
//! copy of the crate, reached as `file://`). Each consumer's `main` plays a session against the built sidecar,
//! found through `HOOKD_BIN`: a PreToolUse hook that exits 2 gives decision deny.
//!
//! Builds run `--offline` (the crates come from the cache `cargo fetch` filled; the git checkout is fetched first,
//! from the local repository) and share one target directory. They are slow on a loaded machine: one test does
//! both, with generous bounds.

mod common;

use common::{hookd_js, TempDir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const CRATE: &str = env!("CARGO_MANIFEST_DIR");
/// Bound of one cargo build (cold dependencies on a loaded 2-core machine take minutes).
const BUILD_LIMIT: Duration = Duration::from_secs(1200);

const MAIN: &str = r#"
use hookd_client::{protocol::{Decision, PreToolUse, SessionInfo}, Hookd};

#[tokio::main]
async fn main() {
    let workspace = std::env::args().nth(1).expect("workspace argument");
    let hookd = Hookd::builder().workspace(&workspace).home(&workspace).spawn().await.expect("spawn hookd");
    assert_eq!(hookd.sidecar_origin(), "HOOKD_BIN");
    let input = serde_json::json!({ "command": "rm -rf build" }).as_object().cloned().unwrap();
    let result = hookd.pre_tool_use(PreToolUse::new(SessionInfo::new("install-test"), "Bash", input)).await.expect("PreToolUse");
    println!("{}", if result.decision == Decision::Deny { "deny" } else { "not denied" });
    println!("{}", result.reason.clone().unwrap_or_default());
    hookd.shutdown().await.expect("shutdown");
}
"#;

/// Runs a command to its end within `limit` (killed after it), failing the test with its output otherwise.
fn run(command: &mut Command, limit: Duration, what: &str) -> Output {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap_or_else(|e| panic!("{what}: {e}"));
    let (stdout, stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let err = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap_or_default());
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: no end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let output = Output { status, stdout: out.join().unwrap().into_bytes(), stderr: err.join().unwrap().into_bytes() };
    assert!(
        output.status.success(),
        "{what}: {}\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A consumer project depending on the crate as `dependency` (a TOML inline table), locked like the crate.
fn consumer(root: &Path, name: &str, dependency: &str) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[dependencies]\nhookd-client = {dependency}\n\
         serde_json = \"1\"\ntokio = {{ version = \"1\", features = [\"rt-multi-thread\", \"macros\"] }}\n\n[workspace]\n\n\
         [profile.dev]\ndebug = false\n"
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/main.rs"), MAIN).unwrap();
    std::fs::copy(Path::new(CRATE).join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    dir
}

fn cargo(dir: &Path, target: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(dir).env("CARGO_TARGET_DIR", target).env_remove("RUSTFLAGS").env("CARGO_TERM_COLOR", "never");
    command
}

/// Builds and runs the consumer: its main must report deny with the hook's reason.
fn build_and_play(dir: &Path, target: &Path, workspace: &TempDir, what: &str) {
    run(cargo(dir, target).args(["build", "--offline", "--quiet"]), BUILD_LIMIT, &format!("{what}: cargo build"));
    let program = target.join("debug").join(dir.file_name().unwrap());
    let output = run(
        Command::new(&program).arg(workspace.path()).env("HOOKD_BIN", hookd_js()).env_remove("BAMBOO_DATA_DIR").current_dir(dir),
        Duration::from_secs(120),
        &format!("{what}: the consumer's session"),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("deny"), "{what}: {stdout}");
    assert!(lines.next().unwrap_or_default().contains("no rm -rf here"), "{what}: {stdout}");
}

/// Removes what `cargo fetch` put under `$CARGO_HOME/git` for the temporary repository (named `prefix…`).
fn remove_git_cache(prefix: &str) {
    let home = std::env::var_os("CARGO_HOME").map(PathBuf::from).or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let Some(home) = home else { return };
    for kind in ["db", "checkouts"] {
        let Ok(entries) = std::fs::read_dir(home.join("git").join(kind)) else { continue };
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(prefix) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

#[test]
fn builds_as_a_path_and_as_a_git_dependency_and_plays_a_session() {
    let root = TempDir::new("hookd-rs-install");
    let target = root.path().join("target");
    let workspace = TempDir::new("hookd-rs-install-ws");
    common::claude_settings(&workspace, "PreToolUse", "echo 'no rm -rf here' >&2; exit 2", serde_json::json!({}));

    // As a path dependency.
    let by_path = consumer(root.path(), "by-path", &format!("{{ path = {:?} }}", CRATE));
    build_and_play(&by_path, &target, &workspace, "path dependency");

    // As a git dependency: a repository holding a copy of the crate (its sources, manifest, lock and README).
    let unique = format!("hookd-client-git-{}-{}", std::process::id(), root.path().file_name().unwrap().to_string_lossy().rsplit('-').next().unwrap());
    let repo = root.path().join(&unique);
    for part in ["src", "examples", "tests"] {
        copy_dir(&Path::new(CRATE).join(part), &repo.join(part));
    }
    for file in ["Cargo.toml", "Cargo.lock", "README.md"] {
        std::fs::copy(Path::new(CRATE).join(file), repo.join(file)).unwrap();
    }
    let git = |args: &[&str]| {
        run(
            Command::new("git").args(["-c", "user.name=hookd-test", "-c", "user.email=hookd-test@localhost", "-c", "commit.gpgsign=false"]).args(args).current_dir(&repo),
            Duration::from_secs(60),
            &format!("git {}", args.join(" ")),
        )
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "hookd-client"]);
    let url = format!("file://{}", repo.display());
    let by_git = consumer(root.path(), "by-git", &format!("{{ git = {url:?} }}"));
    struct CleanGitCache(String);
    impl Drop for CleanGitCache {
        fn drop(&mut self) {
            remove_git_cache(&self.0);
        }
    }
    let _clean = CleanGitCache(unique.clone());
    // The checkout comes from the local repository; the registry crates are already in the cache (no index update:
    // the lock pins them).
    run(cargo(&by_git, &target).args(["fetch", "--quiet"]), Duration::from_secs(300), "git dependency: cargo fetch");
    build_and_play(&by_git, &target, &workspace, "git dependency");
}
