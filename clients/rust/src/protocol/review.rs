//! Per-hook trust review (pbi: `~/.pbi-agent/hooks_state.json`): `HookInfo.review`, the listing `review/list`,
//! `review/trust`, `review/disable` and `review/enable` answer, their params, and the `hooks/reviewWarnings`
//! notification. Shapes only; deciding a status is the dialect's, applying an action is hookd's.

use super::*;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

string_enum! {
    /// A hook's trust review status.
    ReviewStatus {
        /// Reviewed for its current hash.
        Trusted = "trusted",
        /// Never reviewed.
        Untrusted = "untrusted",
        /// Reviewed for another hash: changed since.
        Modified = "modified",
        /// Explicitly turned off (persisted; stays off under the dangerous bypass).
        Disabled = "disabled",
        /// Trusted by a policy source.
        Managed = "managed",
    }
}

/// `HookInfo.review`: present for hooks of a dialect with per-hook review (pbi).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookReview {
    /// The stable hook key review/trust, review/disable and review/enable take.
    pub key: String,
    pub trust_status: ReviewStatus,
    /// The normalized hash of the hook as written now (`sha256:<hex>`).
    pub current_hash: String,
    /// `trust_status` is not disabled.
    pub enabled: bool,
    /// Trusted by a policy source: runs without review and cannot be disabled or enabled.
    pub managed: bool,
    /// It runs on matching events now.
    pub runnable: bool,
    /// Problems of this hook that did not stop it from loading, as text.
    pub diagnostics: Vec<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// One hook as a review listing shows it (every dialect: hooks gated by a trust key too).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewedHook {
    pub key: String,
    pub trust_status: ReviewStatus,
    pub current_hash: String,
    pub enabled: bool,
    pub managed: bool,
    pub runnable: bool,
    pub diagnostics: Vec<String>,
    /// `HookInfo.id`.
    pub id: String,
    pub event: String,
    /// As written; `None` when omitted (sent as `null`).
    pub matcher: Option<String>,
    pub command: String,
    /// pbi: global, project or managed; other dialects: the scope.
    pub source: String,
    pub source_path: String,
    pub status_message: Option<String>,
    pub timeout_ms: i64,
    /// Hooks trusted per file (claude, bamboo): the trust/set key a trust of this row trusts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_key: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// What review/list, review/trust, review/disable and review/enable answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewListing {
    pub dialect: String,
    /// In discovery order.
    pub hooks: Vec<ReviewedHook>,
    /// Discovery diagnostics as text (`<file>: <message>`).
    pub diagnostics: Vec<String>,
    /// Hooks untrusted or modified (skipped until trusted).
    pub review_required_count: u64,
    pub trust_bypass_active: bool,
    /// The startup warnings, without a `Warning: ` prefix.
    pub warnings: Vec<String>,
    /// The review state file or trust store actions write.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_path: Option<String>,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// review/trust, review/disable, review/enable params.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewKeyParams {
    pub key: String,
    #[serde(flatten)]
    pub other: JsonObject,
}

/// `hooks/reviewWarnings`: once after initialize, again when a reload changes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewWarningsParams {
    pub warnings: Vec<String>,
    pub review_required_count: u64,
    pub trust_bypass_active: bool,
    #[serde(flatten)]
    pub other: JsonObject,
}
