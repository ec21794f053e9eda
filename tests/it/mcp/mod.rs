//! The MCP tools at `/mcp`, driven by the MCP SDK's own client over real HTTP,
//! and `decision-trail mcp` over stdio: every tool's answer is the REST body,
//! every refusal a tool error with the problem's code, the guard applies.
//!
//! - `tools`: what each tool answers, and how it refuses;
//! - `transport`: what surrounds the tools: keys and roles, the transport's
//!   own refusals, malformed calls, the stdio forwarder, the limits.
//!
//! This file holds the client the tests drive the tools with.

mod tools;
mod transport;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::ServiceExt;
use serde_json::Value;

use crate::support::TestApp;

type Client = RunningService<RoleClient, ()>;

async fn connect(app: &TestApp, token: Option<[u8; 32]>) -> Client {
    let mut config = StreamableHttpClientTransportConfig::with_uri(app.url("/mcp"));
    if let Some(bytes) = token {
        config = config.auth_header(decision_trail::domain::api_keys::token_from_bytes(&bytes));
    }
    ().serve(StreamableHttpClientTransport::from_config(config))
        .await
        .expect("the MCP client connects")
}

async fn call(client: &Client, tool: &str, arguments: Value) -> CallToolResult {
    client
        .call_tool(
            CallToolRequestParams::new(tool.to_string())
                .with_arguments(arguments.as_object().expect("arguments").clone()),
        )
        .await
        .unwrap_or_else(|e| panic!("{tool}: {e}"))
}

/// The `data` of a successful call; also checks the text block says the same.
fn data(result: &CallToolResult) -> Value {
    let structured = result
        .structured_content
        .clone()
        .expect("structured content");
    assert_eq!(result.is_error, Some(false), "{structured}");
    assert_eq!(structured["ok"], true);
    let text = result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .clone();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), structured);
    structured["data"].clone()
}

/// The `error` of a refused call.
fn error(result: &CallToolResult) -> Value {
    let structured = result
        .structured_content
        .clone()
        .expect("structured content");
    assert_eq!(result.is_error, Some(true), "{structured}");
    assert_eq!(structured["ok"], false);
    structured["error"].clone()
}

fn fields(error: &Value) -> Vec<String> {
    error["details"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap().to_string())
        .collect()
}

const TOOLS: [&str; 14] = [
    "thought_record",
    "thought_record_batch",
    "thought_record_list",
    "thought_get",
    "oversight_verdict",
    "audit_verify_chain",
    "merkle_checkpoint",
    "merkle_receipt",
    "merkle_consistency_proof",
    "capability_fingerprint",
    "capability_diff",
    "thought_tree",
    "thought_trail",
    "thought_search",
];
