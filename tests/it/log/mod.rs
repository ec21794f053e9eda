//! The Merkle log over real HTTP and a real SQLite file: signed checkpoints, the
//! verifier key, inclusion and consistency proofs, receipts, chain verification
//! (with the database tampered the way an attacker with file access would),
//! exports, and the checks the service makes of its own log at start.
//!
//! - `proofs`: signed checkpoints and the key, inclusion and consistency
//!   proofs, receipts, exports;
//! - `verify`: chain verification with the database tampered, and the checks
//!   the service makes of its own log at start.

mod proofs;
mod verify;

use serde_json::Value;

use crate::support::{new_record, TestApp};

/// Appends `n` records over three tasks, in turn; returns them in log order.
async fn seed(app: &TestApp, n: usize) -> Vec<Value> {
    let mut out = Vec::new();
    for i in 0..n {
        let task = ["alpha", "beta", "gamma"][i % 3];
        out.push(
            app.append(&new_record("analysis", task, "a", &format!("step {i}")))
                .await,
        );
    }
    out
}
