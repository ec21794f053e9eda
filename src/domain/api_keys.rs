//! API keys: who may write, and as which agent.
//!
//! A key is a random bearer token. Only its SHA-256 is kept (in the keys file,
//! one JSON object per line), with the `agent_id` it is bound to and its role.
//! A token is looked up by hashing it and comparing the hash with every entry
//! in constant time, so neither the comparison nor the lookup order tells an
//! attacker how close a guess was.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::record::{identifier_problem, new_identifier_problem};

/// What a key may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Appends records (as its agent) and reads.
    Writer,
    /// Reads only.
    Reader,
    /// A person overseeing agents: reads, and records verdicts on decisions
    /// (oversight records, docs/design.md §18) as its agent id; nothing else.
    Reviewer,
    /// Appends and reads as a writer does, and erases erasable records'
    /// content and places legal holds (docs/design.md §12).
    Admin,
}

impl Role {
    /// Every role, in the order they are named to people (least power first).
    pub const ALL: [Role; 4] = [Role::Reader, Role::Reviewer, Role::Writer, Role::Admin];

    /// The roles' names, as people read them: "reader, reviewer, writer or admin".
    pub fn names() -> String {
        let names: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// Whether the role appends agents' records, traces and snapshots
    /// (a writer's or an admin's; a reviewer records verdicts only).
    pub fn appends(self) -> bool {
        matches!(self, Role::Writer | Role::Admin)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Writer => "writer",
            Role::Reader => "reader",
            Role::Reviewer => "reviewer",
            Role::Admin => "admin",
        }
    }
}

impl std::str::FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Role, String> {
        Role::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| format!("role `{s}` is not {}", Role::names()))
    }
}

/// Prefix of every token, so a leaked one is recognisable (secret scanners).
pub const TOKEN_PREFIX: &str = "dtk_";

/// Prefix of a stored key hash: names the hash function.
const HASH_PREFIX: &str = "sha256:";

/// One line of the keys file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyEntry {
    /// `sha256:` and the lowercase hex SHA-256 of the token.
    pub key_hash: String,
    /// The agent every record written with this key is attributed to.
    pub agent_id: String,
    pub role: Role,
    /// When the key was made; informational.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<String>,
    /// What the operator calls the key (who holds it, what for);
    /// informational, shown by `keys list`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// The most characters a key's label may have.
pub const MAX_LABEL_CHARS: usize = 200;

/// Hex digits of the token's hash that name a key (`keys list`, `keys
/// revoke`): enough to tell a file's keys apart, and nothing to guess the
/// token by.
pub const FINGERPRINT_HEX: usize = 12;

/// The token for 32 random bytes: the prefix and their unpadded base64url.
pub fn token_from_bytes(random: &[u8; 32]) -> String {
    format!("{TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(random))
}

/// The stored form of a token's hash.
pub fn key_hash(token: &str) -> String {
    format!(
        "{HASH_PREFIX}{}",
        hex::encode(Sha256::digest(token.as_bytes()))
    )
}

impl KeyEntry {
    /// The entry for a new token; `agent_id` must be a valid identifier.
    pub fn new(
        token: &str,
        agent_id: &str,
        role: Role,
        created: Option<String>,
    ) -> Result<KeyEntry, String> {
        if let Some(problem) = new_identifier_problem(agent_id) {
            return Err(format!("agent_id {problem}"));
        }
        Ok(KeyEntry {
            key_hash: key_hash(token),
            agent_id: agent_id.to_string(),
            role,
            created,
            label: None,
        })
    }

    /// The key's short name: the first hex digits of its token's hash.
    pub fn fingerprint(&self) -> &str {
        let hex = self
            .key_hash
            .strip_prefix(HASH_PREFIX)
            .unwrap_or(&self.key_hash);
        &hex[..hex.len().min(FINGERPRINT_HEX)]
    }

    /// Whether `what` names this key: a prefix of its token's hash of at
    /// least 8 hex digits (its fingerprint, or more of it), or its agent.
    pub fn is_named_by(&self, what: &str) -> bool {
        let hex = self
            .key_hash
            .strip_prefix(HASH_PREFIX)
            .unwrap_or(&self.key_hash);
        let what_hex = what.strip_prefix(HASH_PREFIX).unwrap_or(what);
        (what_hex.len() >= 8 && hex.starts_with(what_hex)) || self.agent_id == what
    }

    /// The entry as one line of the keys file (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a key entry always serializes")
    }
}

