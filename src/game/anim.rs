//! Animations of what the engine already decided: the board changes at once, the picture
//! catches up. Moves slide along their path with an ease-out, blows lunge and flash, and
//! banners announce phases; they play one after another from a queue.

use super::assets::TILE;
use crate::rules::battle::UnitId;
use crate::search::grid::Pos;
use ggez::glam::Vec2;
use std::collections::VecDeque;

/// Seconds per step of a move.
pub const STEP_SECS: f32 = 0.12;
/// Seconds of one blow.
pub const STRIKE_SECS: f32 = 0.5;
/// Seconds a blow that defeats lasts: the fallen unit fades out after the blow lands.
pub const FELL_SECS: f32 = 1.1;
/// Seconds a number rising from a struck (or healed) unit stays.
pub const NUMBER_SECS: f32 = 1.1;
/// Seconds the board waits on a unit that ran into the unseen (its "!" outlives it).
pub const ALARM_SECS: f32 = 0.6;
/// Share of a blow during which the struck unit flashes, from the impact.
const FLASH: f32 = 0.25;
/// Share of a blow at which it lands (hp bars drop, the hit sounds).
const IMPACT: f32 = 0.35;
/// Seconds the camera rests on an enemy before it moves.
pub const FOCUS_SECS: f32 = 0.25;
/// Seconds a reserve takes to fade in where it arrives.
pub const ARRIVE_SECS: f32 = 0.9;
/// Seconds a phase banner stays.
pub const BANNER_SECS: f32 = 0.8;

/// Seconds a level-up box stays (long enough to read what grew).
pub const LEVEL_UP_SECS: f32 = 2.4;
/// How much faster enemy animations play in fast mode.
pub const FAST: f32 = 4.0;

/// The ease-out curve of the original: `t -= 1; t*t*t + 1` (fast start, soft landing).
pub fn ease_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0) - 1.0;
    t * t * t + 1.0
}

/// Top-left pixel of a cell in world coordinates.
pub fn cell_px(p: Pos) -> Vec2 {
    Vec2::new(p.x as f32 * TILE, p.y as f32 * TILE)
}

/// The words of a number rising from a unit: `-5` for damage, `+8` for a heal, with `KO`
/// when the blow fells it.
pub fn number_text(amount: i32, fell: bool) -> String {
    let n = if amount > 0 {
        format!("+{amount}")
    } else {
        format!("-{}", amount.unsigned_abs())
    };
    if fell { format!("{n} KO") } else { n }
}

/// The colour of a rising number, as RGBA: red for damage, green for a heal.
pub fn number_color(amount: i32) -> [f32; 4] {
    if amount > 0 {
        [0.45, 1.0, 0.45, 1.0]
    } else {
        [1.0, 0.35, 0.3, 1.0]
    }
}

/// A number rising from where a unit was struck or healed, drawn over the board until it
/// fades; it outlives the blow's animation, so the player can read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Floater {
    /// Top-left of the unit's cell (world pixels) when the number appeared.
    pub at: Vec2,
    /// The words (see [`number_text`]).
    pub text: String,
    /// RGBA (see [`number_color`]).
    pub color: [f32; 4],
    /// Seconds shown so far.
    pub age: f32,
}

impl Floater {
    /// A number of `amount` hit points over the cell at `at`.
    pub fn new(at: Vec2, amount: i32, fell: bool) -> Floater {
        Floater {
            at,
            text: number_text(amount, fell),
            color: number_color(amount),
            age: 0.0,
        }
    }

    /// The "!" over the cell at `at` of a unit that ran into an enemy it did not see.
    pub fn alarm(at: Vec2) -> Floater {
        Floater {
            at,
            text: " ! ".to_string(),
            color: [1.0, 0.85, 0.2, 1.0],
            age: 0.0,
        }
    }

    /// How far it has risen (world pixels) and its opacity.
    pub fn rise_and_alpha(&self) -> (f32, f32) {
        let t = (self.age / NUMBER_SECS).clamp(0.0, 1.0);
        (ease_out(t) * 22.0, ((1.0 - t) * 3.0).min(1.0))
    }

    /// True once it has faded.
    pub fn done(&self) -> bool {
        self.age >= NUMBER_SECS
    }
}

