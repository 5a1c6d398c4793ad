//! Golden files, for tests only: the screens (`ui::snapshots`) and the
//! line mode's transcripts (`line::tests`) are compared through insta with
//! the files in the top-level `snapshots/` folder (`<name>.snap`), and no
//! file there goes unchecked.
//!
//! A golden case is a plain function taking [`Goldens`], on which it calls
//! [`Goldens::check`] once for each file it compares. [`golden_tests!`]
//! turns a list of cases into one `#[test]` each and a table of them. Each
//! owner of golden files (see [`Owner`]) has one more test calling
//! [`assert_every_file_is_checked`] with its tables: it runs every case in
//! a collecting mode (the case runs, the names it checks are recorded, no
//! file is compared) and fails when a file in `snapshots/` that the owner
//! owns is no case's: a stale golden file (its test removed or renamed)
//! fails a plain `cargo test`, as `cargo insta test --unreferenced=reject`
//! would where cargo-insta is installed. The check runs the cases itself,
//! so it does not depend on the order in which the tests run.
//!
//! # Updating golden files
//!
//! After an intended change, write the files anew and review the diff
//! like code:
//!
//! ```text
//! INSTA_UPDATE=always cargo test --release
//! git diff snapshots/
//! ```
//!
//! With cargo-insta installed, `cargo insta test` and `cargo insta review`
//! show each change for acceptance instead. A failing comparison without
//! `INSTA_UPDATE` leaves `<name>.snap.new` beside the file for that review
//! (`CI=true` writes nothing). A file the check calls stale belongs to no
//! test any more: delete it (or restore the test).

use std::path::PathBuf;

/// One golden case: its name (the function's) and the function.
pub(crate) type Case = (&'static str, fn(&mut Goldens));

/// The part of `snapshots/` a group of golden tests answers for: each file
/// belongs to exactly one owner, which checks that it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Owner {
    /// The screens drawn on ratatui's `TestBackend` (`ui::snapshots`).
    Screens,
    /// The line mode's transcripts (`line::tests`), named `line-*`.
    Transcripts,
    /// The server's transcripts, named `serve-*`, checked by the server's
    /// own test crate (`tests/serve`), not by a case here.
    Server,
}

impl Owner {
    /// The owner of the golden file called `name`.
    pub(crate) fn of(name: &str) -> Owner {
        if name.starts_with("line-") {
            Owner::Transcripts
        } else if name.starts_with("serve-") {
            Owner::Server
        } else {
            Owner::Screens
        }
    }
}

/// What a golden case checks its output against: the files (when
/// comparing) or a list of the names it checks (when collecting).
pub(crate) struct Goldens {
    compare: bool,
    names: Vec<String>,
}

impl Goldens {
    /// Compares `actual` with `snapshots/<name>.snap` (insta; a failure
    /// shows the whole difference).
    pub(crate) fn check(&mut self, name: &str, actual: &str) {
        assert!(
            !self.names.iter().any(|n| n == name),
            "two golden checks share the name {name}"
        );
        self.names.push(name.to_string());
        if self.compare {
            settings().bind(|| insta::assert_snapshot!(name, actual));
        }
    }
}

/// The folder of golden files.
fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots")
}

/// insta's settings for golden files: in `snapshots/`, named `<name>.snap`
/// without the module's path, with no expression in the header.
fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(folder());
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// Runs `case`, comparing each of its outputs with its golden file.
pub(crate) fn compare(case: fn(&mut Goldens)) {
    case(&mut Goldens {
        compare: true,
        names: Vec::new(),
    });
}

/// Fails unless every golden file of `owner` in `snapshots/` is checked
/// by one of `cases`, and every name the cases check belongs to `owner`.
pub(crate) fn assert_every_file_is_checked(owner: Owner, cases: &[Case]) {
    let mut goldens = Goldens {
        compare: false,
        names: Vec::new(),
    };
    for (_, case) in cases {
        case(&mut goldens);
    }
    for name in &goldens.names {
        assert_eq!(Owner::of(name), owner, "the golden file {name}");
    }
    let entries = match std::fs::read_dir(folder()) {
        Ok(entries) => entries,
        Err(e) => panic!("cannot list {}: {e}", folder().display()),
    };
    let files: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let stale = stale_files(&files, &goldens.names, owner);
    assert!(
        stale.is_empty(),
        "no test checks {stale:?} in {}: delete the file (or restore its test)",
        folder().display()
    );
}

/// The files among `files` (names in `snapshots/`) that belong to `owner`
/// and are not the golden file of a name in `checked`. insta's files of
/// changes waiting for review (`.snap.new`, `.pending-snap`) are left
/// alone: the failed comparison that wrote one already fails its test.
fn stale_files(files: &[String], checked: &[String], owner: Owner) -> Vec<String> {
    let mut stale: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with(".snap.new") && !f.ends_with(".pending-snap"))
        .filter(|f| Owner::of(f) == owner)
        .filter(|f| {
            f.strip_suffix(".snap")
                .is_none_or(|name| !checked.iter().any(|c| c == name))
        })
        .cloned()
        .collect();
    stale.sort();
    stale
}

/// Declares golden tests: `golden_tests!(pub(super) mod screens = [a, b]);`
/// makes module `screens` holding one `#[test]` per case (`screens::a`
/// runs [`compare`] on the case function `a` of the calling module) and
/// `screens::CASES`, the table of them for [`assert_every_file_is_checked`].
macro_rules! golden_tests {
    ($vis:vis mod $module:ident = [$($case:ident),+ $(,)?]) => {
        /// One test per golden case, and the table of the cases.
        $vis mod $module {
            /// Every golden case of this module, by name.
            pub(crate) const CASES: &[$crate::golden::Case] = &[$((stringify!($case), super::$case)),+];
            $(
                #[test]
                fn $case() {
                    $crate::golden::compare(super::$case);
                }
            )+
        }
    };
}

pub(crate) use golden_tests;

#[test]
fn a_file_no_case_checks_is_stale_and_review_files_are_not() {
    let files: Vec<String> = [
        "setup.snap",
        "stray.snap",
        "setup.txt",
        "help.snap.new",
        "help.pending-snap",
        "line-chess.snap",
        "line-old.snap",
    ]
    .map(String::from)
    .to_vec();
    let checked = ["setup".to_string(), "line-chess".to_string()];
    assert_eq!(
        stale_files(&files, &checked, Owner::Screens),
        ["setup.txt", "stray.snap"]
    );
    assert_eq!(
        stale_files(&files, &checked, Owner::Transcripts),
        ["line-old.snap"]
    );
    assert!(stale_files(&files[..1], &checked, Owner::Screens).is_empty());
}
