//! Campaign files (`maps/campaign.toml`): scenarios played in order, each with an intro,
//! strictly parsed with located errors. The roster rule is `skirmish_core::campaign`.
//!
//! ```toml
//! name = "The border war"
//! permadeath = true              # default true
//! closing = "The border holds."  # shown after the last chapter (optional)
//! [[chapters]]
//! scenario = "sample.toml"       # relative to the campaign file
//! title = "The crossroads"       # optional: the scenario's name otherwise
//! intro = "Kiny's patrol meets raiders at the old crossroads."
//! difficulty = "hard"            # optional: the chapter's level (`campaign --difficulty` wins)
//! [chapters.set]                 # optional: the chapter's own numbers, in `--set` keys
//! "kind:brute.attack" = 9
//! [chapters.chance_set]          # optional: more, only when played with chance in combat
//! "kind:brute.hit" = 90
//! [chapters.level_set.hard]       # optional: more, only when played at that level
//! "unit:Brute.move" = 5
//! ```

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source, display_path};
use crate::load::scenario::Scenario;
use crate::load::set::{SetKey, apply_unchecked, check_ranges};
use indexmap::IndexMap;
use serde::Deserialize;
use skirmish_core::model::scenario::LevelEntry;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Most chapters a campaign may have.
pub const MAX_CHAPTERS: usize = 1_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCampaign {
    name: Spanned<String>,
    permadeath: Option<bool>,
    closing: Option<String>,
    chapters: Spanned<Vec<Spanned<RawChapter>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChapter {
    scenario: Spanned<String>,
    #[serde(default)]
    intro: String,
    title: Option<String>,
    difficulty: Option<Spanned<String>>,
    #[serde(default)]
    set: IndexMap<String, Spanned<toml::Value>>,
    #[serde(default)]
    chance_set: IndexMap<String, Spanned<toml::Value>>,
    #[serde(default)]
    level_set: IndexMap<String, IndexMap<String, Spanned<toml::Value>>>,
}

/// A chapter's table of numbers as written (`--set` key, value).
type RawSet = IndexMap<String, Spanned<toml::Value>>;

/// A loaded campaign file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Campaign {
    /// Its name.
    pub name: String,
    /// The campaign file as shown in messages.
    pub path: String,
    /// A unit that falls is gone for the rest of the campaign (the file's default; a player
    /// may choose casual play, without it).
    pub permadeath: bool,
    /// Shown after the last chapter is won.
    pub closing: String,
    /// The chapters, in the order they are played.
    pub chapters: Vec<Chapter>,
}

/// One chapter of a campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chapter {
    /// Its scenario file, resolved against the campaign file's folder.
    pub scenario: PathBuf,
    /// The scenario as written in the campaign file.
    pub scenario_written: String,
    /// A title of its own (else the scenario's name is shown).
    pub title: Option<String>,
    /// The paragraph shown before it.
    pub intro: String,
    /// Line and column of its `scenario` key, for messages about it.
    pub place: (usize, usize),
    /// The difficulty level it is played at (`difficulty = "NAME"`, one of its scenario's
    /// `[difficulty.NAME]` tables), with the line and column of its value; `None`: as written.
    pub difficulty: Option<(String, (usize, usize))>,
    /// Its own overrides (`[chapters.set]`, in the `--set` key syntax), applied on the
    /// scenario as written before its level; places in the campaign file.
    pub set: Vec<LevelEntry>,
    /// Its overrides when the campaign is played with chance in combat
    /// (`[chapters.chance_set]`), applied after [`Chapter::set`] and before its level; unused
    /// without chance.
    pub chance_set: Vec<LevelEntry>,
    /// Its overrides at one level (`[chapters.level_set.NAME]`), applied after
    /// [`Chapter::chance_set`] when the chapter is played at level NAME, before that level's
    /// own table; a key the level's table sets too is refused (it would never count).
    pub level_set: Vec<LevelSet>,
}

/// A chapter's numbers at one level (`[chapters.level_set.NAME]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelSet {
    /// The level's name (one of the scenario's `[difficulty.NAME]` tables).
    pub level: String,
    /// Line and column of the table's name in the campaign file.
    pub place: (usize, usize),
    /// Its numbers, in the `--set` key syntax; places in the campaign file.
    pub entries: Vec<LevelEntry>,
}

