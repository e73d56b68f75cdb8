//! The key map, and the presses and clicks kept while the board is busy so that none is lost.

use super::*;

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

/// The key map. Letters go by the character they type, so they follow the keyboard layout.
pub(super) fn command(key: &Key) -> Option<KeyAction> {
    let c = match key {
        Key::Named(NamedKey::ArrowUp) => KeyAction::Intent(Intent::Cursor(Dir::Up)),
        Key::Named(NamedKey::ArrowDown) => KeyAction::Intent(Intent::Cursor(Dir::Down)),
        Key::Named(NamedKey::ArrowLeft) => KeyAction::Intent(Intent::Cursor(Dir::Left)),
        Key::Named(NamedKey::ArrowRight) => KeyAction::Intent(Intent::Cursor(Dir::Right)),
        Key::Named(NamedKey::Space | NamedKey::Enter) => KeyAction::Intent(Intent::Confirm),
        Key::Named(NamedKey::Escape) => KeyAction::Escape,
        Key::Named(NamedKey::Backspace) => KeyAction::Intent(Intent::Cancel),
        Key::Named(NamedKey::F5) => KeyAction::Reload,
        Key::Named(NamedKey::PageUp) => KeyAction::Scenario(-1),
        Key::Named(NamedKey::PageDown) => KeyAction::Scenario(1),
        Key::Named(NamedKey::Tab) => KeyAction::Intent(Intent::NextEnemy),
        Key::Character(s) => match s.to_lowercase().as_str() {
            "z" => KeyAction::Intent(Intent::Confirm),
            "x" => KeyAction::Intent(Intent::Cancel),
            "e" => KeyAction::Intent(Intent::EndTurn),
            "u" => KeyAction::Intent(Intent::Undo),
            "n" => KeyAction::Intent(Intent::NextUnit),
            "d" => KeyAction::Danger,
            "f" => KeyAction::Fast,
            "a" => KeyAction::Notes,
            "r" => KeyAction::Restart,
            "q" => KeyAction::Quit,
            "s" => KeyAction::Save,
            "l" => KeyAction::Load,
            "[" => KeyAction::Scenario(-1),
            "]" => KeyAction::Scenario(1),
            "y" => KeyAction::Yes,
            "h" => KeyAction::History,
            "o" => KeyAction::Options,
            "+" | "=" => KeyAction::Zoom(-1),
            "-" | "_" => KeyAction::Zoom(1),
            _ => return None,
        },
        _ => return None,
    };
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_backs_out_or_opens_the_menu_and_q_quits() {
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