/// What one animation shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A unit slides from `cells[0]` through each following cell.
    Move {
        /// The mover.
        unit: UnitId,
        /// Start cell, then the cell after each step.
        cells: Vec<Pos>,
    },
    /// One blow.
    Strike {
        /// Who strikes.
        attacker: UnitId,
        /// Who is hit.
        defender: UnitId,
        /// Unit vector from the attacker towards the defender (for the lunge).
        toward: Vec2,
        /// Hit points taken.
        damage: i32,
        /// The defender's hit points before the blow.
        hp_before: i32,
        /// And after.
        hp_left: i32,
        /// The blow defeated the defender.
        defeated: bool,
    },
    /// The camera looks at an enemy about to act.
    Focus {
        /// The enemy.
        unit: UnitId,
    },
    /// A reserve steps onto the board: it fades in, the camera on it.
    Arrive {
        /// The unit.
        unit: UnitId,
    },
    /// A phase banner across the screen.
    Banner {
        /// Its words.
        text: String,
    },
    /// A player unit reached a new level: a box with the stats that grew.
    LevelUp {
        /// The box's lines, its title first.
        lines: Vec<String>,
    },
    /// A unit ran into an enemy it did not see (fog of war): a "!" rises over it.
    Alarm {
        /// The unit stopped short.
        unit: UnitId,
    },
    /// Nothing to see, only its log line, in its place in the queue.
    Note,
}

/// One queued animation.
#[derive(Debug, Clone, PartialEq)]
pub struct Anim {
    /// What it shows.
    pub kind: Kind,
    /// Seconds played so far.
    pub t: f32,
    /// Seconds it lasts at normal speed.
    pub secs: f32,
    /// Part of the enemy phase (plays faster in fast mode).
    pub enemy: bool,
    /// The log line that appears when this animation shows its event (a blow: when it lands).
    pub line: Option<String>,
}

impl Anim {
    /// A new animation of `kind`, with its natural length.
    pub fn new(kind: Kind, enemy: bool) -> Anim {
        let secs = match &kind {
            Kind::Move { cells, .. } => STEP_SECS * cells.len().saturating_sub(1) as f32,
            Kind::Strike { defeated: true, .. } => FELL_SECS,
            Kind::Strike { .. } => STRIKE_SECS,
            Kind::Focus { .. } => FOCUS_SECS,
            Kind::Arrive { .. } => ARRIVE_SECS,
            Kind::Banner { .. } => BANNER_SECS,
            Kind::LevelUp { .. } => LEVEL_UP_SECS,
            Kind::Alarm { .. } => ALARM_SECS,
            Kind::Note => 0.0,
        };
        Anim {
            kind,
            t: 0.0,
            secs,
            enemy,
            line: None,
        }
    }

    /// The same animation with a log line to show when it plays.
    pub fn saying(mut self, line: String) -> Anim {
        self.line = Some(line);
        self
    }

    /// The share of the animation at which its line appears.
    fn line_at(&self) -> f32 {
        match self.kind {
            Kind::Strike { .. } => self.impact(),
            _ => 0.0,
        }
    }

    /// The share of a blow at which it lands (the same moment in seconds whether or not it
    /// fells: a felling blow only lasts longer after it).
    pub fn impact(&self) -> f32 {
        IMPACT * STRIKE_SECS / self.secs.max(STRIKE_SECS)
    }

    /// True while a struck unit flashes: from the impact for a quarter of a blow.
    pub fn flashing(&self, id: UnitId) -> bool {
        let hit = self.impact();
        let flash = FLASH * STRIKE_SECS / self.secs.max(STRIKE_SECS);
        matches!(self.kind, Kind::Strike { defender, .. } if defender == id)
            && (hit..hit + flash).contains(&self.progress())
    }

    /// Progress 0..=1.
    pub fn progress(&self) -> f32 {
        if self.secs <= 0.0 {
            1.0
        } else {
            (self.t / self.secs).min(1.0)
        }
    }
}

/// For a move of `cells` cells at `progress` (0..=1): the step being walked (0-based) and
/// the fraction of it done. The ease-out runs over the whole move.
fn walk(progress: f32, cells: usize) -> (usize, f32) {
    let steps = cells.saturating_sub(1);
    let s = ease_out(progress) * steps as f32;
    let i = (s.floor() as usize).min(steps.saturating_sub(1));
    (i, (s - i as f32).clamp(0.0, 1.0))
}

/// Something the animations ask the game to do as they play: sounds and log lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cue {
    /// A step began.
    Step,
    /// A blow landed.
    Hit,
    /// A number rises from `unit`: `amount` hit points, negative for damage, positive for a
    /// heal (see [`number_text`], [`number_color`]).
    Number {
        /// The unit struck or healed.
        unit: UnitId,
        /// Hit points gained (positive) or lost (negative).
        amount: i32,
        /// The blow felled it.
        fell: bool,
    },
    /// A "!" rises over `unit` (it ran into the unseen).
    Alarm {
        /// The unit stopped short.
        unit: UnitId,
    },
    /// A log line's event is now on screen.
    Say(String),
}

