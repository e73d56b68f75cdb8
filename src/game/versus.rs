//! Hot-seat (issue 40): two people on one machine, the enemy side played by the second with
//! the same controls. This is the one place the game asks whose eyes the board is drawn
//! for ([`viewer`]) and when the board must be hidden for a hand-over ([`handover`]); the
//! engine's [`Session`](crate::play::phase::Session) already moves the units of the side
//! whose phase it is ([`Session::side`](crate::play::phase::Session::side)).

use crate::play::phase::Signal;
use crate::rules::{Battle, Event};
use crate::search::grid::Team;

/// The side whose sight and threats the board shows: the player's, or in a versus battle the
/// side whose phase it is (under fog each person sees only their side's sight), or in a
/// network window the side its person plays, whoever's phase it is ([`seat`]).
pub fn viewer(b: &Battle) -> Team {
    match EYES.get() {
        Some(mine) if b.versus() => mine,
        _ if b.versus() => b.active(),
        _ => Team::Player,
    }
}

thread_local! {
    /// The side a network window's person plays, on the thread that draws it (`None`:
    /// hot-seat, a battle against the AI, a spectator). Kept beside [`viewer`] rather than
    /// passed to its many callers, which draw for a battle and nothing else.
    static EYES: std::cell::Cell<Option<Team>> = const { std::cell::Cell::new(None) };
}

/// Draws the board (sight, threats, the roster) for `mine`'s eyes from now on, on this
/// thread: a network window's person sees their own side's sight in both sides' phases.
/// `None` goes back to the side whose phase it is.
pub fn seat(mine: Option<Team>) {
    EYES.set(mine);
}

/// A side as the hot-seat screens name it: Blue (the player side) and Red (the enemy side),
/// the colours their units are drawn in.
pub fn side_name(team: Team) -> &'static str {
    match team {
        Team::Player => "Blue",
        Team::Enemy => "Red",
    }
}

/// The side the hand-over screen is for when `signal` comes: a new phase of a versus battle
/// that goes on (the board is hidden until that side's person presses a key).
pub fn handover(b: &Battle, signal: &Signal) -> Option<Team> {
    match signal {
        Signal::Rules(Event::PhaseBegan { team, .. }) if b.versus() && b.ended().is_none() => Some(*team),
        _ => None,
    }
}

/// The hand-over screen's lines for `team`'s phase of `b`: whose turn, the turn and what to
/// do; at the battle's start, which side each person plays and who starts, first.
pub fn handover_lines(b: &Battle, team: Team) -> Vec<String> {
    let who = side_name(team);
    let mut lines = vec![format!("{who}'s turn")];
    if b.turn() == 1 && team == Team::Player && b.record().is_empty() {
        let count = |t: Team| match b.living(t).count() {
            1 => "1 unit".to_string(),
            n => format!("{n} units"),
        };
        lines.push(format!(
            "Blue plays the player side ({}), Red the enemy side ({}); Blue starts",
            count(Team::Player),
            count(Team::Enemy)
        ));
    }
    lines.push(format!("Turn {} — pass the keyboard to {who}'s player", b.turn()));
    lines.push("press a key to show the board".to_string());
    lines
}

/// The banner and log line of a new phase: the rules' words ("Turn 2 — Player phase"), or in a
/// versus battle the side's name ("Turn 2 — Red's phase", as the top band says; the log said
/// "Enemy phase" of a person's turn).
pub fn phase_line(b: &Battle, team: Team, turn: u32, rules_line: String) -> String {
    if b.versus() {
        format!("Turn {turn} — {}'s phase", side_name(team))
    } else {
        rules_line
    }
}

/// The roster's heading: "Your units" against the AI; in a versus battle the side it lists
/// ([`viewer`]: the side whose phase it is in hot-seat, "Red's units", as the band names it;
/// in a network window the side its person plays).
pub fn roster_heading(b: &Battle, next_key: &str) -> String {
    let whose = if b.versus() {
        format!("{}'s units", side_name(viewer(b)))
    } else {
        "Your units".to_string()
    };
    format!("{whose} ({next_key}: next)")
}

/// The words of a versus battle's end: which side won (no Victory or Defeat: both people
/// are players).
pub fn winner_line(winner: Team) -> String {
    format!("{} wins", side_name(winner))
}

