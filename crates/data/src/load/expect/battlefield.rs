//! The battlefield of an expectation file: the base scenario file it names, the data folder
//! and the file's own profiles, the drawn picture and its marks, and the scenario rewritten
//! for the scenario loader (the file's units laid over the scenario's by name, the scenario's
//! `[objective]` and `[[events]]` carried along).

use super::*;

/// The scenario file a test starts from, when it names one: its path and its table.
pub(super) type Base = Option<(PathBuf, toml::Table)>;

// Each unit: where its table is, and per key the value, where it came from, and whether
// it is a stand-in.
type Entry = (toml::Value, Option<Range<usize>>, bool);
type UnitTable = (Option<Range<usize>>, IndexMap<String, Entry>);

/// The scenario file, when the test starts from one.
pub(super) fn base_scenario(src: &Source, raw: &Raw, dir: &Path) -> Result<Base, Diagnostics> {
    let base = match &raw.scenario {
        Some(s) => {
            let file = dir.join(s.get_ref());
            // Through the one bounded reader: a device, a FIFO or a huge file is refused unread.
            match Source::read(&file) {
                Ok(scen) => match scen.parse_toml::<toml::Table>() {
                    Ok(t) => Some((file, t)),
                    Err(e) => {
                        let mut all: Diagnostics = src
                            .error_span(&s.span(), format!("scenario {} has errors (listed below)", scen.path))
                            .into();
                        all.push(e);
                        return Err(all);
                    }
                },
                Err(e) => {
                    let mut all: Diagnostics = src
                        .error_span(
                            &s.span(),
                            format!(
                                "cannot read scenario {}: {}",
                                display_path(&file),
                                e.message.trim_start_matches("cannot read file: ")
                            ),
                        )
                        .into();
                    all.push(e);
                    return Err(all);
                }
            }
        }
        None => None,
    };
    Ok(base)
}

/// The data folder: `data` of the file, else `--data`, else the scenario's, else the default.
pub(super) fn load_data(
    src: &Source,
    raw: &Raw,
    dir: &Path,
    (data_override, default_data): (Option<&Path>, &Path),
    base: &Base,
    registry: &Registry,
) -> Result<DataSet, Diagnostics> {
    let whole = 0..0;
    let data_dir: PathBuf = match (&raw.data, data_override, base) {
        (Some(d), _, _) => dir.join(d.get_ref()),
        (None, Some(d), _) => d.to_path_buf(),
        (None, None, Some((file, _))) => crate::load::scenario::default_data_dir(file),
        (None, None, None) => default_data.to_path_buf(),
    };
    let data = match crate::load::data::load(&data_dir, registry) {
        Ok(d) => d,
        Err(e) => {
            let at = raw.data.as_ref().map_or(whole.clone(), |d| d.span());
            let mut all: Diagnostics = src
                .error_span(
                    &at,
                    format!("data folder {} has errors (listed below)", display_path(&data_dir)),
                )
                .into();
            all.extend(e);
            return Err(all);
        }
    };
    Ok(data)
}

/// The file's own profiles, checked by the profile loader and laid over the data's.
pub(super) fn own_profiles(src: &Source, raw: &Raw, data: &mut DataSet, errs: &mut Diagnostics) {
    let whole = 0..0;
    if !raw.profiles.is_empty() {
        let mut w = Rewrite::new();
        for (name, table) in &raw.profiles {
            w.line(&format!("[{}]", toml::Value::String(name.clone())), Some(table.span()));
            for (k, v) in table.get_ref() {
                w.line(
                    &format!("{} = {}", toml::Value::String(k.clone()), v.get_ref()),
                    Some(v.span()),
                );
            }
        }
        let generated = format!("{} (profiles)", src.path);
        match crate::load::profiles::parse(&Source::new(&generated, &w.text), &data.registry) {
            Ok(extra) => {
                for p in extra.list() {
                    data.profiles.insert(p.clone());
                }
            }
            Err(e) => errs.extend(w.relocate(e, &generated, src, &whole)),
        }
    }
}

/// What the rewritten scenario is made of: the file, its base scenario, the data and the
/// picture's marks.
pub(super) struct Battlefield<'a> {
    pub(super) src: &'a Source,
    pub(super) raw: &'a Raw,
    pub(super) dir: &'a Path,
    pub(super) base: &'a Base,
    pub(super) data: &'a DataSet,
    pub(super) marks: Marks<'a>,
}

