//! The key map, and the presses and clicks kept while the board is busy so that none is lost.

use super::*;
#[cfg(test)]
use crate::game::controls::Bindings;
use crate::game::controls::Control;

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum KeyAction {
    Intent(Intent),
    Danger,
    Fast,
    /// Each enemy's reasons in the log (for level designers).
    Notes,
    Restart,
    Quit,
    Save,
    Load,
    Reload,
    /// Previous (-1) or next (+1) scenario of the scenario's folder.
    Scenario(i32),
    /// Zoom out (+1) or in (-1).
    Zoom(i32),
    /// Yes to a question.
    Yes,
    /// Esc: back out of what is open or selected, else open the game menu.
    Escape,
    /// The whole battle's log (H).
    History,
    /// The options screen (O).
    Options,
}

/// A press kept for later: a key's intent, or a left click where the pointer was (window
/// pixels) with the map cell under it then, so it acts on what the player saw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Held {
    Intent(Intent),
    Click { at: Vec2, cell: Option<Pos> },
}

impl From<Intent> for Held {
    fn from(i: Intent) -> Held {
        Held::Intent(i)
    }
}

/// Keys pressed and clicks made while the board animates, kept in order and played when it
/// is idle, so a quick Z Z moves and then picks from the menu instead of losing the second
/// press, and a click on the next unit while one walks is not thrown away.
#[derive(Debug, Default)]
pub(super) struct KeyBuffer {
    keys: VecDeque<Held>,
}

impl KeyBuffer {
    /// At most this many presses wait (a held key's repeats beyond it are dropped).
    const MAX: usize = 12;

    /// Keeps `i` for later.
    pub(super) fn push(&mut self, i: impl Into<Held>) {
        if self.keys.len() < Self::MAX {
            self.keys.push_back(i.into());
        }
    }

    /// The oldest waiting press.
    pub(super) fn pop(&mut self) -> Option<Held> {
        self.keys.pop_front()
    }

    /// The oldest waiting press, left waiting.
    pub(super) fn next(&self) -> Option<&Held> {
        self.keys.front()
    }

    /// Forgets every waiting press (the enemy's turn began: they are not the player's next
    /// moves). True when a release of the confirm key was among them: the caller must still
    /// give it to the session, or the key would count as held and the next press be lost.
    pub(super) fn clear_keeping_release(&mut self) -> bool {
        let released = self.keys.contains(&Held::Intent(Intent::Release));
        self.keys.clear();
        released
    }

    /// True when presses are waiting (new ones must queue behind them).
    pub(super) fn waiting(&self) -> bool {
        !self.keys.is_empty()
    }

    /// Forgets every waiting press.
    pub(super) fn clear(&mut self) {
        self.keys.clear();
    }
}

impl From<Control> for KeyAction {
    fn from(c: Control) -> KeyAction {
        match c {
            Control::Up => KeyAction::Intent(Intent::Cursor(Dir::Up)),
            Control::Down => KeyAction::Intent(Intent::Cursor(Dir::Down)),
            Control::Left => KeyAction::Intent(Intent::Cursor(Dir::Left)),
            Control::Right => KeyAction::Intent(Intent::Cursor(Dir::Right)),
            Control::Confirm => KeyAction::Intent(Intent::Confirm),
            Control::Cancel => KeyAction::Intent(Intent::Cancel),
            Control::Menu => KeyAction::Escape,
            Control::EndTurn => KeyAction::Intent(Intent::EndTurn),
            Control::Undo => KeyAction::Intent(Intent::Undo),
            Control::NextUnit => KeyAction::Intent(Intent::NextUnit),
            Control::NextEnemy => KeyAction::Intent(Intent::NextEnemy),
            Control::Danger => KeyAction::Danger,
            Control::Log => KeyAction::History,
            Control::ZoomIn => KeyAction::Zoom(-1),
            Control::ZoomOut => KeyAction::Zoom(1),
            Control::Fast => KeyAction::Fast,
            Control::Notes => KeyAction::Notes,
            Control::Save => KeyAction::Save,
            Control::Load => KeyAction::Load,
            Control::Options => KeyAction::Options,
            Control::Reload => KeyAction::Reload,
            Control::PreviousScenario => KeyAction::Scenario(-1),
            Control::NextScenario => KeyAction::Scenario(1),
            Control::Restart => KeyAction::Restart,
            Control::Quit => KeyAction::Quit,
            Control::Yes => KeyAction::Yes,
        }
    }
}

