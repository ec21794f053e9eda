//! C2SP tlog-policy: the logs, the witnesses, their groups and the quorum a
//! checkpoint needs; the parser (every error names its line) and the quorum
//! rule (docs/design.md §2, "Witnesses").

use std::collections::{HashMap, HashSet};

use super::cosignature::{line_parts, CosignerKey};
use crate::domain::checkpoint::{open_checkpoint, VerifiedCheckpoint};

/// A policy line that cannot be read, and which line it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PolicyError {
    /// 1-based line number; 0 for the file as a whole (no quorum line).
    pub line: usize,
    pub message: String,
}

/// A log the policy trusts: `log <vkey> [<url>]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyLog {
    /// The log's verifier key (signed-note, Ed25519); its name is the origin.
    pub vkey: String,
    /// The origin line its checkpoints carry (the vkey's name).
    pub origin: String,
    pub url: Option<String>,
}

/// A witness: `witness <name> <vkey> [<url>]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyWitness {
    /// The name the policy's groups and quorum use (the policy's own).
    pub name: String,
    pub key: CosignerKey,
    /// Its submission prefix (tlog-witness), where the log asks it to cosign.
    pub url: Option<String>,
}

/// A group member or the quorum: a witness or a group, by position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Member {
    Witness(usize),
    Group(usize),
}

/// `group <name> all|any|<k> <member>…`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    name: String,
    /// How many members must have witnessed.
    threshold: usize,
    members: Vec<Member>,
}

/// A parsed policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    pub logs: Vec<PolicyLog>,
    pub witnesses: Vec<PolicyWitness>,
    /// Groups in the order defined (a group names only earlier ones).
    groups: Vec<Group>,
    /// None: `quorum none` (or a `--logs` file, which has no quorum).
    quorum: Option<Member>,
    /// The policy as written: handed on as it is (an evidence pack's copy).
    text: String,
}

/// How a checkpoint fares against a policy's quorum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuorumCheck {
    /// The witnesses with a valid cosignature, by policy name.
    pub cosigned: Vec<String>,
    /// The witnesses without one.
    pub missing: Vec<String>,
    /// Whether the cosigners satisfy the quorum.
    pub satisfied: bool,
}

/// Why a checkpoint does not pass a policy.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PolicyRefusal {
    #[error("the checkpoint is signed by no log of the policy")]
    UnknownLog,
    #[error("the checkpoint lacks the policy's quorum of cosignatures: missing {}{}", .missing.join(", "), if .cosigned.is_empty() { String::new() } else { format!(" (cosigned by {})", .cosigned.join(", ")) })]
    NoQuorum {
        missing: Vec<String>,
        cosigned: Vec<String>,
    },
    #[error("the cosignature line `{0}` claims the key of the policy's witness `{1}` and does not verify with it")]
    BadCosignature(String, String),
}

/// The stored cosignature lines of one checkpoint, checked against the
/// policy's witness keys (docs/design.md §2, "Witnesses"): what may be
/// served, and what is tampering.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredCheck {
    /// At most one verifying line per policy witness, each without its
    /// newline, in the rows' order.
    pub served: Vec<String>,
    /// Why each refused row is refused: a line with a line break, one that
    /// is not a signature line, one stored under another witness than it
    /// names, or one claiming a policy key that does not verify.
    pub altered: Vec<String>,
}

fn error(line: usize, message: impl Into<String>) -> PolicyError {
    PolicyError {
        line,
        message: message.into(),
    }
}

impl Policy {
    /// Reads a whole policy: it must have its one quorum line.
    pub fn parse(text: &str) -> Result<Policy, PolicyError> {
        let (policy, quorum_lines) = Policy::read(text)?;
        if quorum_lines == 0 {
            return Err(error(0, "the policy has no `quorum` line"));
        }
        Ok(policy)
    }

    /// Reads a witness's `--logs` file: `log` lines only (comments and blank
    /// lines aside).
    pub fn parse_logs(text: &str) -> Result<Vec<PolicyLog>, PolicyError> {
        for (n, line) in text.lines().enumerate() {
            let first = line.split([' ', '\t']).find(|w| !w.is_empty());
            if let Some(word) = first.filter(|w| !w.starts_with('#') && *w != "log") {
                return Err(error(
                    n + 1,
                    format!("`{word}`: a logs file has only `log VKEY [URL]` lines"),
                ));
            }
        }
        Ok(Policy::read(text)?.0.logs)
    }

