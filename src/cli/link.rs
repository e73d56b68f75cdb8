//! A network game's link as the game window holds it: the commands its person plays go to
//! the link's thread, what happens on the link comes back as [`News`]. Kept apart from the
//! link's code (`cli::net`, which starts those threads) so that the window options
//! (`cli::args`) can hold a link without depending on it.

use crate::io::replay;
use crate::rules::Command;
use std::sync::mpsc::{self, Receiver, Sender};

/// What a [`Background`] game tells the game window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum News {
    /// The host listens on this port (for "Waiting for a player on port N").
    Listening(u16),
    /// The other program is in: play begins.
    Joined,
    /// The other side's command, applied here and checked: the window plays it.
    Peer(replay::Step),
    /// A line to show: the link dropped, came back, ...
    Line(String),
    /// The game is over or stopped: the last lines (the result, or why it stopped).
    Ended(String),
}

/// A network game whose link runs on a thread of its own, for the game window: the window
/// sends the commands its person plays on `mine` and polls `news` in its update (neither
/// blocks). The thread runs the same host or join as the headless commands.
#[cfg_attr(
    all(not(feature = "gui"), not(test)),
    expect(dead_code, reason = "only the game window runs a link on a thread")
)]
pub(crate) struct Background {
    /// This program's side's commands, as the window plays them (dropping it ends the game).
    pub mine: Sender<Command>,
    /// What happens on the link.
    pub news: Receiver<News>,
}

/// The window's ends of a [`Background`] game, handed to the thread.
pub(super) struct Hand {
    pub mine: Receiver<Command>,
    pub tell: Sender<News>,
}

impl Background {
    pub(super) fn pair() -> (Background, Hand) {
        let (mine_tx, mine_rx) = mpsc::channel();
        let (tell_tx, tell_rx) = mpsc::channel();
        (
            Background {
                mine: mine_tx,
                news: tell_rx,
            },
            Hand {
                mine: mine_rx,
                tell: tell_tx,
            },
        )
    }
}
