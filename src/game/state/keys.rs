//! The key map, and the presses kept while the board is busy so that none is lost.

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
}

/// Keys pressed while the board animates, kept in order and played when it is idle, so a
/// quick Z Z moves and then picks from the menu instead of losing the second press.
#[derive(Debug, Default)]
pub(super) struct KeyBuffer {
    keys: VecDeque<Intent>,
}

impl KeyBuffer {
    /// At most this many presses wait (a held key's repeats beyond it are dropped).
    const MAX: usize = 12;

    /// Keeps `i` for later.
    pub(super) fn push(&mut self, i: Intent) {
        if self.keys.len() < Self::MAX {
            self.keys.push_back(i);
        }
    }

    /// The oldest waiting press.
    pub(super) fn pop(&mut self) -> Option<Intent> {
        self.keys.pop_front()
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
        Key::Named(NamedKey::Escape | NamedKey::Backspace) => KeyAction::Intent(Intent::Cancel),
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
    fn escape_cancels_and_q_quits() {
        assert_eq!(
            command(&Key::Named(NamedKey::Escape)),
            Some(KeyAction::Intent(Intent::Cancel))
        );
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
        while let Some(i) = keys.pop() {
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
        keys.push(Intent::Release);
        assert_eq!(keys.pop(), Some(Intent::Confirm));
        assert_eq!(keys.pop(), Some(Intent::Release));
        keys.push(Intent::Confirm);
        keys.clear();
        assert!(!keys.waiting());
    }
}
