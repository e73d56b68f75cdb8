//! The network game in the window (issue 40): the link's news polled each logic step (never
//! waited for), this side's new commands sent, the peer's played as they come.

use super::*;
use crate::cli::net::{Background, News};
use crate::game::netplay::{NetPlay, Next, Seat, refused, waiting_line};

/// A network game's link, as the window holds it.
pub(in crate::game) struct Link {
    bg: Background,
    play: NetPlay,
    /// Seconds before the peer's next command is played (as `--replay` playback paces).
    wait: f32,
    /// The game is over or stopped: nothing more comes.
    over: bool,
    /// What stays on screen: waiting for the other player, or why the game stopped.
    status: Option<String>,
}

impl Drop for Link {
    /// The board is drawn for the side to play again.
    fn drop(&mut self) {
        crate::game::versus::seat(None);
    }
}

impl GameState {
    /// Plays this window's side (`mine`) of the network game `bg` runs, as its `seat`; the
    /// game had played `behind` commands when this window came in (caught up at once).
    pub(in crate::game) fn connect(&mut self, bg: Background, mine: Option<Team>, seat: Seat, behind: usize) {
        self.net = Some(Link {
            bg,
            play: NetPlay::new(mine).seated(seat).behind(behind),
            wait: 0.0,
            over: false,
            status: None,
        });
        // Each person has a window of their own: no hand-over, and under fog each sees
        // their own side's sight whoever's phase it is.
        self.handover = None;
        crate::game::versus::seat(mine);
    }

    /// True when `i` may not go to the session in a network game (and says why).
    pub(super) fn net_refuses(&mut self, i: &Intent) -> bool {
        let Some(link) = &self.net else { return false };
        let why = if let Some(status) = &link.status {
            // Not joined yet, or stopped.
            matches!(i, Intent::Confirm | Intent::EndTurn | Intent::Undo).then(|| status.clone())
        } else {
            refused(&link.play, &self.session, i)
        };
        match why {
            Some(line) => {
                if self.history.last().map(|(l, _)| l) != Some(&line) {
                    self.say(line);
                }
                true
            }
            None => false,
        }
    }

    /// One logic step of the network game: news, this side's commands out, the peer's in.
    pub(super) fn net_tick(&mut self, dt: f32) {
        let Some(mut link) = self.net.take() else { return };
        while let Ok(news) = link.bg.news.try_recv() {
            match news {
                News::Listening(port) => link.status = Some(waiting_line(port)),
                News::Joined => {
                    link.status = None;
                    self.say(link.play.seat.begins().into());
                }
                News::Peer(step) => link.play.arrived(step),
                News::Line(line) => self.banner(line),
                News::Ended(text) => {
                    link.over = true;
                    let text = text.trim();
                    let line = if text.is_empty() {
                        "the network game is over".to_string()
                    } else {
                        text.trim_start_matches("skirmish host: ")
                            .trim_start_matches("skirmish join: ")
                            .trim_start_matches("skirmish watch: ")
                            .to_string()
                    };
                    if self.session.battle().ended().is_none() {
                        link.status = Some(line.clone());
                    }
                    for l in line.lines() {
                        self.banner(l.to_string());
                    }
                }
            }
        }
        if !link.over {
            for c in link.play.outgoing(self.session.battle()) {
                let _ = link.bg.mine.send(c);
            }
        }
        link.wait -= dt;
        if link.wait <= 0.0 && !self.anims.busy() && !self.menu_open {
            match link.play.play_next(&mut self.session) {
                Next::Nothing => {}
                Next::Played => {
                    // The game's past is played at once; what comes after, at viewing speed.
                    link.wait = if link.play.catching_up(self.session.battle()) {
                        0.0
                    } else {
                        PLAYBACK_SECS
                    };
                    self.absorb();
                    // (The link is out of `self.net` here: absorb took this for hot-seat.)
                    self.handover = None;
                }
                Next::Failed(why) => self.say(why),
            }
        }
        self.net = Some(link);
    }

    /// True while this window plays the commands a network game had played before it came
    /// in: at once, its animations ending as they begin and making no sound.
    pub(super) fn net_catching_up(&self) -> bool {
        self.net
            .as_ref()
            .is_some_and(|l| l.play.catching_up(self.session.battle()))
    }

    /// A line in the log and as a banner over the board.
    fn banner(&mut self, line: String) {
        self.anims.push(Anim::new(Kind::Banner { text: line.clone() }, false));
        self.say(line);
    }

    /// The network game's state to keep on screen (waiting, stopped).
    pub(in crate::game) fn net_status(&self) -> Option<&str> {
        self.net.as_ref()?.status.as_deref()
    }

    /// In a network game: a window has no hand-over screen (each person has their own).
    pub(super) fn net_game(&self) -> bool {
        self.net.is_some()
    }
}
