//! A witness's database against its own copy of what it cosigned
//! (docs/design.md §2, "Witnesses"; the copy is `store::witness::copy`).

use crate::domain::merkle::Hash;

/// What the copy says of one origin: the largest size cosigned since the
/// last reset, and its root; None after a reset.
pub type Cosigned = Option<(u64, Hash)>;

/// How the witness's database compares with the copy, for one origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// At the copy's state: the witness may go on.
    Ok,
    /// Not at the copy's state: behind it, missing, ahead of it (a state
    /// the witness never answered for: replaced, or a crash between the
    /// database's commit and the copy's line), or at its size with another
    /// root.
    Differs(String),
}

/// The database's state `db` (size, root) for `origin` against the copy's.
pub fn standing(origin: &str, copy: Cosigned, db: Option<(u64, Hash)>) -> Standing {
    match (copy, db) {
        (None, _) => Standing::Ok,
        (Some((size, _)), None) => Standing::Differs(format!(
            "the database has no state for the log `{origin}`, which this witness cosigned at size \
             {size} (the copy says): it was deleted or replaced"
        )),
        (Some((size, _)), Some((at, _))) if at < size => Standing::Differs(format!(
            "the database is at size {at} of the log `{origin}`, behind size {size} this witness \
             cosigned (the copy says): it was restored to an earlier state"
        )),
        (Some((size, _)), Some((at, _))) if at > size => Standing::Differs(format!(
            "the database is at size {at} of the log `{origin}`, ahead of size {size} this witness \
             last answered for (the copy says): it was replaced, or the witness stopped between \
             the two writes"
        )),
        (Some((size, root)), Some((_, other))) if other != root => Standing::Differs(format!(
            "the database holds another root at size {size} of the log `{origin}` than this \
             witness cosigned (the copy says)"
        )),
        _ => Standing::Ok,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_not_at_the_copys_state_does_not_stand() {
        let copy = Some((9, Hash([9; 32])));
        assert_eq!(standing("l", copy, Some((9, Hash([9; 32])))), Standing::Ok);
        assert_eq!(standing("l", None, None), Standing::Ok);
        assert_eq!(standing("l", None, Some((3, Hash([3; 32])))), Standing::Ok);
        for db in [
            None,
            Some((8, Hash([8; 32]))),
            Some((9, Hash([1; 32]))),
            Some((12, Hash([1; 32]))),
        ] {
            assert!(
                matches!(standing("l", copy, db), Standing::Differs(_)),
                "{db:?}"
            );
        }
    }
}
