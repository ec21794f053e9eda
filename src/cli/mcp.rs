//! `decision-trail mcp --url URL`: an MCP server on stdin/stdout for agents
//! that start their MCP servers as processes (docs/design.md §8). It forwards
//! each JSON-RPC message, one per line (the MCP stdio transport), to the
//! service's `/mcp` and writes the answer back as one line: the tools, their
//! schemas and their answers are the service's own. Diagnostics go to stderr.

use std::process::ExitCode;

use reqwest::header::{HeaderMap, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// JSON-RPC: the message is not JSON.
const PARSE_ERROR: i64 = -32700;
/// JSON-RPC, implementation-defined range: the service refused or failed.
const SERVICE_ERROR: i64 = -32000;

/// How long an answer may take before the request is answered with an error.
const ANSWER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

pub(super) fn mcp(url: &str, token: Option<&str>) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(forward(url, token)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn forward(url: &str, token: Option<&str>) -> Result<(), String> {
    let endpoint = format!("{}/mcp", url.trim_end_matches('/'));
    if !endpoint.starts_with("http://") {
        return Err(format!(
            "`{url}` is not an http:// URL (the binary speaks plain HTTP; put TLS in front)"
        ));
    }
    let mut headers = HeaderMap::new();
    headers.insert(
        ACCEPT,
        HeaderValue::from_static("application/json, text/event-stream"),
    );
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Some(token) = token {
        let mut value = HeaderValue::from_str(&format!("Bearer {}", token.trim()))
            .map_err(|_| "the token is not a valid header value".to_string())?;
        value.set_sensitive(true);
        headers.insert(AUTHORIZATION, value);
    }
    let client = reqwest::Client::builder()
        .default_headers(headers)
        // The service answers within its request time limit (30 s by
        // default); past this, it is unreachable, and the agent is told so
        // instead of waiting for ever.
        .connect_timeout(std::time::Duration::from_secs(10))
        .timeout(ANSWER_TIMEOUT)
        .build()
        .map_err(|e| e.to_string())?;
    eprintln!("decision-trail mcp: forwarding stdin/stdout to {endpoint}");
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut stdout = tokio::io::stdout();
    // The protocol version the client and the service agreed on at
    // initialize; later requests carry it, as the Streamable HTTP transport says.
    let mut protocol: Option<String> = None;
    while let Some(line) = lines.next_line().await.map_err(|e| e.to_string())? {
        if line.trim().is_empty() {
            continue;
        }
        let answers = match serde_json::from_str::<Value>(&line) {
            Err(e) => vec![rpc_error(
                &Value::Null,
                PARSE_ERROR,
                &format!("not JSON: {e}"),
                None,
            )],
            Ok(message) => {
                let answers = send(&client, &endpoint, &line, &message, protocol.as_deref()).await;
                if message["method"] == "initialize" {
                    protocol = answers
                        .iter()
                        .find_map(|a| a["result"]["protocolVersion"].as_str().map(str::to_string));
                }
                answers
            }
        };
        for answer in answers {
            let mut text = answer.to_string();
            text.push('\n');
            stdout
                .write_all(text.as_bytes())
                .await
                .map_err(|e| e.to_string())?;
        }
        stdout.flush().await.map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Posts one message; the messages to write back (none for a notification).
async fn send(
    client: &reqwest::Client,
    endpoint: &str,
    line: &str,
    message: &Value,
    protocol: Option<&str>,
) -> Vec<Value> {
    let id = &message["id"];
    let mut request = client.post(endpoint).body(line.to_string());
    if let Some(version) = protocol {
        request = request.header("mcp-protocol-version", version);
    }
    let response = match request.send().await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("decision-trail mcp: {endpoint}: {e}");
            return reply_if_request(id, &format!("the service cannot be reached: {e}"), None);
        }
    };
    let status = response.status();
    let is_sse = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
    let body = match response.text().await {
        Ok(body) => body,
        Err(e) => {
            eprintln!("decision-trail mcp: {endpoint}: {e}");
            return reply_if_request(
                id,
                &format!("the service's answer could not be read: {e}"),
                None,
            );
        }
    };
    if !status.is_success() {
        let parsed = serde_json::from_str::<Value>(&body).ok();
        // The MCP server's own JSON-RPC errors, whatever the status: as sent.
        if let Some(answer) = parsed.as_ref().filter(|v| v.get("jsonrpc").is_some()) {
            return vec![answer.clone()];
        }
        // A refusal before the MCP server (a missing key, a rate limit): a
        // problem body, passed on as the error's data.
        let problem = parsed;
        let detail = problem
            .as_ref()
            .and_then(|p| p["detail"].as_str())
            .unwrap_or(&body);
        eprintln!("decision-trail mcp: {status}: {detail}");
        return reply_if_request(id, &format!("{status}: {detail}"), problem);
    }
    if is_sse {
        body.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|data| serde_json::from_str(data.trim()).ok())
            .collect()
    } else if body.trim().is_empty() {
        Vec::new()
    } else {
        match serde_json::from_str(&body) {
            Ok(answer) => vec![answer],
            Err(e) => reply_if_request(id, &format!("the service answered no JSON: {e}"), None),
        }
    }
}

/// An error answer for a request; nothing for a notification (no id).
fn reply_if_request(id: &Value, message: &str, data: Option<Value>) -> Vec<Value> {
    if id.is_null() {
        Vec::new()
    } else {
        vec![rpc_error(id, SERVICE_ERROR, message, data)]
    }
}

fn rpc_error(id: &Value, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut error = json!({"code": code, "message": message});
    if let Some(data) = data {
        error["data"] = data;
    }
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}
