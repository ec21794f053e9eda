//! Witnesses (docs/design.md §2, "Witnesses"): parties that cosign a log's
//! checkpoint only when it is consistent with every one they cosigned
//! before, so that a split view or a rollback needs them too.
//!
//! - `policy`: C2SP tlog-policy files, and the quorum rule;
//! - `cosignature`: C2SP tlog-cosignature `cosignature/v1` keys, signing and
//!   verifying;
//! - `add_checkpoint`: C2SP tlog-witness `add-checkpoint`, its bodies and the
//!   witness's checks;
//! - `time`: provable time, when a quorum of witnesses had seen a record;
//! - `standing`: a witness's database against its copy of what it cosigned.

pub mod add_checkpoint;
pub mod cosignature;
pub mod policy;
pub mod standing;
pub mod time;

pub use add_checkpoint::{AddCheckpoint, Refusal, WitnessedState};
pub use cosignature::{Cosigner, CosignerKey};
pub use policy::{
    split_note, Policy, PolicyLog, PolicyRefusal, PolicyWitness, QuorumCheck, StoredCheck,
};
pub use time::{ExistedBy, WitnessTime};