impl Battlefield<'_> {
    /// The scenario the units make, checked by the scenario loader (its errors located back
    /// in this file); `title` is its name, `drawn` the picture's map and text.
    pub(super) fn scenario(
        &self,
        title: &str,
        drawn: Option<(TerrainMap, String)>,
        errs: &mut Diagnostics,
    ) -> Option<Scenario> {
        let (src, raw) = (self.src, self.raw);
        let mut w = Rewrite::new();
        let scen_span = raw.scenario.as_ref().map_or(0..0, |s| s.span());
        w.line(&format!("name = {}", toml::Value::String(title.to_string())), None);
        let (map_line, map_dir) = self.map_line();
        w.line(
            &map_line,
            raw.map.as_ref().map(|m| m.span()).or(Some(scen_span.clone())),
        );
        // A fog scenario's `fog` comes along too (a top-level key: before any table), as a
        // `.tmx` map's property does with its map.
        if let Some((_, t)) = self.base
            && let Some(v) = t.get("fog")
        {
            w.line(&format!("fog = {v}"), Some(scen_span.clone()));
        }
        let tables = self.unit_tables(errs);
        write_units(&mut w, &tables, &scen_span);
        carry_along(&mut w, self.base, &scen_span);
        let generated = format!("{} (units)", src.path);
        let drawn_map = drawn.as_ref().map(|(m, t)| (m, t.as_str()));
        match crate::load::scenario::parse_without_map_units(
            &Source::new(&generated, &w.text),
            &map_dir,
            self.data,
            drawn_map,
        ) {
            Ok(mut s) => {
                s.path = src.path.clone();
                Some(s)
            }
            Err(e) => {
                errs.extend(w.relocate(e, &generated, src, &scen_span));
                None
            }
        }
    }

    /// The scenario's `map` line, and the folder its map is found in.
    fn map_line(&self) -> (String, PathBuf) {
        let (raw, dir) = (self.raw, self.dir);
        match (&raw.map, self.base) {
            (Some(m), _) => (
                format!("map = {}", toml::Value::String(m.get_ref().clone())),
                dir.to_path_buf(),
            ),
            (None, Some((file, t))) => (
                format!(
                    "map = {}",
                    t.get("map").cloned().unwrap_or(toml::Value::String(String::new()))
                ),
                file.parent().unwrap_or(Path::new("")).to_path_buf(),
            ),
            (None, None) => ("map = \"(picture)\"".to_string(), dir.to_path_buf()),
        }
    }

    /// Units: the scenario's, with the file's tables laid over them by name, then new ones.
    fn unit_tables(&self, errs: &mut Diagnostics) -> Vec<UnitTable> {
        let (raw, dir) = (self.raw, self.dir);
        let mut tables: Vec<UnitTable> = Vec::new();
        if let Some((_, t)) = self.base {
            for u in t.get("units").and_then(|u| u.as_array()).into_iter().flatten() {
                let Some(ut) = u.as_table() else { continue };
                tables.push((
                    None,
                    ut.iter().map(|(k, v)| (k.clone(), (v.clone(), None, false))).collect(),
                ));
            }
        }
        // A Tiled map's unit objects are the scenario's units after its tables, so that the
        // file's tables lay over them by name too (the scenario below then skips them).
        let tmx_file = match (&raw.map, self.base) {
            (Some(m), _) => Some(dir.join(m.get_ref())),
            (None, Some((file, t))) => t
                .get("map")
                .and_then(|m| m.as_str())
                .map(|m| file.parent().unwrap_or(Path::new("")).join(m)),
            (None, None) => None,
        }
        .filter(|f| crate::load::tiled::is_tmx(f));
        if let Some(Ok(tm)) = tmx_file.map(|f| crate::load::tiled::load(&f, &self.data.terrain)) {
            let (units, e) = crate::load::scenario::tmx_unit_tables(&tm);
            errs.extend(e);
            for t in units {
                tables.push((None, t.into_iter().map(|(k, v)| (k, (v, None, false))).collect()));
            }
        }
        for u in &raw.units {
            self.lay_over(u, &mut tables, errs);
        }
        tables
    }

    /// One `[[units]]` table of the file, its marks read as cells, laid over the unit of the
    /// same name or added after the others.
    fn lay_over(&self, u: &Spanned<Table>, tables: &mut Vec<UnitTable>, errs: &mut Diagnostics) {
        let src = self.src;
        let mut resolved: IndexMap<String, Entry> = IndexMap::new();
        for (k, v) in u.get_ref() {
            let value = match (k.as_str(), v.get_ref()) {
                ("at" | "pivot" | "goal", toml::Value::String(_)) => {
                    let name = Spanned::new(v.span(), v.get_ref().as_str().unwrap_or_default().to_string());
                    match self.marks.mark_of(&name) {
                        Ok(cells) if cells.len() == 1 => {
                            toml::Value::Array(vec![(cells[0].x as i64).into(), (cells[0].y as i64).into()])
                        }
                        Ok(cells) => {
                            errs.push(src.error_span(
                                &v.span(),
                                format!(
                                    "mark {:?} is on {} cells: a unit needs a mark of its own",
                                    name.get_ref(),
                                    cells.len()
                                ),
                            ));
                            resolved.insert(k.clone(), (stand_in(), Some(v.span()), true));
                            continue;
                        }
                        Err(e) => {
                            errs.push(e);
                            resolved.insert(k.clone(), (stand_in(), Some(v.span()), true));
                            continue;
                        }
                    }
                }
                _ => v.get_ref().clone(),
            };
            resolved.insert(k.clone(), (value, Some(v.span()), false));
        }
        let name = resolved
            .get("name")
            .and_then(|(v, _, _)| v.as_str().map(str::to_string));
        let over = name.as_ref().and_then(|n| {
            tables
                .iter_mut()
                .find(|(_, t)| t.get("name").and_then(|(v, _, _)| v.as_str()) == Some(n.as_str()))
        });
        match over {
            Some((origin, t)) => {
                *origin = Some(u.span());
                t.extend(resolved);
            }
            None => tables.push((Some(u.span()), resolved)),
        }
    }
}