/// Animations waiting to play, the first one playing.
#[derive(Debug, Default)]
pub struct Queue {
    list: VecDeque<Anim>,
}

impl Queue {
    /// Adds an animation at the end.
    pub fn push(&mut self, mut a: Anim) {
        // A move of no steps shows nothing but may still have a line to say in its turn.
        if matches!(&a.kind, Kind::Move { cells, .. } if cells.len() < 2) {
            let Some(line) = a.line.take() else { return };
            a = Anim::new(Kind::Note, a.enemy).saying(line);
        }
        self.list.push_back(a);
    }

    /// Puts an animation before all the others (the battle's objective before its first turn).
    pub fn push_front(&mut self, a: Anim) {
        self.list.push_front(a);
    }

    /// Drops everything (restart, undo).
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// True while something plays.
    pub fn busy(&self) -> bool {
        !self.list.is_empty()
    }

    /// The playing animation.
    pub fn current(&self) -> Option<&Anim> {
        self.list.front()
    }

    /// Plays `dt` seconds (`fast` speeds up enemy animations), returning the cues passed.
    pub fn advance(&mut self, mut dt: f32, fast: bool) -> Vec<Cue> {
        let mut cues = Vec::new();
        while let Some(a) = self.list.front_mut() {
            let speed = if fast && a.enemy { FAST } else { 1.0 };
            let before = if a.t == 0.0 { -1.0 } else { a.progress() };
            let left = (a.secs - a.t).max(0.0) / speed;
            let used = dt.min(left);
            a.t += used * speed;
            if before < a.line_at()
                && a.progress() >= a.line_at()
                && let Some(line) = a.line.take()
            {
                cues.push(Cue::Say(line));
            }
            match &a.kind {
                Kind::Move { cells, .. } => {
                    if before < 0.0 {
                        cues.push(Cue::Step);
                    }
                    let was = walk(before, cells.len()).0;
                    let now = walk(a.progress(), cells.len()).0;
                    cues.extend((was..now).map(|_| Cue::Step));
                }
                Kind::Alarm { unit } if before < 0.0 => cues.push(Cue::Alarm { unit: *unit }),
                Kind::Strike {
                    defender,
                    damage,
                    defeated,
                    ..
                } if before < a.impact() && a.progress() >= a.impact() => {
                    cues.push(Cue::Hit);
                    cues.push(Cue::Number {
                        unit: *defender,
                        amount: -damage,
                        fell: *defeated,
                    });
                }
                _ => {}
            }
            dt -= used;
            if a.t >= a.secs {
                self.list.pop_front();
            } else {
                break;
            }
            if dt <= 0.0 && !self.list.front().is_some_and(|a| a.secs <= 0.0) {
                break;
            }
        }
        cues
    }

    /// Where to draw unit `id` (top-left, world pixels) whose board cell is `at`: sliding
    /// along a playing move, waiting at the start of a move still to come, lunging or
    /// shaking in a blow.
    pub fn unit_px(&self, id: UnitId, at: Pos) -> Vec2 {
        let mut base = None;
        for (i, a) in self.list.iter().enumerate() {
            if let Kind::Move { unit, cells } = &a.kind
                && *unit == id
            {
                base = Some(if i == 0 {
                    let (step, f) = walk(a.progress(), cells.len());
                    cell_px(cells[step]).lerp(cell_px(cells[step + 1]), f)
                } else {
                    cell_px(cells[0])
                });
                break;
            }
        }
        let mut px = base.unwrap_or_else(|| cell_px(at));
        if let Some(Anim {
            kind:
                Kind::Strike {
                    attacker,
                    defender,
                    toward,
                    ..
                },
            ..
        }) = self.list.front()
        {
            // In seconds of the blow, so a felling blow lunges and shakes like any other.
            let t = self.list[0].t / STRIKE_SECS;
            if *attacker == id {
                // Lunge a few pixels towards the defender and back.
                px += *toward * 8.0 * (t.min(1.0) * std::f32::consts::PI).sin();
            } else if *defender == id && (IMPACT..IMPACT + 0.3).contains(&t) {
                let shake = ((t - IMPACT) * 60.0).sin() * 2.0;
                px.x += shake;
            }
        }
        px
    }

    /// Hit points to show for `id` whose board value is `hp`: blows still to land are not
    /// shown yet.
    pub fn shown_hp(&self, id: UnitId, hp: i32) -> i32 {
        for (i, a) in self.list.iter().enumerate() {
            if let Kind::Strike {
                defender,
                hp_before,
                hp_left,
                ..
            } = &a.kind
                && *defender == id
            {
                return if i == 0 && a.progress() >= a.impact() {
                    *hp_left
                } else {
                    *hp_before
                };
            }
        }
        hp
    }

