//! `decision-trail verify --url`: check a live service without trusting it.
//!
//! The verifier key is pinned (given, or trusted on first use and kept in the
//! state file); every checkpoint must verify with it; and the state file keeps
//! the last checkpoint accepted from each service, so the next run demands a
//! consistency proof from it: a log rewritten or cut short since is caught.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::domain::audit::{audit_export, AuditReport, LogAudit, Trust};
use crate::domain::checkpoint::{open_checkpoint, open_successor, VerifiedCheckpoint};
use crate::domain::cursor::{self, CursorKind};
use crate::domain::json::{self, JsonValue};
use crate::domain::merkle::{from_hex, to_hex, verify_consistency, Hash};
use crate::domain::record::{record_from_json, MAX_BODY_DEPTH};

/// What was accepted from one service.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Accepted {
    pub verifier_key: String,
    pub tree_size: u64,
    pub root: String,
    pub checkpoint: String,
}

/// Which log a URL served when it was last checked.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Served {
    pub origin: String,
    pub verifier_key: String,
}

/// The state file: the last checkpoint accepted from each log, keyed by the
/// log's identity (its origin; the key it was accepted with is kept and must
/// not change), not by the URL it was reached at: `localhost` and `127.0.0.1`
/// are one log. Each URL's log is kept too, so that a service which starts
/// serving another log (a new origin, a new key: a rebuild, a replacement) is
/// caught instead of being trusted on first use again.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct State {
    #[serde(default)]
    pub logs: BTreeMap<String, Accepted>,
    #[serde(default)]
    pub urls: BTreeMap<String, Served>,
    /// The first format, keyed by URL; read, and moved to `logs` on save.
    #[serde(default, skip_serializing)]
    services: BTreeMap<String, Accepted>,
}

impl State {
    pub fn load(path: &Path) -> Result<State, String> {
        let mut state: State = match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text)
                .map_err(|e| format!("state file {} is unreadable: {e}", path.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => State::default(),
            Err(e) => return Err(format!("cannot read state file {}: {e}", path.display())),
        };
        for (_, accepted) in std::mem::take(&mut state.services) {
            let origin = accepted
                .checkpoint
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            state.logs.entry(origin).or_insert(accepted);
        }
        Ok(state)
    }

    /// Where the state is kept unless `--state` says otherwise: the user's
    /// state directory (`$XDG_STATE_HOME`, else `~/.local/state`).
    pub fn default_path() -> Result<PathBuf, String> {
        let base = match std::env::var_os("XDG_STATE_HOME").filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|home| PathBuf::from(home).join(".local/state"))
                .ok_or("neither XDG_STATE_HOME nor HOME is set: give --state")?,
        };
        Ok(base.join("decision-trail").join("verify.json"))
    }

    /// Writes atomically: a crash leaves the old state or the new, never half.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("tmp");
        let text = serde_json::to_string_pretty(self).expect("state serializes");
        std::fs::write(&tmp, text + "\n")
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| format!("cannot write state file {}: {e}", path.display()))
    }
}

/// The command that forgets a pinned log (`verify forget`, in `pins`).
pub const FORGET_COMMAND: &str = "decision-trail verify forget";

/// The end of a refusal that forgetting `target` (a URL or an origin) lifts.
fn forget_hint(target: &str) -> String {
    format!("if that is expected, remove `{target}` from the state file: {FORGET_COMMAND} {target}")
}

/// The outcome of checking a service.
#[derive(Debug)]
pub struct Checked {
    pub checkpoint: VerifiedCheckpoint,
    /// The size of the checkpoint accepted before, proven consistent with this one.
    pub consistent_from: Option<u64>,
    pub key_source: &'static str,
    pub task: Option<AuditReport>,
    /// With a whole-log audit: the records audited in this run.
    pub audited: Option<u64>,
    /// The log was rotated since it was last checked, and followed: what to
    /// tell.
    pub succession: Option<String>,
}

/// Hears (records audited, records signed) as a whole-log audit goes.
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64);

/// Records asked for per page by the whole-log audit.
const AUDIT_PAGE: u32 = 1000;

/// The HTTP client of a service's commands, sending `token` as a bearer
/// key when given.
pub(super) fn client(token: Option<&str>) -> Result<reqwest::Client, String> {
    let mut headers = reqwest::header::HeaderMap::new();
    if let Some(token) = token {
        let mut value = reqwest::header::HeaderValue::from_str(&format!("Bearer {}", token.trim()))
            .map_err(|_| "the token is not a valid header value".to_string())?;
        value.set_sensitive(true);
        headers.insert(reqwest::header::AUTHORIZATION, value);
    }
    reqwest::Client::builder()
        .default_headers(headers)
        .build()
        .map_err(|e| e.to_string())
}

