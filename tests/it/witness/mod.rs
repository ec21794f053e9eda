//! Witnesses: `decision-trail witness` against a log built outside this
//! crate's code (`server`), and a service that asks witnesses to cosign
//! (`service`, `postgres`).

mod evidence;
mod postgres;
mod server;
pub(crate) mod service;
mod state;
mod time;

use std::io::BufRead;
use std::net::SocketAddr;
use std::path::Path;

use serde_json::Value;
use signed_note::{Note, StandardSigner};
use tlog_tiles::tlog::{self, Hash, HashReader};

use crate::support::BIN;

/// A log kept with `tlog_tiles` and signed with `signed_note` directly: the
/// checkpoints and proofs a witness sees from any C2SP log, not from ours.
pub struct ForeignLog {
    /// Every stored hash, at its stored-hash index.
    stored: Vec<Hash>,
    /// Leaves so far.
    pub size: u64,
    /// The log's signer key text.
    skey: String,
    pub vkey: String,
    pub origin: String,
}

impl HashReader for ForeignLog {
    fn read_hashes(&self, indexes: &[u64]) -> Result<Vec<Hash>, tlog::Error> {
        Ok(indexes.iter().map(|&i| self.stored[i as usize]).collect())
    }
}

impl ForeignLog {
    pub fn new(origin: &str) -> ForeignLog {
        let (skey, vkey) = signed_note::generate_key(&mut rand_core::OsRng, origin);
        ForeignLog::with_key(origin, skey, vkey)
    }

    /// A second log state under the same key: a fork, as someone holding
    /// the key could sign.
    pub fn fork(&self) -> ForeignLog {
        ForeignLog::with_key(&self.origin, self.skey.clone(), self.vkey.clone())
    }

    fn with_key(origin: &str, skey: String, vkey: String) -> ForeignLog {
        ForeignLog {
            stored: Vec::new(),
            size: 0,
            skey,
            vkey,
            origin: origin.to_string(),
        }
    }

    /// Appends leaves whose data is `prefix` and their index.
    pub fn grow(&mut self, to: u64, prefix: &str) {
        while self.size < to {
            let data = format!("{prefix}{}", self.size);
            let hashes = tlog::stored_hashes(self.size, data.as_bytes(), self).unwrap();
            self.stored.extend(hashes);
            self.size += 1;
        }
    }

    pub fn root(&self) -> Hash {
        tlog::tree_hash(self.size, self).unwrap()
    }

    /// The signed checkpoint of the current size.
    pub fn checkpoint(&self) -> String {
        use base64::Engine;
        let text = format!(
            "{}\n{}\n{}\n",
            self.origin,
            self.size,
            base64::engine::general_purpose::STANDARD.encode(self.root().0)
        );
        let mut note = Note::new(text.as_bytes(), &[]).unwrap();
        note.add_sigs(&[&StandardSigner::new(&self.skey).unwrap()])
            .unwrap();
        String::from_utf8(note.to_bytes()).unwrap()
    }

    /// The consistency proof from `old` to the current size, as body lines.
    pub fn proof_lines(&self, old: u64) -> String {
        use base64::Engine;
        if old == 0 {
            return String::new();
        }
        tlog::prove_tree(self.size, old, self)
            .unwrap()
            .iter()
            .map(|h| {
                format!(
                    "{}\n",
                    base64::engine::general_purpose::STANDARD.encode(h.0)
                )
            })
            .collect()
    }

    /// An `add-checkpoint` body from `old`.
    pub fn request(&self, old: u64) -> String {
        format!(
            "old {old}\n{}\n{}",
            self.proof_lines(old),
            self.checkpoint()
        )
    }
}

/// `decision-trail witness key --name NAME --out FILE`: its verifier key.
pub fn witness_key(name: &str, out: &Path) -> String {
    let done = std::process::Command::new(BIN)
        .args(["witness", "key", "--name", name, "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    String::from_utf8(done.stdout).unwrap().trim().to_string()
}

/// A `decision-trail witness` process; killed when dropped.
#[derive(Debug)]
pub struct WitnessProcess {
    pub child: std::process::Child,
    pub addr: SocketAddr,
    pub vkey: String,
}

impl Drop for WitnessProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl WitnessProcess {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// Makes a key named `name` in `dir`, writes `logs` as its logs file and
/// starts a witness on a loopback port.
pub fn start_witness(dir: &Path, name: &str, logs: &[&str]) -> WitnessProcess {
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let key = dir.join(format!("{slug}.key"));
    let vkey = if key.exists() {
        String::new()
    } else {
        witness_key(name, &key)
    };
    let logs_file = dir.join(format!("{slug}.logs"));
    let text: String = logs.iter().map(|vkey| format!("log {vkey}\n")).collect();
    std::fs::write(&logs_file, text).unwrap();
    let mut child = std::process::Command::new(BIN)
        .args([
            "witness",
            "--listen",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--key",
        ])
        .arg(&key)
        .arg("--logs")
        .arg(&logs_file)
        .arg("--database-url")
        .arg(format!(
            "sqlite://{}",
            dir.join(format!("{slug}.db")).display()
        ))
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let (addr, announced) = loop {
        let line = lines.next().expect("the witness logs its address").unwrap();
        let v: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        if let Some(listen) = v["fields"]["listen"].as_str() {
            break (
                listen.parse().unwrap(),
                v["fields"]["vkey"].as_str().unwrap().to_string(),
            );
        }
    };
    std::thread::spawn(move || for _ in lines {});
    assert!(vkey.is_empty() || vkey == announced);
    WitnessProcess {
        child,
        addr,
        vkey: announced,
    }
}

/// POSTs an `add-checkpoint` body: (status, content type, body).
pub async fn add_checkpoint(url: &str, body: String) -> (u16, String, String) {
    let answer = reqwest::Client::new()
        .post(format!("{url}/add-checkpoint"))
        .body(body)
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    let kind = answer
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, kind, answer.text().await.unwrap())
}
