//! `verify state` and `verify forget`: what the verifier's state file pins,
//! and forgetting one log of it, for when a log was replaced on purpose (a
//! second install under the same origin, a rebuild): the next `verify --url`
//! then trusts what it finds on first use again (docs/design.md §10).

use std::path::PathBuf;

use clap::Subcommand;

use super::remote::State;
use crate::domain::count;

/// The verifier's state file (`verify --url` keeps it).
#[derive(Subcommand, Debug, Clone)]
pub(super) enum PinsCommand {
    /// List what the state file pins: each log's origin, the URLs it was
    /// reached at, its key, and the size of the checkpoint accepted last.
    State {
        /// The state file, as for `verify --url`.
        #[arg(long = "state", value_name = "FILE")]
        file: Option<PathBuf>,
    },
    /// Forget one log: the checkpoint and key accepted from it, and the URLs
    /// it was reached at. Give its URL or its origin (`verify state` lists
    /// them). For a log replaced on purpose only: the next check trusts what
    /// it finds there on first use.
    Forget {
        /// The log's URL (as given to --url) or origin.
        target: String,
        /// The state file, as for `verify --url`.
        #[arg(long = "state", value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

/// The lines to print, or why the command failed.
pub(super) fn run(command: PinsCommand) -> Result<Vec<String>, String> {
    match command {
        PinsCommand::State { file } => path(file).and_then(|p| list(&p)),
        PinsCommand::Forget { target, file } => path(file).and_then(|p| forget(&p, &target)),
    }
}

fn path(file: Option<PathBuf>) -> Result<PathBuf, String> {
    file.map_or_else(State::default_path, Ok)
}

/// One line per log pinned, after a line naming the file.
fn list(path: &std::path::Path) -> Result<Vec<String>, String> {
    let state = State::load(path)?;
    let mut lines = vec![format!(
        "state file {}: {} pinned",
        path.display(),
        count(state.logs.len() as u64, "log")
    )];
    for (origin, accepted) in &state.logs {
        let urls: Vec<&str> = state
            .urls
            .iter()
            .filter(|(_, served)| &served.origin == origin)
            .map(|(url, _)| url.as_str())
            .collect();
        lines.push(format!(
            "{origin}: {}, key {}, at {}",
            count(accepted.tree_size, "record"),
            accepted.verifier_key,
            if urls.is_empty() {
                "no URL".to_string()
            } else {
                urls.join(", ")
            }
        ));
    }
    Ok(lines)
}

/// Removes the log `target` names (a URL it was reached at, or its origin),
/// and every URL that served it; the file is rewritten atomically.
fn forget(path: &std::path::Path, target: &str) -> Result<Vec<String>, String> {
    let mut state = State::load(path)?;
    let url = target.trim_end_matches('/');
    let origin = state
        .urls
        .get(url)
        .map_or_else(|| target.to_string(), |served| served.origin.clone());
    let accepted = state.logs.remove(&origin);
    let urls: Vec<String> = state
        .urls
        .iter()
        .filter(|(u, served)| served.origin == origin || u.as_str() == url)
        .map(|(u, _)| u.clone())
        .collect();
    if accepted.is_none() && urls.is_empty() {
        return Err(format!(
            "the state file {} pins no log `{target}` (neither a URL nor an origin): \
             `decision-trail verify state` lists what it pins",
            path.display()
        ));
    }
    for u in &urls {
        state.urls.remove(u);
    }
    state.save(path)?;
    let what = match &accepted {
        Some(a) => format!(
            "the log `{origin}` (key {}, {} accepted)",
            a.verifier_key,
            count(a.tree_size, "record")
        ),
        None => format!("the log `{origin}`"),
    };
    let at = if urls.is_empty() {
        String::new()
    } else {
        format!(", reached at {}", urls.join(", "))
    };
    Ok(vec![format!(
        "forgot {what}{at}, in {}; the next `verify --url` trusts the log it finds there on \
         first use (give --key to pin the key you expect)",
        path.display()
    )])
}
