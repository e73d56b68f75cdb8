//! Maps from the Tiled editor: a scenario's `map` may be a `.tmx` (terrain from each tile's
//! `terrain` property, units from the object layer `units`, regions from `regions`), every
//! error located in Tiled's terms, and `export-tiled` round trips that play the same battle.

use base64::Engine as _;
use skirmish::fixture::run_cli as exec;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// A scratch folder laid out like the repository: the shipped `data/` and a `maps/` with
/// the exported tileset `terrain.tsx` (tile ids in `terrain.toml` order: gid 1 plain,
/// 2 forest, 3 hill, 4 river, 5 mountain, 6 bridge, 7 floor, 8 wall).
struct Tree(PathBuf);

impl Tree {
    fn new(name: &str) -> Tree {
        let dir = std::env::temp_dir().join(format!("skirmish-tiled-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::create_dir_all(dir.join("maps")).unwrap();
        let root = root();
        for f in ["terrain.toml", "profiles.toml", "units.toml"] {
            std::fs::copy(root.join("data").join(f), dir.join("data").join(f)).unwrap();
        }
        let data = skirmish::load::data::load(&root.join("data")).unwrap();
        let tree = Tree(dir);
        tree.write(
            "maps/terrain.tsx",
            &skirmish::io::tiled::tsx_text(&data.terrain, "terrain.png"),
        );
        tree
    }

    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::write(&p, text).unwrap();
        p
    }

    fn path(&self, rel: &str) -> String {
        self.0.join(rel).to_string_lossy().into_owned()
    }

    /// Runs the command line with `args` (paths relative to the tree), with messages
    /// showing paths relative to the tree.
    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let full: Vec<String> = args
            .iter()
            .map(|a| {
                if a.starts_with("maps/") || a.starts_with("data") || a.starts_with("out") {
                    self.path(a)
                } else {
                    a.to_string()
                }
            })
            .collect();
        let refs: Vec<&str> = full.iter().map(String::as_str).collect();
        let (code, out, err) = exec(&refs);
        let strip = |s: String| s.replace(&format!("{}/", self.0.to_string_lossy()), "");
        (code, strip(out), strip(err))
    }

    /// `check maps/s.toml` on a scenario using `maps/m.tmx`: its stderr, asserting exit 1.
    fn check_fails(&self, tmx: &str, scenario_units: &str) -> String {
        self.write("maps/m.tmx", tmx);
        self.write(
            "maps/s.toml",
            &format!("name = \"t\"\nmap = \"m.tmx\"\n{scenario_units}"),
        );
        let (code, out, err) = self.run(&["check", "maps/s.toml"]);
        assert_eq!(code, 1, "expected failure, got stdout {out}");
        assert!(out.is_empty(), "{out}");
        err
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// `.....` / `..T..` / `..#..` as gids.
const GIDS: [[u32; 5]; 3] = [[1, 1, 1, 1, 1], [1, 1, 2, 1, 1], [1, 1, 8, 1, 1]];

fn csv(rows: &[[u32; 5]]) -> String {
    let lines: Vec<String> = rows
        .iter()
        .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect();
    format!("<data encoding=\"csv\">\n{}\n</data>", lines.join(",\n"))
}

/// A layer element.
fn layer(id: u32, name: &str, props: &str, data: &str) -> String {
    format!("<layer id=\"{id}\" name=\"{name}\" width=\"5\" height=\"3\">{props}\n{data}\n</layer>\n")
}

/// A 5x3 orthogonal map of 32 px tiles with the external tileset and `body` (layers).
fn map(body: &str) -> String {
    map_with(
        "orientation=\"orthogonal\"",
        32,
        32,
        "<tileset firstgid=\"1\" source=\"terrain.tsx\"/>",
        body,
    )
}

fn map_with(orientation: &str, tw: u32, th: u32, tileset: &str, body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" {orientation} renderorder=\"right-down\" width=\"5\" height=\"3\" tilewidth=\"{tw}\" tileheight=\"{th}\" infinite=\"0\" nextlayerid=\"9\" nextobjectid=\"99\">\n{tileset}\n{body}</map>\n"
    )
}

fn ground() -> String {
    layer(1, "ground", "", &csv(&GIDS))
}

/// An object layer `units` holding `objects`.
fn units(objects: &str) -> String {
    format!("<objectgroup id=\"5\" name=\"units\">\n{objects}</objectgroup>\n")
}

/// A rectangle object on cell (x, y) of a 32 px grid with string properties.
fn unit(id: u32, name: &str, (x, y): (u32, u32), props: &[(&str, &str)]) -> String {
    let props: String = props
        .iter()
        .map(|(k, v)| format!("   <property name=\"{k}\" value=\"{v}\"/>\n"))
        .collect();
    format!(
        "  <object id=\"{id}\" name=\"{name}\" x=\"{}\" y=\"{}\" width=\"32\" height=\"32\">\n   <properties>\n{props}   </properties>\n  </object>\n",
        x * 32,
        y * 32
    )
}

fn two_units() -> String {
    units(
        &(unit(1, "Kiny", (0, 0), &[("team", "player"), ("kind", "hero")])
            + &unit(2, "Brute", (4, 0), &[("team", "enemy"), ("profile", "charger")])),
    )
}

fn load(tree: &Tree) -> skirmish::load::scenario::Scenario {
    let data = skirmish::load::data::load(&tree.0.join("data")).unwrap();
    skirmish::load::scenario::load(&tree.0.join("maps/s.toml"), &data).unwrap_or_else(|e| panic!("{e}"))
}

fn write_ok(tree: &Tree, tmx: &str) -> skirmish::load::scenario::Scenario {
    tree.write("maps/m.tmx", tmx);
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"m.tmx\"\n");
    load(tree)
}

fn rows(s: &skirmish::load::scenario::Scenario) -> String {
    let data = skirmish::load::data::load(&root().join("data")).unwrap();
    s.map.to_text(&data.terrain)
}

// ------------------------------------------------------------------------- what loads ---