    fn read(text: &str) -> Result<(Policy, usize), PolicyError> {
        let mut policy = Policy {
            logs: Vec::new(),
            witnesses: Vec::new(),
            groups: Vec::new(),
            quorum: None,
            text: text.to_string(),
        };
        let mut names: HashMap<String, Member> = HashMap::new();
        let mut quorum_lines = 0;
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            if let Some(c) = line.chars().find(|&c| c.is_ascii_control() && c != '\t') {
                return Err(error(n, format!("control character {:?}", c)));
            }
            let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
            match words.as_slice() {
                [] => {}
                [first, ..] if first.starts_with('#') => {}
                ["log", vkey, rest @ ..] if rest.len() <= 1 => {
                    policy.push_log(n, vkey, rest.first())?;
                }
                ["witness", name, vkey, rest @ ..] if rest.len() <= 1 => {
                    let key = CosignerKey::parse(vkey).map_err(|e| error(n, e.to_string()))?;
                    if policy
                        .witnesses
                        .iter()
                        .any(|w| w.key.public_bytes() == key.public_bytes())
                    {
                        return Err(error(
                            n,
                            format!("witness `{name}` repeats another witness's key"),
                        ));
                    }
                    define(&mut names, n, name, Member::Witness(policy.witnesses.len()))?;
                    policy.witnesses.push(PolicyWitness {
                        name: name.to_string(),
                        key,
                        url: rest.first().map(|u| u.to_string()),
                    });
                }
                ["group", name, threshold, members @ ..] if !members.is_empty() => {
                    let group = policy.read_group(n, &names, name, threshold, members)?;
                    define(&mut names, n, name, Member::Group(policy.groups.len()))?;
                    policy.groups.push(group);
                }
                ["quorum", name] => {
                    quorum_lines += 1;
                    if quorum_lines > 1 {
                        return Err(error(n, "a policy has exactly one `quorum` line"));
                    }
                    policy.quorum = match *name {
                        "none" => None,
                        name => Some(*names.get(name).ok_or_else(|| {
                            error(
                                n,
                                format!("`{name}` is not a witness or group defined above"),
                            )
                        })?),
                    };
                }
                [keyword, ..] => {
                    return Err(error(
                        n,
                        match *keyword {
                            "log" => "expected `log VKEY [URL]`".to_string(),
                            "witness" => "expected `witness NAME VKEY [URL]`".to_string(),
                            "group" => {
                                "expected `group NAME all|any|K MEMBER…` with at least one member"
                                    .to_string()
                            }
                            "quorum" => "expected `quorum NAME`".to_string(),
                            other => {
                                format!("unknown keyword `{other}` (log, witness, group, quorum)")
                            }
                        },
                    ))
                }
            }
        }
        Ok((policy, quorum_lines))
    }

    fn push_log(&mut self, n: usize, vkey: &str, url: Option<&&str>) -> Result<(), PolicyError> {
        signed_note::StandardVerifier::new(vkey).map_err(|e| {
            error(
                n,
                format!("not a log verifier key (Ed25519 signed-note vkey): {e}"),
            )
        })?;
        let public = vkey.splitn(3, '+').nth(2).unwrap_or_default();
        if self
            .logs
            .iter()
            .any(|l| l.vkey.splitn(3, '+').nth(2) == Some(public))
        {
            return Err(error(n, "this log's key is listed twice"));
        }
        self.logs.push(PolicyLog {
            vkey: vkey.to_string(),
            origin: vkey.split('+').next().unwrap_or_default().to_string(),
            url: url.map(|u| u.to_string()),
        });
        Ok(())
    }

    fn read_group(
        &self,
        n: usize,
        names: &HashMap<String, Member>,
        name: &str,
        threshold: &str,
        members: &[&str],
    ) -> Result<Group, PolicyError> {
        let mut read = Vec::with_capacity(members.len());
        for member in members {
            if *member == "none" {
                return Err(error(n, "`none` cannot be a group member"));
            }
            let m = *names.get(*member).ok_or_else(|| {
                error(
                    n,
                    format!("`{member}` is not a witness or group defined above"),
                )
            })?;
            if read.contains(&m) {
                return Err(error(
                    n,
                    format!("`{member}` is listed twice in group `{name}`"),
                ));
            }
            read.push(m);
        }
        let threshold = match threshold {
            "all" => read.len(),
            "any" => 1,
            k => match k.parse::<usize>() {
                Ok(n) if n >= 1 && n <= read.len() && !k.starts_with('0') => n,
                _ => {
                    return Err(error(
                        n,
                        format!(
                            "the threshold `{k}` is not all, any, or a number from 1 to {}",
                            read.len()
                        ),
                    ))
                }
            },
        };
        Ok(Group {
            name: name.to_string(),
            threshold,
            members: read,
        })
    }

    /// Whether the witnesses at these positions (of [`Policy::witnesses`])
    /// satisfy the quorum.
    pub fn satisfied_by(&self, cosigned: &HashSet<usize>) -> bool {
        match self.quorum {
            None => true,
            Some(member) => self.witnessed(member, cosigned),
        }
    }

    fn witnessed(&self, member: Member, cosigned: &HashSet<usize>) -> bool {
        match member {
            Member::Witness(w) => cosigned.contains(&w),
            Member::Group(g) => {
                let group = &self.groups[g];
                group
                    .members
                    .iter()
                    .filter(|m| self.witnessed(**m, cosigned))
                    .count()
                    >= group.threshold
            }
        }
    }

    /// Which witnesses validly cosigned the checkpoint `body` among `lines`
    /// (signature lines; those of unknown keys are ignored), and whether they
    /// make the quorum.
    pub fn check_lines<'a>(
        &self,
        body: &str,
        lines: impl IntoIterator<Item = &'a str> + Clone,
    ) -> QuorumCheck {
        let mut cosigned = HashSet::new();
        for (i, witness) in self.witnesses.iter().enumerate() {
            if lines
                .clone()
                .into_iter()
                .any(|l| witness.key.verify_line(body, l).is_some())
            {
                cosigned.insert(i);
            }
        }
        let (has, lacks): (Vec<_>, Vec<_>) =
            (0..self.witnesses.len()).partition(|i| cosigned.contains(i));
        QuorumCheck {
            satisfied: self.satisfied_by(&cosigned),
            cosigned: has
                .into_iter()
                .map(|i| self.witnesses[i].name.clone())
                .collect(),
            missing: lacks
                .into_iter()
                .map(|i| self.witnesses[i].name.clone())
                .collect(),
        }
    }

    /// The policy witnesses a line claims to be by (key name and ID); a line
    /// of another key is none of them.
    fn claimed_by(&self, line: &str) -> Option<usize> {
        let (name, id, _) = line_parts(line)?;
        self.witnesses
            .iter()
            .position(|w| w.key.name() == name && w.key.id() == id)
    }

    /// Checks the stored cosignature rows `(witness key, line)` of the
    /// checkpoint `body`: a row is served only when its line is one line, is
    /// stored under the key it names, and verifies with that key, which is
    /// one of the policy's; anything else but a well-formed line of a key
    /// the policy does not know (a witness removed from it) is tampering.
    pub fn check_stored(&self, body: &str, rows: &[(String, String)]) -> StoredCheck {
        let mut check = StoredCheck::default();
        let mut served_by = HashSet::new();
        for (witness, line) in rows {
            if line.contains(['\n', '\r']) {
                check
                    .altered
                    .push(format!("the line stored for {witness} has a line break"));
                continue;
            }
            let Some((name, id, _)) = line_parts(line) else {
                check.altered.push(format!(
                    "the line stored for {witness} is not a cosignature line"
                ));
                continue;
            };
            let named = format!("{name}+{id:08x}");
            if named != *witness {
                check.altered.push(format!(
                    "the line stored for {witness} is signed by {named}"
                ));
                continue;
            }
            let Some(i) = self.claimed_by(line) else {
                continue;
            };
            if self.witnesses[i].key.verify_line(body, line).is_none() {
                check.altered.push(format!(
                    "the line stored for witness `{}` ({witness}) does not verify with its key",
                    self.witnesses[i].name
                ));
            } else if served_by.insert(i) {
                check.served.push(line.clone());
            }
        }
        check
    }

    /// A signed note (checkpoint and its signature lines) against the policy:
    /// signed by one of its logs (when it lists any) and cosigned by its quorum.
    pub fn check_note(
        &self,
        note: &str,
    ) -> Result<(Option<VerifiedCheckpoint>, QuorumCheck), PolicyRefusal> {
        let log = if self.logs.is_empty() {
            None
        } else {
            Some(
                self.logs
                    .iter()
                    .find_map(|l| open_checkpoint(note, &l.vkey).ok())
                    .ok_or(PolicyRefusal::UnknownLog)?,
            )
        };
        let (body, lines) = split_note(note).ok_or(PolicyRefusal::UnknownLog)?;
        self.check_claims(body, &lines)?;
        let check = self.check_lines(body, lines);
        if !check.satisfied {
            return Err(PolicyRefusal::NoQuorum {
                missing: check.missing,
                cosigned: check.cosigned,
            });
        }
        Ok((log, check))
    }

    /// Every line of `lines` that claims a policy witness's key verifies as
    /// its cosignature of `body`: a line that does not makes Go's
    /// sumdb/note refuse the whole note, so it is named, not skipped.
    pub fn check_claims(&self, body: &str, lines: &[&str]) -> Result<(), PolicyRefusal> {
        for line in lines {
            if let Some(i) = self.claimed_by(line) {
                if self.witnesses[i].key.verify_line(body, line).is_none() {
                    return Err(PolicyRefusal::BadCosignature(
                        line.trim_end().to_string(),
                        self.witnesses[i].name.clone(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The policy's text, as it was read.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the quorum needs any cosignature (not `quorum none`).
    pub fn needs_cosignatures(&self) -> bool {
        self.quorum.is_some()
    }
}

fn define(
    names: &mut HashMap<String, Member>,
    n: usize,
    name: &str,
    member: Member,
) -> Result<(), PolicyError> {
    if name == "none" {
        return Err(error(n, "`none` is a reserved name"));
    }
    if names.insert(name.to_string(), member).is_some() {
        return Err(error(n, format!("`{name}` is defined twice")));
    }
    Ok(())
}

/// A signed note's body (its text, final newline kept) and its signature
/// lines (newline-terminated), as C2SP signed-note lays them out.
pub fn split_note(note: &str) -> Option<(&str, Vec<&str>)> {
    let at = note.rfind("\n\n")?;
    let body = &note[..at + 1];
    let signatures = &note[at + 2..];
    if !signatures.ends_with('\n') {
        return None;
    }
    Some((body, signatures.split_inclusive('\n').collect()))
}

#[cfg(test)]
mod tests {
    use super::super::cosignature::Cosigner;
    use super::*;

    fn witness(name: &str) -> (Cosigner, String) {
        let cosigner =
            Cosigner::from_secret(&Cosigner::generate(name, &mut rand_core::OsRng).unwrap())
                .unwrap();
        let vkey = cosigner.key().vkey();
        (cosigner, vkey)
    }

    const LOG: &str = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";

    #[test]
    fn the_specs_example_shape_parses_and_its_quorum_is_two_levels() {
        let w: Vec<_> = (0..6).map(|i| witness(&format!("w{i}.example"))).collect();
        let text = format!(
            "# the example of tlog-policy\nlog {LOG}\n\nwitness X1 {}\nwitness X2 {}\n\twitness X3 {} https://x3.example/\n\
             group X-witnesses 2 X1 X2 X3\n\nwitness Y1 {}\nwitness Y2 {}\nwitness Y3 {}\n\
             group Y-witnesses any Y1 Y2 Y3\n\ngroup X-and-Y all X-witnesses Y-witnesses\nquorum X-and-Y\n",
            w[0].1, w[1].1, w[2].1, w[3].1, w[4].1, w[5].1
        );
        let policy = Policy::parse(&text).unwrap();
        assert_eq!(policy.logs[0].origin, "PeterNeumann");
        assert_eq!(
            policy.witnesses[2].url.as_deref(),
            Some("https://x3.example/")
        );
        let set = |v: &[usize]| v.iter().copied().collect::<HashSet<_>>();
        assert!(policy.satisfied_by(&set(&[0, 1, 5])));
        assert!(!policy.satisfied_by(&set(&[0, 1])));
        assert!(!policy.satisfied_by(&set(&[0, 3, 4, 5])));
        assert!(policy.satisfied_by(&set(&[0, 2, 3])));
    }

    #[test]
    fn only_stored_lines_that_verify_with_a_policy_key_are_served() {
        let (a, ka) = witness("a.example");
        let (b, kb) = witness("b.example");
        let (stranger, _) = witness("c.example");
        let policy = Policy::parse(&format!("witness A {ka}\nwitness B {kb}\nquorum A\n")).unwrap();
        let body = "log\n5\nAAAA\n";
        let key = |c: &Cosigner| format!("{}+{:08x}", c.key().name(), c.key().id());
        let line = |c: &Cosigner, body: &str| c.sign(body, 7).trim_end().to_string();
        let good_a = line(&a, body);
        // B's key and ID, but a signature over another checkpoint.
        let forged_b = line(&b, "log\n5\nBBBB\n");
        let rows = vec![
            (key(&a), format!("{good_a}\n{good_a}")),
            (key(&a), good_a.clone()),
            (key(&a), line(&a, body)),
            (key(&b), forged_b),
            (key(&b), "not a line".to_string()),
            (key(&a), line(&b, body)),
            (key(&stranger), line(&stranger, body)),
        ];
        let check = policy.check_stored(body, &rows);
        assert_eq!(check.served, vec![good_a.clone()]);
        assert_eq!(check.altered.len(), 4, "{:?}", check.altered);
        assert!(check.altered[0].contains("line break"));
        assert!(check.altered[1].contains("does not verify") && check.altered[1].contains("`B`"));
        assert!(check.altered[2].contains("not a cosignature line"));
        assert!(check.altered[3].contains("is signed by b.example"));
        // A note carrying a line that claims B's key and does not verify is
        // refused by name, whatever the quorum.
        let note = format!("{body}\n{good_a}\n{}\n", line(&b, "other\n"));
        assert!(matches!(
            policy.check_note(&note),
            Err(PolicyRefusal::BadCosignature(_, name)) if name == "B"
        ));
    }

    #[test]
    fn errors_name_their_line() {
        let (_, k1) = witness("a");
        let (_, k2) = witness("b");
        let cases = [
            (
                format!("witness A {k1}\nquorum B\n"),
                2,
                "not a witness or group",
            ),
            (
                format!("witness A {k1}\nwitness A {k2}\nquorum A\n"),
                2,
                "defined twice",
            ),
            (
                format!("witness A {k1}\nwitness B {k1}\nquorum A\n"),
                2,
                "repeats",
            ),
            (
                format!("witness A {k1}\ngroup G 2 A\nquorum G\n"),
                2,
                "threshold",
            ),
            (
                format!("witness A {k1}\ngroup G any A A\nquorum G\n"),
                2,
                "listed twice",
            ),
            (
                format!("witness A {k1}\ngroup G any none\nquorum G\n"),
                2,
                "`none`",
            ),
            (
                format!("witness A {k1}\nquorum A\nquorum A\n"),
                3,
                "exactly one",
            ),
            (format!("witness A {LOG}\nquorum A\n"), 1, "0x04"),
            (
                "log garbage\nquorum none\n".to_string(),
                1,
                "log verifier key",
            ),
            ("frobnicate\n".to_string(), 1, "unknown keyword"),
            (format!("log {LOG}\nlog {LOG}\nquorum none\n"), 2, "twice"),
            (format!("witness A {k1}\n"), 0, "no `quorum`"),
        ];
        for (text, line, says) in cases {
            let e = Policy::parse(&text).unwrap_err();
            assert_eq!(e.line, line, "{text}: {e}");
            assert!(e.message.contains(says), "{text}: {e}");
        }
        assert!(Policy::parse("quorum none\n")
            .unwrap()
            .satisfied_by(&HashSet::new()));
    }

    #[test]
    fn a_logs_file_has_log_lines_only() {
        let logs =
            Policy::parse_logs(&format!("# watched\nlog {LOG} http://log.example/\n")).unwrap();
        assert_eq!(logs[0].url.as_deref(), Some("http://log.example/"));
        assert_eq!(Policy::parse_logs("quorum none\n").unwrap_err().line, 1);
    }

    #[test]
    fn a_note_passes_with_its_quorum_and_names_the_missing_otherwise() {
        let signer = crate::domain::checkpoint::LogSigner::from_signer_key(
            "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz",
        )
        .unwrap();
        let (a, ka) = witness("a.example");
        let (b, kb) = witness("b.example");
        let (_, kc) = witness("c.example");
        let policy = Policy::parse(&format!(
            "log {LOG}\nwitness A {ka}\nwitness B {kb}\nwitness C {kc}\ngroup two 2 A B C\nquorum two\n"
        ))
        .unwrap();
        let note = signer.sign_checkpoint("PeterNeumann", 3, crate::domain::merkle::Hash([1; 32]));
        let (body, _) = split_note(&note).unwrap();
        let one = format!("{note}{}", a.sign(body, 10));
        match policy.check_note(&one).unwrap_err() {
            PolicyRefusal::NoQuorum { missing, cosigned } => {
                assert_eq!(missing, ["B", "C"]);
                assert_eq!(cosigned, ["A"]);
            }
            other => panic!("{other}"),
        }
        let two = format!("{one}{}", b.sign(body, 11));
        let (log, check) = policy.check_note(&two).unwrap();
        assert_eq!(log.unwrap().size, 3);
        assert_eq!(check.cosigned, ["A", "B"]);
        // A cosignature of another checkpoint does not count.
        let other = signer.sign_checkpoint("PeterNeumann", 4, crate::domain::merkle::Hash([2; 32]));
        let (other_body, _) = split_note(&other).unwrap();
        let moved = format!("{one}{}", b.sign(other_body, 11));
        assert!(policy.check_note(&moved).is_err());
    }
}
