//! Work sessions and record trees (docs/design.md §6): a session's summary
//! and the page of sessions, and the trail from a record up to its root.

use crate::domain::cursor::{self, CursorKind};
use crate::domain::Record;
use crate::store::reads::listings::paginate;
use crate::store::{Page, SessionSummary, Store, StoreError, MAX_TRAIL};

impl Store {
    /// The session's summary, with its tasks and agents.
    pub async fn session(&self, session_id: &str) -> Result<Option<SessionSummary>, StoreError> {
        Ok(self.reads.session(session_id).await?.map(|(_, s)| s))
    }

    /// A page of sessions, in the order of their first record.
    pub async fn sessions(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<SessionSummary>, StoreError> {
        let after = match after {
            None => None,
            Some(token) => {
                let first =
                    cursor::decode(CursorKind::Sessions, token).ok_or(StoreError::UnknownCursor)?;
                let starts = self.reads.seq_at(first).await?;
                let named = match starts {
                    Some(_) => self
                        .record_at(first)
                        .await?
                        .and_then(|r| r.authored.session_id),
                    None => None,
                };
                // The cursor must name the first record of a session.
                match named {
                    Some(s) if self.reads.session(&s).await?.map(|(f, _)| f) == Some(first) => {
                        Some(first)
                    }
                    _ => return Err(StoreError::UnknownCursor),
                }
            }
        };
        let rows = self.reads.sessions(after, limit + 1).await?;
        let page = paginate(rows, limit, |(first, _)| {
            cursor::encode(CursorKind::Sessions, *first)
        });
        Ok(Page {
            items: page.items.into_iter().map(|(_, s)| s).collect(),
            next: page.next,
        })
    }

    /// The records from the root of `id`'s tree down to `id` (docs/design.md
    /// §6): None when there is no such record.
    pub async fn trail(&self, id: &str) -> Result<Option<Vec<Record>>, StoreError> {
        let Some(mut record) = self.record(id).await? else {
            return Ok(None);
        };
        let mut trail = Vec::new();
        while let Some(parent) = record.authored.parent_id.clone() {
            if trail.len() + 1 >= MAX_TRAIL {
                return Err(StoreError::Internal(format!(
                    "the trail of {id} is longer than {MAX_TRAIL} records"
                )));
            }
            trail.push(record);
            // The database refuses a parent that is not an earlier record of
            // the task, so each step goes back and the walk ends.
            record = self.record(&parent).await?.ok_or_else(|| {
                StoreError::Internal(format!("record {parent}, a parent, is missing"))
            })?;
        }
        trail.push(record);
        trail.reverse();
        Ok(Some(trail))
    }
}