#[test]
fn a_tmx_map_gives_terrain_and_units() {
    let tree = Tree::new("basic");
    let s = write_ok(&tree, &map(&(ground() + &two_units())));
    assert_eq!(rows(&s), ".....\n..T..\n..#..\n");
    let names: Vec<(&str, i32, i32)> = s.units.iter().map(|u| (u.name.as_str(), u.at.x, u.at.y)).collect();
    assert_eq!(names, [("Kiny", 0, 0), ("Brute", 4, 0)]);
    assert_eq!(s.units[0].kind, "hero");
    assert_eq!(s.units[1].profile.as_deref(), Some("charger"));
    assert!(s.map_path.ends_with("maps/m.tmx"), "{}", s.map_path);
    let (code, out, err) = tree.run(&["check", "maps/s.toml"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
}

#[test]
fn toml_units_come_first_then_objects_in_id_order() {
    let tree = Tree::new("order");
    tree.write(
        "maps/m.tmx",
        &map(&(ground()
            + &units(
                &(unit(7, "Late", (3, 0), &[("team", "enemy"), ("profile", "charger")])
                    + &unit(3, "Early", (4, 0), &[("team", "enemy"), ("profile", "guard")])),
            ))),
    );
    tree.write(
        "maps/s.toml",
        "name = \"t\"\nmap = \"m.tmx\"\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\n",
    );
    let s = load(&tree);
    let names: Vec<&str> = s.units.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(names, ["Kiny", "Early", "Late"]);
}

#[test]
fn every_unit_property_is_read_with_tiled_types() {
    let tree = Tree::new("props");
    let obj = "  <object id=\"4\" name=\"Archie\" x=\"96\" y=\"64\" width=\"32\" height=\"32\">
   <properties>
    <property name=\"attack\" type=\"int\" value=\"9\"/>
    <property name=\"class\" value=\"flier\"/>
    <property name=\"defense\" type=\"float\" value=\"2\"/>
    <property name=\"hp\" value=\"33\"/>
    <property name=\"kind\" value=\"archer\"/>
    <property name=\"move\" type=\"int\" value=\"6\"/>
    <property name=\"pivot\" value=\"2,1\"/>
    <property name=\"profile\" value=\"archer\"/>
    <property name=\"range\" value=\"2-3\"/>
    <property name=\"team\" value=\"enemy\"/>
   </properties>
  </object>
";
    let kiny = unit(1, "Kiny", (0, 0), &[("team", "player")]);
    let s = write_ok(&tree, &map(&(ground() + &units(&(kiny + obj)))));
    let a = &s.units[1];
    assert_eq!((a.at.x, a.at.y), (3, 2));
    assert_eq!((a.stats.attack, a.stats.defense, a.stats.hp), (9, 2, 33));
    assert_eq!((a.stats.range_min, a.stats.range_max), (2, 3));
    assert_eq!(a.movement, 6);
    assert_eq!(a.pivot.map(|p| (p.x, p.y)), Some((2, 1)));
    assert_eq!(a.kind, "archer");
}

#[test]
fn tile_objects_stand_on_the_cell_above_their_origin_and_points_on_theirs() {
    let tree = Tree::new("gid");
    // A tile object's origin is its bottom-left corner: y = 96 is the bottom of row 2.
    let tile_obj = "  <object id=\"1\" name=\"Kiny\" gid=\"1\" x=\"32\" y=\"96\" width=\"32\" height=\"32\">
   <properties><property name=\"team\" value=\"player\"/></properties>
  </object>
";
    let point = "  <object id=\"2\" name=\"Brute\" x=\"140\" y=\"40\">
   <properties><property name=\"team\" value=\"enemy\"/><property name=\"profile\" value=\"guard\"/></properties>
   <point/>
  </object>
";
    let s = write_ok(&tree, &map(&(ground() + &units(&(tile_obj.to_string() + point)))));
    assert_eq!((s.units[0].at.x, s.units[0].at.y), (1, 2));
    assert_eq!((s.units[1].at.x, s.units[1].at.y), (4, 1));
}

#[test]
fn the_top_tile_decides_unless_a_layer_says_it_is_the_terrain() {
    let tree = Tree::new("layers");
    // A top layer with one hill at (0, 0) and nothing else.
    let mut top = [[0u32; 5]; 3];
    top[0][0] = 3;
    let body = ground() + &layer(2, "decor", "", &csv(&top)) + &two_units();
    let s = write_ok(&tree, &map(&body));
    assert_eq!(rows(&s), "^....\n..T..\n..#..\n", "the top non-empty tile decides");
    let marked = layer(
        1,
        "ground",
        "<properties><property name=\"terrain\" type=\"bool\" value=\"true\"/></properties>",
        &csv(&GIDS),
    ) + &layer(2, "decor", "", &csv(&top))
        + &two_units();
    let s = write_ok(&tree, &map(&marked));
    assert_eq!(rows(&s), ".....\n..T..\n..#..\n", "the marked layer decides alone");
}

#[test]
fn embedded_tilesets_and_any_tile_size_load() {
    let tree = Tree::new("embedded");
    let tsx = std::fs::read_to_string(tree.0.join("maps/terrain.tsx")).unwrap();
    let inner = tsx
        .split_once("?>\n")
        .unwrap()
        .1
        .replace("<tileset ", "<tileset firstgid=\"1\" ");
    let objects = "<objectgroup id=\"5\" name=\"units\">
  <object id=\"1\" name=\"Kiny\" x=\"16\" y=\"48\" width=\"16\" height=\"24\"><properties><property name=\"team\" value=\"player\"/></properties></object>
</objectgroup>
";
    let s = write_ok(
        &tree,
        &map_with("orientation=\"orthogonal\"", 16, 24, &inner, &(ground() + objects)),
    );
    assert_eq!(rows(&s), ".....\n..T..\n..#..\n");
    assert_eq!((s.units[0].at.x, s.units[0].at.y), (1, 2));
}

fn encoded(compression: Option<&str>) -> String {
    let mut raw = Vec::new();
    for row in GIDS {
        for g in row {
            raw.extend_from_slice(&g.to_le_bytes());
        }
    }
    let packed = match compression {
        None => raw,
        Some("zlib") => {
            let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(&raw).unwrap();
            e.finish().unwrap()
        }
        Some("gzip") => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(&raw).unwrap();
            e.finish().unwrap()
        }
        Some("zstd") => zstd::encode_all(&raw[..], 3).unwrap(),
        Some(other) => panic!("{other}"),
    };
    let text = base64::engine::general_purpose::STANDARD.encode(packed);
    let attr = compression.map_or(String::new(), |c| format!(" compression=\"{c}\""));
    format!("<data encoding=\"base64\"{attr}>\n   {text}\n</data>")
}

#[test]
fn base64_zlib_gzip_and_zstd_layers_load() {
    let tree = Tree::new("encodings");
    for c in [None, Some("zlib"), Some("gzip"), Some("zstd")] {
        let s = write_ok(&tree, &map(&(layer(1, "ground", "", &encoded(c)) + &two_units())));
        assert_eq!(rows(&s), ".....\n..T..\n..#..\n", "{c:?}");
    }
}

#[test]
fn regions_are_the_cells_their_rectangles_cover() {
    let tree = Tree::new("regions");
    let regions = "<objectgroup id=\"6\" name=\"regions\">
  <object id=\"10\" name=\"throne\" x=\"128\" y=\"64\" width=\"32\" height=\"32\"/>
  <object id=\"11\" name=\"ridge\" x=\"0\" y=\"32\" width=\"64\" height=\"64\"/>
</objectgroup>
";
    tree.write("maps/m.tmx", &map(&(ground() + &two_units() + regions)));
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"m.tmx\"\n");
    let data = skirmish::load::data::load(&tree.0.join("data")).unwrap();
    let (_, regions) = skirmish::load::scenario::load_with_regions(&tree.0.join("maps/s.toml"), &data).unwrap();
    let cells = |n: &str| -> Vec<(i32, i32)> { regions[n].iter().map(|p| (p.x, p.y)).collect() };
    assert_eq!(cells("throne"), [(4, 2)]);
    assert_eq!(cells("ridge"), [(0, 1), (1, 1), (0, 2), (1, 2)]);
}

#[test]
fn a_pivot_or_goal_may_name_a_one_cell_region() {
    let tree = Tree::new("pivot-region");
    let regions = "<objectgroup id=\"6\" name=\"regions\">
  <object id=\"10\" name=\"post\" x=\"96\" y=\"0\" width=\"32\" height=\"32\"/>
</objectgroup>
";
    let u = units(
        &(unit(1, "Kiny", (0, 0), &[("team", "player")])
            + &unit(
                2,
                "Mage",
                (4, 0),
                &[("team", "enemy"), ("profile", "pivot"), ("pivot", "post")],
            )
            + &unit(
                3,
                "Rider",
                (4, 1),
                &[("team", "enemy"), ("profile", "ford_raider"), ("goal", "post")],
            )),
    );
    let s = write_ok(&tree, &map(&(ground() + &u + regions)));
    assert_eq!(s.units[1].pivot.map(|p| (p.x, p.y)), Some((3, 0)));
    assert_eq!(s.units[2].goal.map(|p| (p.x, p.y)), Some((3, 0)));
}

