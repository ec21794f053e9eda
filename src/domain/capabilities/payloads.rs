//! The payloads the reference code hashes, and the runtime, invocation, link
//! and diff rules around them (docs/design.md §9). Where the reference code and
//! its normative text disagree, this follows the code: that is what produced
//! the fingerprints in the wild.

use std::collections::HashMap;

use super::canonical::{locale_compare, sort_strings, Hasher, Traced};
use super::value::{iso_string, JsValue};

/// A policy of a tool or dynamic toolkit; the same id is the same policy.
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    pub id: String,
    /// `live` (the default) or `snapshot`.
    pub execute_binding: Option<String>,
    /// What the policy decides when evaluated (vectors only; default allow).
    pub allow: bool,
}

/// A tool, a toolkit or a dynamic toolkit.
#[derive(Debug, Clone, PartialEq)]
pub enum Composable {
    Tool(Tool),
    Toolkit {
        name: String,
        /// Caller order; None when omitted.
        instructions: Option<Vec<String>>,
        members: Vec<Composable>,
    },
    DynamicToolkit {
        name: String,
        instructions: Option<Vec<String>>,
        policies: Vec<Policy>,
        /// What `create()` returns; never part of a static hash.
        members: Vec<Composable>,
    },
}

impl Composable {
    pub fn name(&self) -> &str {
        match self {
            Composable::Tool(t) => &t.name,
            Composable::Toolkit { name, .. } | Composable::DynamicToolkit { name, .. } => name,
        }
    }
}

/// A tool as `tool()` is given it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tool {
    pub name: String,
    pub description: Option<String>,
    /// `schemaToHashInput`: None when `toJSONSchema()` returned undefined.
    pub schema: Option<JsValue>,
    pub instructions: Vec<String>,
    pub policies: Vec<Policy>,
}

/// An evaluated (or fallback) tool spec: instructions joined, policy ids.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    pub name: String,
    pub description: Option<String>,
    pub schema: Option<JsValue>,
    /// The instruction lines joined with a blank line.
    pub instructions: String,
    pub policy_ids: Vec<String>,
}

fn s(v: &str) -> JsValue {
    JsValue::String(v.to_string())
}

fn strings(items: &[String]) -> JsValue {
    JsValue::Array(items.iter().map(|i| s(i)).collect())
}

