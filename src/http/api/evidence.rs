//! `GET /tasks/{task_id}/evidence`: one archive an auditor files
//! (docs/design.md §18, docs/spec.md §13): the export, the report as a page
//! that stands alone, the log's key and the witness policy, the erasure,
//! hold and oversight records, every record's provable time, a text saying
//! how to check it offline, and a manifest the log signs.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde_json::{json, Value};

use crate::domain::evidence::{self, PackStatement, MANIFEST, MANIFEST_SIG};
use crate::http::api::tasks::{export_checkpoint, export_stream};
use crate::http::log::provable_time::ProvableTime;
use crate::http::problem::responses::{InternalError, NotFound, Unavailable};
use crate::http::problem::ApiError;
use crate::http::wire::TaskPath;
use crate::http::AppState;

/// Download a task's evidence pack.
///
/// A ZIP archive (stored): `export.ndjson` (the task's export: records,
/// proofs, checkpoint with cosignatures, the task statement, the witness
/// times), `report.html` (the audit report, styles inlined), `log.vkey`,
/// `witness.policy` (with a witness policy), `erasures.json`, `holds.json`
/// and `oversight.json` (those records of the trail), `times.json` (each
/// record's provable time), `README.txt` (how to check it offline), and
/// `manifest.json` with `manifest.sig`, the log's signed statement of the
/// manifest's SHA-256. `decision-trail verify PACK` checks it whole.
#[utoipa::path(
    get, path = "/tasks/{task_id}/evidence", operation_id = "evidence", tag = "tasks",
    params(TaskPath),
    responses(
        (status = 200, description = "The evidence pack, a ZIP archive", content_type = "application/zip", body = Vec<u8>,
         headers(("Content-Disposition" = String, description = "`attachment; filename=\"evidence-<task>.zip\"`"))),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn evidence(
    State(state): State<AppState>,
    Path(TaskPath { task_id }): Path<TaskPath>,
) -> Result<Response, ApiError> {
    let Some(task) = state.store.task(&task_id).await? else {
        return Err(ApiError::NotFound(format!("no task has id `{task_id}`")));
    };
    let checkpoint = export_checkpoint(&state, &task, None).await?;
    let tree_size = checkpoint.tree_size;
    let origin = state.store.origin();
    let report = crate::http::ui::report_standalone(&state, &task, checkpoint.clone()).await?;
    let mut export = Vec::new();
    let (chunks, times) = export_stream(state.clone(), task_id.clone(), checkpoint).await?;
    let mut chunks = std::pin::pin!(chunks);
    while let Some(chunk) = chunks.next().await {
        let chunk: Bytes =
            chunk.map_err(|e| ApiError::Internal(format!("the export failed: {e}")))?;
        export.extend_from_slice(&chunk);
    }
    let parts = Parts::of(&export, &times)?;
    let key = format!("{}\n", state.store.verifier_key());
    let policy = state
        .witnessing
        .as_ref()
        .map(|w| w.policy().text().to_string());
    let mut files: Vec<(&str, Vec<u8>)> = vec![
        (
            "README.txt",
            readme(&task_id, policy.is_some()).into_bytes(),
        ),
        ("export.ndjson", export),
        ("report.html", report.into_bytes()),
        ("log.vkey", key.into_bytes()),
    ];
    if let Some(policy) = policy {
        files.push(("witness.policy", policy.into_bytes()));
    }
    for (name, records) in [
        ("erasures.json", parts.erasures),
        ("holds.json", parts.holds),
        ("oversight.json", parts.oversight),
        ("times.json", parts.times),
    ] {
        files.push((name, pretty(&Value::Array(records))));
    }
    let manifest = evidence::manifest(&task_id, tree_size, &files);
    let statement = PackStatement {
        origin,
        tree_size,
        task_id: task_id.clone(),
        manifest_sha256: evidence::sha256_hex(manifest.as_bytes()),
    };
    let signed = state.store.sign_note(&statement.text());
    files.push((MANIFEST, manifest.into_bytes()));
    files.push((MANIFEST_SIG, signed.into_bytes()));
    let zip = evidence::write_zip(&files, chrono::Utc::now()).map_err(ApiError::Internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", evidence::file_name(&task_id)),
            ),
        ],
        zip,
    )
        .into_response())
}

