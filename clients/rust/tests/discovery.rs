//! Which program the builder starts and how it makes sure it is hookd: `command` / `hookd_js`, then `HOOKD_BIN`,
//! then `hookd-sidecar` on `PATH`, then `hookd` on `PATH`. A program that is not the sidecar (an HTTP server's
//! banner, another `serverInfo.name`, silence, an early exit) fails with `Error::NotTheSidecar` naming it, and its
//! process is gone (checked by PID); nothing found fails with `Error::SidecarNotFound` naming what was tried.
//! The fixtures are real shell scripts in a temporary directory; `PATH` and `HOOKD_BIN` are set per builder
//! (`env` / `env_remove`), which is where discovery reads them.

mod common;

use common::{alive, hookd_js, wait_until, TempDir};
use hookd_client::{Builder, Error, Hookd};
use std::path::{Path, PathBuf};
use std::time::Duration;

const BANNER: &str = "hookd listening on http://localhost:3000";

/// An unrelated `hookd` (npm's HTTP-endpoint runner): prints its banner and serves forever.
const HTTP_SERVER: &str = "#!/bin/sh\necho $$ >> \"$PIDS\"\necho 'hookd listening on http://localhost:3000'\nexec sleep 300\n";
/// A JSON-RPC program that is not hookd: answers initialize (the client's first request, id 1) as another server.
const OTHER_SERVER: &str = r#"#!/bin/sh
echo $$ >> "$PIDS"
read -r line
echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"0.1","serverInfo":{"name":"something-else","version":"1"},"dialect":"claude","events":[],"hooks":[],"diagnostics":[]}}'
exec sleep 300
"#;
/// hookd as a newer version might answer: with fields this client does not know (`capabilities`); quits at EOF.
const NEWER_HOOKD: &str = r#"#!/bin/sh
echo $$ >> "$PIDS"
read -r line
echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"0.1","serverInfo":{"name":"hookd","version":"9"},"dialect":"claude","events":[],"hooks":[],"diagnostics":[],"capabilities":{"handlerTypes":["command"]}}}'
exec cat > /dev/null
"#;
const SILENT: &str = "#!/bin/sh\necho $$ >> \"$PIDS\"\nexec sleep 300\n";
const EXITS: &str = "#!/bin/sh\necho $$ >> \"$PIDS\"\necho 'hookd: unknown option --stdio' >&2\nexit 7\n";

/// A directory of fixture programs put in front of `PATH`, and the file where they write their PIDs.
struct Bin {
    dir: TempDir,
}

impl Bin {
    fn new() -> Bin {
        Bin { dir: TempDir::new("hookd-rs-discovery") }
    }
    fn bin(&self) -> PathBuf {
        self.dir.path().join("bin")
    }
    fn pids_file(&self) -> PathBuf {
        self.dir.path().join("pids")
    }
    fn add(&self, name: &str, script: &str) -> PathBuf {
        let path = self.dir.write(&format!("bin/{name}"), script);
        set_executable(&path);
        path
    }
    /// A wrapper running the repository's built sidecar, as an installed bin would.
    fn real_sidecar(&self, name: &str) -> PathBuf {
        let node = which("node").expect("node is on PATH");
        self.add(name, &format!("#!/bin/sh\nexec \"{}\" \"{}\" \"$@\"\n", node.display(), hookd_js().display()))
    }
    fn path_var(&self) -> String {
        std::fs::create_dir_all(self.bin()).unwrap();
        format!("{}:{}", self.bin().display(), std::env::var("PATH").unwrap_or_default())
    }
    fn started(&self) -> Vec<u32> {
        std::fs::read_to_string(self.pids_file()).unwrap_or_default().split_whitespace().filter_map(|pid| pid.parse().ok()).collect()
    }
    /// A builder that discovers (no `command`, no `hookd_js`) with this `PATH` and no `HOOKD_BIN`.
    fn builder(&self) -> Builder {
        let ws = self.dir.path().join("ws");
        std::fs::create_dir_all(&ws).unwrap();
        Hookd::builder()
            .workspace(&ws)
            .home(&ws)
            .env("PATH", self.path_var())
            .env("PIDS", self.pids_file())
            .env_remove("HOOKD_BIN")
            .env_remove("BAMBOO_DATA_DIR")
    }
    async fn assert_gone(&self) {
        assert!(wait_until(Duration::from_secs(10), || !self.started().is_empty()).await, "the fixture never started");
        let pids = self.started();
        assert!(wait_until(Duration::from_secs(10), || pids.iter().all(|pid| !alive(*pid))).await, "still running: {pids:?}");
    }
}

