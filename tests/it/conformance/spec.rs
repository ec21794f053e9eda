//! The verification vectors of docs/spec.md (`docs/vectors/manifest.json`):
//! `decision-trail verify FILE --json` gives each the verdict, code, line and
//! record count the manifest states, with the verdict's exit status. The
//! Python and JavaScript verifiers are held to the same vectors
//! (`verifiers/agree.py`).

use std::path::Path;

use serde_json::Value;

use crate::support::run_binary_status;

fn arg(folder: &Path, entry: &Value, flag: &str, args: &mut Vec<String>) {
    if let Some(file) = entry[flag].as_str() {
        args.push(format!("--{flag}"));
        args.push(folder.join(file).display().to_string());
    }
}

#[tokio::test]
async fn every_vector_of_the_spec_gets_its_verdict() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/vectors");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("manifest.json")).unwrap())
            .unwrap();
    let vectors = manifest["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 40, "the manifest lists {}", vectors.len());
    let mut verdicts = std::collections::BTreeSet::new();
    let mut wrong = Vec::new();
    for entry in vectors {
        let mut args = vec![
            "verify".to_string(),
            folder
                .join(entry["file"].as_str().unwrap())
                .display()
                .to_string(),
            "--json".into(),
        ];
        for flag in ["key", "checkpoint", "policy", "record"] {
            arg(&folder, entry, flag, &mut args);
        }
        let (status, out, err) = run_binary_status(args).await;
        let expect = &entry["expect"];
        let got: Value = match serde_json::from_str(&out) {
            Ok(v) => v,
            Err(_) => {
                wrong.push(format!("{}: not a verdict: {out}{err}", entry["name"]));
                continue;
            }
        };
        let said = |v: &Value| (v["verdict"].clone(), v["code"].clone(), v["line"].clone());
        let status_due = match expect["verdict"].as_str() {
            Some("whole" | "one_record") => 0,
            Some("not_shown") => 3,
            _ => 1,
        };
        if said(&got) != said(expect)
            || status != Some(status_due)
            || (expect.get("records").is_some() && got["records"] != expect["records"])
            || (expect.get("existed_by").is_some() && got["existed_by"] != expect["existed_by"])
        {
            wrong.push(format!(
                "{}: expected {expect}, got {got} (exit {status:?})",
                entry["name"]
            ));
        }
        verdicts.insert(expect["verdict"].as_str().unwrap().to_string());
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every verdict is exercised, each failure kind many times over.
    assert_eq!(
        verdicts.into_iter().collect::<Vec<_>>(),
        ["failed", "not_shown", "one_record", "whole"]
    );
}
