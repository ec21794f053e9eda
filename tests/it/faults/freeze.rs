//! A process stopped (SIGSTOP) and continued answers the requests that
//! arrived meanwhile: its time limits do not count the time it was frozen,
//! so a request head read after the freeze is not cut off as late.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use super::signal;
use crate::support::serve_binary;

/// Reads one response from `stream`: its status line and body (the
/// service sends Content-Length).
fn read_response(stream: &mut TcpStream) -> std::io::Result<(String, String)> {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&bytes[..end]).to_string();
            let length: usize = head
                .lines()
                .find_map(|l| {
                    let (name, value) = l.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse().ok())?
                })
                .unwrap_or(0);
            if bytes.len() >= end + 4 + length {
                let body = String::from_utf8_lossy(&bytes[end + 4..end + 4 + length]).to_string();
                let status = head.lines().next().unwrap_or_default().to_string();
                return Ok((status, body));
            }
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        bytes.extend_from_slice(&buf[..n]);
    }
}

fn post_request(body: &str) -> String {
    format!(
        "POST /thoughts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

#[test]
fn requests_that_arrived_during_a_freeze_are_answered_not_reset() {
    let dir = tempfile::tempdir().unwrap();
    // A head must arrive within 1 s of the connection's turn to send one;
    // the freeze lasts 3.
    let mut served = serve_binary(&dir.path().join("trail.db"), &["--header-timeout", "1s"]);
    let pid = served.child.id();
    let body = r#"{"task_id":"t","agent_id":"a","type":"plan","content":"before"}"#;
    let mut idle = TcpStream::connect(served.addr).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    idle.write_all(post_request(body).as_bytes()).unwrap();
    let (status, _) = read_response(&mut idle).unwrap();
    assert!(status.contains(" 201 "), "{status}");

    signal(pid, "STOP");
    // A kept-alive connection sends its next request, and a new one
    // connects and sends its own, both while the process is stopped.
    let body = r#"{"task_id":"t","agent_id":"a","type":"plan","content":"during"}"#;
    idle.write_all(post_request(body).as_bytes()).unwrap();
    let mut fresh = TcpStream::connect(served.addr).unwrap();
    fresh
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    fresh
        .write_all(b"GET /tasks/t HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    signal(pid, "CONT");

    let kept = read_response(&mut idle);
    let new = read_response(&mut fresh);
    served.child.kill().unwrap();
    served.child.wait().unwrap();
    let (status, answer) = kept.expect("the kept-alive connection is answered, not reset");
    assert!(status.contains(" 201 "), "{status}: {answer}");
    assert!(answer.contains(r#""content":"during""#), "{answer}");
    let (status, _) = new.expect("the new connection is answered, not reset");
    assert!(status.contains(" 200 "), "{status}");
}