/// The log's words for rules event `e`: the rules' own, but a versus battle's end names the
/// side that won as the band does ("Red wins on turn 5: Kiny fell", not "Defeat — Kiny
/// fell" under a "Red wins!" band).
pub fn event_line(b: &Battle, e: &Event) -> String {
    match e {
        Event::BattleEnded { winner, why } if b.versus() => {
            format!("{} on turn {}: {}", winner_line(*winner), b.turn(), why.describe(b))
        }
        _ => e.describe(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{Scene, enemy, player, profiles};
    use crate::play::phase::{Intent, Phase, Session};
    use crate::search::grid::Pos;

    #[test]
    fn a_versus_phase_is_named_by_its_side_in_the_banner_and_the_log() {
        let s = hot_seat("P . . . . E");
        let b = s.battle();
        let line = |team, turn| {
            let e = Event::PhaseBegan { team, turn };
            phase_line(b, team, turn, e.describe(b))
        };
        assert_eq!(line(Team::Enemy, 2), "Turn 2 — Red's phase");
        assert_eq!(line(Team::Player, 3), "Turn 3 — Blue's phase");
        // Against the AI, the rules' words as before.
        let ai = Scene::parse("P . . . . E").battle(&[player('P'), enemy('E', "guard", 1)]);
        let e = Event::PhaseBegan {
            team: Team::Enemy,
            turn: 2,
        };
        assert_eq!(phase_line(&ai, Team::Enemy, 2, e.describe(&ai)), e.describe(&ai));
    }

    /// Issue 40's network play: the log said "Defeat — Kiny fell" under a "Red wins!" band.
    #[test]
    fn a_versus_battles_end_is_logged_by_the_side_that_won() {
        let s = hot_seat("P . . . . E");
        let b = s.battle();
        let kiny = b.find("P").unwrap();
        let ended = |winner| Event::BattleEnded {
            winner,
            why: crate::rules::Ending::HeroFell(kiny),
        };
        assert_eq!(event_line(b, &ended(Team::Enemy)), "Red wins on turn 1: P fell");
        assert_eq!(event_line(b, &ended(Team::Player)), "Blue wins on turn 1: P fell");
        let ai = Scene::parse("P . . . . E").battle(&[player('P'), enemy('E', "guard", 1)]);
        assert_eq!(event_line(&ai, &ended(Team::Enemy)), ended(Team::Enemy).describe(&ai));
        assert!(event_line(&ai, &ended(Team::Enemy)).starts_with("Defeat — "));
    }

    #[test]
    fn the_roster_is_headed_by_the_side_to_play_in_hot_seat() {
        let mut s = hot_seat("P . . . . E");
        assert_eq!(roster_heading(s.battle(), "N"), "Blue's units (N: next)");
        s.input(Intent::EndTurn);
        s.input(Intent::Yes);
        assert_eq!(s.battle().active(), Team::Enemy);
        assert_eq!(roster_heading(s.battle(), "N"), "Red's units (N: next)");
        let ai = Scene::parse("P . . . . E").battle(&[player('P'), enemy('E', "guard", 1)]);
        assert_eq!(roster_heading(&ai, "N"), "Your units (N: next)");
    }

    fn hot_seat(picture: &str) -> Session {
        let b = Scene::parse(picture)
            .battle(&[player('P'), enemy('E', "charger", 6)])
            .with_versus(true);
        let mut s = Session::new(b, profiles(""));
        s.set_auto_end_turn(false);
        s.drain();
        s
    }

    /// Ending Blue's phase hands over to Red: the session signals the phase, the screen
    /// comes up for Red, and the board is Red's to see and play (its unit selected with the
    /// player's controls, no AI moving it).
    #[test]
    fn ending_a_phase_hands_the_board_over_to_the_other_person() {
        let mut s = hot_seat("P . . . . E");
        assert_eq!(viewer(s.battle()), Team::Player);
        let opening = handover_lines(s.battle(), Team::Player);
        assert_eq!(
            opening[1],
            "Blue plays the player side (1 unit), Red the enemy side (1 unit); Blue starts"
        );
        // P has not acted: ending the turn asks first.
        s.input(Intent::EndTurn);
        s.input(Intent::Yes);
        let shown: Vec<Team> = s.drain().iter().filter_map(|g| handover(s.battle(), g)).collect();
        assert_eq!(shown, [Team::Enemy]);
        assert_eq!(viewer(s.battle()), Team::Enemy);
        assert_eq!(s.phase(), &Phase::Select);
        assert_eq!(s.cursor(), Pos::new(5, 0), "the cursor is on Red's first unit");
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        assert!(matches!(s.phase(), Phase::Target { .. }), "{:?}", s.phase());
        for _ in 0..3 {
            s.input(Intent::Cursor(crate::search::grid::Dir::Left));
        }
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        // The move's menu (Wait), then Red ends its phase: back to Blue, turn 2.
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        assert_eq!(s.battle().unit(s.battle().find("E").unwrap()).pos(), Pos::new(2, 0));
        s.input(Intent::EndTurn);
        let shown: Vec<Team> = s.drain().iter().filter_map(|g| handover(s.battle(), g)).collect();
        assert_eq!(shown, [Team::Player], "every Red unit acted: no question");
        assert_eq!((s.battle().turn(), viewer(s.battle())), (2, Team::Player));
        assert_eq!(
            handover_lines(s.battle(), Team::Player),
            [
                "Blue's turn",
                "Turn 2 — pass the keyboard to Blue's player",
                "press a key to show the board"
            ]
        );
    }

    /// Against the AI there is no hand-over and the board is always the player's.
    #[test]
    fn against_the_ai_nothing_is_handed_over() {
        let b = Scene::parse("P . . . . E").battle(&[player('P'), enemy('E', "charger", 6)]);
        let mut s = Session::new(b, profiles(""));
        s.set_auto_end_turn(false);
        s.input(Intent::EndTurn);
        s.input(Intent::Yes);
        let signals = s.drain();
        assert!(signals.iter().all(|g| handover(s.battle(), g).is_none()));
        assert_eq!(viewer(s.battle()), Team::Player);
        assert_eq!(handover_lines(s.battle(), Team::Enemy)[0], "Red's turn");
    }
}