// ------------------------------------------------------------------------- the errors ---

#[test]
fn a_tile_without_a_terrain_property_is_named_by_layer_cell_and_tileset() {
    let tree = Tree::new("no-prop");
    // A tileset whose tile 8 (gid 9) has no property.
    let tsx = std::fs::read_to_string(tree.0.join("maps/terrain.tsx"))
        .unwrap()
        .replace("tilecount=\"8\" columns=\"8\"", "tilecount=\"9\" columns=\"9\"");
    tree.write("maps/terrain.tsx", &tsx);
    let mut g = GIDS;
    g[1][3] = 9;
    let err = tree.check_fails(&map(&(layer(1, "ground", "", &csv(&g)) + &two_units())), "");
    assert!(
        err.contains(
            "maps/m.tmx:7:7: layer \"ground\", cell (3, 1): tile 8 of \"terrain.tsx\" has no \"terrain\" property"
        ),
        "{err}"
    );
    assert!(err.contains("maps/s.toml:2:7: map \"maps/m.tmx\" has errors"), "{err}");
}

#[test]
fn an_unknown_profile_names_the_object_and_its_id() {
    let tree = Tree::new("profile");
    let u = units(
        &(unit(1, "Kiny", (0, 0), &[("team", "player")])
            + &unit(12, "Raider", (4, 0), &[("team", "enemy"), ("profile", "chargr")])),
    );
    let err = tree.check_fails(&map(&(ground() + &u)), "");
    assert!(
        err.contains("maps/m.tmx:") && err.contains(": object \"Raider\" (id 12): unknown profile \"chargr\" (known: "),
        "{err}"
    );
    assert!(err.contains("did you mean \"charger\"?"), "{err}");
}

#[test]
fn an_unknown_terrain_name_suggests_the_nearest() {
    let tree = Tree::new("terrain-name");
    let tsx = std::fs::read_to_string(tree.0.join("maps/terrain.tsx"))
        .unwrap()
        .replace("value=\"forest\"", "value=\"forrest\"");
    tree.write("maps/terrain.tsx", &tsx);
    let err = tree.check_fails(&map(&(ground() + &two_units())), "");
    assert!(
        err.contains("layer \"ground\", cell (2, 1): tile 1 of \"terrain.tsx\": unknown terrain \"forrest\""),
        "{err}"
    );
    assert!(err.contains("did you mean \"forest\"?"), "{err}");
}

#[test]
fn a_missing_tileset_is_named_at_the_line_that_names_it() {
    let tree = Tree::new("missing-tsx");
    let tmx = map(&(ground() + &two_units())).replace("terrain.tsx", "gone.tsx");
    let err = tree.check_fails(&tmx, "");
    assert!(
        err.contains("maps/m.tmx:3:1: tileset \"maps/gone.tsx\": cannot read file: "),
        "{err}"
    );
}

#[test]
fn an_isometric_map_is_refused() {
    let tree = Tree::new("iso");
    let tmx = map_with(
        "orientation=\"isometric\"",
        32,
        32,
        "<tileset firstgid=\"1\" source=\"terrain.tsx\"/>",
        &(ground() + &two_units()),
    );
    let err = tree.check_fails(&tmx, "");
    assert!(
        err.contains("maps/m.tmx:2:1: isometric map: only orthogonal maps can be played"),
        "{err}"
    );
}

#[test]
#[cfg(unix)]
fn dev_zero_as_a_map_is_refused_without_reading_it() {
    let tree = Tree::new("dev-zero");
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"/dev/zero.tmx\"\n");
    // A link named .tmx to the device.
    std::os::unix::fs::symlink("/dev/zero", tree.0.join("maps/zero.tmx")).unwrap();
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"zero.tmx\"\n");
    let (code, _, err) = tree.run(&["check", "maps/s.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/s.toml:2:7: cannot read map \"maps/zero.tmx\": not a regular file"),
        "{err}"
    );
}

#[test]
fn a_huge_map_file_is_refused_without_reading_it() {
    let tree = Tree::new("huge");
    let f = std::fs::File::create(tree.0.join("maps/m.tmx")).unwrap();
    f.set_len(skirmish::load::diag::MAX_FILE_BYTES + 1).unwrap();
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"m.tmx\"\n");
    let (code, _, err) = tree.run(&["check", "maps/s.toml"]);
    assert_eq!(code, 1);
    assert!(err.contains("larger than the 64 MiB limit"), "{err}");
}

#[test]
fn a_huge_tileset_is_refused_without_reading_it() {
    let tree = Tree::new("huge-tsx");
    let f = std::fs::File::create(tree.0.join("maps/terrain.tsx")).unwrap();
    f.set_len(skirmish::load::diag::MAX_FILE_BYTES + 1).unwrap();
    let err = tree.check_fails(&map(&(ground() + &two_units())), "");
    assert!(
        err.contains("maps/m.tmx:3:1: tileset \"maps/terrain.tsx\": cannot read file: ")
            && err.contains("larger than the 64 MiB limit"),
        "{err}"
    );
}

#[test]
fn unit_objects_off_the_map_or_on_a_wall_are_refused() {
    let tree = Tree::new("off-wall");
    let u = units(
        &(unit(1, "Kiny", (0, 0), &[("team", "player")])
            + &unit(2, "Far", (9, 0), &[("team", "enemy"), ("profile", "charger")])
            + &unit(3, "Stuck", (2, 2), &[("team", "enemy"), ("profile", "charger")])),
    );
    let err = tree.check_fails(&map(&(ground() + &u)), "");
    assert!(
        err.contains("object \"Far\" (id 2) at [9, 0] is off the map (x must be 0..=4, y 0..=2)"),
        "{err}"
    );
    assert!(
        err.contains("object \"Stuck\" (id 3) stands on wall at (2, 2), which class 'foot' cannot enter; the nearest free cell it can stand on is (2, 1) (move its object there)"),
        "{err}"
    );
}

#[test]
fn an_empty_cell_in_the_terrain_layer_is_refused() {
    let tree = Tree::new("empty-cell");
    let mut g = GIDS;
    g[2][4] = 0;
    let err = tree.check_fails(&map(&(layer(1, "ground", "", &csv(&g)) + &two_units())), "");
    assert!(
        err.contains("maps/m.tmx:8:9: layer \"ground\", cell (4, 2): empty cell"),
        "{err}"
    );
}

#[test]
fn a_name_used_in_the_toml_and_the_tmx_is_a_duplicate() {
    let tree = Tree::new("dup");
    let err = tree.check_fails(
        &map(&(ground() + &two_units())),
        "[[units]]\nname = \"Brute\"\nteam = \"player\"\nat = [1, 0]\n",
    );
    assert!(
        err.contains(
            "object \"Brute\" (id 2): duplicate unit name \"Brute\": names must be unique within a scenario (the first is at maps/s.toml:4:8)"
        ),
        "{err}"
    );
}

