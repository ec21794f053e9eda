//! API keys for tests that require them: five fixed tokens and the ring
//! that holds them.

use decision_trail::domain::api_keys::{token_from_bytes, KeyEntry, KeyRing, Role};

pub const WRITER: [u8; 32] = [1; 32];

pub const READER: [u8; 32] = [2; 32];

pub const OTHER_WRITER: [u8; 32] = [3; 32];

pub const ADMIN: [u8; 32] = [4; 32];

pub const REVIEWER: [u8; 32] = [5; 32];

pub fn ring() -> KeyRing {
    let lines: Vec<String> = [
        (WRITER, "planner-1", Role::Writer),
        (READER, "auditor", Role::Reader),
        (OTHER_WRITER, "coder-2", Role::Writer),
        (ADMIN, "dpo", Role::Admin),
        (REVIEWER, "reviewer-1", Role::Reviewer),
    ]
    .iter()
    .map(|(bytes, agent, role)| {
        KeyEntry::new(&token_from_bytes(bytes), agent, *role, None)
            .unwrap()
            .to_line()
    })
    .collect();
    KeyRing::parse(&lines.join("\n")).unwrap()
}

pub fn bearer(bytes: [u8; 32]) -> String {
    format!("Bearer {}", token_from_bytes(&bytes))
}
