//! Reading a fingerprint request's input into the payloads' types, naming
//! every bad field (docs/design.md §9).

use super::payloads::{Composable, Policy, Runtime, Tool, ToolRef, ToolSpec};
use super::request::MAX_ITEMS;
use super::value::JsValue;
use crate::domain::FieldError;

/// Deepest nesting of composables (toolkits in toolkits).
const MAX_NESTING: usize = 64;

/// Reads values out of the input, naming every bad one.
pub(super) struct Reader {
    pub(super) errors: Vec<FieldError>,
}

impl Reader {
    pub(super) fn bad(&mut self, path: &str, message: impl Into<String>) {
        self.errors.push(FieldError::new(path, message));
    }

    pub(super) fn string(&mut self, v: &JsValue, path: &str) -> Option<String> {
        match v {
            JsValue::String(s) => Some(s.clone()),
            JsValue::Undefined => {
                self.bad(path, "is required");
                None
            }
            other => {
                self.bad(path, format!("must be a string, not {}", other.type_name()));
                None
            }
        }
    }

    pub(super) fn optional_string(&mut self, v: &JsValue, path: &str) -> Option<String> {
        match v {
            JsValue::Undefined | JsValue::Null => None,
            _ => self.string(v, path),
        }
    }

    pub(super) fn strings(&mut self, v: &JsValue, path: &str) -> Option<Vec<String>> {
        match v {
            JsValue::Undefined => None,
            JsValue::Array(items) if items.len() > MAX_ITEMS => {
                self.bad(
                    path,
                    format!("has {} items; at most {MAX_ITEMS} are allowed", items.len()),
                );
                None
            }
            JsValue::Array(items) => Some(
                items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, item)| self.string(item, &format!("{path}[{i}]")))
                    .collect(),
            ),
            other => {
                self.bad(
                    path,
                    format!("must be an array of strings, not {}", other.type_name()),
                );
                None
            }
        }
    }

    pub(super) fn array<'a>(&mut self, v: &'a JsValue, path: &str) -> &'a [JsValue] {
        match v {
            JsValue::Array(items) if items.len() > MAX_ITEMS => {
                self.bad(
                    path,
                    format!("has {} items; at most {MAX_ITEMS} are allowed", items.len()),
                );
                &[]
            }
            JsValue::Array(items) => items,
            JsValue::Undefined => {
                self.bad(path, "is required");
                &[]
            }
            other => {
                self.bad(path, format!("must be an array, not {}", other.type_name()));
                &[]
            }
        }
    }

    pub(super) fn object(&mut self, v: &JsValue, path: &str) -> bool {
        match v {
            JsValue::Object(_) => true,
            JsValue::Undefined => {
                self.bad(path, "is required");
                false
            }
            other => {
                self.bad(
                    path,
                    format!("must be an object, not {}", other.type_name()),
                );
                false
            }
        }
    }

    /// `schemaToHashInput`: None when `toJSONSchema()` gives undefined.
    pub(super) fn schema(&mut self, v: &JsValue, path: &str) -> Option<JsValue> {
        if !self.object(v, path) {
            return None;
        }
        if let JsValue::Object(m) = v {
            if let [(k, inner)] = m.as_slice() {
                match (k.as_str(), inner) {
                    ("jsonSchema", JsValue::Undefined)
                    | ("jsonSchemaUndefined", JsValue::Bool(true)) => return None,
                    ("jsonSchema", j) => return Some(j.clone()),
                    ("standard", JsValue::Object(_)) => {
                        return Some(JsValue::Object(vec![
                            ("vendor".into(), inner.get("vendor").clone()),
                            ("version".into(), inner.get("version").clone()),
                        ]))
                    }
                    _ => {}
                }
            }
        }
        self.bad(
            path,
            "must be {jsonSchema: J}, {standard: {vendor, version}} or {jsonSchemaUndefined: true}",
        );
        None
    }

    pub(super) fn policies(&mut self, v: &JsValue, path: &str) -> Vec<Policy> {
        if *v == JsValue::Undefined {
            return Vec::new();
        }
        let items = self.array(v, path).to_vec();
        let mut out = Vec::new();
        for (i, p) in items.iter().enumerate() {
            let at = format!("{path}[{i}]");
            if !self.object(p, &at) {
                continue;
            }
            let id = self.string(p.get("id"), &format!("{at}.id"));
            let execute_binding =
                self.optional_string(p.get("executeBinding"), &format!("{at}.executeBinding"));
            let allow = match p.get("allow") {
                JsValue::Undefined => true,
                JsValue::Bool(b) => *b,
                _ => {
                    self.bad(&format!("{at}.allow"), "must be a boolean");
                    true
                }
            };
            if let Some(id) = id {
                out.push(Policy {
                    id,
                    execute_binding,
                    allow,
                });
            }
        }
        out
    }

    pub(super) fn tool(&mut self, v: &JsValue, path: &str) -> Option<Tool> {
        let name = self.string(v.get("name"), &format!("{path}.name"));
        let description =
            self.optional_string(v.get("description"), &format!("{path}.description"));
        let schema = self.schema(v.get("schema"), &format!("{path}.schema"));
        let instructions = self
            .strings(v.get("instructions"), &format!("{path}.instructions"))
            .unwrap_or_default();
        let policies = self.policies(v.get("policies"), &format!("{path}.policies"));
        Some(Tool {
            name: name?,
            description,
            schema,
            instructions,
            policies,
        })
    }

    /// A composable; `kind` when the input names none (the kind of request).
    pub(super) fn composable(
        &mut self,
        v: &JsValue,
        path: &str,
        kind: Option<&str>,
        depth: usize,
    ) -> Option<Composable> {
        if !self.object(v, path) {
            return None;
        }
        if depth > MAX_NESTING {
            self.bad(path, format!("composables nest deeper than {MAX_NESTING}"));
            return None;
        }
        let r#type = match (v.get("type"), kind) {
            (JsValue::String(t), _) => t.clone(),
            (JsValue::Undefined, Some(k)) => k.to_string(),
            _ => {
                self.bad(
                    &format!("{path}.type"),
                    "must be tool, toolkit or dynamicToolkit",
                );
                return None;
            }
        };
        let members = |r: &mut Reader| -> Vec<Composable> {
            let items = r
                .array(v.get("members"), &format!("{path}.members"))
                .to_vec();
            items
                .iter()
                .enumerate()
                .filter_map(|(i, m)| {
                    r.composable(m, &format!("{path}.members[{i}]"), None, depth + 1)
                })
                .collect()
        };
        match r#type.as_str() {
            "tool" => self.tool(v, path).map(Composable::Tool),
            "toolkit" => {
                let name = self.string(v.get("name"), &format!("{path}.name"));
                let instructions =
                    self.strings(v.get("instructions"), &format!("{path}.instructions"));
                let members = members(self);
                Some(Composable::Toolkit {
                    name: name?,
                    instructions,
                    members,
                })
            }
            "dynamicToolkit" => {
                let name = self.string(v.get("name"), &format!("{path}.name"));
                let instructions =
                    self.strings(v.get("instructions"), &format!("{path}.instructions"));
                let policies = self.policies(v.get("policies"), &format!("{path}.policies"));
                let members = if *v.get("members") == JsValue::Undefined {
                    Vec::new()
                } else {
                    members(self)
                };
                Some(Composable::DynamicToolkit {
                    name: name?,
                    instructions,
                    policies,
                    members,
                })
            }
            other => {
                self.bad(
                    &format!("{path}.type"),
                    format!("must be tool, toolkit or dynamicToolkit, not `{other}`"),
                );
                None
            }
        }
    }

    /// `[[name, hash], …]` (a JS Map's entries).
    pub(super) fn pairs(&mut self, v: &JsValue, path: &str) -> Vec<(String, String)> {
        if *v == JsValue::Undefined {
            return Vec::new();
        }
        let items = self.array(v, path).to_vec();
        let mut out = Vec::new();
        for (i, pair) in items.iter().enumerate() {
            let at = format!("{path}[{i}]");
            match pair {
                JsValue::Array(kv) if kv.len() == 2 => {
                    let k = self.string(&kv[0], &format!("{at}[0]"));
                    let h = self.string(&kv[1], &format!("{at}[1]"));
                    if let (Some(k), Some(h)) = (k, h) {
                        out.push((k, h));
                    }
                }
                _ => self.bad(&at, "must be a [name, hash] pair"),
            }
        }
        out
    }

    /// `{name: string}` in property order.
    pub(super) fn string_map(&mut self, v: &JsValue, path: &str) -> Vec<(String, String)> {
        match v {
            JsValue::Undefined => Vec::new(),
            JsValue::Object(m) => m
                .iter()
                .filter(|(_, v)| *v != JsValue::Undefined)
                .filter_map(|(k, v)| {
                    self.string(v, &format!("{path}.{k}"))
                        .map(|s| (k.clone(), s))
                })
                .collect(),
            other => {
                self.bad(
                    path,
                    format!("must be an object, not {}", other.type_name()),
                );
                Vec::new()
            }
        }
    }

    pub(super) fn spec(&mut self, v: &JsValue, path: &str) -> Option<ToolSpec> {
        if !self.object(v, path) {
            return None;
        }
        let name = self.string(v.get("name"), &format!("{path}.name"));
        let description =
            self.optional_string(v.get("description"), &format!("{path}.description"));
        let schema = self.schema(v.get("schema"), &format!("{path}.schema"));
        let instructions = self
            .optional_string(v.get("instructions"), &format!("{path}.instructions"))
            .unwrap_or_default();
        let policy_ids = self
            .strings(v.get("policyIds"), &format!("{path}.policyIds"))
            .unwrap_or_default();
        Some(ToolSpec {
            name: name?,
            description,
            schema,
            instructions,
            policy_ids,
        })
    }

    pub(super) fn runtime(&mut self, v: &JsValue, path: &str) -> Runtime {
        let enabled = self
            .strings(
                v.get("enabledToolNames"),
                &format!("{path}.enabledToolNames"),
            )
            .unwrap_or_default();
        let name_to_static_hash = self.pairs(
            v.get("nameToStaticHash"),
            &format!("{path}.nameToStaticHash"),
        );
        let mut tools_fallback = Vec::new();
        match v.get("toolsFallback") {
            JsValue::Undefined => {}
            JsValue::Object(m) => {
                for (k, spec) in m {
                    if let Some(s) = self.spec(spec, &format!("{path}.toolsFallback.{k}")) {
                        tools_fallback.push((k.clone(), s));
                    }
                }
            }
            _ => self.bad(
                &format!("{path}.toolsFallback"),
                "must be an object of tool specs",
            ),
        }
        let augments = self.string_map(
            v.get("runtimeToolAugments"),
            &format!("{path}.runtimeToolAugments"),
        );
        Runtime {
            enabled,
            name_to_static_hash,
            tools_fallback,
            augments,
        }
    }

    pub(super) fn tool_refs(&mut self, v: &JsValue, path: &str) -> Vec<ToolRef> {
        let items = self.array(v, path).to_vec();
        let mut out = Vec::new();
        for (i, r) in items.iter().enumerate() {
            let at = format!("{path}[{i}]");
            if !self.object(r, &at) {
                continue;
            }
            let key = self.string(r.get("toolKey"), &format!("{at}.toolKey"));
            let hash = self.string(r.get("toolHash"), &format!("{at}.toolHash"));
            if let (Some(tool_key), Some(tool_hash)) = (key, hash) {
                out.push(ToolRef {
                    tool_key,
                    tool_hash,
                });
            }
        }
        out
    }
}
