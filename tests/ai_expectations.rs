//! The AI expectations a designer wrote as data (`tests/ai/*.toml`), run by the same runner
//! as `skirmish test`: a failure here prints the failing expectation with its picture.

use skirmish::fixture::run_cli;

#[test]
fn every_shipped_ai_expectation_holds() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ai");
    let (code, out, err) = run_cli(&["test", dir]);
    assert_eq!(code, 0, "skirmish test {dir} failed:\n{out}{err}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" passed, 0 failed"), "{last}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(
        passed >= 15,
        "the shipped files cover every boundary of the issue: {out}"
    );
}
