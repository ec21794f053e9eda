//! The source's layout as docs/design.md §5 states it, read from the files
//! themselves: imports point down (`cli` → `http` → `store` → `domain`),
//! the domain touches no I/O crate, no handler imports the route table or
//! the OpenAPI document, every folder of `http/` and `store/` opens with a
//! line saying what it holds, every module is in the layout's list, and no
//! file grows past 700 lines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every `.rs` file below `src/`, by its path relative to `src/`.
fn sources() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(root).unwrap();
                let name = relative.to_string_lossy().replace('\\', "/");
                out.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

/// A file's text without its unit tests (a test may reach anywhere).
fn without_tests(text: &str) -> &str {
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    }
}

/// The lines of code, comments left out.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| {
        let l = l.trim_start();
        !l.starts_with("//")
    })
}

/// The layer a file of `src/` is in, lowest first.
fn layer(file: &str) -> Option<usize> {
    ["domain/", "store/", "http/", "cli/"]
        .iter()
        .position(|prefix| file.starts_with(prefix))
}

#[test]
fn imports_point_down_the_layers() {
    let layers = ["domain", "store", "http", "cli"];
    let mut upward = Vec::new();
    for (file, text) in sources() {
        let Some(own) = layer(&file) else { continue };
        for (n, line) in code_lines(without_tests(&text)).enumerate() {
            for (rank, name) in layers.iter().enumerate().skip(own + 1) {
                let named = [format!("crate::{name}::"), format!("crate::{name}}}")];
                if named.iter().any(|n| line.contains(n.as_str()))
                    || line.contains(&format!("crate::{{{name}"))
                {
                    upward.push(format!(
                        "{file} (code line {n}) names {}: {line}",
                        layers[rank]
                    ));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports pointing up:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_domain_does_no_io() {
    let io = [
        "tokio", "sqlx", "axum", "rusqlite", "hyper", "std::fs", "std::net",
    ];
    let mut found = Vec::new();
    for (file, text) in sources() {
        if !file.starts_with("domain/") {
            continue;
        }
        for line in code_lines(without_tests(&text)) {
            for name in io {
                if line.contains(&format!("{name}::")) || line.contains(&format!("use {name};")) {
                    found.push(format!("{file}: {line}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "I/O in the domain:\n{}", found.join("\n"));
}

#[test]
fn no_handler_imports_the_route_table_or_the_document() {
    // The route table and the document look at the handlers; the handlers
    // and what they share never look back (docs/design.md §5).
    let looking_back = [
        "http::router",
        "http::openapi",
        "super::router",
        "super::openapi",
        "super::super::router",
        "super::super::openapi",
        "http::{router",
        "http::{openapi",
    ];
    let mut found = Vec::new();
    for (file, text) in sources() {
        let Some(inside) = file.strip_prefix("http/") else {
            continue;
        };
        if ["mod.rs", "router.rs", "openapi.rs"].contains(&inside) {
            continue;
        }
        for line in code_lines(without_tests(&text)) {
            if looking_back.iter().any(|name| line.contains(name)) {
                found.push(format!("{file}: {line}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "handlers importing the router or the document:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_room_says_what_it_holds_and_the_layout_lists_every_module() {
    let design =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/design.md"))
            .unwrap();
    let start = design.find("## 5. Layout and layering").unwrap();
    let end = start + design[start..].find("\n## 6.").unwrap();
    let layout = &design[start..end];
    let mut missing = Vec::new();
    let mut silent = Vec::new();
    for (file, text) in sources() {
        if file.ends_with("/mod.rs") && !text.starts_with("//!") {
            silent.push(file.clone());
        }
        // The layout lists a module by its path below its folder's line,
        // indented: `  reads/` then `    listings.rs`, or `  record/hash.rs`.
        let name = file.rsplit('/').next().unwrap();
        let folder = file.rsplit_once('/').map(|(f, _)| f).unwrap_or("");
        let parent = folder.rsplit('/').next().unwrap_or("");
        let listed = layout.lines().any(|line| {
            let line = line.trim_start();
            line.starts_with(&format!("{name} "))
                || line.starts_with(&format!("{parent}/{name} "))
                || (file == format!("{folder}/mod.rs") && line.starts_with(&format!("{parent}/ ")))
                || line.starts_with(&format!("src/{file} "))
                || (name == "mod.rs" && line.starts_with(&format!("src/{folder}/ ")))
        });
        if !listed {
            missing.push(file);
        }
    }
    assert!(
        silent.is_empty(),
        "folders that do not say what they hold: {silent:?}"
    );
    assert!(
        missing.is_empty(),
        "modules docs/design.md §5 does not list: {missing:?}"
    );
}

#[test]
fn no_source_file_passes_700_lines() {
    let long: Vec<String> = sources()
        .into_iter()
        .filter(|(_, text)| text.lines().count() > 700)
        .map(|(file, text)| format!("{file}: {} lines", text.lines().count()))
        .collect();
    assert!(long.is_empty(), "files past 700 lines: {long:?}");
}