impl Chapter {
    /// Its own numbers as the campaign plays it: `[chapters.set]`, then with `chance` (the
    /// campaign played with chance in combat) `[chapters.chance_set]` — what a replay of the
    /// chapter keeps.
    ///
    /// ```
    /// use skirmish_core::model::scenario::LevelEntry;
    /// use skirmish_data::load::campaign::{Chapter, LevelSet};
    /// let e = |key: &str, value| LevelEntry { key: key.into(), value, line: 1, col: 1 };
    /// let c = Chapter {
    ///     scenario: "a.toml".into(),
    ///     scenario_written: "a.toml".into(),
    ///     title: None,
    ///     intro: String::new(),
    ///     place: (1, 1),
    ///     difficulty: None,
    ///     set: vec![e("kind:guard.attack", 3)],
    ///     chance_set: vec![e("kind:guard.hit", 80)],
    ///     level_set: vec![LevelSet { level: "hard".into(), place: (1, 1), entries: vec![e("kind:guard.hp", 30)] }],
    /// };
    /// assert_eq!(c.numbers(false, None).len(), 1);
    /// assert_eq!(c.numbers(true, Some("easy"))[1].key, "kind:guard.hit");
    /// assert_eq!(c.numbers(false, Some("hard"))[1].key, "kind:guard.hp");
    /// ```
    pub fn numbers(&self, chance: bool, level: Option<&str>) -> Vec<LevelEntry> {
        let extra: &[LevelEntry] = if chance { &self.chance_set } else { &[] };
        self.set
            .iter()
            .chain(extra)
            .chain(self.level_numbers(level))
            .cloned()
            .collect()
    }

    /// Its numbers at `level` (`[chapters.level_set.NAME]`; none without a level).
    ///
    /// ```
    /// use skirmish_core::model::scenario::LevelEntry;
    /// use skirmish_data::load::campaign::{Chapter, LevelSet};
    /// let e = LevelEntry { key: "unit:Runner.defense".into(), value: 4, line: 9, col: 1 };
    /// let c = Chapter {
    ///     scenario: "a.toml".into(),
    ///     scenario_written: "a.toml".into(),
    ///     title: None,
    ///     intro: String::new(),
    ///     place: (1, 1),
    ///     difficulty: None,
    ///     set: vec![],
    ///     chance_set: vec![],
    ///     level_set: vec![LevelSet { level: "easy".into(), place: (8, 1), entries: vec![e] }],
    /// };
    /// assert_eq!(c.level_numbers(Some("easy")).len(), 1);
    /// assert!(c.level_numbers(Some("hard")).is_empty() && c.level_numbers(None).is_empty());
    /// ```
    pub fn level_numbers(&self, level: Option<&str>) -> &[LevelEntry] {
        level
            .and_then(|l| self.level_set.iter().find(|s| s.level == l))
            .map_or(&[], |s| &s.entries)
    }

    /// The level it is played at when `asked` is the campaign's (the player's) choice: that,
    /// else its own `difficulty`.
    ///
    /// ```
    /// use skirmish_data::load::campaign::Chapter;
    /// let c = Chapter {
    ///     scenario: "a.toml".into(),
    ///     scenario_written: "a.toml".into(),
    ///     title: None,
    ///     intro: String::new(),
    ///     place: (1, 1),
    ///     difficulty: Some(("hard".into(), (2, 14))),
    ///     set: vec![],
    ///     chance_set: vec![],
    ///     level_set: vec![],
    /// };
    /// assert_eq!((c.level(None), c.level(Some("easy"))), (Some("hard"), Some("easy")));
    /// ```
    pub fn level<'a>(&'a self, asked: Option<&'a str>) -> Option<&'a str> {
        asked.or(self.difficulty.as_ref().map(|(d, _)| d.as_str()))
    }
}

impl Campaign {
    /// A message at chapter `k`'s `scenario` key.
    pub fn at_chapter(&self, k: usize, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.chapters.get(k).map_or((1, 1), |c| c.place);
        Diagnostic {
            path: self.path.clone(),
            line,
            col,
            message: message.into(),
        }
    }
}