    /// Opacity of unit `id` while its arrival is queued or playing: hidden until its
    /// animation comes, then fading in. `None` when no arrival of it is queued.
    pub fn arriving_alpha(&self, id: UnitId) -> Option<f32> {
        self.list.iter().enumerate().find_map(|(i, a)| match &a.kind {
            Kind::Arrive { unit } if *unit == id => Some(if i == 0 { a.progress() } else { 0.0 }),
            _ => None,
        })
    }

    /// Opacity of unit `id`: a unit whose defeat is still to be shown stays, and fades out
    /// during the blow that defeats it. `None` when it should not be drawn.
    pub fn defeated_alpha(&self, id: UnitId) -> Option<f32> {
        self.list.iter().enumerate().find_map(|(i, a)| match &a.kind {
            Kind::Strike {
                defender,
                defeated: true,
                ..
            } if *defender == id => Some(if i == 0 {
                // Stays through the flash, then fades out until the blow's end.
                let from = a.impact() + FLASH * STRIKE_SECS / a.secs;
                1.0 - ((a.progress() - from) / (1.0 - from)).clamp(0.0, 1.0)
            } else {
                1.0
            }),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arriving_unit_is_hidden_until_its_turn_then_fades_in() {
        let mut q = Queue::default();
        q.push(Anim::new(Kind::Note, false));
        q.push(Anim::new(Kind::Arrive { unit: UnitId(2) }, false));
        assert_eq!(q.arriving_alpha(UnitId(2)), Some(0.0), "queued behind another");
        assert_eq!(q.arriving_alpha(UnitId(1)), None);
        q.advance(0.01, false);
        assert_eq!(q.current().map(|a| &a.kind), Some(&Kind::Arrive { unit: UnitId(2) }));
        q.advance(ARRIVE_SECS / 2.0, false);
        let a = q.arriving_alpha(UnitId(2)).unwrap();
        assert!(a > 0.3 && a < 0.7, "{a}");
    }

    #[test]
    fn ease_out_starts_fast_and_lands_softly() {
        assert_eq!(ease_out(0.0), 0.0);
        assert_eq!(ease_out(1.0), 1.0);
        assert!(ease_out(0.5) > 0.8);
        assert!(ease_out(2.0) == 1.0 && ease_out(-1.0) == 0.0);
    }

    fn walk(cells: &[(i32, i32)]) -> Queue {
        let mut q = Queue::default();
        q.push(Anim::new(
            Kind::Move {
                unit: UnitId(0),
                cells: cells.iter().map(|&(x, y)| Pos::new(x, y)).collect(),
            },
            false,
        ));
        q
    }

    #[test]
    fn a_move_slides_through_every_cell_and_ends_on_the_last() {
        let mut q = walk(&[(0, 0), (1, 0), (1, 1)]);
        assert_eq!(q.unit_px(UnitId(0), Pos::new(1, 1)), Vec2::ZERO);
        let cues = q.advance(STEP_SECS, false);
        assert!(cues.len() >= 2, "{cues:?}");
        let mid = q.unit_px(UnitId(0), Pos::new(1, 1));
        assert!(mid.x > 0.0 && mid.x <= TILE, "{mid}");
        let cues = q.advance(1.0, false);
        assert!(!q.busy());
        assert!(cues.len() <= 1);
        assert_eq!(q.unit_px(UnitId(0), Pos::new(1, 1)), Vec2::new(TILE, TILE));
    }

    #[test]
    fn empty_moves_are_not_queued_and_waiting_moves_hold_the_start() {
        let mut q = walk(&[(3, 3)]);
        assert!(!q.busy());
        q.push(Anim::new(Kind::Focus { unit: UnitId(1) }, true));
        q.push(Anim::new(
            Kind::Move {
                unit: UnitId(0),
                cells: vec![Pos::new(0, 0), Pos::new(0, 1)],
            },
            true,
        ));
        assert_eq!(q.unit_px(UnitId(0), Pos::new(0, 1)), Vec2::ZERO);
        q.advance(FOCUS_SECS / FAST, true);
        assert!(matches!(q.current().unwrap().kind, Kind::Move { .. }));
    }

    #[test]
    fn hp_and_defeat_show_only_when_the_blow_lands() {
        let mut q = Queue::default();
        q.push(Anim::new(
            Kind::Strike {
                attacker: UnitId(0),
                defender: UnitId(1),
                toward: Vec2::X,
                damage: 5,
                hp_before: 5,
                hp_left: 0,
                defeated: true,
            },
            false,
        ));
        assert_eq!(q.shown_hp(UnitId(1), 0), 5);
        assert_eq!(q.defeated_alpha(UnitId(1)), Some(1.0));
        // The blow lands at the same moment as any blow: a number rises, the unit flashes.
        let cues = q.advance(STRIKE_SECS * IMPACT + 0.01, false);
        assert_eq!(
            cues,
            vec![
                Cue::Hit,
                Cue::Number {
                    unit: UnitId(1),
                    amount: -5,
                    fell: true
                }
            ]
        );
        assert_eq!(q.shown_hp(UnitId(1), 0), 0);
        assert!(q.current().unwrap().flashing(UnitId(1)), "a hit flash");
        assert!(!q.current().unwrap().flashing(UnitId(0)), "the attacker does not flash");
        assert_eq!(q.defeated_alpha(UnitId(1)), Some(1.0), "seen struck before it fades");
        q.advance(0.6, false);
        assert!(!q.current().unwrap().flashing(UnitId(1)));
        let a = q.defeated_alpha(UnitId(1)).unwrap();
        assert!(a > 0.0 && a < 0.5, "fading: {a}");
        q.advance(1.0, false);
        assert_eq!(q.defeated_alpha(UnitId(1)), None);
    }

    #[test]
    fn numbers_are_red_for_damage_and_green_for_heals_and_rise_then_fade() {
        assert_eq!(number_text(-5, false), "-5");
        assert_eq!(number_text(-12, true), "-12 KO");
        assert_eq!(number_text(8, false), "+8");
        assert!(number_color(-5)[0] > number_color(-5)[1], "damage is red");
        assert!(number_color(8)[1] > number_color(8)[0], "a heal is green");
        let mut f = Floater::new(Vec2::new(64.0, 32.0), -5, false);
        let (rise0, alpha0) = f.rise_and_alpha();
        f.age = NUMBER_SECS / 2.0;
        let (rise1, alpha1) = f.rise_and_alpha();
        assert!(rise1 > rise0 && alpha0 == 1.0 && alpha1 > 0.5, "rises, still clear");
        f.age = NUMBER_SECS * 0.95;
        assert!(f.rise_and_alpha().1 < 0.3, "fades at the end");
        assert!(!f.done());
        f.age = NUMBER_SECS;
        assert!(f.done());
        // The number outlives the blow, so there is time to read it.
        const { assert!(NUMBER_SECS > STRIKE_SECS) };
    }

    #[test]
    fn log_lines_appear_when_their_event_is_on_screen_not_before() {
        let mut q = Queue::default();
        let mv = Kind::Move {
            unit: UnitId(0),
            cells: vec![Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0)],
        };
        q.push(Anim::new(Kind::Focus { unit: UnitId(0) }, false).saying("E: closest cell".into()));
        q.push(Anim::new(mv, false));
        let blow = Kind::Strike {
            attacker: UnitId(0),
            defender: UnitId(1),
            toward: Vec2::X,
            damage: 5,
            hp_before: 20,
            hp_left: 15,
            defeated: false,
        };
        q.push(Anim::new(blow, false).saying("E hits P for 5: 15 hp left".into()));
        // A staying unit's move is nothing to see, but its line keeps its place.
        q.push(
            Anim::new(
                Kind::Move {
                    unit: UnitId(2),
                    cells: vec![Pos::new(5, 5)],
                },
                false,
            )
            .saying("F stays".into()),
        );
        let said = |cues: &[Cue]| -> Vec<String> {
            cues.iter()
                .filter_map(|c| match c {
                    Cue::Say(s) => Some(s.clone()),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(
            said(&q.advance(0.01, false)),
            ["E: closest cell"],
            "the decision shows first"
        );
        // Through the focus and the whole walk: the blow has not landed, so its line waits.
        assert_eq!(said(&q.advance(FOCUS_SECS + 2.0 * STEP_SECS, false)), [] as [String; 0]);
        assert!(matches!(q.current().unwrap().kind, Kind::Strike { .. }));
        assert_eq!(
            said(&q.advance(STRIKE_SECS * (IMPACT - 0.05), false)),
            [] as [String; 0]
        );
        let at_impact = q.advance(STRIKE_SECS * 0.1, false);
        assert_eq!(said(&at_impact), ["E hits P for 5: 15 hp left"], "when the blow lands");
        assert!(at_impact.contains(&Cue::Hit));
        assert_eq!(said(&q.advance(STRIKE_SECS, false)), ["F stays"]);
        assert!(!q.busy());
    }
}
