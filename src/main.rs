//! The `decision-trail` binary; everything lives in the library.

fn main() -> std::process::ExitCode {
    decision_trail::cli::main()
}
