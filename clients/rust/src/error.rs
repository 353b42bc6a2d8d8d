//! The client's errors: what hookd answered (`Rpc`, `Cancelled`) kept apart from what happened locally
//! (`Timeout`, `Io`, `Closed`, `Decode`).

use crate::protocol::{error_codes, CancelledData, RunSummary};
use serde_json::Value;
use std::fmt;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug)]
pub enum Error {
    /// hookd answered with a JSON-RPC error (other than `-32800`).
    Rpc { code: i64, message: String, data: Option<Value> },
    /// The request was cancelled (`-32800`): by `$/cancelRequest`, `hooks/cancel` or `shutdown`.
    /// `runs` are the runs that finished and the ones cancelled.
    Cancelled { runs: Vec<RunSummary>, data: Option<Value> },
    /// No answer within the request's timeout; the request was cancelled (`$/cancelRequest` sent).
    Timeout,
    /// Spawning hookd or talking to it failed.
    Io(std::io::Error),
    /// The connection is closed (hookd exited, or the client shut it down); `reason` tells what is known,
    /// including the tail of hookd's stderr when it was captured.
    Closed { reason: String },
    /// An answer did not match the expected type (or a message could not be serialized).
    Decode(serde_json::Error),
    /// No hookd sidecar was found; `tried` says what was looked at (the builder's command, `HOOKD_BIN`, the `PATH`
    /// directories searched for `hookd-sidecar` and `hookd`).
    SidecarNotFound { tried: Vec<String> },
    /// The program started is not the hookd sidecar: before answering `initialize` it printed something that is
    /// not JSON-RPC, exited, or did not answer within the startup timeout, or its answer names another
    /// `serverInfo.name`. It was killed and reaped. `program` is the path found, `origin` the rule that found it,
    /// `got` what it did instead.
    NotTheSidecar { program: std::path::PathBuf, origin: String, got: String },
}

impl Error {
    /// The JSON-RPC error code, for `Rpc` and `Cancelled`.
    pub fn code(&self) -> Option<i64> {
        match self {
            Error::Rpc { code, .. } => Some(*code),
            Error::Cancelled { .. } => Some(error_codes::REQUEST_CANCELLED),
            _ => None,
        }
    }

    pub(crate) fn from_rpc(code: i64, message: String, data: Option<Value>) -> Error {
        if code == error_codes::REQUEST_CANCELLED {
            let runs = data
                .as_ref()
                .and_then(|data| serde_json::from_value::<CancelledData>(data.clone()).ok())
                .map(|cancelled| cancelled.runs)
                .unwrap_or_default();
            Error::Cancelled { runs, data }
        } else {
            Error::Rpc { code, message, data }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Rpc { code, message, .. } => write!(f, "hookd error {code}: {message}"),
            Error::Cancelled { runs, .. } => write!(f, "request cancelled ({} run(s) reported)", runs.len()),
            Error::Timeout => f.write_str("hookd did not answer in time (request cancelled)"),
            Error::Io(error) => write!(f, "hookd i/o: {error}"),
            Error::Closed { reason } => write!(f, "hookd connection closed: {reason}"),
            Error::Decode(error) => write!(f, "unexpected message shape: {error}"),
            Error::SidecarNotFound { tried } => write!(
                f,
                "no hookd sidecar found; tried: {}. Install it (npm install -g hookd-sidecar), set HOOKD_BIN, or name it with Builder::command or Builder::hookd_js",
                tried.join("; ")
            ),
            Error::NotTheSidecar { program, origin, got } => {
                write!(f, "{} ({origin}) is not the hookd sidecar: {got}", program.display())
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(error) => Some(error),
            Error::Decode(error) => Some(error),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(error: std::io::Error) -> Self {
        Error::Io(error)
    }
}

impl From<serde_json::Error> for Error {
    fn from(error: serde_json::Error) -> Self {
        Error::Decode(error)
    }
}
