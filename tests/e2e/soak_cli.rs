//! `catboard selfplay --soak N`: a short soak of each variant passes and
//! reports its figures; bad arguments are refused in one sentence.

use crate::support::process::catboard_text;

/// `catboard selfplay ARGS`: its exit code, standard output and standard error.
fn soak(args: &[&str]) -> (Option<i32>, String, String) {
    let (status, out, err) = catboard_text(&[&["selfplay"], args].concat());
    (status.code(), out, err)
}

#[test]
fn a_short_soak_of_each_variant_passes_and_reports_its_figures() {
    for variant in ["chess", "cat"] {
        // 101 games: game 0 and game 100 are played by a depth-1 search.
        let (code, out, err) = soak(&["--soak", "101", "--variant", variant, "--max-plies", "120"]);
        assert_eq!(code, Some(0), "{out}{err}");
        let summary = out
            .lines()
            .find(|l| l.starts_with(&format!("soak {variant}: 101 games, ")))
            .unwrap_or_else(|| panic!("no summary: {out}"));
        assert!(summary.contains(" 0 failures, "), "{summary}");
        let plies: u64 = summary
            .split(", ")
            .find_map(|part| part.strip_suffix(" plies")?.parse().ok())
            .expect("a ply count");
        assert!(plies > 101 * 20, "{summary}");
        assert!(plies <= 101 * 120, "{summary}");
    }
}

#[test]
fn a_soak_of_an_unknown_variant_is_refused_in_one_sentence() {
    let (code, out, err) = soak(&["--soak", "3", "--variant", "xiangqi"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("xiangqi") && err.trim_end().ends_with('.'),
        "{err}"
    );
}