impl Drop for Bin {
    fn drop(&mut self) {
        for pid in self.started() {
            if alive(pid) {
                // SAFETY: kill(2) of a fixture process this test started.
                unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            }
        }
    }
}

fn set_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|dir| dir.join(name)).find(|path| path.is_file())
}

fn not_the_sidecar(result: hookd_client::Result<Hookd>) -> (String, PathBuf, String) {
    match result {
        Err(error @ Error::NotTheSidecar { .. }) => {
            let text = error.to_string();
            let Error::NotTheSidecar { program, origin, .. } = error else { unreachable!() };
            (text, program, origin)
        }
        other => panic!("expected NotTheSidecar, got {other:?}"),
    }
}

// ── a `hookd` on PATH that is not the sidecar ──

#[tokio::test]
async fn a_hookd_on_path_printing_an_http_banner_is_rejected_and_killed() {
    let fixtures = Bin::new();
    let fake = fixtures.add("hookd", HTTP_SERVER);
    // A startup timeout far above what the test takes: the banner itself must end the wait.
    let (message, program, origin) = not_the_sidecar(fixtures.builder().startup_timeout(Duration::from_secs(120)).spawn().await);
    assert_eq!(
        message,
        format!("{} (hookd on PATH) is not the hookd sidecar: it printed \"{BANNER}\" instead of a JSON-RPC answer to initialize", fake.display())
    );
    assert_eq!((program, origin.as_str()), (fake, "hookd on PATH"));
    fixtures.assert_gone().await;
}

#[tokio::test]
async fn a_program_answering_with_another_server_name_is_rejected_and_killed() {
    let fixtures = Bin::new();
    let fake = fixtures.add("hookd", OTHER_SERVER);
    let (message, _, _) = not_the_sidecar(fixtures.builder().startup_timeout(Duration::from_secs(120)).spawn().await);
    assert_eq!(
        message,
        format!(
            "{} (hookd on PATH) is not the hookd sidecar: its answer to initialize has serverInfo.name \"something-else\" (expected \"hookd\")",
            fake.display()
        )
    );
    fixtures.assert_gone().await;
}

#[tokio::test]
async fn a_program_that_never_answers_is_rejected_after_the_startup_timeout() {
    let fixtures = Bin::new();
    let fake = fixtures.add("hookd-sidecar", SILENT);
    let (message, _, _) = not_the_sidecar(fixtures.builder().startup_timeout(Duration::from_millis(1500)).spawn().await);
    assert_eq!(
        message,
        format!("{} (hookd-sidecar on PATH) is not the hookd sidecar: it did not answer initialize within 1.5 s", fake.display())
    );
    fixtures.assert_gone().await;
}

#[tokio::test]
async fn a_program_that_exits_is_rejected_with_its_exit_code_and_stderr() {
    let fixtures = Bin::new();
    let fake = fixtures.add("hookd", EXITS);
    let (message, _, _) = not_the_sidecar(fixtures.builder().startup_timeout(Duration::from_secs(120)).spawn().await);
    assert_eq!(
        message,
        format!(
            "{} (hookd on PATH) is not the hookd sidecar: it exited with code 7 before answering initialize; its stderr ends with: \"hookd: unknown option --stdio\"",
            fake.display()
        )
    );
}

// ── the order: command / hookd_js, HOOKD_BIN, hookd-sidecar, hookd ──

#[tokio::test]
async fn hookd_bin_wins_over_path() {
    let fixtures = Bin::new();
    fixtures.add("hookd", HTTP_SERVER);
    fixtures.add("hookd-sidecar", HTTP_SERVER);
    let wrapper = fixtures.real_sidecar("my-hookd");
    let hookd = fixtures.builder().env("HOOKD_BIN", &wrapper).spawn().await.unwrap();
    assert_eq!((hookd.sidecar_path(), hookd.sidecar_origin()), (wrapper.as_path(), "HOOKD_BIN"));
    assert_eq!(hookd.initialize_result().server_info.name, "hookd");
    hookd.shutdown().await.unwrap();
    assert!(fixtures.started().is_empty(), "a fake on PATH was started");
}

#[tokio::test]
async fn hookd_bin_naming_a_js_file_runs_it_with_node() {
    let fixtures = Bin::new();
    fixtures.add("hookd", HTTP_SERVER);
    let hookd = fixtures.builder().env("HOOKD_BIN", hookd_js()).spawn().await.unwrap();
    assert_eq!(hookd.sidecar_path(), std::path::absolute(hookd_js()).unwrap());
    assert_eq!(hookd.sidecar_origin(), "HOOKD_BIN");
    hookd.shutdown().await.unwrap();
    assert!(fixtures.started().is_empty());
}

