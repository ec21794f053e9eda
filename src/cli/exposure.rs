//! Whether `serve` may start as configured: a service without API keys
//! answers anyone who can reach it as any agent, so it listens on a
//! non-loopback address only when told so (`--open`), like Redis's protected
//! mode (docs/design.md §3, "Open and exposed").

use std::net::{SocketAddr, ToSocketAddrs};
use std::path::Path;

use crate::domain::api_keys::KeyRing;
use crate::store::admin::api_keys;

/// Whether `addr` is a loopback address (an IPv4-mapped one included).
pub(super) fn is_loopback(addr: &SocketAddr) -> bool {
    addr.ip().to_canonical().is_loopback()
}

/// Whether every address `listen` names is a loopback one. A name is resolved
/// as the listener will resolve it (`localhost:8080` is loopback; `0.0.0.0`,
/// `::` and a LAN address are not).
pub(super) fn listens_on_loopback(listen: &str) -> Result<bool, String> {
    let addrs: Vec<SocketAddr> = listen
        .to_socket_addrs()
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?
        .collect();
    Ok(!addrs.is_empty() && addrs.iter().all(is_loopback))
}

/// Refuses an open service (no keys file) on a non-loopback address unless
/// `open` says it is meant; the refusal says why and what to do.
pub(super) fn refuse_unless_meant(
    listen: &str,
    keys: bool,
    loopback: bool,
    open: bool,
) -> Result<(), String> {
    if keys || loopback || open {
        return Ok(());
    }
    // The same port, on loopback: what was asked for, for this machine only.
    let port = listen
        .rsplit_once(':')
        .and_then(|(_, port)| port.parse::<u16>().ok())
        .unwrap_or(8080);
    Err(format!(
        "refusing to start: no API keys (--keys-file) and {listen} is not a loopback address, \
         so anyone who can reach it could write as any agent.\n  \
         To require keys: decision-trail keys add --keys-file keys.jsonl --agent-id AGENT --role writer\n  \
         then start with --keys-file keys.jsonl (DECISION_TRAIL_KEYS_FILE).\n  \
         To serve it open on purpose (a network you trust): pass --open (DECISION_TRAIL_OPEN=true).\n  \
         To serve this machine only: --listen 127.0.0.1:{port}."
    ))
}

/// The keys file, read at start; a file that is not there says how to make it
/// (a container's image names one in the data volume).
pub(super) fn load_keys(path: &Path) -> Result<KeyRing, String> {
    if !path.exists() {
        return Err(format!(
            "the keys file {path} does not exist: make it with\n  \
             decision-trail keys add --keys-file {path} --agent-id AGENT --role writer\n  \
             (it prints the token once), then start again",
            path = path.display()
        ));
    }
    api_keys::load(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_is_what_only_this_machine_reaches() {
        for listen in ["127.0.0.1:8080", "[::1]:0", "localhost:0", "127.1.2.3:9"] {
            assert!(listens_on_loopback(listen).unwrap(), "{listen}");
        }
        for listen in ["0.0.0.0:8080", "[::]:0", "192.168.1.5:80", "10.0.0.7:8080"] {
            assert!(!listens_on_loopback(listen).unwrap(), "{listen}");
        }
        let mapped: SocketAddr = "[::ffff:127.0.0.1]:80".parse().unwrap();
        assert!(is_loopback(&mapped));
        assert!(listens_on_loopback("not an address").is_err());
    }

    #[test]
    fn only_an_open_service_off_loopback_needs_to_be_meant() {
        assert!(refuse_unless_meant("0.0.0.0:8080", true, false, false).is_ok());
        assert!(refuse_unless_meant("127.0.0.1:8080", false, true, false).is_ok());
        assert!(refuse_unless_meant("0.0.0.0:8080", false, false, true).is_ok());
        let refusal = refuse_unless_meant("0.0.0.0:8080", false, false, false).unwrap_err();
        for needed in [
            "keys add",
            "--keys-file",
            "--open",
            "DECISION_TRAIL_OPEN=true",
        ] {
            assert!(refusal.contains(needed), "{refusal}");
        }
        assert!(refusal.contains("--listen 127.0.0.1:8080."), "{refusal}");
        // The port that was asked for, on loopback.
        let refusal = refuse_unless_meant("[::]:9123", false, false, false).unwrap_err();
        assert!(refusal.contains("--listen 127.0.0.1:9123."), "{refusal}");
    }
}