fn object(members: Vec<(&str, JsValue)>) -> JsValue {
    JsValue::Object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn optional(v: &Option<String>) -> JsValue {
    v.as_deref().map_or(JsValue::Null, s)
}

fn sorted_ids(policies: &[Policy]) -> Vec<String> {
    let mut ids: Vec<String> = policies.iter().map(|p| p.id.clone()).collect();
    sort_strings(&mut ids);
    ids
}

/// The payload of a tool's static hash (`tool()` → `computeStaticHash`).
pub fn tool_payload(tool: &Tool) -> JsValue {
    let mut instructions = tool.instructions.clone();
    sort_strings(&mut instructions);
    let mut members = vec![
        ("description", optional(&tool.description)),
        ("instructions", strings(&instructions)),
        ("kind", s("tool")),
        ("name", s(&tool.name)),
        ("policies", strings(&sorted_ids(&tool.policies))),
    ];
    if !tool.policies.is_empty() {
        let mut bindings = tool.policies.clone();
        bindings.sort_by(|a, b| locale_compare(&a.id, &b.id));
        members.push((
            "policyBindings",
            JsValue::Array(
                bindings
                    .iter()
                    .map(|p| {
                        object(vec![
                            (
                                "executeBinding",
                                s(p.execute_binding.as_deref().unwrap_or("live")),
                            ),
                            ("id", s(&p.id)),
                        ])
                    })
                    .collect(),
            ),
        ));
    }
    if let Some(schema) = &tool.schema {
        members.push(("schema", schema.clone()));
    }
    object(members)
}

/// The spec an evaluation makes of a tool: instructions joined, ids sorted.
pub fn tool_spec(tool: &Tool) -> ToolSpec {
    ToolSpec {
        name: tool.name.clone(),
        description: tool.description.clone(),
        schema: tool.schema.clone(),
        instructions: tool.instructions.join("\n\n"),
        policy_ids: sorted_ids(&tool.policies),
    }
}

/// `toolSpecCanonicalPayload` (`wire: false`) and the wire payload
/// (`wire: true`, where an empty description is null): no `policyBindings`,
/// instructions split again on blank lines and sorted, policy ids as given.
pub fn spec_payload(spec: &ToolSpec, wire: bool) -> JsValue {
    let mut instructions: Vec<String> = if spec.instructions.is_empty() {
        Vec::new()
    } else {
        spec.instructions
            .split("\n\n")
            .map(str::to_string)
            .collect()
    };
    sort_strings(&mut instructions);
    let description = match (&spec.description, wire) {
        (Some(d), true) if d.is_empty() => JsValue::Null,
        (d, _) => optional(d),
    };
    let mut members = vec![
        ("description", description),
        ("instructions", strings(&instructions)),
        ("kind", s("tool")),
        ("name", s(&spec.name)),
        ("policies", strings(&spec.policy_ids)),
    ];
    if let Some(schema) = &spec.schema {
        members.push(("schema", schema.clone()));
    }
    object(members)
}

/// `computeStaticHash` of any composable, every hash it makes traced.
pub fn static_hash(c: &Composable, hasher: &mut Hasher) -> String {
    let payload = match c {
        Composable::Tool(t) => tool_payload(t),
        Composable::Toolkit {
            name,
            instructions,
            members,
        } => {
            let mut hashed: Vec<(String, String)> = members
                .iter()
                .map(|m| (m.name().to_string(), static_hash(m, hasher)))
                .collect();
            hashed.sort_by(|(a, _), (b, _)| locale_compare(a, b));
            object(vec![
                (
                    "instructions",
                    instructions.as_deref().map_or(JsValue::Null, strings),
                ),
                ("kind", s("toolkit")),
                (
                    "members",
                    JsValue::Array(
                        hashed
                            .iter()
                            .map(|(n, h)| object(vec![("hash", s(h)), ("name", s(n))]))
                            .collect(),
                    ),
                ),
                ("name", s(name)),
            ])
        }
        Composable::DynamicToolkit {
            name,
            instructions,
            policies,
            ..
        } => object(vec![
            (
                "instructions",
                instructions.as_deref().map_or(JsValue::Null, strings),
            ),
            ("kind", s("dynamicToolkit")),
            ("name", s(name)),
            ("policies", strings(&sorted_ids(policies))),
        ]),
    };
    hasher.hash(&payload).sha256
}

/// JavaScript's `String.prototype.trim`: WhiteSpace and LineTerminator
/// (ECMA-262 §12.2, §12.3) — U+FEFF included, U+0085 not.
pub fn js_trim(text: &str) -> &str {
    let ws = |c: char| {
        matches!(
            c,
            '\u{9}'
                | '\u{a}'
                | '\u{b}'
                | '\u{c}'
                | '\u{d}'
                | ' '
                | '\u{a0}'
                | '\u{1680}'
                | '\u{2000}'
                ..='\u{200a}'
                    | '\u{2028}'
                    | '\u{2029}'
                    | '\u{202f}'
                    | '\u{205f}'
                    | '\u{3000}'
                    | '\u{feff}'
        )
    };
    text.trim_matches(ws)
}

/// A registered agent's `staticHash`: its trimmed, non-empty instructions in
/// caller order and its root's static hash (id, name and context unhashed).
pub fn agent_hash(instructions: &[String], root: &Composable, hasher: &mut Hasher) -> String {
    let root_hash = static_hash(root, hasher);
    let lines: Vec<String> = instructions
        .iter()
        .map(|l| js_trim(l).to_string())
        .filter(|l| !l.is_empty())
        .collect();
    hasher
        .hash(&object(vec![
            ("agentInstructions", strings(&lines)),
            ("rootComposableHash", s(&root_hash)),
        ]))
        .sha256
}

/// One enabled tool of a runtime: its name and the hash it is bound by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolRef {
    pub tool_key: String,
    pub tool_hash: String,
}

/// What a runtime hash is computed from.
#[derive(Debug, Clone, Default)]
pub struct Runtime {
    pub enabled: Vec<String>,
    /// A JS Map: the last value of a repeated name wins.
    pub name_to_static_hash: Vec<(String, String)>,
    pub tools_fallback: Vec<(String, ToolSpec)>,
    pub augments: Vec<(String, String)>,
}

/// `resolveRuntimeToolRefs`: enabled names collated; each name's static hash,
/// else its fallback spec's hash, else dropped; an augment wraps the hash.
pub fn tool_refs(runtime: &Runtime, hasher: &mut Hasher) -> Vec<ToolRef> {
    let statics: HashMap<&str, &str> = runtime
        .name_to_static_hash
        .iter()
        .map(|(n, h)| (n.as_str(), h.as_str()))
        .collect();
    let mut names = runtime.enabled.clone();
    sort_strings(&mut names);
    let mut refs = Vec::new();
    for name in names {
        let hash = match statics.get(name.as_str()).filter(|h| !h.is_empty()) {
            Some(h) => h.to_string(),
            None => match runtime
                .tools_fallback
                .iter()
                .rev()
                .find(|(n, _)| *n == name)
            {
                Some((_, spec)) => hasher.hash(&spec_payload(spec, false)).sha256,
                None => continue,
            },
        };
        let hash = match runtime.augments.iter().rev().find(|(n, _)| *n == name) {
            Some((_, binding)) => binding_hash(&hash, binding, hasher),
            None => hash,
        };
        refs.push(ToolRef {
            tool_key: name,
            tool_hash: hash,
        });
    }
    refs
}