#[tokio::test]
async fn an_explicit_command_or_script_wins_over_hookd_bin() {
    let fixtures = Bin::new();
    let fake = fixtures.add("not-hookd", HTTP_SERVER);
    let wrapper = fixtures.real_sidecar("my-hookd");
    let hookd = fixtures.builder().env("HOOKD_BIN", &fake).command(&wrapper).spawn().await.unwrap();
    assert_eq!((hookd.sidecar_path(), hookd.sidecar_origin()), (wrapper.as_path(), "the command argument"));
    hookd.shutdown().await.unwrap();
    let hookd = fixtures.builder().env("HOOKD_BIN", &fake).hookd_js(hookd_js()).spawn().await.unwrap();
    assert_eq!(hookd.sidecar_origin(), "the hookd_js argument");
    hookd.shutdown().await.unwrap();
    assert!(fixtures.started().is_empty(), "HOOKD_BIN's fake was started");
}

#[tokio::test]
async fn hookd_sidecar_on_path_wins_over_hookd() {
    let fixtures = Bin::new();
    fixtures.add("hookd", HTTP_SERVER);
    let sidecar = fixtures.real_sidecar("hookd-sidecar");
    let hookd = fixtures.builder().spawn().await.unwrap();
    assert_eq!((hookd.sidecar_path(), hookd.sidecar_origin()), (sidecar.as_path(), "hookd-sidecar on PATH"));
    hookd.shutdown().await.unwrap();
    assert!(fixtures.started().is_empty());
}

#[tokio::test]
async fn a_plain_hookd_on_path_is_the_last_resort_and_accepted_when_it_is_the_sidecar() {
    let fixtures = Bin::new();
    fixtures.real_sidecar("hookd");
    let hookd = fixtures.builder().spawn().await.unwrap();
    assert_eq!(hookd.sidecar_origin(), "hookd on PATH");
    assert_eq!(hookd.initialize_result().server_info.name, "hookd");
    hookd.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_initialize_answer_with_fields_the_client_does_not_know_is_accepted() {
    let fixtures = Bin::new();
    fixtures.add("hookd-sidecar", NEWER_HOOKD);
    let hookd = fixtures.builder().shutdown_timeout(Duration::from_millis(500)).spawn().await.unwrap();
    assert_eq!(hookd.initialize_result().server_info.name, "hookd");
    // A capabilities object with fewer lists than this client knows: the missing ones are empty.
    let capabilities = hookd.initialize_result().capabilities.as_ref().expect("capabilities");
    assert_eq!(capabilities.handler_types, vec!["command".to_string()]);
    assert!(capabilities.requests.is_empty() && capabilities.notifications.server.is_empty());
    hookd.shutdown().await.unwrap();
    fixtures.assert_gone().await;
}

#[tokio::test]
async fn a_hookd_bin_naming_a_missing_file_is_an_error_not_a_fall_through() {
    let fixtures = Bin::new();
    fixtures.real_sidecar("hookd-sidecar");
    let missing = fixtures.dir.path().join("nowhere/hookd");
    let error = fixtures.builder().env("HOOKD_BIN", &missing).spawn().await.unwrap_err();
    match &error {
        Error::SidecarNotFound { tried } => assert_eq!(tried, &[format!("HOOKD_BIN={} (not an executable file)", missing.display())]),
        other => panic!("expected SidecarNotFound, got {other:?}"),
    }
}

#[tokio::test]
async fn nothing_found_names_what_was_tried() {
    let fixtures = Bin::new();
    let empty = fixtures.dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let error = fixtures.builder().env("PATH", &empty).spawn().await.unwrap_err();
    let Error::SidecarNotFound { tried } = &error else { panic!("expected SidecarNotFound, got {error:?}") };
    assert_eq!(
        tried,
        &["no command argument".to_owned(), "HOOKD_BIN is not set".to_owned(), format!("hookd-sidecar and hookd in the PATH directories {}", empty.display())]
    );
    assert!(error.to_string().starts_with("no hookd sidecar found; tried: no command argument; HOOKD_BIN is not set; hookd-sidecar and hookd"), "{error}");
    let raw = fixtures.builder().env("PATH", &empty).spawn_raw().err().expect("spawn_raw finds nothing either");
    assert_eq!(raw.kind(), std::io::ErrorKind::NotFound);
}