/// The keys a service accepts, with their hashes decoded once.
#[derive(Debug, Clone, Default)]
pub struct KeyRing {
    entries: Vec<([u8; 32], KeyEntry)>,
}

impl KeyRing {
    /// Reads a keys file: one JSON object per line; blank lines and lines
    /// starting with `#` are skipped. Every bad line is reported, by number.
    pub fn parse(text: &str) -> Result<KeyRing, Vec<String>> {
        let mut entries: Vec<([u8; 32], KeyEntry)> = Vec::new();
        let mut errors = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let n = n + 1;
            let entry: KeyEntry = match serde_json::from_str(line) {
                Ok(e) => e,
                Err(e) => {
                    errors.push(format!("line {n}: {e}"));
                    continue;
                }
            };
            let Some(digest) = decode_hash(&entry.key_hash) else {
                errors.push(format!(
                    "line {n}: key_hash must be `sha256:` and 64 lowercase hex digits"
                ));
                continue;
            };
            if let Some(problem) = identifier_problem(&entry.agent_id) {
                errors.push(format!("line {n}: agent_id {problem}"));
                continue;
            }
            if let Some(problem) = entry.label.as_deref().and_then(label_problem) {
                errors.push(format!("line {n}: label {problem}"));
                continue;
            }
            if entries.iter().any(|(d, _)| d == &digest) {
                errors.push(format!("line {n}: the same key is listed twice"));
                continue;
            }
            entries.push((digest, entry));
        }
        if errors.is_empty() {
            Ok(KeyRing { entries })
        } else {
            Err(errors)
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries, in the file's order.
    pub fn entries(&self) -> impl Iterator<Item = &KeyEntry> {
        self.entries.iter().map(|(_, e)| e)
    }

    /// The entry of `token`, if it is one of the ring's keys. Every entry is
    /// compared, in constant time, whatever matches.
    pub fn authenticate(&self, token: &str) -> Option<&KeyEntry> {
        let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        let mut found = None;
        for (stored, entry) in &self.entries {
            if bool::from(stored.ct_eq(&digest)) {
                found = Some(entry);
            }
        }
        found
    }
}

/// Why a key's label cannot be taken, if it cannot: at most
/// [`MAX_LABEL_CHARS`] characters, no control characters.
pub fn label_problem(label: &str) -> Option<String> {
    let chars = label.chars().count();
    if chars > MAX_LABEL_CHARS {
        Some(format!(
            "must be at most {MAX_LABEL_CHARS} characters, not {chars}"
        ))
    } else if label.chars().any(char::is_control) {
        Some("must not hold control characters".into())
    } else {
        None
    }
}

fn decode_hash(stored: &str) -> Option<[u8; 32]> {
    let hex_part = stored.strip_prefix(HASH_PREFIX)?;
    if !super::record::is_hash_hex(hex_part) {
        return None;
    }
    hex::decode(hex_part).ok()?.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_authenticates_as_its_entry_and_nothing_else_does() {
        let token = token_from_bytes(&[7; 32]);
        assert!(token.starts_with(TOKEN_PREFIX));
        let entry = KeyEntry::new(&token, "planner-1", Role::Writer, None).unwrap();
        let other = KeyEntry::new(&token_from_bytes(&[8; 32]), "r", Role::Reader, None).unwrap();
        let text = format!("# keys\n\n{}\n{}\n", entry.to_line(), other.to_line());
        let ring = KeyRing::parse(&text).unwrap();
        assert_eq!(ring.len(), 2);
        assert_eq!(ring.authenticate(&token), Some(&entry));
        assert_eq!(
            ring.authenticate(&token_from_bytes(&[8; 32])).unwrap().role,
            Role::Reader
        );
        assert_eq!(ring.authenticate("dtk_guess"), None);
        assert_eq!(
            ring.authenticate(&entry.key_hash),
            None,
            "the hash is not a token"
        );
    }

    #[test]
    fn an_admin_key_is_read_back_as_admin() {
        let line = KeyEntry::new(&token_from_bytes(&[4; 32]), "dpo", Role::Admin, None)
            .unwrap()
            .to_line();
        assert!(line.contains("\"role\":\"admin\""), "{line}");
        let ring = KeyRing::parse(&line).unwrap();
        let entry = ring.authenticate(&token_from_bytes(&[4; 32])).unwrap();
        assert_eq!((entry.role, entry.role.as_str()), (Role::Admin, "admin"));
        assert_eq!("admin".parse::<Role>(), Ok(Role::Admin));
    }

    #[test]
    fn the_file_keeps_only_the_hash() {
        let token = token_from_bytes(&[1; 32]);
        let line = KeyEntry::new(&token, "a", Role::Writer, None)
            .unwrap()
            .to_line();
        assert!(!line.contains(&token[TOKEN_PREFIX.len()..]));
        assert!(line.contains(&hex::encode(Sha256::digest(token.as_bytes()))));
    }

    #[test]
    fn every_bad_line_is_reported_by_number() {
        let good = KeyEntry::new(&token_from_bytes(&[1; 32]), "a", Role::Writer, None)
            .unwrap()
            .to_line();
        let text = format!(
            "{good}\nnot json\n{{\"key_hash\":\"sha256:zz\",\"agent_id\":\"a\",\"role\":\"writer\"}}\n\
             {{\"key_hash\":\"{h}\",\"agent_id\":\"a\",\"role\":\"owner\"}}\n{good}\n\
             {{\"key_hash\":\"{h}\",\"agent_id\":\"\",\"role\":\"reader\"}}\n",
            h = key_hash("x")
        );
        let errors = KeyRing::parse(&text).unwrap_err();
        assert_eq!(errors.len(), 5, "{errors:?}");
        for (i, n) in [2, 3, 4, 5, 6].iter().enumerate() {
            assert!(errors[i].starts_with(&format!("line {n}:")), "{errors:?}");
        }
    }

    #[test]
    fn a_key_is_named_by_its_fingerprint_or_its_agent_and_keeps_its_label() {
        let mut entry =
            KeyEntry::new(&token_from_bytes(&[9; 32]), "planner", Role::Writer, None).unwrap();
        entry.label = Some("CI runner".into());
        let fingerprint = entry.fingerprint().to_string();
        assert_eq!(fingerprint.len(), FINGERPRINT_HEX);
        assert!(entry.key_hash.contains(&fingerprint));
        assert!(entry.is_named_by(&fingerprint));
        assert!(entry.is_named_by(&fingerprint[..8]));
        assert!(
            !entry.is_named_by(&fingerprint[..7]),
            "too short to name a key"
        );
        assert!(entry.is_named_by("planner"));
        assert!(!entry.is_named_by("plan"));
        let ring = KeyRing::parse(&entry.to_line()).unwrap();
        assert_eq!(
            ring.entries().next().unwrap().label.as_deref(),
            Some("CI runner")
        );
        entry.label = Some("a\u{7}b".into());
        assert!(KeyRing::parse(&entry.to_line()).is_err());
    }

    #[test]
    fn agent_ids_follow_the_record_rules() {
        assert!(KeyEntry::new("t", "a\u{0}b", Role::Writer, None).is_err());
        assert!(KeyEntry::new("t", "", Role::Writer, None).is_err());
    }
}