/// The `runtime_tool_binding` wrapper around a tool's hash.
pub fn binding_hash(base: &str, binding: &str, hasher: &mut Hasher) -> String {
    hasher
        .hash(&object(vec![
            ("baseToolHash", s(base)),
            ("kind", s("runtime_tool_binding")),
            ("runtimeBinding", s(binding)),
        ]))
        .sha256
}

/// `runtimeCapabilityCanonicalPayload(refs)`.
pub fn runtime_payload(refs: &[ToolRef]) -> JsValue {
    object(vec![
        ("kind", s("runtime")),
        (
            "tools",
            JsValue::Array(
                refs.iter()
                    .map(|r| object(vec![("name", s(&r.tool_key)), ("hash", s(&r.tool_hash))]))
                    .collect(),
            ),
        ),
    ])
}

/// What evaluating a composable tree yields for its runtime hash.
#[derive(Debug, Default)]
pub struct Evaluation {
    /// Tools whose policies all allow, in traversal order.
    pub enabled: Vec<String>,
    /// `collectToolStaticHashes`: tool leaves and toolkit members, not the
    /// tools a dynamic toolkit makes.
    pub name_to_static_hash: Vec<(String, String)>,
    /// The specs of the tools dynamic toolkits made.
    pub tools_fallback: Vec<(String, ToolSpec)>,
}

/// Evaluates policies (each id decided once) and collects the static hashes.
pub fn evaluate(root: &Composable, hasher: &mut Hasher) -> Evaluation {
    let mut out = Evaluation::default();
    let mut decided: HashMap<String, bool> = HashMap::new();
    collect_static(root, hasher, &mut out.name_to_static_hash);
    enable(root, &mut decided, &mut out);
    out
}

fn allowed(policies: &[Policy], decided: &mut HashMap<String, bool>) -> bool {
    let mut all = true;
    for p in policies {
        all &= *decided.entry(p.id.clone()).or_insert(p.allow);
    }
    all
}

fn collect_static(c: &Composable, hasher: &mut Hasher, out: &mut Vec<(String, String)>) {
    match c {
        Composable::Tool(t) => {
            let h = static_hash(c, hasher);
            match out.iter_mut().find(|(n, _)| *n == t.name) {
                Some(entry) => entry.1 = h,
                None => out.push((t.name.clone(), h)),
            }
        }
        Composable::Toolkit { members, .. } => {
            for m in members {
                collect_static(m, hasher, out);
            }
        }
        Composable::DynamicToolkit { .. } => {}
    }
}

fn enable(c: &Composable, decided: &mut HashMap<String, bool>, out: &mut Evaluation) {
    match c {
        Composable::Tool(t) => {
            if allowed(&t.policies, decided) {
                out.enabled.push(t.name.clone());
            }
        }
        Composable::Toolkit { members, .. } => {
            for m in members {
                enable(m, decided, out);
            }
        }
        Composable::DynamicToolkit {
            policies, members, ..
        } => {
            if !allowed(policies, decided) {
                return;
            }
            for m in members {
                let before = out.enabled.len();
                enable(m, decided, out);
                if let Composable::Tool(t) = m {
                    if out.enabled.len() > before {
                        out.tools_fallback.push((t.name.clone(), tool_spec(t)));
                    }
                }
            }
        }
    }
}

/// Why an invocation context gives no hash, or cannot be hashed.
#[derive(Debug, Clone, PartialEq)]
pub enum Invocation {
    /// The normalised context and its hash.
    Hashed { normalized: JsValue, hash: Traced },
    /// Not a plain object, or nothing left after normalising: no hash.
    None,
    /// The reference code throws this.
    Error(String),
}

/// `normalizeInvocationContextForHash` then `{context, kind: "invocation"}`.
pub fn invocation(context: &JsValue, allowlist: &[String], hasher: &mut Hasher) -> Invocation {
    let JsValue::Object(members) = context else {
        return Invocation::None;
    };
    let mut kept: Vec<(String, JsValue)> = Vec::new();
    for (k, v) in members {
        if k == "__proto__" || (!allowlist.is_empty() && !allowlist.contains(k)) {
            continue;
        }
        match normalize(v, k) {
            Ok(JsValue::Undefined) => {}
            Ok(v) => kept.push((k.clone(), v)),
            Err(e) => return Invocation::Error(e),
        }
    }
    kept.sort_by(|(a, _), (b, _)| locale_compare(a, b));
    if kept.is_empty() {
        return Invocation::None;
    }
    let normalized = JsValue::Object(super::value::js_property_order(kept));
    let hash = hasher.hash(&object(vec![
        ("context", normalized.clone()),
        ("kind", s("invocation")),
    ]));
    Invocation::Hashed { normalized, hash }
}

