//! A scrape of a fresh start, before any traffic: the build's information,
//! the standard process metrics, and every series of every labelled counter
//! whose values are known at 0, so that an alert on any of them can be
//! written before its first event.

use decision_trail::domain::metrics::{
    Kind, BUILD_INFO, FAMILIES, MCP_TOOL_CALLS, WITNESS_REFUSALS,
};

use super::exposition::parse;
use crate::support::{serve_binary, Served};

#[tokio::test]
async fn a_fresh_start_carries_build_info_process_metrics_and_every_counter_at_zero() {
    let dir = tempfile::tempdir().unwrap();
    let mut served: Served = serve_binary(&dir.path().join("trail.db"), &[]);
    let text = reqwest::get(format!("http://{}/metrics", served.addr))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let _ = served.child.kill();
    let _ = served.child.wait();
    let scrape = parse(&text);
    let info: Vec<_> = scrape
        .samples
        .iter()
        .filter(|s| s.name == BUILD_INFO)
        .collect();
    assert_eq!(info.len(), 1, "{text}");
    assert_eq!(info[0].value, 1.0);
    assert_eq!(info[0].labels["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(info[0].labels["backend"], "sqlite");
    assert!(!info[0].labels["commit"].is_empty());
    for name in [
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_virtual_memory_bytes",
        "process_open_fds",
        "process_max_fds",
        "process_start_time_seconds",
    ] {
        let value = scrape
            .single(name)
            .unwrap_or_else(|| panic!("{name}: {text}"));
        assert!(value > 0.0, "{name} {value}");
    }
    let started = scrape.single("process_start_time_seconds").unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    assert!(
        (now - started).abs() < 600.0,
        "started {started}, now {now}"
    );
    // Every counter with fixed label values: each series, at 0.
    for f in FAMILIES.iter().filter(|f| f.kind == Kind::Counter) {
        match (f.labels, f.values) {
            ([], _) => assert_eq!(scrape.single(f.name), Some(0.0), "{}", f.name),
            ([label], [values]) => {
                for value in *values {
                    let found = scrape.samples.iter().find(|s| {
                        s.name == f.name && s.labels.get(*label).map(String::as_str) == Some(value)
                    });
                    assert_eq!(
                        found.map(|s| s.value),
                        Some(0.0),
                        "{}{{{label}={value}}}",
                        f.name
                    );
                }
            }
            _ => assert!(f.values.is_empty(), "{}", f.name),
        }
    }
    // The MCP tools' calls, each tool and `unknown`, both outcomes.
    for tool in [
        "thought_record",
        "thought_search",
        "merkle_receipt",
        "unknown",
    ] {
        for outcome in ["ok", "error"] {
            assert_eq!(
                scrape.sum(MCP_TOOL_CALLS, &[("tool", tool), ("outcome", outcome)]),
                0.0
            );
            assert!(
                text.contains(&format!(
                    "{MCP_TOOL_CALLS}{{tool=\"{tool}\",outcome=\"{outcome}\"}} 0"
                )),
                "{tool} {outcome}"
            );
        }
    }
    // No witnesses without a policy: their counter has no series yet.
    assert!(!text.contains(&format!("{WITNESS_REFUSALS}{{")));
}
