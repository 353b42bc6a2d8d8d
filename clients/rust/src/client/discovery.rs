//! Which program is the hookd sidecar: the builder's explicit program or script, else `$HOOKD_BIN`, else
//! `hookd-sidecar` on `PATH`, else (a last resort) `hookd` on `PATH`; and what counts as its answer to `initialize`.
//! Looks up files only: spawning and reading are the transport's and the reader's.

use crate::error::{Error, Result};
use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// The bin of the npm package `hookd-sidecar`: unambiguous.
pub const SIDECAR_BIN: &str = "hookd-sidecar";
/// The package installs `hookd` too, but so does an unrelated npm package: tried last, and trusted only once its
/// `initialize` answer names the server.
pub const PLAIN_BIN: &str = "hookd";
/// `serverInfo.name` of the real sidecar.
pub const SERVER_NAME: &str = "hookd";
/// How much of a wrong program's output an error quotes.
const QUOTE_CHARS: usize = 200;

/// What the builder was told to run, if anything.
pub(super) enum Explicit {
    Program(OsString),
    Script { node: OsString, script: PathBuf },
}

/// The program found: how to run it, the file it resolved to, and which rule found it.
pub(super) struct Found {
    pub program: OsString,
    pub leading_args: Vec<OsString>,
    pub path: PathBuf,
    pub origin: &'static str,
}

/// A variable of the environment hookd is started with: the builder's `env` / `env_remove` (last one wins) over
/// the agent's own.
fn launch_var(overrides: &[(OsString, Option<OsString>)], name: &str) -> Option<OsString> {
    match overrides.iter().rev().find(|(key, _)| key == name) {
        Some((_, value)) => value.clone(),
        None => std::env::var_os(name),
    }
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// `name` itself when it is a path, else the first executable file of that name in the `PATH` directories.
fn which(name: &OsStr, search: &OsStr) -> Option<PathBuf> {
    let as_path = Path::new(name);
    if as_path.components().count() > 1 {
        return is_executable(as_path).then(|| as_path.to_path_buf());
    }
    std::env::split_paths(search).filter(|dir| !dir.as_os_str().is_empty()).map(|dir| dir.join(name)).find(|candidate| is_executable(candidate))
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

fn not_found(tried: Vec<String>) -> Error {
    Error::SidecarNotFound { tried }
}

fn script(node: &OsStr, script: &Path, search: &OsStr, origin: &'static str, shown: &str) -> Result<Found> {
    if !script.is_file() {
        return Err(not_found(vec![format!("{shown}={} (no such file)", script.display())]));
    }
    let Some(node) = which(node, search) else {
        return Err(not_found(vec![format!(
            "{shown}={} (a JavaScript file, and {} is not on PATH)",
            script.display(),
            node.to_string_lossy()
        )]));
    };
    let script = absolute(script);
    Ok(Found { program: node.into_os_string(), leading_args: vec![script.clone().into_os_string()], path: script, origin })
}

/// Finds hookd (see the module doc). The first rule that applies decides: a `HOOKD_BIN` naming a missing file is
/// an error, not a fall-through to `PATH`.
pub(super) fn find(explicit: Option<Explicit>, env: &[(OsString, Option<OsString>)]) -> Result<Found> {
    let search = launch_var(env, "PATH").unwrap_or_default();
    match explicit {
        Some(Explicit::Script { node, script: path }) => return script(&node, &path, &search, "the hookd_js argument", "hookd_js"),
        Some(Explicit::Program(program)) => {
            let Some(path) = which(&program, &search) else {
                return Err(not_found(vec![format!("the command argument {} (not an executable file)", program.to_string_lossy())]));
            };
            let path = absolute(&path);
            return Ok(Found { program: path.clone().into_os_string(), leading_args: Vec::new(), path, origin: "the command argument" });
        }
        None => {}
    }
    if let Some(binary) = launch_var(env, "HOOKD_BIN").filter(|value| !value.is_empty()) {
        let text = binary.to_string_lossy().into_owned();
        if [".js", ".mjs", ".cjs"].iter().any(|suffix| text.ends_with(suffix)) {
            return script(OsStr::new("node"), Path::new(&binary), &search, "HOOKD_BIN", "HOOKD_BIN");
        }
        let Some(path) = which(&binary, &search) else {
            return Err(not_found(vec![format!("HOOKD_BIN={text} (not an executable file)")]));
        };
        let path = absolute(&path);
        return Ok(Found { program: path.clone().into_os_string(), leading_args: Vec::new(), path, origin: "HOOKD_BIN" });
    }
    for (name, origin) in [(SIDECAR_BIN, "hookd-sidecar on PATH"), (PLAIN_BIN, "hookd on PATH")] {
        if let Some(path) = which(OsStr::new(name), &search) {
            let path = absolute(&path);
            return Ok(Found { program: path.clone().into_os_string(), leading_args: Vec::new(), path, origin });
        }
    }
    let directories: Vec<String> = std::env::split_paths(&search).filter(|d| !d.as_os_str().is_empty()).map(|d| d.display().to_string()).collect();
    let directories = if directories.is_empty() { "(none)".to_owned() } else { directories.join(":") };
    Err(not_found(vec![
        "no command argument".into(),
        "HOOKD_BIN is not set".into(),
        format!("{SIDECAR_BIN} and {PLAIN_BIN} in the PATH directories {directories}"),
    ]))
}

// ── the initialize answer ──

/// Whether a line read before the first answer is a JSON-RPC 2.0 message (anything else: not hookd).
pub(super) fn is_protocol_line(line: &[u8]) -> bool {
    serde_json::from_slice::<Value>(line).ok().is_some_and(|value| value.get("jsonrpc").and_then(Value::as_str) == Some("2.0"))
}

/// Text as a double-quoted JSON string, capped.
pub(super) fn quote(text: &str) -> String {
    let text = text.trim();
    let capped: String = text.chars().take(QUOTE_CHARS).collect();
    let capped = if capped.len() < text.len() { format!("{capped}…") } else { capped };
    serde_json::to_string(&capped).unwrap_or_default()
}

/// What is wrong with an initialize result that does not come from hookd, or None.
pub(super) fn wrong_server_name(result: &Value) -> Option<String> {
    match result.get("serverInfo").and_then(|info| info.get("name")) {
        Some(Value::String(name)) if name == SERVER_NAME => None,
        Some(name) => Some(format!("its answer to initialize has serverInfo.name {name} (expected \"{SERVER_NAME}\")")),
        None => Some(format!("its answer to initialize has no serverInfo.name (expected \"{SERVER_NAME}\")")),
    }
}