/// Loads chapter `k`'s scenario on `data` as the campaign plays it: its `[chapters.set]`
/// numbers applied to the scenario as written, then — with `chance` (the campaign played with
/// chance in combat) — `[combat] chance = true` and its `[chapters.chance_set]` numbers, then
/// its level — `level` when given (the player's choice, `campaign --difficulty`), else the
/// chapter's `difficulty`. A key or level the scenario does not take is an error at its place
/// in the campaign file.
///
/// ```
/// use skirmish_data::load::{campaign, data};
/// let dir = std::env::temp_dir().join(format!("load-chapter-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("m.txt"), "...\n").unwrap();
/// std::fs::write(
///     dir.join("a.toml"),
///     "name = \"A\"\nmap = \"m.txt\"\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\n\
///      [difficulty.hard]\ntuned = \"50% average\"\n\"unit:Kiny.hp\" = 9\n",
/// )
/// .unwrap();
/// std::fs::write(
///     dir.join("c.toml"),
///     "name = \"War\"\n[[chapters]]\nscenario = \"a.toml\"\ndifficulty = \"hard\"\n[chapters.set]\n\"unit:Kiny.attack\" = 3\n\
///      [chapters.chance_set]\n\"unit:Kiny.attack\" = 4\n",
/// )
/// .unwrap();
/// let c = campaign::load(&dir.join("c.toml")).unwrap();
/// let d = data::DataSet {
///     dir: dir.clone(),
///     terrain: skirmish_data::load::terrain::TerrainSet::standard(),
///     profiles: Default::default(),
///     kinds: data::builtin_kinds(),
///     registry: skirmish_core::ai::registry::Registry::standard(),
/// };
/// // The chapter's numbers, then its level.
/// let (s, _) = campaign::load_chapter(&c, 0, d.clone(), None, false).unwrap();
/// assert_eq!((s.difficulty.as_deref(), s.units[0].stats.attack, s.units[0].stats.hp), (Some("hard"), 3, 9));
/// assert!(!s.combat.chance);
/// // With chance in combat: chance on, and the chapter's chance numbers after its own.
/// let (s, _) = campaign::load_chapter(&c, 0, d.clone(), None, true).unwrap();
/// assert_eq!((s.combat.chance, s.units[0].stats.attack), (true, 4));
/// // The level asked for the whole campaign wins over the chapter's.
/// let e = campaign::load_chapter(&c, 0, d, Some("easy"), false).unwrap_err();
/// assert!(e.to_string().contains("no difficulty level \"easy\""), "{e}");
/// for f in ["m.txt", "a.toml", "c.toml"] {
///     std::fs::remove_file(dir.join(f)).unwrap();
/// }
/// std::fs::remove_dir(&dir).unwrap();
/// ```
pub fn load_chapter(
    campaign: &Campaign,
    k: usize,
    mut data: DataSet,
    level: Option<&str>,
    chance: bool,
) -> Result<(Scenario, DataSet), Diagnostics> {
    let chapter = campaign
        .chapters
        .get(k)
        .ok_or_else(|| Diagnostics::from(campaign.at_chapter(k, format!("no chapter {}", k + 1))))?;
    let mut scenario = crate::load::scenario::load(&chapter.scenario, &data)?;
    let at = |(line, col): (usize, usize), message: String| Diagnostic {
        path: campaign.path.clone(),
        line,
        col,
        message: format!("chapter {}: {message}", k + 1),
    };
    let mut errs = Diagnostics::default();
    if chance {
        scenario.combat.chance = true;
    }
    let played_at = chapter.level(level);
    let level_table = format!("level_set.{}", played_at.unwrap_or_default());
    let mut tables: Vec<(&str, &[LevelEntry])> = vec![("set", &chapter.set)];
    if chance {
        tables.push(("chance_set", &chapter.chance_set));
    }
    tables.push((level_table.as_str(), chapter.level_numbers(played_at)));
    // A chapter's level table names one of the scenario's levels, and none of the keys that
    // level's own table sets (that level's value would win: the chapter's would never count).
    for s in &chapter.level_set {
        match scenario.level(&s.level) {
            None => errs.push(at(
                s.place,
                format!(
                    "[chapters.level_set.{}]: scenario {} has no difficulty level {:?} (known: {})",
                    s.level,
                    chapter.scenario_written,
                    s.level,
                    scenario.level_names()
                ),
            )),
            Some(l) => {
                for e in s.entries.iter().filter(|e| l.entries.iter().any(|o| o.key == e.key)) {
                    errs.push(at(
                        (e.line, e.col),
                        format!(
                            "[chapters.level_set.{}] \"{}\": the level's own table in {} sets it too, and wins",
                            s.level, e.key, chapter.scenario_written
                        ),
                    ));
                }
            }
        }
    }
    for (table, entries) in &tables {
        for e in *entries {
            let r = SetKey::parse(&e.key).and_then(|key| apply_unchecked(&mut scenario, &mut data, &key, e.value));
            if let Err(m) = r {
                errs.push(at(
                    (e.line, e.col),
                    format!("[chapters.{table}] \"{}\" = {}: {m}", e.key, e.value),
                ));
            }
        }
    }
    if errs.is_empty()
        && let Err(m) = check_ranges(&scenario, &data)
    {
        let (table, place) = match (chapter.set.first(), chapter.chance_set.first()) {
            (Some(e), _) => ("set", (e.line, e.col)),
            (None, Some(e)) if chance => ("chance_set", (e.line, e.col)),
            _ => match chapter.level_numbers(played_at).first() {
                Some(e) => (level_table.as_str(), (e.line, e.col)),
                None => ("set", chapter.place),
            },
        };
        errs.push(at(place, format!("[chapters.{table}]: {m}")));
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    match (level, &chapter.difficulty) {
        (Some(name), _) => crate::load::difficulty::apply(&mut scenario, &mut data, name)?,
        (None, Some((name, place))) => crate::load::difficulty::apply(&mut scenario, &mut data, name).map_err(|e| {
            Diagnostics::from(at(
                *place,
                format!(
                    "difficulty {name:?} of scenario {}: {}",
                    chapter.scenario_written,
                    e.first().map_or(String::new(), |d| d.message.clone())
                ),
            ))
        })?,
        (None, None) => {}
    }
    Ok((scenario, data))
}

/// Loads the scenario at `path` as a campaign chapter played it, from what a replay of the
/// chapter keeps: with `chance`, `[combat] chance = true`; the chapter's own numbers `set`
/// (`[chapters.set]`, then under chance `[chapters.chance_set]`, key and value) applied to the
/// scenario as written, then `level` — the order [`load_chapter`] applies them in. A key the
/// scenario does not take is an error on the scenario file.
///
/// ```
/// use skirmish_data::load::{campaign, data};
/// let dir = std::env::temp_dir().join(format!("load-chapter-file-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("m.txt"), "...\n").unwrap();
/// std::fs::write(
///     dir.join("a.toml"),
///     "name = \"A\"\nmap = \"m.txt\"\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\n\
///      [difficulty.hard]\ntuned = \"50% average\"\n\"unit:Kiny.hp\" = 9\n",
/// )
/// .unwrap();
/// let d = data::DataSet {
///     dir: dir.clone(),
///     terrain: skirmish_data::load::terrain::TerrainSet::standard(),
///     profiles: Default::default(),
///     kinds: data::builtin_kinds(),
///     registry: skirmish_core::ai::registry::Registry::standard(),
/// };
/// let set = [("unit:Kiny.attack".to_string(), 3), ("unit:Kiny.hp".to_string(), 20)];
/// let (s, _) = campaign::load_chapter_file(&dir.join("a.toml"), d.clone(), &set, Some("hard"), false).unwrap();
/// // The chapter's numbers, then the level (whose own hp wins).
/// assert_eq!((s.units[0].stats.attack, s.units[0].stats.hp, s.combat.chance), (3, 9, false));
/// let (s, _) = campaign::load_chapter_file(&dir.join("a.toml"), d.clone(), &set, None, true).unwrap();
/// assert!(s.combat.chance);
/// let bad = [("unit:Nobody.hp".to_string(), 3)];
/// assert!(campaign::load_chapter_file(&dir.join("a.toml"), d, &bad, None, false).is_err());
/// for f in ["m.txt", "a.toml"] {
///     std::fs::remove_file(dir.join(f)).unwrap();
/// }
/// std::fs::remove_dir(&dir).unwrap();
/// ```
pub fn load_chapter_file(
    path: &Path,
    mut data: DataSet,
    set: &[(String, i64)],
    level: Option<&str>,
    chance: bool,
) -> Result<(Scenario, DataSet), Diagnostics> {
    let mut scenario = crate::load::scenario::load(path, &data)?;
    if chance {
        scenario.combat.chance = true;
    }
    for (key, value) in set {
        SetKey::parse(key)
            .and_then(|k| apply_unchecked(&mut scenario, &mut data, &k, *value))
            .map_err(|m| {
                Diagnostic::whole_file(path, format!("the chapter's [chapters.set] \"{key}\" = {value}: {m}"))
            })?;
    }
    check_ranges(&scenario, &data)
        .map_err(|m| Diagnostic::whole_file(path, format!("the chapter's [chapters.set]: {m}")))?;
    if let Some(name) = level {
        crate::load::difficulty::apply(&mut scenario, &mut data, name)?;
    }
    Ok((scenario, data))
}

/// True when `text` is a campaign file rather than a scenario: a TOML document with a
/// top-level `chapters` key (scenarios have none).
pub fn is_campaign_text(text: &str) -> bool {
    text.parse::<toml::Table>().is_ok_and(|t| t.contains_key("chapters"))
}

/// True when the file at `path` reads as a campaign ([`is_campaign_text`]).
pub fn is_campaign(path: &Path) -> bool {
    Source::read(path).is_ok_and(|s| is_campaign_text(&s.text))
}

/// Reads and checks a campaign file: its fields, at least one chapter, and that every
/// chapter's scenario file exists (each scenario itself is loaded when its chapter starts,
/// or by `skirmish check`).
pub fn load(path: &Path) -> Result<Campaign, Diagnostics> {
    let src = Source::read(path)?;
    parse(&src, path.parent().unwrap_or(Path::new("")))
}

/// [`load`] on text already read; scenario paths are resolved against `dir`.
pub fn parse(src: &Source, dir: &Path) -> Result<Campaign, Diagnostics> {
    let raw: RawCampaign = src.parse_toml()?;
    let mut errs = Diagnostics::default();
    let chapters_span = raw.chapters.span();
    let raw_chapters = raw.chapters.into_inner();
    if raw_chapters.is_empty() {
        errs.push(src.error_span(
            &chapters_span,
            "a campaign needs at least one chapter: [[chapters]] with scenario = \"FILE.toml\"",
        ));
    }
    if raw_chapters.len() > MAX_CHAPTERS {
        errs.push(src.error_span(
            &chapters_span,
            format!("{} chapters: at most {MAX_CHAPTERS}", raw_chapters.len()),
        ));
    }
    if raw.name.get_ref().trim().is_empty() {
        errs.push(src.error_span(&raw.name.span(), "the campaign's name is empty"));
    }
    let mut chapters = Vec::new();
    for (k, c) in raw_chapters.into_iter().enumerate() {
        let c = c.into_inner();
        let mut set = Vec::new();
        let mut chance_set = Vec::new();
        let mut level_set: Vec<LevelSet> = Vec::new();
        for name in c.level_set.keys() {
            // The table's header (`[chapters.level_set.NAME]`), else the chapter's first line.
            let from = c.scenario.span().start;
            let header = format!("level_set.{name}");
            let at = src.text[from..]
                .find(&header)
                .map_or(from, |i| from + i + "level_set.".len());
            level_set.push(LevelSet {
                level: name.clone(),
                place: src.line_col(at),
                entries: Vec::new(),
            });
        }
        let level_tables: Vec<String> = c.level_set.keys().map(|n| format!("level_set.{n}")).collect();
        let mut tables: Vec<(&str, &RawSet, &mut Vec<LevelEntry>)> = vec![
            ("set", &c.set, &mut set),
            ("chance_set", &c.chance_set, &mut chance_set),
        ];
        for ((name, raw_set), s) in level_tables.iter().zip(c.level_set.values()).zip(level_set.iter_mut()) {
            tables.push((name.as_str(), raw_set, &mut s.entries));
        }
        for (table, raw_set, set) in tables {
            for (key, value) in raw_set {
                let at = value.span().start;
                let at = src.text[..at].rfind(key.as_str()).unwrap_or(at);
                let at = if at > 0 && src.text[..at].ends_with(['"', '\'']) {
                    at - 1
                } else {
                    at
                };
                if let Err(m) = SetKey::parse(key) {
                    errs.push(src.error_at(at, format!("chapter {}: [chapters.{table}] key {key:?}: {m}", k + 1)));
                    continue;
                }
                let Some(v) = value.get_ref().as_integer() else {
                    errs.push(src.error_span(
                    &value.span(),
                    format!(
                        "chapter {}: [chapters.{table}] {key:?} = {}: a chapter sets whole numbers (such as \"kind:brute.attack\" = 9)",
                        k + 1,
                        value.get_ref()
                    ),
                ));
                    continue;
                };
                let (line, col) = src.line_col(at);
                set.push(LevelEntry {
                    key: key.clone(),
                    value: v,
                    line,
                    col,
                });
            }
        }
        let difficulty = c
            .difficulty
            .map(|d| (d.get_ref().clone(), src.line_col(d.span().start)));
        let span = c.scenario.span();
        let written = c.scenario.into_inner();
        let file = dir.join(&written);
        if !file.is_file() {
            errs.push(src.error_span(
                &span,
                format!(
                    "chapter {}: no scenario file {} (paths are relative to the campaign file)",
                    k + 1,
                    display_path(&file)
                ),
            ));
        }
        chapters.push(Chapter {
            scenario: file,
            scenario_written: written,
            title: c.title,
            intro: c.intro.trim().to_string(),
            place: src.line_col(span.start),
            difficulty,
            set,
            chance_set,
            level_set,
        });
    }
    errs.into_result(Campaign {
        name: raw.name.into_inner(),
        path: src.path.clone(),
        permadeath: raw.permadeath.unwrap_or(true),
        closing: raw.closing.unwrap_or_default().trim().to_string(),
        chapters,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `text` as a campaign beside a scenario `a.toml` in a folder of this test's own.
    fn parse_text(test: &str, text: &str) -> Result<Campaign, Diagnostics> {
        let dir = std::env::temp_dir().join(format!("skirmish-campaign-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.toml"), "name = \"A\"\nmap = \"a.txt\"\n").unwrap();
        let c = parse(&Source::new("c.toml", text), &dir);
        let _ = std::fs::remove_file(dir.join("a.toml"));
        let _ = std::fs::remove_dir(&dir);
        c
    }

    #[test]
    fn a_campaign_reads_with_its_defaults() {
        let c = parse_text(
            "defaults",
            "name = \"War\"\n[[chapters]]\nscenario = \"a.toml\"\nintro = \"  Go.  \"\n",
        )
        .unwrap();
        assert_eq!(c.name, "War");
        assert!(c.permadeath);
        assert_eq!(c.closing, "");
        assert_eq!(c.chapters.len(), 1);
        assert_eq!(c.chapters[0].intro, "Go.");
        assert_eq!(c.chapters[0].place, (3, 12));
    }

    #[test]
    fn a_missing_scenario_is_located_at_its_key() {
        let e = parse_text("missing", "name = \"War\"\n[[chapters]]\nscenario = \"nope.toml\"\n").unwrap_err();
        let d = e.first().unwrap();
        assert_eq!((d.line, d.col), (3, 12));
        assert!(d.message.starts_with("chapter 1: no scenario file"), "{}", d.message);
    }

    #[test]
    fn typos_and_empty_campaigns_are_refused() {
        let e = parse_text(
            "typo",
            "name = \"War\"\npermadeth = false\n[[chapters]]\nscenario = \"a.toml\"\n",
        )
        .unwrap_err();
        assert!(
            e.first().unwrap().message.contains("unknown field `permadeth`"),
            "{e:?}"
        );
        let e = parse_text("empty", "name = \"War\"\nchapters = []\n").unwrap_err();
        assert!(e.first().unwrap().message.contains("at least one chapter"), "{e:?}");
    }

    #[test]
    fn campaigns_are_told_from_scenarios() {
        assert!(is_campaign_text("name = \"W\"\n[[chapters]]\nscenario = \"a.toml\"\n"));
        assert!(!is_campaign_text("name = \"S\"\nmap = \"a.txt\"\n"));
        assert!(!is_campaign_text("not toml ["));
    }
}