/// A cell whose mark is already reported stands in as [0, 0]; its errors are muted.
fn stand_in() -> toml::Value {
    toml::Value::Array(vec![0i64.into(), 0i64.into()])
}

/// Writes each unit's table, one key per line, each line from where its value was written.
fn write_units(w: &mut Rewrite, tables: &[UnitTable], scen_span: &Range<usize>) {
    for (origin, t) in tables {
        w.line("", None);
        w.line("[[units]]", origin.clone().or(Some(scen_span.clone())));
        for (k, (v, span, stand_in)) in t {
            if *stand_in {
                // Its error is reported already; what the loader says of [0, 0] would mislead.
                w.muted.push(w.origin.len() + 1);
            }
            let from = span.clone().or(origin.clone()).or(Some(scen_span.clone()));
            w.line(&format!("{} = {v}", toml::Value::String(k.clone())), from);
        }
    }
}

/// The scenario's objective and scripted events come along: reserves arrive, guards
/// are woken and turn limits end the battle in the test as in the game.
fn carry_along(w: &mut Rewrite, base: &Base, scen_span: &Range<usize>) {
    if let Some((_, t)) = base {
        for key in ["objective", "events"] {
            if let Some(v) = t.get(key) {
                let mut one = toml::Table::new();
                one.insert(key.to_string(), v.clone());
                w.line("", None);
                for line in toml::to_string(&one).unwrap_or_default().lines() {
                    w.line(line, Some(scen_span.clone()));
                }
            }
        }
    }
}

/// Reads a drawn map: rows of terrain glyphs (blanks between them are ignored); any other
/// character is a mark, standing on the `ground` terrain (default: the first kind).
pub(super) fn picture(
    src: &Source,
    pic: &Spanned<String>,
    ground: Option<&Spanned<String>>,
    data: &DataSet,
) -> Result<Drawn, Diagnostics> {
    let terrain = &data.terrain;
    let ground_glyph = match ground {
        None => terrain.get(crate::load::terrain::TerrainId(0)).glyph,
        Some(g) => {
            let mut cs = g.get_ref().chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if terrain.by_glyph(c).is_some() => c,
                _ => {
                    return Err(src
                        .error_span(
                            &g.span(),
                            format!(
                                "ground = {:?}: expected one terrain glyph (known: {})",
                                g.get_ref(),
                                terrain.glyph_list()
                            ),
                        )
                        .into());
                }
            }
        }
    };
    let mut errs = Diagnostics::default();
    let mut marks: HashMap<char, Vec<Pos>> = HashMap::new();
    let mut rows: Vec<String> = Vec::new();
    let mut cursor = pic.span().start;
    let raw_rows: Vec<&str> = pic.get_ref().lines().collect();
    let first = raw_rows.iter().position(|r| !r.trim().is_empty());
    let last = raw_rows.iter().rposition(|r| !r.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(src
            .error_span(&pic.span(), "empty picture: draw at least one row of terrain glyphs")
            .into());
    };
    let mut width = None;
    for raw in &raw_rows[first..=last] {
        // Where this row stands in the file, for messages.
        let at = src.text[cursor..].find(raw).map_or(cursor, |i| cursor + i);
        cursor = at + raw.len();
        let y = rows.len() as i32;
        let mut row = String::new();
        for c in raw.chars().filter(|c| *c != ' ' && *c != '\t') {
            let x = row.chars().count() as i32;
            if terrain.by_glyph(c).is_some() {
                row.push(c);
            } else {
                marks.entry(c).or_default().push(Pos::new(x, y));
                row.push(ground_glyph);
            }
        }
        let w = row.chars().count();
        match width {
            None => width = Some(w),
            Some(first_w) if first_w != w => errs.push(src.error_at(
                at,
                format!(
                    "picture row {} has {w} cells where the first row has {first_w}; every row must be the same width",
                    y + 1
                ),
            )),
            Some(_) => {}
        }
        rows.push(row);
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    let map = crate::load::map::parse(&Source::new(src.path.clone(), text.clone()), terrain)?;
    Ok((map, text, marks))
}