#[test]
fn unknown_or_mistyped_properties_are_refused() {
    let tree = Tree::new("bad-props");
    let u = units(
        &(unit(1, "Kiny", (0, 0), &[("team", "player"), ("moev", "3")])
            + &unit(2, "Brute", (4, 0), &[("profile", "charger")])),
    );
    let err = tree.check_fails(&map(&(ground() + &u)), "");
    assert!(
        err.contains("object \"Kiny\" (id 1): unknown property \"moev\""),
        "{err}"
    );
    assert!(err.contains("did you mean `move`?") || err.contains("move"), "{err}");
    assert!(err.contains("object \"Brute\" (id 2): no \"team\" property"), "{err}");
}

#[test]
fn a_region_outside_the_map_or_without_a_name_is_refused() {
    let tree = Tree::new("bad-region");
    let regions = "<objectgroup id=\"6\" name=\"regions\">
  <object id=\"10\" name=\"far\" x=\"128\" y=\"64\" width=\"64\" height=\"32\"/>
  <object id=\"11\" x=\"0\" y=\"0\" width=\"32\" height=\"32\"/>
</objectgroup>
";
    let err = tree.check_fails(&map(&(ground() + &two_units() + regions)), "");
    assert!(
        err.contains("region object \"far\" (id 10) covers cells (4, 2) to (5, 2), outside the map"),
        "{err}"
    );
    assert!(
        err.contains("region object \"\" (id 11): a region needs a name"),
        "{err}"
    );
}

#[test]
fn garbage_in_a_tmx_is_an_error_never_a_panic() {
    let tree = Tree::new("garbage");
    for text in [
        "",
        "not xml",
        "<map",
        "<map></map>",
        "<?xml version=\"1.0\"?><map width=\"-1\"/>",
    ] {
        tree.write("maps/m.tmx", text);
        tree.write("maps/s.toml", "name = \"t\"\nmap = \"m.tmx\"\n");
        let (code, out, err) = tree.run(&["check", "maps/s.toml"]);
        assert_eq!(code, 1, "{text:?}: {out}");
        assert!(err.contains("maps/m.tmx:1:1: "), "{text:?}: {err}");
    }
}

// ----------------------------------------------------------------- export and re-import ---

/// The shipped scenarios (`maps/*.toml` but the campaign).
fn shipped() -> Vec<PathBuf> {
    skirmish::io::files::list_scenarios(&root().join("maps"))
}