fn normalize(v: &JsValue, path: &str) -> Result<JsValue, String> {
    Ok(match v {
        JsValue::Undefined => JsValue::Undefined,
        JsValue::Null | JsValue::Bool(_) | JsValue::String(_) => v.clone(),
        JsValue::Number(n) => JsValue::Number(if *n == 0.0 { 0.0 } else { *n }),
        JsValue::Date(Some(ms)) => JsValue::String(
            iso_string(*ms).ok_or_else(|| "RangeError: Invalid time value".to_string())?,
        ),
        JsValue::Date(None) => return Err("RangeError: Invalid time value".into()),
        JsValue::Array(items) => {
            let mut out = Vec::new();
            for (i, item) in items.iter().enumerate() {
                match normalize(item, &format!("{path}[{i}]"))? {
                    JsValue::Undefined => {}
                    n => out.push(n),
                }
            }
            JsValue::Array(out)
        }
        JsValue::Object(members) => {
            let mut kept = Vec::new();
            for (k, v) in members {
                if k == "__proto__" {
                    continue;
                }
                match normalize(v, &format!("{path}.{k}"))? {
                    JsValue::Undefined => {}
                    n => kept.push((k.clone(), n)),
                }
            }
            kept.sort_by(|(a, _), (b, _)| locale_compare(a, b));
            JsValue::Object(super::value::js_property_order(kept))
        }
        JsValue::Map(_) => {
            return Err(format!(
            "invocationContext expects a plain object at {path} — use JSON-serializable data only"
        ))
        }
        JsValue::Function => {
            return Err(format!(
            "invocationContext not JSON-serializable at {path} (function) — use strings or numbers"
        ))
        }
    })
}

/// `diffToolRefs`: by tool key (the last row of a repeated key wins).
pub fn diff_tool_refs(first: &[ToolRef], second: &[ToolRef]) -> ToolRefsDiff {
    let last = |refs: &[ToolRef], key: &str| {
        refs.iter()
            .rev()
            .find(|r| r.tool_key == key)
            .map(|r| r.tool_hash.clone())
    };
    let keys = |refs: &[ToolRef]| {
        let mut seen: Vec<String> = Vec::new();
        for r in refs {
            if !seen.contains(&r.tool_key) {
                seen.push(r.tool_key.clone());
            }
        }
        seen
    };
    let mut diff = ToolRefsDiff::default();
    for key in keys(first) {
        let a = last(first, &key).unwrap_or_default();
        match last(second, &key) {
            None => diff.only_in_first.push(ToolRef {
                tool_key: key,
                tool_hash: a,
            }),
            Some(b) if b != a => diff.hash_changed.push((key, a, b)),
            Some(_) => {}
        }
    }
    for key in keys(second) {
        if last(first, &key).is_none() {
            diff.only_in_second.push(ToolRef {
                tool_hash: last(second, &key).unwrap_or_default(),
                tool_key: key,
            });
        }
    }
    diff
}

/// What `diffToolRefs` answers.
#[derive(Debug, Default, PartialEq)]
pub struct ToolRefsDiff {
    pub only_in_first: Vec<ToolRef>,
    pub only_in_second: Vec<ToolRef>,
    /// Key, first hash, second hash.
    pub hash_changed: Vec<(String, String, String)>,
}

/// The fields `diffCapabilityLinks` compares, in its order.
pub const LINK_FIELDS: [&str; 5] = [
    "agentId",
    "agentName",
    "staticHash",
    "runtimeHash",
    "invocationHash",
];

#[cfg(test)]
mod tests {
    use super::super::canonical::hash_plain_object;
    use super::*;

    #[test]
    fn js_trim_strips_bom_and_nbsp_but_not_nel() {
        assert_eq!(js_trim("\u{feff}\u{a0}alpha\u{3000}"), "alpha");
        assert_eq!(js_trim("\u{85}nel\u{85}"), "\u{85}nel\u{85}");
        assert_eq!(js_trim("\u{2028}ls\u{2029}"), "ls");
        assert_eq!(js_trim("\t\n"), "");
    }

    #[test]
    fn the_empty_runtime_has_the_reference_digest() {
        let mut h = Hasher::default();
        let refs = tool_refs(&Runtime::default(), &mut h);
        assert_eq!(
            hash_plain_object(&runtime_payload(&refs)).sha256,
            "61f03cc32fcadb42ddbcb928674b8f4e4200c2d83049b41997dfd3ffaac59ed2"
        );
    }
}
