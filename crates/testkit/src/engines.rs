//! The engines the engine client's tests play: the fake engine of
//! `examples/fake_engine.rs` (which `cargo test` builds), and the real
//! ones when they are installed (each test skips with a message when not).

use std::path::PathBuf;

/// The fake engine's program, built beside the test binaries in
/// `target/<profile>/examples/`.
pub fn fake_engine_program() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary is in target/<profile>/deps");
    let program = profile.join("examples").join("fake_engine");
    assert!(
        program.exists(),
        "the fake engine {} is not built: a plain `cargo test` builds every example; \
         after a filtered one run `cargo build --examples` (with --release for a release test)",
        program.display()
    );
    program
}

/// The command that starts the fake engine with `args`
/// (`--xboard --mode hang`).
pub fn fake_engine(args: &str) -> String {
    format!("{} {args}", fake_engine_program().display())
}

/// The real engine `program`, when installed (on the PATH or in
/// /usr/games); else `None`, a line printed saying the test is skipped.
pub fn real_engine(program: &str) -> Option<PathBuf> {
    let found = catboard::protocol::engine::process::find_program(program);
    if found.is_none() {
        eprintln!("skipped: {program} is not installed (apt-get install {program})");
    }
    found
}
