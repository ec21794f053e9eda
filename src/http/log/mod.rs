//! The Merkle log as served (docs/design.md §2): `tlog` (`/log`: the signed
//! checkpoint, the verifier key, RFC 9162 proofs), `tiles` (C2SP tlog-tiles
//! at the root), `receipts` (a record with its proof), `provable_time` (when
//! a quorum of witnesses had seen a record), `witnessing` (the log asks its
//! witnesses to cosign) and `witness` (the C2SP tlog-witness server of
//! `decision-trail witness`, its own application).

pub(crate) mod provable_time;
pub(crate) mod receipts;
pub(crate) mod tiles;
pub(crate) mod tlog;
pub mod witness;
pub mod witnessing;
