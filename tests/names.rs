//! Names are identities: a unit's name as written in the scenario is how the command line,
//! JSON and saves refer to it. Only the on-screen label shortens it.

use skirmish::fixture::run_cli as exec;
use skirmish::load::names::label;
use std::path::{Path, PathBuf};

/// A scratch scenario over the shipped data.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, units: &[(&str, &str, [i32; 2])]) -> Scratch {
        let dir = std::env::temp_dir().join(format!("skirmish-names-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("m.txt"), "......\n......\n").unwrap();
        let mut text = String::from("name = \"names\"\nmap = \"m.txt\"\n");
        for (n, team, [x, y]) in units {
            text += &format!("[[units]]\nname = {n:?}\nteam = \"{team}\"\nat = [{x}, {y}]\n");
            if *team == "enemy" {
                text += "profile = \"charger\"\n";
            }
        }
        std::fs::write(dir.join("s.toml"), text).unwrap();
        Scratch(dir)
    }
    fn scenario(&self) -> String {
        self.0.join("s.toml").to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn data() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_long_name_is_its_own_identity_on_the_command_line_and_in_json() {
    let s = Scratch::new(
        "long",
        &[("Bartholomew the Bold", "player", [0, 0]), ("Brute", "enemy", [5, 1])],
    );
    let (code, out, err) = exec(&[
        "range",
        &s.scenario(),
        "--unit",
        "Bartholomew the Bold",
        "--json",
        "--data",
        &data(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"unit\":\"Bartholomew the Bold\""), "{out}");
    let (code, out, err) = exec(&["ai", &s.scenario(), "--json", "--data", &data()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"target\":\"Bartholomew the Bold\""), "{out}");
}

#[test]
fn names_equal_after_a_cut_are_two_units_and_blanks_are_kept() {
    let s = Scratch::new(
        "cut",
        &[
            ("Bartholomew the Bold", "player", [0, 0]),
            ("Bartholomew the Brave", "player", [1, 0]),
            ("Two  spaces", "player", [2, 0]),
            ("Brute", "enemy", [5, 1]),
        ],
    );
    let (code, out, err) = exec(&["check", &s.scenario(), "--data", &data()]);
    assert_eq!((code, out.as_str()), (0, "ok\n"), "{err}");
    for (name, x) in [("Bartholomew the Brave", 1), ("Two  spaces", 2)] {
        let (code, out, err) = exec(&["range", &s.scenario(), "--unit", name, "--json", "--data", &data()]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains(&format!("\"origin\":[{x},0]")), "{name}: {out}");
        assert!(out.contains(&format!("\"unit\":{name:?}")), "{name}: {out}");
    }
    // The squeezed form is another name, not an alias.
    let (code, _, err) = exec(&["range", &s.scenario(), "--unit", "Two spaces", "--data", &data()]);
    assert_eq!(code, 1);
    assert!(err.contains("no unit named \"Two spaces\""), "{err}");
}

#[test]
fn duplicate_names_are_still_refused() {
    let s = Scratch::new(
        "dup",
        &[
            ("Bartholomew the Bold", "player", [0, 0]),
            ("Bartholomew the Bold", "player", [1, 0]),
        ],
    );
    let (code, out, err) = exec(&["check", &s.scenario(), "--data", &data()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("s.toml:8:8: duplicate unit name \"Bartholomew the Bold\""),
        "{err}"
    );
}

#[test]
fn only_the_label_shortens_with_an_ellipsis() {
    assert_eq!(label("Kiny", 16), "Kiny");
    assert_eq!(label("Bartholomew the Bold", 16), "Bartholomew the…");
    assert_eq!(label("Bartholomew the Bold", 16).chars().count(), 16);
    // No trailing blank before the ellipsis, and runs of blanks read as one on screen.
    assert_eq!(label("Bartholomew  the Bold", 13), "Bartholomew…");
    assert_eq!(label("exactly sixteen!", 16), "exactly sixteen!");
}