/// What key `key` does under `bindings` (letters go by the character they type, so they
/// follow the keyboard layout).
#[cfg(test)]
pub(super) fn command(bindings: &Bindings, key: &Key) -> Option<KeyAction> {
    bindings.of_key(key).map(KeyAction::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_backs_out_or_opens_the_menu_and_q_quits() {
        let d = Bindings::default();
        let command = |k: &Key| command(&d, k);
        assert_eq!(command(&Key::Named(NamedKey::Escape)), Some(KeyAction::Escape));
        assert_eq!(
            command(&Key::Named(NamedKey::Backspace)),
            Some(KeyAction::Intent(Intent::Cancel))
        );
        assert_eq!(command(&Key::Character("h".into())), Some(KeyAction::History));
        assert_eq!(command(&Key::Character("O".into())), Some(KeyAction::Options));
        assert_eq!(command(&Key::Character("Q".into())), Some(KeyAction::Quit));
        assert_eq!(
            command(&Key::Character("z".into())),
            Some(KeyAction::Intent(Intent::Confirm))
        );
        assert_eq!(command(&Key::Character("w".into())), None);
        assert_eq!(command(&Key::Character("A".into())), Some(KeyAction::Notes));
        assert_eq!(
            command(&Key::Named(NamedKey::Tab)),
            Some(KeyAction::Intent(Intent::NextEnemy))
        );
        assert_eq!(command(&Key::Character("+".into())), Some(KeyAction::Zoom(-1)));
        assert_eq!(command(&Key::Character("-".into())), Some(KeyAction::Zoom(1)));
    }

    #[test]
    fn a_second_confirm_pressed_during_the_move_picks_from_the_menu() {
        use crate::fixture::{Scene, enemy, player, profiles};
        let scene = Scene::parse("P . . . . . E");
        let mut s = Session::new(scene.battle(&[player('P'), enemy('E', "guard", 1)]), profiles(""));
        let mut keys = KeyBuffer::default();
        for i in [Intent::Confirm, Intent::Release, Intent::Cursor(Dir::Right)] {
            s.input(i);
        }
        // Z: the unit starts walking (the board is busy)...
        s.input(Intent::Confirm);
        assert!(matches!(s.phase(), Phase::Action { .. }));
        s.input(Intent::Release);
        // ...and Z again before the walk is over: kept, with its release.
        keys.push(Intent::Confirm);
        keys.push(Intent::Release);
        assert!(keys.waiting());
        // The walk ends: the buffered press picks the menu's choice (wait).
        while let Some(Held::Intent(i)) = keys.pop() {
            s.input(i);
        }
        assert!(
            matches!(s.phase(), Phase::Enemy { .. }),
            "the second Z waited, the last unit acted and the enemy's turn began: {:?}",
            s.phase()
        );
    }

    /// Issue 40: a gamepad goes through the same action layer as the keys. The same moves
    /// made with keys, with the pad's buttons and with its stick (turned into d-pad presses
    /// as the screen stack does) give the same controls, and played into a battle the same
    /// phases; a rebound key acts and the key it replaced does not.
    #[test]
    fn pad_buttons_and_the_stick_act_as_the_keys_do() {
        use crate::fixture::{Scene, enemy, player, profiles};
        use crate::game::controls::{PadAxis, PadButton, Stick};
        let b = Bindings::default();
        // Select the hero, two steps right, confirm the move, wait; then end the turn.
        let keys = ["z", "ArrowRight", "ArrowRight", "Enter", "Space", "e"];
        let by_keys: Vec<Control> = keys.iter().filter_map(|k| b.key(k)).collect();
        let buttons = [
            PadButton::South,
            PadButton::DPadRight,
            PadButton::DPadRight,
            PadButton::South,
            PadButton::South,
            PadButton::Select,
        ];
        let by_pad: Vec<Control> = buttons.iter().filter_map(|&p| b.pad(p)).collect();
        let mut stick = Stick::default();
        let mut by_stick = vec![b.pad(PadButton::South)];
        for v in [0.9, 0.0, 0.8, 0.1] {
            for (p, down) in stick.axis(PadAxis::LeftStickX, v) {
                if down {
                    by_stick.push(b.pad(p));
                }
            }
        }
        by_stick.extend([PadButton::South, PadButton::South, PadButton::Select].map(|p| b.pad(p)));
        let by_stick: Vec<Control> = by_stick.into_iter().flatten().collect();
        assert_eq!(by_keys.len(), 6);
        assert_eq!(by_pad, by_keys);
        assert_eq!(by_stick, by_keys);
        let play = |controls: &[Control]| {
            let scene = Scene::parse("P . . . . . E");
            let mut s = Session::new(scene.battle(&[player('P'), enemy('E', "guard", 1)]), profiles(""));
            let mut phases = Vec::new();
            for &c in controls {
                if let KeyAction::Intent(i) = KeyAction::from(c) {
                    s.input(i);
                    if i == Intent::Confirm {
                        s.input(Intent::Release);
                    }
                }
                phases.push(format!("{:?}", s.phase()));
            }
            (phases, s.battle().unit(crate::rules::UnitId(0)).pos())
        };
        let (keyed, at) = play(&by_keys);
        assert_eq!(at, Pos::new(2, 0), "the hero walked two cells right");
        assert_eq!(play(&by_pad), (keyed.clone(), at));
        assert_eq!(play(&by_stick), (keyed, at));
        // Rebound (as the options file writes it): K shows the danger, D does nothing.
        let mut rebound = indexmap::IndexMap::new();
        rebound.insert("danger".to_string(), vec!["K".to_string()]);
        let r = Bindings::new(&rebound, &indexmap::IndexMap::new());
        assert_eq!(command(&r, &Key::Character("k".into())), Some(KeyAction::Danger));
        assert_eq!(command(&r, &Key::Character("d".into())), None);
        assert_eq!(command(&b, &Key::Character("d".into())), Some(KeyAction::Danger));
    }

    #[test]
    fn the_buffer_keeps_order_and_a_bound() {
        let mut keys = KeyBuffer::default();
        for _ in 0..20 {
            keys.push(Intent::Cursor(Dir::Up));
        }
        keys.push(Intent::Confirm);
        let n = std::iter::from_fn(|| keys.pop()).count();
        assert_eq!(n, KeyBuffer::MAX, "a held key does not pile up without end");
        keys.push(Intent::Confirm);
        let click = Held::Click {
            at: Vec2::new(40.0, 80.0),
            cell: Some(Pos::new(1, 1)),
        };
        keys.push(click);
        keys.push(Intent::Release);
        assert_eq!(keys.pop(), Some(Held::Intent(Intent::Confirm)));
        assert_eq!(keys.pop(), Some(click), "clicks wait in line with the keys");
        assert_eq!(keys.pop(), Some(Held::Intent(Intent::Release)));
        keys.push(Intent::Confirm);
        keys.clear();
        assert!(!keys.waiting());
    }

    /// Finding 12 of issue 25: Z on the last unit's menu pressed and let go while its move
    /// still played; the Z started the enemy phase, which threw the waiting release away, so
    /// the session took Z as still held and ignored the next Z (on the hero, after the enemy
    /// phase): the arrows then moved a bare cursor and the third Z showed an enemy's range.
    #[test]
    fn a_release_waiting_when_the_enemy_phase_begins_still_reaches_the_session() {
        use crate::fixture::{Scene, enemy, player, profiles};
        let play = |keep_release: bool| {
            let scene = Scene::parse("P . . . . . . . . E");
            let mut s = Session::new(scene.battle(&[player('P'), enemy('E', "guard", 1)]), profiles(""));
            s.set_auto_end_turn(true);
            let mut keys = KeyBuffer::default();
            for i in [Intent::Confirm, Intent::Release, Intent::Cursor(Dir::Right)] {
                s.input(i);
            }
            s.input(Intent::Confirm); // the walk begins
            s.input(Intent::Release);
            keys.push(Intent::Confirm); // Z on the menu, while the walk plays
            keys.push(Intent::Release);
            // The tick: the oldest press plays; the enemy phase begins; the rest is dropped.
            if let Some(Held::Intent(i)) = keys.pop() {
                s.input(i);
            }
            assert!(matches!(s.phase(), Phase::Enemy { .. }));
            let released = keys.clear_keeping_release();
            assert!(released, "the waiting release is reported");
            if keep_release {
                s.input(Intent::Release);
            }
            while matches!(s.phase(), Phase::Enemy { .. }) {
                s.input(Intent::Advance);
            }
            // The player's phase: Z on the hero selects it.
            s.input(Intent::Point(s.battle().unit(crate::rules::UnitId(0)).pos()));
            s.input(Intent::Confirm);
            s.phase().clone()
        };
        assert!(
            !matches!(play(false), Phase::Target { .. }),
            "the bug: without the release the Z is lost"
        );
        assert!(
            matches!(play(true), Phase::Target { .. }),
            "with it, Z selects the hero"
        );
    }
}
