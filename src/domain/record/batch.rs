//! A batch of appends (`POST /thoughts/batch`, docs/design.md §3): one
//! object whose `records` are 1 to [`MAX_BATCH_RECORDS`] append bodies, read
//! whole: every bad item's every bad field is named by its path.

use super::input::{new_record_from_json, InputLimits, NewRecord};
use super::members::{object_members, refuse_unknown};
use crate::domain::json::JsonValue;
use crate::domain::FieldError;

/// Most records one batch appends.
pub const MAX_BATCH_RECORDS: usize = 1000;

/// The members a batch body may have.
const BATCH_FIELDS: [&str; 1] = ["records"];

/// The records of a batch body, in its order (None for an item that is
/// refused), and every problem of it, each named by its path
/// (`records[3].task_id`). The batch may be appended only when there is no
/// problem, and then every item is a record.
pub fn new_records_from_batch(
    body: &JsonValue,
    limits: &InputLimits,
) -> (Vec<Option<NewRecord>>, Vec<FieldError>) {
    let members = match object_members(body, "the body") {
        Ok(members) => members,
        Err(errors) => return (Vec::new(), errors),
    };
    let mut errors = Vec::new();
    refuse_unknown(
        members,
        &BATCH_FIELDS,
        "unknown field; a batch has only `records`",
        &mut errors,
    );
    let items = match body.get("records") {
        None => {
            errors.push(FieldError::new("records", "is required"));
            return (Vec::new(), errors);
        }
        Some(JsonValue::Array(items)) => items,
        Some(other) => {
            errors.push(FieldError::new(
                "records",
                format!("must be an array of append bodies, not {}", other.kind()),
            ));
            return (Vec::new(), errors);
        }
    };
    if items.is_empty() || items.len() > MAX_BATCH_RECORDS {
        errors.push(FieldError::new(
            "records",
            format!(
                "holds {} records; a batch holds 1 to {MAX_BATCH_RECORDS}",
                items.len()
            ),
        ));
        return (Vec::new(), errors);
    }
    let drafts = items
        .iter()
        .enumerate()
        .map(|(i, item)| match new_record_from_json(item, limits) {
            Ok(draft) => Some(draft),
            Err(problems) => {
                errors.extend(
                    problems
                        .into_iter()
                        .map(|e| FieldError::new(item_path(i, &e.field), e.message)),
                );
                None
            }
        })
        .collect();
    (drafts, errors)
}

/// The path of `field` of the batch's item `i` (the item itself when empty).
pub fn item_path(i: usize, field: &str) -> String {
    if field.is_empty() {
        format!("records[{i}]")
    } else {
        format!("records[{i}].{field}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::parse_body;

    fn read(body: &str) -> Result<Vec<NewRecord>, Vec<String>> {
        match new_records_from_batch(&parse_body(body).unwrap(), &InputLimits::default()) {
            (drafts, errors) if errors.is_empty() => Ok(drafts.into_iter().flatten().collect()),
            (_, errors) => Err(errors.iter().map(ToString::to_string).collect()),
        }
    }

    #[test]
    fn a_batch_is_read_in_order() {
        let drafts = read(
            r#"{"records":[
                {"type":"plan","task_id":"t","agent_id":"a","content":"one"},
                {"type":"decision","task_id":"t","agent_id":"a","content":"two"}]}"#,
        )
        .unwrap();
        let contents: Vec<&str> = drafts.iter().map(|d| d.authored.content.as_str()).collect();
        assert_eq!(contents, ["one", "two"]);
    }

    #[test]
    fn every_bad_field_of_every_item_is_named_by_its_path() {
        let errors = read(
            r#"{"records":[
                {"type":"plan","task_id":"t","agent_id":"a","content":"ok"},
                {"type":"guess","agent_id":"a","content":"x"},
                7,
                {"type":"plan","task_id":"t","agent_id":"a","content":"x","colour":1}]}"#,
        )
        .unwrap_err();
        let fields: Vec<&str> = errors
            .iter()
            .map(|e| e.split(':').next().unwrap())
            .collect();
        assert_eq!(
            fields,
            [
                "records[1].type",
                "records[1].task_id",
                "records[2]",
                "records[3].colour"
            ]
        );
    }

    #[test]
    fn a_batch_holds_one_to_a_thousand_records_and_nothing_else() {
        assert!(read(r#"{"records":[]}"#).unwrap_err()[0].contains("1 to 1000"));
        let item = r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#;
        let many = format!(r#"{{"records":[{}]}}"#, vec![item; 1001].join(","));
        assert!(read(&many).unwrap_err()[0].contains("holds 1001 records"));
        let most = format!(r#"{{"records":[{}]}}"#, vec![item; 1000].join(","));
        assert_eq!(read(&most).unwrap().len(), 1000);
        assert!(read(r#"{"records":{}}"#).unwrap_err()[0].starts_with("records: must be an array"));
        assert!(read(r#"{}"#).unwrap_err()[0].starts_with("records: is required"));
        let extra = format!(r#"{{"records":[{item}],"force":true}}"#);
        assert!(read(&extra).unwrap_err()[0].starts_with("force: unknown field"));
    }
}
