//! A witness's database against its own copy of what it cosigned
//! (docs/design.md §2, "Witnesses"; the copy is `store::witness_copy`).

use crate::domain::merkle::Hash;

/// What the copy says of one origin: the largest size cosigned since the
/// last reset, and its root; None after a reset.
pub type Cosigned = Option<(u64, Hash)>;

/// How the witness's database compares with the copy, for one origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// At or beyond the copy: the witness may go on.
    Ok,
    /// Behind the copy, missing, or at the copy's size with another root.
    Behind(String),
}

/// The database's state `db` (size, root) for `origin` against the copy's.
pub fn standing(origin: &str, copy: Cosigned, db: Option<(u64, Hash)>) -> Standing {
    match (copy, db) {
        (None, _) => Standing::Ok,
        (Some((size, _)), None) => Standing::Behind(format!(
            "the database has no state for the log `{origin}`, which this witness cosigned at size \
             {size} (the copy says): it was deleted or replaced"
        )),
        (Some((size, _)), Some((at, _))) if at < size => Standing::Behind(format!(
            "the database is at size {at} of the log `{origin}`, behind size {size} this witness \
             cosigned (the copy says): it was restored to an earlier state"
        )),
        (Some((size, root)), Some((at, other))) if at == size && other != root => {
            Standing::Behind(format!(
                "the database holds another root at size {size} of the log `{origin}` than this \
                 witness cosigned (the copy says)"
            ))
        }
        _ => Standing::Ok,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_behind_the_copy_does_not_stand() {
        let copy = Some((9, Hash([9; 32])));
        assert_eq!(standing("l", copy, Some((9, Hash([9; 32])))), Standing::Ok);
        assert_eq!(standing("l", copy, Some((12, Hash([1; 32])))), Standing::Ok);
        assert_eq!(standing("l", None, None), Standing::Ok);
        for db in [None, Some((8, Hash([8; 32]))), Some((9, Hash([1; 32])))] {
            assert!(
                matches!(standing("l", copy, db), Standing::Behind(_)),
                "{db:?}"
            );
        }
    }
}