fn run_ok(args: &[&str]) -> String {
    let (code, out, err) = exec(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// What must match between a scenario and its export: `simulate --json`, `ai --json` and
/// `range --json` of every unit. None of them prints a file path (the scenario is named by
/// its `name`), so the texts compare whole. What differs, and is not compared: the loaded
/// scenario's `path`, `map_path` and byte fingerprint (other files); the battle fingerprint
/// of replays and saves covers the parsed map and units and is compared below.
fn assert_same_battle(original: &Path, exported: &Path) {
    let data = root().join("data");
    let data = data.to_str().unwrap();
    let (a, b) = (original.to_str().unwrap(), exported.to_str().unwrap());
    for args in [
        vec!["simulate", "--json", "--data", data],
        vec![
            "simulate", "--json", "--seed", "7", "--player", "careful", "--data", data,
        ],
        vec!["ai", "--json", "--data", data],
    ] {
        let with = |s: &str| {
            let mut v = vec![args[0], s];
            v.extend(&args[1..]);
            run_ok(&v)
        };
        assert_eq!(with(a), with(b), "{args:?} of {a} and {b}");
    }
    let d = skirmish::load::data::load(Path::new(data)).unwrap();
    let sa = skirmish::load::scenario::load(original, &d).unwrap();
    let sb = skirmish::load::scenario::load(exported, &d).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sa.map, sb.map, "{b}");
    assert_eq!(sa.units, sb.units, "{b}");
    assert_eq!(
        skirmish::io::replay::battle_fingerprint(&sa, &d),
        skirmish::io::replay::battle_fingerprint(&sb, &d),
        "replays and saves of one play back on the other"
    );
    for u in &sa.units {
        let range = |s: &str| run_ok(&["range", s, "--unit", &u.name, "--json", "--data", data]);
        assert_eq!(range(a), range(b), "range of {} in {b}", u.name);
    }
}

#[test]
fn every_shipped_scenario_exports_to_the_same_battle() {
    let tree = Tree::new("export");
    for s in shipped() {
        let out = tree.0.join("out");
        let (code, _, err) = exec(&["export-tiled", s.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let stem = s.file_stem().unwrap().to_str().unwrap();
        assert_same_battle(&s, &out.join(format!("{stem}.toml")));
    }
}

#[test]
fn export_refuses_to_overwrite_the_scenario_it_reads() {
    let tree = Tree::new("export-self");
    std::fs::write(tree.0.join("maps/m.txt"), ".....\n").unwrap();
    let s = tree.write(
        "maps/s.toml",
        "name = \"t\"\nmap = \"m.txt\"\n[[units]]\nname = \"K\"\nteam = \"player\"\nat = [0, 0]\n",
    );
    let (code, _, err) = tree.run(&["export-tiled", "maps/s.toml", "--out", "maps/"]);
    assert_eq!(code, 1);
    assert!(err.contains("maps/s.toml is the scenario being exported"), "{err}");
    assert_eq!(std::fs::read_to_string(s).unwrap().lines().count(), 6);
}

/// The Tiled editor, when installed (CI installs it: `apt-get install tiled`).
fn tiled_editor() -> bool {
    std::process::Command::new("tiled")
        .arg("--version")
        .env("QT_QPA_PLATFORM", "offscreen")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn every_shipped_scenario_plays_the_same_after_the_real_tiled_resaves_it() {
    if !tiled_editor() {
        eprintln!("note: the Tiled editor is not installed; the re-save round trip is skipped");
        return;
    }
    let tree = Tree::new("resave");
    for s in shipped() {
        let out = tree.0.join("out");
        let (code, _, err) = exec(&["export-tiled", s.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let stem = s.file_stem().unwrap().to_str().unwrap();
        let tmx = out.join(format!("{stem}.tmx"));
        let resaved = out.join(format!("{stem}-resaved.tmx"));
        let status = std::process::Command::new("tiled")
            .arg("--export-map")
            .arg(&tmx)
            .arg(&resaved)
            .env("QT_QPA_PLATFORM", "offscreen")
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
        std::fs::rename(&resaved, &tmx).unwrap();
        assert_same_battle(&s, &out.join(format!("{stem}.toml")));
    }
}

#[test]
fn a_tileset_declaring_billions_of_tiles_is_refused_before_reading() {
    let tree = Tree::new("tilecount");
    let tileset = "<tileset firstgid=\"1\" name=\"x\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"4294967295\" columns=\"1\"/>";
    let err = tree.check_fails(
        &map_with(
            "orientation=\"orthogonal\"",
            32,
            32,
            tileset,
            &(ground() + &two_units()),
        ),
        "",
    );
    assert!(
        err.contains("maps/m.tmx:3:63: tilecount 4294967295: a tileset may have at most 65536 tiles"),
        "{err}"
    );
}

#[test]
fn a_layer_with_fewer_tiles_than_its_size_is_an_error_not_a_panic() {
    let tree = Tree::new("short-layer");
    let short = "<data encoding=\"csv\">\n1,1,1\n</data>";
    let err = tree.check_fails(&map(&(layer(1, "ground", "", short) + &two_units())), "");
    assert!(
        err.contains("maps/m.tmx:6:1: layer \"ground\": row 1 (y = 0) ends after 3 of its 5 cells, and the data with it (3 tiles for 5x3 cells)"),
        "{err}"
    );
}

// ------------------------------------------------- everywhere a map goes, a tmx goes ---

/// The shipped Tiled scenario and its files, copied into a tree to edit.
fn shipped_tiled(tree: &Tree) -> PathBuf {
    for f in ["river-tiled.toml", "river.tmx", "terrain.tsx", "terrain.png"] {
        std::fs::copy(root().join("maps").join(f), tree.0.join("maps").join(f)).unwrap();
    }
    tree.0.join("maps/river-tiled.toml")
}

#[test]
fn check_takes_a_tmx_map_alone_and_range_takes_it_as_a_bare_map() {
    let tree = Tree::new("bare");
    shipped_tiled(&tree);
    let (code, out, err) = tree.run(&["check", "maps/river.tmx"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    let txt = root().join("maps/river.txt");
    let bare = |map: &str| {
        let (code, out, err) = exec(&["range", "--map", map, "--from", "8,16", "--move", "5", "--json"]);
        assert_eq!(code, 0, "{err}");
        out
    };
    assert_eq!(bare(&tree.path("maps/river.tmx")), bare(txt.to_str().unwrap()));
    // A broken one is reported where it is broken.
    let tsx = std::fs::read_to_string(tree.0.join("maps/terrain.tsx")).unwrap();
    tree.write("maps/terrain.tsx", &tsx.replace("value=\"river\"", "value=\"rivr\""));
    let (code, _, err) = tree.run(&["check", "maps/river.tmx"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("unknown terrain \"rivr\"") && err.contains("did you mean \"river\"?"),
        "{err}"
    );
}

#[test]
fn check_with_no_arguments_covers_the_shipped_tiled_scenario() {
    let (code, out, err) = exec(&["check"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    let data = skirmish::load::data::load(&root().join("data")).unwrap();
    let s = skirmish::load::scenario::load(&root().join("maps/river-tiled.toml"), &data).unwrap();
    assert!(s.map_path.ends_with("maps/river.tmx"));
    let t = skirmish::load::scenario::load(&root().join("maps/river.toml"), &data).unwrap();
    assert_eq!(
        (s.map, s.units),
        (t.map, t.units),
        "the Tiled copy of the river crossing"
    );
}

#[test]
fn batch_and_its_kept_replays_work_on_a_tmx_scenario() {
    let tree = Tree::new("batch");
    let scen = shipped_tiled(&tree);
    let keep = tree.0.join("kept");
    let (code, out, err) = exec(&[
        "batch",
        scen.to_str().unwrap(),
        "--runs",
        "2",
        "--keep",
        keep.to_str().unwrap(),
        "--keep-when",
        "all",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("charger"), "{out}");
    assert!(
        keep.join("files/river-tiled/maps/terrain.tsx").is_file(),
        "the tileset goes along"
    );
    let replay = skirmish::io::files::list_files(&keep, "replay").remove(0);
    let (code, out, err) = exec(&["replay", replay.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: "), "{out}");
}

#[test]
fn replays_of_a_tmx_scenario_play_back_and_go_stale_when_its_tileset_changes_the_battle() {
    let tree = Tree::new("replay");
    let scen = shipped_tiled(&tree);
    let rec = tree.0.join("b.replay");
    run_ok(&[
        "simulate",
        scen.to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
        "--data",
        &tree.path("data"),
    ]);
    let (code, _, err) = exec(&["replay", rec.to_str().unwrap(), "--data", &tree.path("data")]);
    assert_eq!(code, 0, "{err}");
    // A comment in the tileset decides nothing: still fresh.
    let tsx = std::fs::read_to_string(tree.0.join("maps/terrain.tsx")).unwrap();
    tree.write(
        "maps/terrain.tsx",
        &tsx.replacen("<tileset ", "<!-- painted -->\n<tileset ", 1),
    );
    let (code, _, err) = exec(&["replay", rec.to_str().unwrap(), "--data", &tree.path("data")]);
    assert_eq!(code, 0, "{err}");
    // Forest tiles that are hills now: another battle.
    tree.write("maps/terrain.tsx", &tsx.replace("value=\"forest\"", "value=\"hill\""));
    let (code, _, err) = exec(&["replay", rec.to_str().unwrap(), "--data", &tree.path("data")]);
    assert_eq!(code, 1);
    assert!(err.contains("changed since"), "{err}");
}

#[test]
fn saves_of_a_tmx_scenario_resume_and_refuse_a_changed_map() {
    use skirmish::io::save;
    let tree = Tree::new("save");
    let scen = shipped_tiled(&tree);
    let (scenario, data, _) = skirmish::cli::load_scenario(&scen, None).unwrap();
    let session =
        skirmish::play::phase::Session::new(skirmish::rules::Battle::new(&scenario, &data), data.profiles.clone());
    let file = save::snapshot(&session.settled_battle().unwrap(), &scenario, 0);
    let mut battle = skirmish::rules::Battle::new(&scenario, &data);
    save::restore(&file, &scenario, &mut battle, Path::new("s.save")).unwrap();
    // One unit object moved in the map: the save no longer fits.
    let tmx = std::fs::read_to_string(tree.0.join("maps/river.tmx")).unwrap();
    tree.write(
        "maps/river.tmx",
        &tmx.replacen("x=\"256\" y=\"512\"", "x=\"288\" y=\"512\"", 1),
    );
    let (moved, data, _) = skirmish::cli::load_scenario(&scen, None).unwrap();
    let mut battle = skirmish::rules::Battle::new(&moved, &data);
    let e = save::restore(&file, &moved, &mut battle, Path::new("s.save")).unwrap_err();
    assert!(e.to_string().contains("changed since this save was made"), "{e}");
}

#[test]
fn live_reload_watches_the_tmx_and_its_tileset() {
    use skirmish::io::reload::{Watch, reload};
    let tree = Tree::new("reload");
    let scen = shipped_tiled(&tree);
    let (scenario, data, data_dir) = skirmish::cli::load_scenario(&scen, None).unwrap();
    let mut s =
        skirmish::play::phase::Session::new(skirmish::rules::Battle::new(&scenario, &data), data.profiles.clone());
    let mut watch = Watch::new(&data_dir, &scen, Path::new(&scenario.map_path));
    assert!(!watch.changed());
    // Forest becomes hill in the tileset: seen, and applied to the battle in progress.
    let tsx = std::fs::read_to_string(tree.0.join("maps/terrain.tsx")).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    tree.write("maps/terrain.tsx", &tsx.replace("value=\"forest\"", "value=\"hill\" "));
    assert!(watch.changed(), "the tileset is watched");
    let forest = data.terrain.by_name("forest").unwrap();
    let hill = data.terrain.by_name("hill").unwrap();
    let was_forest = scenario.map.cells().iter().position(|t| *t == forest).unwrap();
    reload(&mut s, &scen, &data_dir, &skirmish::load::registry()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.battle().map().cells()[was_forest], hill);
    // A broken edit of the map: the located error, and nothing changes.
    let tmx = std::fs::read_to_string(tree.0.join("maps/river.tmx")).unwrap();
    tree.write(
        "maps/river.tmx",
        &tmx.replacen("name=\"team\" value=\"enemy\"", "name=\"team\" value=\"enmy\"", 1),
    );
    assert!(watch.changed(), "the map is watched");
    let e = reload(&mut s, &scen, &data_dir, &skirmish::load::registry())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("maps/river.tmx:") && e.contains("unknown team \"enmy\""),
        "{e}"
    );
    assert_eq!(s.battle().map().cells()[was_forest], hill);
}

#[test]
fn generate_tiled_writes_the_same_battlefield_as_a_tmx() {
    let tree = Tree::new("generate");
    let (txt, tmx) = (tree.path("out/txt"), tree.path("out/tmx"));
    let data = tree.path("data");
    run_ok(&[
        "generate", "--seed", "11", "--size", "24x16", "--out", &txt, "--data", &data,
    ]);
    run_ok(&[
        "generate", "--seed", "11", "--size", "24x16", "--out", &tmx, "--data", &data, "--tiled",
    ]);
    assert!(tree.0.join("out/tmx/gen-11.tmx").is_file() && tree.0.join("out/tmx/terrain.tsx").is_file());
    assert_same_battle(&tree.0.join("out/txt/gen-11.toml"), &tree.0.join("out/tmx/gen-11.toml"));
}

#[test]
fn ai_expectation_files_name_tmx_scenarios_and_lay_their_units_over_its_objects() {
    let tree = Tree::new("expect");
    let out = tree.0.join("out");
    run_ok(&[
        "export-tiled",
        root().join("maps/sample.toml").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let shipped = std::fs::read_to_string(root().join("tests/ai/sample-first-phase.toml")).unwrap();
    let exp = tree.write(
        "out/first-phase.toml",
        &shipped.replace(
            "scenario = \"../../maps/sample.toml\"",
            "scenario = \"sample.toml\"\ndata = \"../data\"",
        ),
    );
    let (code, out_text, err) = exec(&["test", exp.to_str().unwrap()]);
    assert_eq!(code, 0, "{out_text}{err}");
    // A table naming a unit of the map lays over it (no second unit of that name).
    let over = tree.write(
        "out/over.toml",
        "name = \"Brute stays\"\nscenario = \"sample.toml\"\ndata = \"../data\"\n\n[[units]]\nname = \"Brute\"\nprofile = \"guard\"\n\n[[expect]]\nunit = \"Brute\"\nstays = true\n",
    );
    let (code, out_text, err) = exec(&["test", over.to_str().unwrap()]);
    assert_eq!(code, 0, "{out_text}{err}");
}

#[test]
fn an_infinite_map_is_refused() {
    let tree = Tree::new("infinite");
    let tmx = map(&(ground() + &two_units())).replace("infinite=\"0\"", "infinite=\"1\"");
    let err = tree.check_fails(&tmx, "");
    assert!(
        err.contains("maps/m.tmx:2:1: infinite map: only fixed-size maps can be played"),
        "{err}"
    );
}

#[test]
fn the_guide_lists_every_property_a_unit_object_takes() {
    // The guide's chapter "Making maps in Tiled" (moved there from the README).
    let chapter = "guide/src/designers/tiled.md";
    let section = std::fs::read_to_string(root().join(chapter)).unwrap();
    assert!(section.starts_with("# Making maps in Tiled"), "{chapter}");
    for p in skirmish::load::scenario::UNIT_PROPERTIES {
        assert!(
            section.contains(&format!("`{p}`")),
            "the guide's properties table lacks `{p}`"
        );
    }
    // Its two pictures, relative to the chapter, are in the repository.
    for picture in ["river-tiled.png", "river-game.png"] {
        let link = format!("../images/{picture}");
        let file = root().join("guide/src/images").join(picture);
        assert!(section.contains(&link) && file.is_file(), "{picture}");
    }
}

#[test]
fn a_compressed_layer_that_inflates_past_the_limit_is_refused_before_reading() {
    let tree = Tree::new("bomb");
    // 65 MiB of zeros: a few kilobytes once compressed.
    let zeros = vec![0u8; 65 * 1024 * 1024];
    let packed = zstd::encode_all(&zeros[..], 19).unwrap();
    let text = base64::engine::general_purpose::STANDARD.encode(packed);
    let data = format!("<data encoding=\"base64\" compression=\"zstd\">\n   {text}\n</data>");
    let err = tree.check_fails(&map(&(layer(1, "ground", "", &data) + &two_units())), "");
    assert!(
        err.contains("maps/m.tmx:5:1: compressed layer data inflates past 67108864 bytes"),
        "{err}"
    );
}

#[test]
fn an_expectation_file_on_a_tmx_scenario_keeps_its_reserves_off_the_board() {
    let tree = Tree::new("expect-reserve");
    shipped_tiled(&tree);
    // The shipped river rider test, on the Tiled river: the Rider object has reserve=true.
    let shipped = std::fs::read_to_string(root().join("tests/ai/river-rider.toml")).unwrap();
    let exp = tree.write(
        "maps/rider.toml",
        &shipped.replace(
            "scenario = \"../../maps/river.toml\"",
            "scenario = \"river-tiled.toml\"\ndata = \"../data\"",
        ),
    );
    let (code, out, err) = exec(&["test", exp.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!err.contains("on the board from the start"), "{err}");
}

#[test]
fn units_placed_in_tiled_are_warned_of_like_units_in_the_toml() {
    let tree = Tree::new("warn");
    let objects = unit(1, "Kiny", (0, 0), &[("team", "player"), ("kind", "hero")])
        + &unit(2, "Brute", (4, 0), &[("team", "enemy"), ("profile", "archer")])
        + &unit(
            3,
            "Bow",
            (3, 0),
            &[("team", "enemy"), ("kind", "bowman"), ("profile", "charger")],
        )
        + &unit(4, "Late", (4, 1), &[("team", "enemy"), ("profile", "charger")]).replace(
            "<properties>",
            "<properties>\n   <property name=\"reserve\" type=\"bool\" value=\"true\"/>",
        );
    // Object 5 sits 8 px right of cell (1, 1)'s corner: off the grid, read as (1, 1).
    let off = unit(5, "Drift", (1, 1), &[("team", "enemy"), ("profile", "charger")]).replace("x=\"32\"", "x=\"40\"");
    tree.write("maps/m.tmx", &map(&(ground() + &units(&(objects + &off)))));
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"m.tmx\"\n");
    let (code, out, err) = tree.run(&["check", "maps/s.toml"]);
    assert_eq!((code, out.as_str()), (0, "ok, 4 warnings\n"), "{err}");
    let tmx = std::fs::read_to_string(tree.0.join("maps/m.tmx")).unwrap();
    // The line of a property of an object: `<property name="KEY"` after `<object id="ID"`.
    let line_of = |id: u32, key: &str| {
        let start = tmx.find(&format!("<object id=\"{id}\"")).unwrap();
        let at = start + tmx[start..].find(&format!("<property name=\"{key}\"")).unwrap();
        tmx[..at].lines().count()
    };
    let object_line = |id: u32| {
        tmx[..tmx.find(&format!("<object id=\"{id}\"")).unwrap()]
            .lines()
            .count()
    };
    for want in [
        format!(
            "maps/m.tmx:{}:4: warning: unit \"Brute\": profile \"archer\" keeps range 3, but its weapon reaches 1..=1",
            line_of(2, "profile")
        ),
        format!(
            "maps/m.tmx:{}:4: warning: unit \"Bow\": profile \"charger\" walks up to its target and ends next to it, but its weapon reaches 2..=3",
            line_of(3, "profile")
        ),
        format!(
            "maps/m.tmx:{}:3: warning: unit \"Late\" is a reserve that no event brings",
            object_line(4)
        ),
        format!(
            "maps/m.tmx:{}:3: warning: unit object \"Drift\" (id 5) is not snapped to the grid: it is read as cell (1, 1)",
            object_line(5)
        ),
    ] {
        assert!(
            err.lines().any(|l| l.starts_with(&want)),
            "{want}\nmissing from:\n{err}"
        );
    }
    let (code, _, _) = tree.run(&["check", "--strict", "maps/s.toml"]);
    assert_eq!(code, 1);
}

#[test]
fn an_error_in_a_property_points_at_the_property_line() {
    let tree = Tree::new("prop-line");
    let objects = unit(1, "Kiny", (0, 0), &[("team", "player"), ("kind", "hero")])
        + &unit(2, "Brute", (4, 0), &[("team", "enemy"), ("profile", "chargr")]);
    let tmx = map(&(ground() + &units(&objects)));
    let err = tree.check_fails(&tmx, "");
    let at = tmx.find("<property name=\"profile\" value=\"chargr\"").unwrap();
    let line = tmx[..at].lines().count();
    assert!(
        err.contains(&format!("maps/m.tmx:{line}:4: ")) && err.contains("chargr"),
        "line {line}: {err}"
    );
}

#[test]
fn a_unit_walled_in_on_a_tiled_map_is_warned_of_at_its_object() {
    let tree = Tree::new("walled");
    // Kiny's corner is closed by walls (gid 8) at (1, 0) and (0, 1).
    let rows = [[1, 8, 1, 1, 1], [8, 1, 1, 1, 1], [1, 1, 1, 1, 1]];
    let objects = unit(1, "Kiny", (0, 0), &[("team", "player"), ("kind", "hero")])
        + &unit(2, "Brute", (4, 2), &[("team", "enemy"), ("profile", "charger")]);
    let tmx = map(&(layer(1, "ground", "", &csv(&rows)) + &units(&objects)));
    tree.write("maps/m.tmx", &tmx);
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"m.tmx\"\n");
    let (code, out, err) = tree.run(&["check", "maps/s.toml"]);
    assert_eq!((code, out.as_str()), (0, "ok, 2 warnings\n"), "{err}");
    let line = tmx[..tmx.find("<object id=\"1\"").unwrap()].lines().count();
    assert!(
        err.contains(&format!(
            "maps/m.tmx:{line}:3: warning: unit \"Kiny\" can never reach any opponent"
        )),
        "{err}"
    );
}

// ------------------------------------------------------------------------ Tiled parity ---

/// A small battle with a healer and wounded units on both sides, every unit property a
/// `.tmx` object may carry in use: the parity test's own scenario beside the shipped ones.
const HEALERS: &str = r#"name = "Healers"
map = "healers.txt"

[objective]
turn_limit = 6

[[units]]
name = "Kiny"
team = "player"
kind = "hero"
at = [0, 1]
hp_left = 9

[[units]]
name = "Robin"
team = "player"
kind = "bowman"
at = [1, 2]
range = [2, 3]
hp_left = 4

[[units]]
name = "Mender"
team = "enemy"
kind = "acolyte"
profile = "support"
at = [9, 1]

[[units]]
name = "Brute"
team = "enemy"
kind = "brute"
profile = "guard"
at = [7, 1]
hp_left = 5
attack = 7
defense = 1

[[units]]
name = "Picket"
team = "enemy"
kind = "soldier"
class = "foot"
move = 4
hp = 30
hp_left = 12
profile = "pivot"
pivot = [6, 3]
at = [8, 3]
"#;

/// The outputs of every command on `scenario` that must not depend on where its units and
/// map are written: `check`, `ai`, `test` (every enemy of the scenario, from an
/// expectation file written at `expect`), `simulate` (two players), `batch` (its scenario's
/// path shown as `SCENARIO`) and `range` of every unit.
fn every_output(scenario: &Path, expect: &Path) -> Vec<(String, String)> {
    let data = root().join("data");
    let data = data.to_str().unwrap();
    let s = scenario.to_str().unwrap();
    let mut outs = Vec::new();
    for args in [
        vec!["check", s, "--data", data],
        vec!["ai", s, "--data", data],
        vec!["ai", s, "--json", "--data", data],
        vec!["simulate", s, "--data", data],
        vec![
            "simulate", s, "--json", "--seed", "7", "--player", "careful", "--data", data,
        ],
        vec!["simulate", s, "--seed", "3", "--player", "simple", "--data", data],
        vec!["batch", s, "--runs", "3", "--data", data],
    ] {
        outs.push((format!("{args:?}"), run_ok(&args).replace(s, "SCENARIO")));
    }
    let d = skirmish::load::data::load(Path::new(data)).unwrap();
    let sc = skirmish::load::scenario::load(scenario, &d).unwrap_or_else(|e| panic!("{e}"));
    let mut file = format!("name = \"parity\"\nscenario = {s:?}\n");
    for u in sc
        .units
        .iter()
        .filter(|u| u.team == skirmish::search::grid::Team::Enemy)
    {
        file += &format!("\n[[expect]]\nunit = {:?}\nattacks = false\nstays = true\n", u.name);
    }
    std::fs::write(expect, file).unwrap();
    let e = expect.to_str().unwrap();
    for args in [
        vec!["test", e, "--data", data],
        vec!["test", e, "--json", "--data", data],
    ] {
        let (_, out, err) = exec(&args);
        outs.push((format!("{args:?}"), out + &err));
    }
    for u in &sc.units {
        let args = ["range", s, "--unit", &u.name, "--data", data];
        outs.push((format!("{args:?}"), run_ok(&args)));
    }
    outs
}

#[test]
fn every_command_says_the_same_of_a_scenario_and_its_tiled_twin() {
    let tree = Tree::new("parity");
    tree.write("maps/healers.txt", "..........\n..........\n..........\n..........\n");
    let healers = tree.write("maps/healers.toml", HEALERS);
    let expect = tree.0.join("expect.toml");
    for s in shipped().into_iter().chain([healers]) {
        let out = tree.0.join("out");
        let (code, _, err) = exec(&["export-tiled", s.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let stem = s.file_stem().unwrap().to_str().unwrap();
        let twin = out.join(format!("{stem}.toml"));
        let (a, b) = (every_output(&s, &expect), every_output(&twin, &expect));
        for ((what, x), (_, y)) in a.iter().zip(&b) {
            assert_eq!(x, y, "{what} of {} and of its Tiled twin", s.display());
        }
    }
}

#[test]
fn seize_hold_and_entered_take_a_list_of_regions_and_cells() {
    let tree = Tree::new("region-lists");
    let regions = "<objectgroup id=\"6\" name=\"regions\">
  <object id=\"10\" name=\"throne\" x=\"128\" y=\"64\" width=\"32\" height=\"32\"/>
  <object id=\"11\" name=\"ridge\" x=\"0\" y=\"32\" width=\"64\" height=\"64\"/>
</objectgroup>
";
    tree.write("maps/m.tmx", &map(&(ground() + &two_units() + regions)));
    let scenario = |objective: &str| tree.write("maps/s.toml", &format!("name = \"t\"\nmap = \"m.tmx\"\n{objective}"));
    scenario(
        "[objective]\nwin = \"seize\"\nseize = [\"throne\", [3, 0]]\nhold = [\"ridge\", \"throne\"]\n\
         [[events]]\nentered = [\"throne\", \"ridge\"]\nsay = \"in\"\n",
    );
    let s = load(&tree);
    let cells = |v: &[skirmish::search::grid::Pos]| -> Vec<(i32, i32)> { v.iter().map(|p| (p.x, p.y)).collect() };
    match &s.objective.win {
        skirmish::model::objective::Win::Seize { cells: c, .. } => assert_eq!(cells(c), [(4, 2), (3, 0)]),
        other => panic!("{other:?}"),
    }
    assert_eq!(cells(&s.objective.hold), [(0, 1), (1, 1), (0, 2), (1, 2), (4, 2)]);
    match &s.events[0].trigger {
        skirmish::model::objective::Trigger::Entered(c) => {
            assert_eq!(cells(c), [(4, 2), (0, 1), (1, 1), (0, 2), (1, 2)])
        }
        other => panic!("{other:?}"),
    }
    // A wrong shape is told in plain words, with the shapes it may take.
    for (written, says) in [
        (
            "entered = 5",
            "found 5; expected a region name (\"ford\"), a list of region names",
        ),
        (
            "entered = [3, 4]",
            "[3, 4] is one cell: write a list of cells, [[3, 4]]",
        ),
        (
            "entered = [[1, 1], [2]]",
            "[2] is not a cell: a cell is two whole numbers [x, y]",
        ),
        (
            "entered = [\"throne\", \"rigde\"]",
            "`entered` names region \"rigde\", which the map's `regions` layer does not have (known: ridge, throne); did you mean \"ridge\"?",
        ),
    ] {
        scenario(&format!("[[events]]\n{written}\nsay = \"in\"\n"));
        let (code, _, err) = tree.run(&["check", "maps/s.toml"]);
        assert_eq!(code, 1, "{written}");
        assert!(err.contains(&format!("maps/s.toml:4:11: {says}")), "{written}: {err}");
        assert!(!err.contains("untagged"), "{err}");
    }
}

#[test]
fn a_broken_tmx_reports_only_itself_and_a_cut_one_where_it_was_cut() {
    let tree = Tree::new("cut");
    let whole = map(&(ground() + &two_units()));
    // Cut inside the units layer, after Kiny's object: no follow-on errors of the scenario
    // (its objective names a region and a seizer the broken map would have held).
    let cut = &whole[..whole.find("<object id=\"2\"").unwrap()];
    let err = tree.check_fails(
        cut,
        "[objective]\nwin = \"seize\"\nseize = \"throne\"\nseizers = [\"Kiny\"]\nhold = [\"ford\"]\n",
    );
    let lines = cut.trim_end().lines().count();
    let col = cut.trim_end().lines().last().unwrap().chars().count() + 1;
    assert!(
        err.starts_with(&format!(
            "maps/s.toml:2:7: map \"maps/m.tmx\" has errors (listed below)\nmaps/m.tmx:{lines}:{col}: not a Tiled map this program can read: the file ends here with <objectgroup> still open: it was cut short (no </objectgroup>)"
        )),
        "{err}"
    );
    for follow_on in ["regions", "seizer", "not a unit"] {
        assert!(!err.contains(follow_on), "{follow_on}: {err}");
    }
    // Cut inside a tag.
    let cut = &whole[..whole.find("name=\"Brute\"").unwrap()];
    let err = tree.check_fails(cut, "");
    let last = cut.lines().count();
    assert!(
        err.contains(&format!(
            "maps/m.tmx:{last}:3: not a Tiled map this program can read: a tag is cut short"
        )),
        "{err}"
    );
}

#[test]
fn a_short_csv_layer_names_the_row_where_its_data_ends() {
    let tree = Tree::new("short-rows");
    let two_rows = "<data encoding=\"csv\">\n1,1,1,1,1,\n1,1,1,1,1\n</data>";
    let err = tree.check_fails(&map(&(layer(1, "ground", "", two_rows) + &two_units())), "");
    assert!(
        err.contains("maps/m.tmx:8:1: layer \"ground\": its data ends after 2 of its 3 rows: row 3 (y = 2) and those after it are missing (10 tiles for 5x3 cells)"),
        "{err}"
    );
}

// ------------------------------------------------------------- chance in combat ---

/// A map with map properties `props` (name, type, value) before its tileset.
fn map_with_properties(props: &[(&str, &str, &str)], body: &str) -> String {
    let props: String = props
        .iter()
        .map(|(k, t, v)| format!("  <property name=\"{k}\" type=\"{t}\" value=\"{v}\"/>\n"))
        .collect();
    map_with(
        "orientation=\"orthogonal\"",
        32,
        32,
        &format!(" <properties>\n{props} </properties>\n<tileset firstgid=\"1\" source=\"terrain.tsx\"/>"),
        body,
    )
}

#[test]
fn the_map_properties_chance_and_true_hit_are_the_combat_table() {
    let tree = Tree::new("combat");
    let body = ground() + &two_units();
    let s = write_ok(
        &tree,
        &map_with_properties(&[("chance", "bool", "true"), ("true_hit", "bool", "true")], &body),
    );
    assert!(s.combat.chance && s.combat.true_hit);
    let s = write_ok(&tree, &map(&body));
    assert_eq!(s.combat, Default::default(), "no property, no chance");
    // The scenario's own [combat] table wins over the map's properties.
    tree.write("maps/m.tmx", &map_with_properties(&[("chance", "bool", "true")], &body));
    tree.write(
        "maps/s.toml",
        "name = \"t\"\nmap = \"m.tmx\"\n[combat]\nchance = false\n",
    );
    assert!(!load(&tree).combat.chance);
    // A property of another type is located.
    tree.write(
        "maps/m.tmx",
        &map_with_properties(&[("chance", "string", "yes")], &body),
    );
    tree.write("maps/s.toml", "name = \"t\"\nmap = \"m.tmx\"\n");
    let (code, out, err) = tree.run(&["check", "maps/s.toml"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("maps/m.tmx:4:3: map property `chance` must be a bool (true or false), found \"yes\""),
        "{err}"
    );
}

#[test]
fn export_tiled_keeps_chance_in_combat() {
    let tree = Tree::new("combat-export");
    tree.write("maps/m.tmx", &map(&(ground() + &two_units())));
    tree.write(
        "maps/s.toml",
        "name = \"t\"\nmap = \"m.tmx\"\n[combat]\nchance = true\ntrue_hit = true\n",
    );
    let (code, _, err) = tree.run(&["export-tiled", "maps/s.toml", "--out", "out"]);
    assert_eq!(code, 0, "{err}");
    let data = skirmish::load::data::load(&tree.0.join("data")).unwrap();
    let exported = std::fs::read_dir(tree.0.join("out"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "toml"))
        .unwrap();
    let s = skirmish::load::scenario::load(&exported, &data).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.combat.chance && s.combat.true_hit);
    let (a, b) = (
        tree.run(&["simulate", "maps/s.toml", "--seed", "3", "--json"]),
        exec(&[
            "simulate",
            exported.to_str().unwrap(),
            "--data",
            &tree.path("data"),
            "--seed",
            "3",
            "--json",
        ]),
    );
    assert_eq!(a.0, 0);
    assert_eq!(a.1, b.1, "the exported battle rolls the same");
}
