//! The `decision-trail` binary; everything lives in the library.

/// mimalloc instead of the system allocator: glibc's malloc and free were 23%
/// of the HTTP workers' CPU and 10% of the writer's under the bench kit's POST
/// load (the README's bench kit figures).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    decision_trail::cli::main()
}
