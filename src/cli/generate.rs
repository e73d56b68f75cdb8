//! `skirmish generate`: a new battlefield from a seed.

use super::*;
use crate::io::files::write_atomic;

pub(super) fn generate_cmd(
    seed: u64,
    (w, h): (usize, usize),
    out: &Path,
    data_override: Option<PathBuf>,
    tiled: bool,
) -> Outcome {
    use crate::io::generate::{MAX_SIDE, MIN_SIDE};
    if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
        return usage(format!(
            "error: size {w}x{h} is out of range: each side must be {MIN_SIDE}..={MAX_SIDE}\n"
        ));
    }
    // The data is found as the other commands find it: --data, else ./data, else the
    // project's data/ (not beside --out, which may be any folder).
    let given = data_override.is_some();
    let data_dir = data_override.unwrap_or_else(|| find_default("data"));
    let terrain = match Source::read(&data_dir.join("terrain.toml"))
        .map_err(Diagnostics::from)
        .and_then(|s| crate::load::terrain::parse(&s))
    {
        Ok(t) => t,
        Err(e) => {
            let whence = if given {
                "from --data".to_string()
            } else {
                format!(
                    "no --data given: ./data, else {}",
                    display_path(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data"))
                )
            };
            let note = format!(
                "note: generate reads terrain.toml in the data folder {} ({whence})\n",
                display_path(&data_dir)
            );
            return match fail(e) {
                Outcome::Done { code, stdout, stderr } => Outcome::Done {
                    code,
                    stdout,
                    stderr: stderr + &note,
                },
                other => other,
            };
        }
    };
    let map_name = format!("gen-{seed}.txt");
    let g = match crate::io::generate::generate(&terrain, seed, w, h, &map_name) {
        Ok(g) => g,
        Err(e) => return usage(format!("error: {}\n", e.0)),
    };
    if tiled {
        return generate_tiled(&g, seed, out, &data_dir);
    }
    let map_path = out.join(&map_name);
    let scen_path = out.join(format!("gen-{seed}.toml"));
    if let Err(e) = std::fs::create_dir_all(out)
        .and_then(|_| write_atomic(&map_path, g.map_text.as_bytes()))
        .and_then(|_| write_atomic(&scen_path, g.scenario_text.as_bytes()))
    {
        return usage(format!("error: cannot write into {}: {e}\n", display_path(out)));
    }
    ok(format!(
        "wrote {} and {} ({} enemies, none closer than travel {} to the hero)\n",
        display_path(&map_path),
        display_path(&scen_path),
        g.enemies.len(),
        crate::io::generate::MIN_ENEMY_TRAVEL
    ))
}

/// `generate --tiled`: the generated battlefield as `export-tiled` writes a scenario: the map
/// (with the units) as `gen-SEED.tmx`, its tileset, and `gen-SEED.toml` using it.
fn generate_tiled(g: &crate::io::generate::Generated, seed: u64, out: &Path, data_dir: &Path) -> Outcome {
    let data = match crate::load::data::load(data_dir) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let stem = format!("gen-{seed}");
    let scenario = crate::load::scenario::parse_in_memory(
        &Source::new(
            display_path(&out.join(format!("{stem}.toml"))),
            g.scenario_text.as_str(),
        ),
        &Source::new(display_path(&out.join(format!("{stem}.txt"))), g.map_text.as_str()),
        &data,
    );
    let scenario = match scenario {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    match super::export::export(&scenario, &data, out, &stem) {
        Ok(written) => ok(format!(
            "wrote {} ({} enemies, none closer than travel {} to the hero)\n",
            written.iter().map(|p| display_path(p)).collect::<Vec<_>>().join(", "),
            g.enemies.len(),
            crate::io::generate::MIN_ENEMY_TRAVEL
        )),
        Err(e) => usage(format!("error: {e}\n")),
    }
}
