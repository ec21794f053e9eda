//! The Prometheus text format (0.0.4), read strictly enough to catch a
//! malformed exposition: every line is blank, `# HELP name text`, `# TYPE
//! name kind`, or a sample `name{label="value",...} value` of a family whose
//! HELP and TYPE came before it; a histogram's buckets climb to `+Inf`, which
//! equals its `_count`. CI also reads it with `prometheus_client`'s own
//! parser (.ci/metrics).

use std::collections::{BTreeMap, HashMap};

/// One sample: its name, labels and value.
#[derive(Debug, Clone)]
pub struct Sample {
    pub name: String,
    pub labels: BTreeMap<String, String>,
    pub value: f64,
}

/// An exposition, read.
#[derive(Debug)]
pub struct Exposition {
    /// Every family's kind, by family name.
    pub kinds: HashMap<String, String>,
    pub samples: Vec<Sample>,
}

impl Exposition {
    /// The value of the sample `name` whose labels include `labels`, summed
    /// over the other labels (0 when none matches).
    pub fn sum(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        self.samples
            .iter()
            .filter(|s| s.name == name)
            .filter(|s| {
                labels
                    .iter()
                    .all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v))
            })
            .map(|s| s.value)
            .sum()
    }

    /// The one sample `name` with exactly no labels, if written.
    pub fn single(&self, name: &str) -> Option<f64> {
        let found: Vec<&Sample> = self
            .samples
            .iter()
            .filter(|s| s.name == name && s.labels.is_empty())
            .collect();
        assert!(found.len() <= 1, "{name} written {} times", found.len());
        found.first().map(|s| s.value)
    }
}

/// Reads `text`, panicking at the first line that breaks the format.
pub fn parse(text: &str) -> Exposition {
    let mut helped = HashMap::new();
    let mut kinds: HashMap<String, String> = HashMap::new();
    let mut samples = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = || format!("line {}: {line:?}", n + 1);
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("# HELP ") {
            let (name, help) = rest.split_once(' ').unwrap_or_else(|| panic!("{}", at()));
            assert!(is_name(name), "{}", at());
            assert!(!help.is_empty(), "{}", at());
            assert!(
                helped.insert(name.to_string(), ()).is_none(),
                "{}: HELP twice",
                at()
            );
            continue;
        }
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').unwrap_or_else(|| panic!("{}", at()));
            assert!(is_name(name), "{}", at());
            assert!(
                ["counter", "gauge", "histogram", "summary", "untyped"].contains(&kind),
                "{}",
                at()
            );
            assert!(helped.contains_key(name), "{}: TYPE before HELP", at());
            assert!(
                kinds.insert(name.into(), kind.into()).is_none(),
                "{}: TYPE twice",
                at()
            );
            continue;
        }
        assert!(!line.starts_with('#'), "{}: an unknown comment", at());
        let sample = sample(line).unwrap_or_else(|| panic!("{}: not `name{{labels}} value`", at()));
        let family = family_of(&sample.name, &kinds)
            .unwrap_or_else(|| panic!("{}: no TYPE line before it", at()));
        if kinds[&family] == "histogram" {
            assert_eq!(
                sample.labels.contains_key("le"),
                sample.name.ends_with("_bucket"),
                "{}",
                at()
            );
        }
        samples.push(sample);
    }
    let exposition = Exposition { kinds, samples };
    check_histograms(&exposition);
    exposition
}

/// A metric or label name: `[a-zA-Z_:][a-zA-Z0-9_:]*`.
fn is_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b':')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
}

/// The family a sample belongs to: its own name, or a histogram's without
/// `_bucket`, `_sum` or `_count`.
fn family_of(name: &str, kinds: &HashMap<String, String>) -> Option<String> {
    if kinds.contains_key(name) {
        return Some(name.to_string());
    }
    ["_bucket", "_sum", "_count"].iter().find_map(|suffix| {
        let base = name.strip_suffix(suffix)?;
        (kinds.get(base)? == "histogram").then(|| base.to_string())
    })
}

/// `name{k="v",...} value`, or `name value`.
fn sample(line: &str) -> Option<Sample> {
    let (head, value) = line.rsplit_once(' ')?;
    let value = match value {
        "+Inf" => f64::INFINITY,
        "-Inf" => f64::NEG_INFINITY,
        v => v.parse().ok()?,
    };
    let (name, labels) = match head.split_once('{') {
        None => (head, BTreeMap::new()),
        Some((name, rest)) => (name, labels(rest.strip_suffix('}')?)?),
    };
    is_name(name).then(|| Sample {
        name: name.to_string(),
        labels,
        value,
    })
}

/// `k="v",k2="v2"` (values with `\\`, `\"` and `\n` escapes).
fn labels(mut rest: &str) -> Option<BTreeMap<String, String>> {
    let mut labels = BTreeMap::new();
    while !rest.is_empty() {
        let (key, after) = rest.split_once("=\"")?;
        if !is_name(key) {
            return None;
        }
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next()? {
                (_, '\\') => match chars.next()?.1 {
                    'n' => value.push('\n'),
                    c @ ('\\' | '"') => value.push(c),
                    _ => return None,
                },
                (i, '"') => break i,
                (_, c) => value.push(c),
            }
        };
        if labels.insert(key.to_string(), value).is_some() {
            return None;
        }
        rest = &after[end + 1..];
        rest = match rest.strip_prefix(',') {
            Some(r) => r,
            None if rest.is_empty() => rest,
            None => return None,
        };
    }
    Some(labels)
}

/// Each histogram series: buckets that never decrease, ending at `+Inf`
/// with its `_count`.
fn check_histograms(exposition: &Exposition) {
    for (family, kind) in &exposition.kinds {
        if kind != "histogram" {
            continue;
        }
        let mut series: BTreeMap<BTreeMap<String, String>, Vec<(f64, f64)>> = BTreeMap::new();
        for s in exposition
            .samples
            .iter()
            .filter(|s| s.name == format!("{family}_bucket"))
        {
            let mut key = s.labels.clone();
            let le = key.remove("le").unwrap();
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().unwrap()
            };
            series.entry(key).or_default().push((le, s.value));
        }
        for (labels, buckets) in series {
            assert!(
                buckets
                    .windows(2)
                    .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1),
                "{family} {labels:?}: buckets out of order: {buckets:?}"
            );
            let (le, inf) = *buckets.last().unwrap();
            assert_eq!(le, f64::INFINITY, "{family} {labels:?} lacks +Inf");
            let count = exposition
                .samples
                .iter()
                .find(|s| s.name == format!("{family}_count") && s.labels == labels)
                .unwrap_or_else(|| panic!("{family} {labels:?} lacks _count"));
            assert_eq!(inf, count.value, "{family} {labels:?}: +Inf is not _count");
        }
    }
}