/// `GET url`'s body; any other status than a success is an error that
/// names it (a 401 says how to give a key).
pub(super) async fn get_text(client: &reqwest::Client, url: &str) -> Result<String, String> {
    let response = client
        .get(url)
        .send()
        .await
        .map_err(|e| format!("GET {url}: {e}"))?;
    let status = response.status();
    let body = response
        .text()
        .await
        .map_err(|e| format!("GET {url}: {e}"))?;
    if status == reqwest::StatusCode::UNAUTHORIZED {
        return Err(format!(
            "GET {url}: {status}: {}\n  the service requires an API key: pass --token TOKEN \
             (or DECISION_TRAIL_TOKEN), a reader key is enough",
            body.trim()
        ));
    }
    if !status.is_success() {
        return Err(format!("GET {url}: {status}: {}", body.trim()));
    }
    Ok(body)
}

#[derive(Deserialize)]
struct ConsistencyBody {
    proof: Vec<String>,
}

/// Checks the service at `base`: its checkpoint against the pinned key, its
/// consistency with the checkpoint accepted last time, and, with `task`, that
/// task's export. On success the state records the new checkpoint.
pub async fn verify_service(
    base: &str,
    task: Option<&str>,
    pinned_key: Option<&str>,
    token: Option<&str>,
    state: &mut State,
    log_audit: Option<(&mut LogAudit, Progress<'_>)>,
) -> Result<Checked, String> {
    let base = base.trim_end_matches('/');
    if !base.starts_with("http://") {
        return Err(format!(
            "`{base}`: only http:// URLs are supported (this build has no TLS); \
             reach an https service through a local proxy"
        ));
    }
    let client = client(token)?;
    let served_key = get_text(&client, &format!("{base}/log/key")).await?;
    let served_key = served_key.trim().to_string();
    let trusted = pinned_key
        .map_or(served_key.as_str(), str::trim)
        .to_string();
    let note = get_text(&client, &format!("{base}/log/checkpoint")).await?;
    let checkpoint = open_checkpoint(&note, &served_key)
        .map_err(|e| format!("the checkpoint does not verify: {e}"))?;
    // A log rotated to a new origin and key is followed through the
    // successor statement its old, trusted key signed (docs/design.md §2,
    // "The second day"); anything else under another key is refused.
    let mut succession = None;
    let old_log = state
        .urls
        .get(base)
        .filter(|seen| seen.origin != checkpoint.origin || seen.verifier_key != served_key)
        .map(|seen| (seen.origin.clone(), seen.verifier_key.clone()));
    let old_log = match (old_log, served_key != trusted) {
        (Some(old), _) => Some(old),
        (None, true) => {
            let origin = state
                .logs
                .iter()
                .find(|(_, a)| a.verifier_key == trusted)
                .map(|(origin, _)| origin.clone());
            match origin {
                Some(origin) => Some((origin, trusted.clone())),
                None => {
                    return Err(format!(
                        "the service's key is `{served_key}`, not the trusted `{trusted}`: \
                         refusing its checkpoints"
                    ))
                }
            }
        }
        (None, false) => None,
    };
    if let Some((old_origin, old_key)) = &old_log {
        if *old_key != served_key || *old_origin != checkpoint.origin {
            let accepted = state.logs.get(old_origin).cloned();
            match follow_successor(
                &client,
                base,
                old_origin,
                old_key,
                &served_key,
                &checkpoint,
                accepted.as_ref(),
            )
            .await
            {
                Ok(said) => succession = Some(said),
                Err(why) if *old_key != served_key && pinned_key.is_some() => {
                    return Err(format!(
                        "the service's key is `{served_key}`, not the trusted `{trusted}`: \
                         refusing its checkpoints ({why})"
                    ))
                }
                Err(why) => {
                    return Err(format!(
                        "{base} served the log `{old_origin}` (key `{old_key}`) before, and now \
                         serves `{}` (key `{served_key}`): another or a rebuilt log, not \
                         followed ({why}); {}",
                        checkpoint.origin,
                        forget_hint(base)
                    ))
                }
            }
        }
    }
    let key = served_key.clone();
    // The same URL serving another log, or the same key signing another log,
    // is a rebuilt or replaced log: never a first use to trust.
    if let Some(seen) = state.urls.get(base).filter(|_| succession.is_none()) {
        if seen.origin != checkpoint.origin || seen.verifier_key != key {
            return Err(format!(
                "{base} served the log `{}` (key `{}`) before, and now serves `{}` (key `{key}`): \
                 another or a rebuilt log; {}",
                seen.origin,
                seen.verifier_key,
                checkpoint.origin,
                forget_hint(base)
            ));
        }
    }
    if let Some((other, _)) = state
        .logs
        .iter()
        .find(|(origin, a)| a.verifier_key == key && **origin != checkpoint.origin)
    {
        return Err(format!(
            "the key `{key}` signed the log `{other}` before, and now signs `{}`: a rebuilt \
             log; {}",
            checkpoint.origin,
            forget_hint(other)
        ));
    }
    // The log is known by its origin, wherever it is reached.
    let previous = state.logs.get(&checkpoint.origin).cloned();
    if let Some(p) = previous.as_ref().filter(|p| p.verifier_key != key) {
        return Err(format!(
            "the log `{}` was accepted with the key `{}`, and now signs with `{key}` (a new \
             install under the same origin signs with a new key); {}",
            checkpoint.origin,
            p.verifier_key,
            forget_hint(&checkpoint.origin)
        ));
    }
    let key_source = match (pinned_key, &previous) {
        _ if succession.is_some() => "named by the old key's successor statement",
        (Some(_), _) => "given",
        (None, Some(_)) => "pinned in the state file",
        (None, None) => "served, trusted on first use",
    };
    let consistent_from = match &previous {
        None => None,
        Some(p) => Some(check_consistency(&client, base, p, &checkpoint).await?),
    };
    let task = match task {
        None => None,
        Some(t) => {
            let url = format!(
                "{base}/tasks/{}/export?tree_size={}",
                crate::http::path_segment(t),
                checkpoint.size
            );
            let export = get_text(&client, &url).await?;
            let report = audit_export(
                &export,
                Trust {
                    verifier_key: Some(&key),
                    checkpoint: Some(&note),
                    one_record: false,
                },
            )
            .map_err(|e| format!("task `{t}`: {e}"))?;
            // A live service states every export's length and head: one
            // without the statement cannot be told from one cut short.
            if !report.complete {
                return Err(format!(
                    "task `{t}`: the export the service served states no task length and head \
                     (`task_statement`): it cannot be shown whole"
                ));
            }
            Some(report)
        }
    };
    let audited = match log_audit {
        None => None,
        Some((audit, progress)) => {
            let before = audit.size();
            audit_log(&client, base, &checkpoint, audit, progress).await?;
            Some(audit.size() - before)
        }
    };
    state.urls.insert(
        base.to_string(),
        Served {
            origin: checkpoint.origin.clone(),
            verifier_key: key.clone(),
        },
    );
    state.logs.insert(
        checkpoint.origin.clone(),
        Accepted {
            verifier_key: key,
            tree_size: checkpoint.size,
            root: to_hex(&checkpoint.root),
            checkpoint: note,
        },
    );
    Ok(Checked {
        checkpoint,
        consistent_from,
        key_source,
        task,
        audited,
        succession,
    })
}

/// Follows the log `old_origin`, trusted with `old_key`, to the log the
/// service serves now (`now`, signed with `new_key`) through the successor
/// statement the old key signed: it must name both logs and the new key.
/// Where the statement's last size reaches what was accepted of the old
/// log, the new log (the same leaves) must extend that checkpoint; where it
/// stops short, the records past it are said to be missing. What to tell.
async fn follow_successor(
    client: &reqwest::Client,
    base: &str,
    old_origin: &str,
    old_key: &str,
    new_key: &str,
    now: &VerifiedCheckpoint,
    accepted: Option<&Accepted>,
) -> Result<String, String> {
    let url = format!(
        "{base}/log/successor?from={}",
        crate::http::path_segment(old_origin)
    );
    let note = get_text(client, &url)
        .await
        .map_err(|e| format!("no successor statement: {e}"))?;
    let statement = open_successor(&note, old_key)
        .map_err(|e| format!("its successor statement does not verify with the old key: {e}"))?;
    if statement.old_origin != old_origin
        || statement.new_origin != now.origin
        || statement.new_key != new_key
    {
        return Err(format!(
            "the successor statement names `{}` → `{}` (key `{}`), not this log",
            statement.old_origin, statement.new_origin, statement.new_key
        ));
    }
    // The new log holds the old one's leaves: its proofs show the statement's
    // checkpoint, and what was accepted before, as its own prefixes.
    let stated = Accepted {
        verifier_key: old_key.to_string(),
        tree_size: statement.old_size,
        root: to_hex(&statement.old_root),
        checkpoint: String::new(),
    };
    check_consistency(client, base, &stated, now).await?;
    let mut said = format!(
        "followed the log `{old_origin}` to `{}` (key {new_key}): its successor statement, \
         signed with the old key, says the old log ends at {} records",
        now.origin, statement.old_size
    );
    if let Some(accepted) = accepted {
        if accepted.tree_size <= statement.old_size {
            check_consistency(client, base, accepted, now).await?;
            said.push_str(&format!(
                ", and the new log extends the checkpoint of size {} accepted before",
                accepted.tree_size
            ));
        } else {
            said.push_str(&format!(
                ". WARNING: {} records of the old log were accepted before; the {} from \
                 log_index {} are not in the new log (it was begun from a copy that lacked \
                 them, such as a restored backup)",
                accepted.tree_size,
                accepted.tree_size - statement.old_size,
                statement.old_size
            ));
        }
    }
    Ok(said)
}

/// Audits every record the service serves up to `checkpoint`'s size, from
/// where `audit` stopped (docs/design.md §10): re-hashed, linked in its task,
/// its leaf recomputed, the log dense, and the root of all leaves the signed
/// one. Memory: a page of records, and what `LogAudit` keeps.
async fn audit_log(
    client: &reqwest::Client,
    base: &str,
    checkpoint: &VerifiedCheckpoint,
    audit: &mut LogAudit,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(), String> {
    if checkpoint.size < audit.size() {
        return Err(format!(
            "the log shrank: {} records were audited, the service now signs {}",
            audit.size(),
            checkpoint.size
        ));
    }
    while audit.size() < checkpoint.size {
        let mut url = format!("{base}/thoughts?limit={AUDIT_PAGE}");
        if audit.size() > 0 {
            let last = cursor::encode(CursorKind::Records, audit.size() - 1);
            url.push_str(&format!("&after={last}"));
        }
        let text = get_text(client, &url).await?;
        let page = json::parse(&text, MAX_BODY_DEPTH + 2).map_err(|e| format!("GET {url}: {e}"))?;
        let Some(JsonValue::Array(records)) = page.get("records") else {
            return Err(format!("GET {url}: no `records` array"));
        };
        if records.is_empty() {
            return Err(format!(
                "the checkpoint signs {} records but the service lists only {}",
                checkpoint.size,
                audit.size()
            ));
        }
        for value in records {
            if audit.size() == checkpoint.size {
                break;
            }
            let record = record_from_json(value).map_err(|errors| {
                let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
                format!("GET {url}: not a record: {}", list.join("; "))
            })?;
            audit.push(&record).map_err(|p| p.to_string())?;
        }
        progress(audit.size(), checkpoint.size);
    }
    audit
        .check_root(checkpoint.size, checkpoint.root)
        .map_err(|p| p.to_string())
}

/// The new checkpoint must extend the one accepted before: same root at the
/// same size, and a consistency proof, checked against both signed roots (not
/// roots the service reports), when the log grew.
async fn check_consistency(
    client: &reqwest::Client,
    base: &str,
    before: &Accepted,
    now: &VerifiedCheckpoint,
) -> Result<u64, String> {
    let old_root: Hash = from_hex(&before.root).ok_or("the state file holds a bad root")?;
    if now.size < before.tree_size {
        return Err(format!(
            "the log shrank: a checkpoint of {} records was accepted before, the service now signs {}: it was truncated or rebuilt",
            before.tree_size, now.size
        ));
    }
    if before.tree_size == 0 {
        // Every log extends the empty one (RFC 9162 has no proof from it).
        return Ok(0);
    }
    if now.size == before.tree_size {
        if now.root != old_root {
            return Err(format!(
                "the log was rewritten: two different roots were signed for size {}",
                now.size
            ));
        }
        return Ok(before.tree_size);
    }
    let url = format!(
        "{base}/log/proof/consistency?first={}&second={}",
        before.tree_size, now.size
    );
    let body: ConsistencyBody = serde_json::from_str(&get_text(client, &url).await?)
        .map_err(|e| format!("GET {url}: {e}"))?;
    let proof: Vec<Hash> = body
        .proof
        .iter()
        .map(|h| from_hex(h).ok_or_else(|| format!("GET {url}: bad proof hash `{h}`")))
        .collect::<Result<_, _>>()?;
    if !verify_consistency(&proof, before.tree_size, old_root, now.size, now.root) {
        return Err(format!(
            "the log was rewritten: the checkpoint of size {} accepted before is not a prefix of the new one of size {}",
            before.tree_size, now.size
        ));
    }
    Ok(before.tree_size)
}
