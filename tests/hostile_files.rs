//! Files that are not text files — a FIFO, a folder, `/dev/zero`, a file past the size
//! limit — given as a map, a scenario, a data folder's terrain file, a save, a replay, a
//! batch slice, an AI expectation file or what such a file names: a located
//! error naming the file, exit 1, nothing on stdout, and never a hang.
//!
//! These run the built binary under a watchdog: a reader that blocks on a FIFO or reads
//! `/dev/zero` forever would otherwise hang the test run instead of failing it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A scratch copy of the shipped layout (`data/`, `maps/`) with one small scenario.
struct Tree(PathBuf);

impl Tree {
    fn new(name: &str) -> Tree {
        let dir = std::env::temp_dir().join(format!("skirmish-hostile-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::create_dir_all(dir.join("maps")).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for f in ["terrain.toml", "profiles.toml", "units.toml"] {
            std::fs::copy(root.join("data").join(f), dir.join("data").join(f)).unwrap();
        }
        std::fs::write(dir.join("maps/m.txt"), ".....\n.....\n").unwrap();
        Tree(dir)
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }

    /// A scenario whose map is `map` (written as given).
    fn scenario(&self, rel: &str, map: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::write(
            &p,
            format!("name = \"t\"\nmap = {map:?}\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\n"),
        )
        .unwrap();
        p
    }

    fn fifo(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        let _ = std::fs::remove_file(&p);
        let st = Command::new("mkfifo").arg(&p).status().expect("mkfifo runs");
        assert!(st.success(), "mkfifo {}", p.display());
        p
    }

    fn folder(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        let _ = std::fs::remove_file(&p);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    fn dev_zero(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        let _ = std::fs::remove_file(&p);
        std::os::unix::fs::symlink("/dev/zero", &p).unwrap();
        p
    }

    /// A regular file one byte past the 64 MiB limit (sparse: costs no disk).
    fn oversized(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        let _ = std::fs::remove_file(&p);
        let f = std::fs::File::create(&p).unwrap();
        f.set_len(skirmish::load::diag::MAX_FILE_BYTES + 1).unwrap();
        p
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the binary; fails the test (and kills the process) if it has not finished after
/// a generous delay — the property tested is "never hangs", not a speed.
fn run(args: &[&Path]) -> (i32, String, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(out) => {
            let out = out.unwrap();
            (
                out.status.code().unwrap_or(-1),
                String::from_utf8_lossy(&out.stdout).into_owned(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            )
        }
        Err(_) => {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            panic!("skirmish {args:?} hung");
        }
    }
}

/// Exit 1, nothing on stdout, and a `path:line:col: message` line that names `file` and says `what`.
fn refused(args: &[&Path], file: &Path, what: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 1, "{args:?}: stdout {out:?} stderr {err:?}");
    assert!(out.is_empty(), "{args:?}: stdout {out:?}");
    let shown = file.to_string_lossy();
    let located = |l: &str| {
        // `batch` (not this suite's) prefixes its messages with `error: `.
        let l = l.strip_prefix("error: ").unwrap_or(l);
        let mut parts = l.splitn(4, ':');
        let (_, line, col) = (parts.next(), parts.next(), parts.next());
        [line, col]
            .iter()
            .all(|n| n.is_some_and(|n| n.parse::<usize>().is_ok()))
            && parts.next().is_some()
    };
    assert!(
        err.lines()
            .any(|l| located(l) && l.contains(shown.as_ref()) && l.contains(what)),
        "{args:?}: no located error naming {shown} that says {what:?} in:\n{err}"
    );
}

const CHECK: &str = "check";
const NOT_REGULAR: &str = "not a regular file";
const FOLDER: &str = "is a folder";
const TOO_BIG: &str = "larger than the 64 MiB limit";

fn c(s: &str) -> &Path {
    Path::new(s)
}

/// Every way in for one kind of bad file: as a map, a scenario, a terrain file and a save.
fn every_way_in(t: &Tree, make: impl Fn(&Tree, &str) -> PathBuf, what: &str) {
    // As the map of a scenario: check, range, ai and simulate.
    let map = make(t, "maps/bad.txt");
    let scen = t.scenario("maps/s.toml", "bad.txt");
    refused(&[c(CHECK), &scen], &map, what);
    refused(&[c("range"), &scen, c("--unit"), c("Kiny")], &map, what);
    refused(&[c("ai"), &scen], &map, what);
    refused(&[c("simulate"), &scen], &map, what);
    // As a bare map given to check and range.
    refused(&[c(CHECK), &map], &map, what);
    refused(
        &[c("range"), c("--map"), &map, c("--from"), c("0,0"), c("--move"), c("3")],
        &map,
        what,
    );
    // As the scenario itself.
    let scen = make(t, "maps/bad.toml");
    refused(&[c(CHECK), &scen], &scen, what);
    refused(&[c("ai"), &scen], &scen, what);
    // As a data folder's terrain file: the default check of that folder, and a scenario using it.
    let good = t.scenario("maps/s.toml", "m.txt");
    let terrain = make(t, "data/terrain.toml");
    refused(&[c(CHECK), c("--data"), &t.path("data")], &terrain, what);
    refused(&[c(CHECK), &good], &terrain, what);
    std::fs::remove_file(&terrain)
        .or_else(|_| std::fs::remove_dir(&terrain))
        .unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/terrain.toml"),
        &terrain,
    )
    .unwrap();
    // As a save.
    let save = make(t, "bad.save");
    refused(&[c("--resume"), &save], &save, what);
    // As a replay, headless and in the window (checked before any window opens).
    let replay = make(t, "bad.replay");
    refused(&[c("replay"), &replay], &replay, what);
    refused(&[c("--replay"), &replay], &replay, what);
    // As a batch slice to add up.
    let slice = make(t, "bad.json");
    refused(&[c("batch"), c("--merge"), &slice], &slice, what);
    // As an AI expectation file, and as the scenario or the map such a file names.
    std::fs::create_dir_all(t.path("ai")).unwrap();
    let expectation = make(t, "ai/bad.toml");
    if what != FOLDER {
        // (`test` takes a folder as a folder of expectation files.)
        refused(&[c("test"), &expectation], &expectation, what);
    }
    refused(&[c(CHECK), &expectation], &expectation, what);
    let scen = make(t, "maps/bad.toml");
    let names_scen = t.path("ai/scen.toml");
    std::fs::write(
        &names_scen,
        "scenario = \"../maps/bad.toml\"\n[[expect]]\nunit = \"Kiny\"\nalive = true\n",
    )
    .unwrap();
    refused(&[c("test"), &names_scen], &scen, what);
    refused(&[c(CHECK), &names_scen], &scen, what);
    let map = make(t, "maps/bad.txt");
    let names_map = t.path("ai/map.toml");
    std::fs::write(
        &names_map,
        "map = \"../maps/bad.txt\"\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\n\
         [[expect]]\nunit = \"Kiny\"\nalive = true\n",
    )
    .unwrap();
    refused(&[c("test"), &names_map], &map, what);
}

#[test]
fn an_expectation_naming_dev_zero_as_its_scenario_is_refused_unread() {
    // The literal case of the issue: `scenario = "/dev/zero"` used to be read without bound.
    let t = Tree::new("zero-scenario");
    std::fs::create_dir_all(t.path("ai")).unwrap();
    let f = t.path("ai/zero.toml");
    std::fs::write(
        &f,
        "scenario = \"/dev/zero\"\n[[expect]]\nunit = \"Kiny\"\nalive = true\n",
    )
    .unwrap();
    refused(&[c("test"), &f], &f, "cannot read scenario /dev/zero");
    refused(&[c("test"), &f], c("/dev/zero"), NOT_REGULAR);
}

#[test]
fn a_missing_replay_or_save_is_an_error_naming_it_not_an_empty_file() {
    let t = Tree::new("missing");
    for (args, file) in [
        (vec![c("replay"), &t.path("none.replay")], t.path("none.replay")),
        (vec![c("--replay"), &t.path("none.replay")], t.path("none.replay")),
        (vec![c("--resume"), &t.path("none.save")], t.path("none.save")),
        (vec![c("test"), &t.path("none.toml")], t.path("none.toml")),
    ] {
        refused(&args, &file, "cannot read file");
    }
}

#[test]
fn a_fifo_is_refused_everywhere_without_blocking() {
    every_way_in(&Tree::new("fifo"), Tree::fifo, NOT_REGULAR);
}

#[test]
fn a_folder_is_refused_everywhere() {
    every_way_in(&Tree::new("folder"), Tree::folder, FOLDER);
}

#[test]
fn dev_zero_is_refused_everywhere_without_reading_it() {
    every_way_in(&Tree::new("zero"), Tree::dev_zero, NOT_REGULAR);
}

#[test]
fn a_file_past_the_size_limit_is_refused_everywhere() {
    every_way_in(&Tree::new("big"), Tree::oversized, TOO_BIG);
}

#[test]
fn a_file_just_under_the_limit_is_read() {
    // The limit is a size, not a guess: a 64 MiB map is read (and then refused as too wide).
    let t = Tree::new("under");
    let p = t.path("maps/wide.txt");
    std::fs::write(&p, ".".repeat(skirmish::load::diag::MAX_FILE_BYTES as usize)).unwrap();
    let (code, _, err) = run(&[c(CHECK), &p]);
    assert_eq!(code, 1);
    assert!(err.contains("the largest map accepted is 4096x4096"), "{err}");
}