fn pretty(value: &Value) -> Vec<u8> {
    let mut text = serde_json::to_vec_pretty(value).expect("JSON serializes");
    text.push(b'\n');
    text
}

/// The parts of a pack read from its export.
struct Parts {
    erasures: Vec<Value>,
    holds: Vec<Value>,
    oversight: Vec<Value>,
    times: Vec<Value>,
}

impl Parts {
    /// Sorts the export's records into the pack's files, beside each one's
    /// provable time (`times`, in the export's order).
    fn of(export: &[u8], times: &[ProvableTime]) -> Result<Parts, ApiError> {
        let text = std::str::from_utf8(export).map_err(|e| ApiError::Internal(e.to_string()))?;
        let mut parts = Parts {
            erasures: Vec::new(),
            holds: Vec::new(),
            oversight: Vec::new(),
            times: Vec::new(),
        };
        let records = text.lines().skip(1).filter(|l| !l.is_empty());
        for (line, time) in records.zip(times) {
            let value: Value = serde_json::from_str(line)
                .map_err(|e| ApiError::Internal(format!("an export line: {e}")))?;
            let record = &value["record"];
            match evidence::part_of(record) {
                Some(evidence::Part::Erasure) => parts.erasures.push(record.clone()),
                Some(evidence::Part::Hold) => parts.holds.push(record.clone()),
                Some(evidence::Part::Oversight) => parts.oversight.push(record.clone()),
                None => {}
            }
            parts.times.push(json!({
                "id": record["id"],
                "seq": record["seq"],
                "log_index": record["log_index"],
                "existed_by": time.existed_by(),
                "witnesses": time.witnesses(),
            }));
        }
        Ok(parts)
    }
}

/// The pack's `README.txt`: what each file is, and how to check it
/// offline with each verifier the project ships.
fn readme(task_id: &str, policy: bool) -> String {
    let p = if policy {
        " --policy witness.policy"
    } else {
        ""
    };
    format!(
        "Evidence pack of task {task_id} (decision-trail)\n\
         \n\
         export.ndjson   the task's records, each with its inclusion proof in the log's signed\n\
         \x20               checkpoint (with its witnesses' cosignatures), the log's signed\n\
         \x20               statement of the chain's length and head, and the witness times\n\
         report.html     the audit report; open it in a browser, print it to PDF\n\
         log.vkey        the log's verifier key: compare it with a copy kept outside the service\n\
         {}\
         erasures.json   the records that erased a record's content (who, when, why)\n\
         holds.json      the legal holds placed and lifted\n\
         oversight.json  the reviewers' verdicts on decisions\n\
         times.json      each record's provable time: by when a quorum of witnesses had seen it\n\
         manifest.json   every file above with its SHA-256; manifest.sig, the log's signature of it\n\
         \n\
         Check the whole pack (the decision-trail binary):\n\
         \n\
         \x20   decision-trail verify evidence.zip --key log.vkey{p}\n\
         \n\
         Check the export with a verifier that shares no code with the service\n\
         (docs/spec.md; verifiers/python and verifiers/js in its repository):\n\
         \n\
         \x20   python3 -m decision_trail_verify export.ndjson --key log.vkey{p}\n\
         \x20   npx decision-trail-verify export.ndjson --key log.vkey{p}\n\
         \n\
         Exit status 0: the records are the task's whole chain, as the log signed it;\n\
         3: every check passed but the chain is not shown whole; 1: a check failed (it is named).\n",
        if policy {
            "witness.policy  the witness policy: whose cosignatures, and how many, count\n"
        } else {
            ""
        },
    )
}
