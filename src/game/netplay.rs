//! The network game in the game window (issue 40): what passes between the link and the
//! window's [`Session`], window-free. The person here plays one side (or none: a window
//! that only follows); each new entry of the battle's record that this window played is
//! sent, the peer's commands are queued as they arrive and played one at a time through
//! [`Session::perform`] (animated as `--replay` playback is), and the board refuses input
//! while it is the other side's turn. Nothing here blocks or touches a socket.

use crate::game::versus::side_name;
use crate::io::replay::Step;
use crate::play::phase::{Ask, Intent, Phase, Session};
use crate::rules::{Battle, Command};
use crate::search::grid::Team;
use std::collections::VecDeque;

/// Said when undo is asked for in a network game.
pub const NO_UNDO: &str = "undo is off in a network game: a sent command cannot be taken back";

/// Which program of a network game a window is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Seat {
    /// `skirmish host`: waits for the other player.
    #[default]
    Host,
    /// `skirmish join`: the host's game, joined.
    Join,
    /// `skirmish watch`: a spectator; plays nothing.
    Watch,
}

impl Seat {
    /// The line said when play begins.
    pub fn begins(self) -> &'static str {
        match self {
            Seat::Host => "the other player joined: the game begins",
            Seat::Join => "you joined the host's game: it begins",
            Seat::Watch => "you watch this game as a spectator",
        }
    }
}

/// The window's side of a network game: which side its person plays, which record entries
/// are accounted for (sent, or the peer's), and the peer's commands still to play.
#[derive(Debug, Default)]
pub struct NetPlay {
    /// The side this window's person plays (`None`: the other program plays every side a
    /// person plays, and this window follows).
    pub mine: Option<Team>,
    /// Which program this window is.
    pub seat: Seat,
    /// How many of the record's entries are accounted for.
    known: usize,
    /// The peer's commands, as they arrived, not yet played here.
    queue: VecDeque<Step>,
    /// Commands the game had played when this window came in (the host's count at the
    /// handshake): they are the past, played at once rather than at viewing speed.
    behind: usize,
    /// The peer's commands that arrived so far.
    came: usize,
}

/// What playing the next queued command of the peer did.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing to play, or the board is busy (an animation, an enemy phase): later.
    Nothing,
    /// The peer's command was played.
    Played,
    /// The command could not be played here (it should not happen: the link checked it).
    Failed(String),
}

impl NetPlay {
    /// A network game in which this window's person plays `mine`.
    pub fn new(mine: Option<Team>) -> NetPlay {
        NetPlay {
            mine,
            ..NetPlay::default()
        }
    }

    /// A window that is this `seat` of the game.
    pub fn seated(mut self, seat: Seat) -> NetPlay {
        self.seat = seat;
        self
    }

    /// A window that came into a game `behind` commands along (a spectator who joins late, a
    /// player who joins again): until its board has played that many, it catches up.
    pub fn behind(mut self, behind: usize) -> NetPlay {
        self.behind = behind;
        self
    }

    /// True while the board has not yet played the commands the game had played when this
    /// window came in: the window plays them at once, without pacing or animation, and then
    /// follows the game as it goes.
    ///
    /// (Found watching: a spectator who came in at turn 4 was shown every earlier command at
    /// viewing speed, and was still on turn 1 several seconds later.)
    pub fn catching_up(&self, b: &Battle) -> bool {
        // Once that many came and all are played, it is over whatever the board holds: a
        // window never waits on a count it cannot reach.
        b.record().len() < self.behind && (self.came < self.behind || !self.queue.is_empty())
    }

    /// The peer's command, as it arrived: it is played once the board can show it.
    pub fn arrived(&mut self, step: Step) {
        self.came += 1;
        self.queue.push_back(step);
    }

    /// The peer's commands not played yet.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.queue.len()
    }

    /// The commands of `b`'s record that this window's person played since the last call:
    /// the ones to send. (Undo is off, so the record only grows.)
    pub fn outgoing(&mut self, b: &Battle) -> Vec<Command> {
        let record = b.record();
        let new = record.get(self.known..).unwrap_or_default().to_vec();
        self.known = record.len();
        new
    }

    /// Plays the peer's next command through `s` when the board can take it (its phase is
    /// a select or action phase); what it adds to the record is the peer's, never sent back.
    /// Call [`NetPlay::outgoing`] first: commands played here and not yet taken are counted
    /// as the peer's afterwards.
    pub fn play_next(&mut self, s: &mut Session) -> Next {
        if !matches!(s.phase(), Phase::Select | Phase::Action { .. }) || s.battle().ended().is_some() {
            return Next::Nothing;
        }
        let Some(step) = self.queue.pop_front() else {
            return Next::Nothing;
        };
        // (`perform` never ends a phase on its own: the peer's end_phase follows in the record.)
        let done = crate::net::command_of(s.battle(), &step).and_then(|c| s.perform(c).map_err(|e| e.to_string()));
        self.known = s.battle().record().len();
        match done {
            Ok(()) => Next::Played,
            Err(e) => {
                self.queue.clear();
                Next::Failed(format!("the other player's command could not be played: {e}"))
            }
        }
    }

    /// Why the board refuses this window's person's input now (`None`: it is theirs to
    /// play): the other side's turn, or a game this window only follows.
    pub fn refusal(&self, s: &Session) -> Option<String> {
        let b = s.battle();
        if b.ended().is_some() {
            return None;
        }
        let side = s.side();
        let name = if b.versus() {
            side_name(side).to_string()
        } else {
            format!("the {} side", side.name())
        };
        match self.mine {
            Some(mine) if mine == side && self.queue.is_empty() => None,
            Some(_) => Some(format!("{}'s turn: the other player plays it", capitalise(&name))),
            None if self.seat == Seat::Watch => Some(format!(
                "you watch this game as a spectator: the players play it ({name} to play)"
            )),
            None => Some(format!("you follow this game: the other player plays {name}")),
        }
    }
}

/// Why `i` is refused in a network game (`None`: it goes to the session). Undo never
/// goes (a sent command cannot be taken back), nor a restart, a load or another scenario
/// (the other program's battle goes on); acting and ending the turn only on one's own turn
/// (looking around, the menus and quitting always).
pub fn refused(play: &NetPlay, s: &Session, i: &Intent) -> Option<String> {
    match i {
        Intent::Undo => Some(NO_UNDO.to_string()),
        Intent::Request(Ask::Restart | Ask::Load | Ask::Scenario(_)) => {
            Some("not in a network game: the other program's battle goes on".to_string())
        }
        Intent::Confirm | Intent::EndTurn | Intent::Request(Ask::EndTurn) => play.refusal(s),
        _ => None,
    }
}

/// `s` with its first letter in capitals.
fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The line shown until the other program joins.
pub fn waiting_line(port: u16) -> String {
    format!("Waiting for a player on port {port}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{Scene, enemy, player, profiles};
    use crate::search::grid::{Dir, Pos};

    fn versus(picture: &str) -> Session {
        let b = Scene::parse(picture)
            .battle(&[player('P'), enemy('E', "charger", 6)])
            .with_versus(true);
        let mut s = Session::new(b, profiles(""));
        s.set_auto_end_turn(false);
        s.drain();
        s
    }

    /// Blue's person plays in one window, Red's in the other: each sends what its person
    /// played and nothing of what came from the other; both end in the same state.
    #[test]
    fn each_window_sends_only_what_its_person_played_and_plays_what_arrives() {
        let (mut blue, mut red) = (versus("P . . . . E"), versus("P . . . . E"));
        let (mut here, mut there) = (NetPlay::new(Some(Team::Player)), NetPlay::new(Some(Team::Enemy)));
        assert_eq!(here.refusal(&blue), None);
        assert_eq!(
            there.refusal(&red).as_deref(),
            Some("Blue's turn: the other player plays it")
        );
        // Blue walks P two cells right and waits, then ends the phase, by the keys.
        blue.input(Intent::Confirm);
        blue.input(Intent::Release);
        blue.input(Intent::Cursor(Dir::Right));
        blue.input(Intent::Cursor(Dir::Right));
        blue.input(Intent::Confirm);
        blue.input(Intent::Release);
        blue.input(Intent::Confirm);
        blue.input(Intent::Release);
        blue.input(Intent::EndTurn);
        let sent = here.outgoing(blue.battle());
        assert_eq!(sent.len(), 3, "{sent:?}");
        assert!(here.outgoing(blue.battle()).is_empty(), "each command is sent once");
        for c in &sent {
            there.arrived(crate::net::step_of(red.battle(), c).unwrap());
        }
        assert_eq!(there.waiting(), 3);
        while there.play_next(&mut red) == Next::Played {}
        assert_eq!(there.waiting(), 0);
        assert!(
            there.outgoing(red.battle()).is_empty(),
            "the peer's commands are not sent back"
        );
        assert_eq!(red.battle().state_hash(), blue.battle().state_hash());
        // Now Red's turn: the Blue window refuses, the Red window takes input.
        assert_eq!(there.refusal(&red), None);
        assert_eq!(
            here.refusal(&blue).as_deref(),
            Some("Red's turn: the other player plays it")
        );
        // Red waits with E and ends the phase; only those two go back.
        red.input(Intent::Confirm);
        red.input(Intent::Release);
        red.input(Intent::Confirm);
        red.input(Intent::Release);
        red.input(Intent::Confirm);
        red.input(Intent::Release);
        red.input(Intent::EndTurn);
        let back = there.outgoing(red.battle());
        assert!(
            matches!(back.last(), Some(Command::EndPhase { team: Team::Enemy })),
            "{back:?}"
        );
        assert!(back.iter().all(|c| !sent.contains(c)), "{back:?}");
        for c in &back {
            here.arrived(crate::net::step_of(blue.battle(), c).unwrap());
        }
        while here.play_next(&mut blue) == Next::Played {}
        assert!(here.outgoing(blue.battle()).is_empty());
        assert_eq!(red.battle().state_hash(), blue.battle().state_hash());
        assert_eq!((blue.battle().turn(), blue.side()), (2, Team::Player));
        assert_eq!(here.refusal(&blue), None);
        assert_eq!(refused(&here, &blue, &Intent::Undo).as_deref(), Some(NO_UNDO));
        assert_eq!(
            refused(&there, &red, &Intent::Cursor(Dir::Up)),
            None,
            "looking around is free"
        );
        assert!(refused(&there, &red, &Intent::Confirm).is_some());
        assert!(refused(&there, &red, &Intent::EndTurn).is_some());
        assert!(refused(&here, &blue, &Intent::Request(Ask::Restart)).is_some());
        assert_eq!(refused(&here, &blue, &Intent::Confirm), None);
        assert_eq!(waiting_line(7411), "Waiting for a player on port 7411");
        assert_eq!(
            blue.battle().unit(blue.battle().find("P").unwrap()).pos(),
            Pos::new(2, 0)
        );
    }

    /// A window that comes into a game under way (a spectator who joins late, a player who
    /// joins again) catches up while its board holds fewer commands than the game had when it
    /// came in: those it plays at once, the ones after at viewing speed.
    #[test]
    fn a_window_that_comes_in_late_catches_up_on_the_past_then_follows() {
        let b = Scene::parse("P . . . . E")
            .battle(&[player('P'), enemy('E', "charger", 6)])
            .with_versus(true);
        let (p, e) = (b.find("P").unwrap(), b.find("E").unwrap());
        let mut host = Session::new(b.clone(), profiles(""));
        // Two turns' halves played before the spectator comes in, one after.
        for c in [
            Command::Wait { unit: p },
            Command::EndPhase { team: Team::Player },
            Command::Wait { unit: e },
            Command::EndPhase { team: Team::Enemy },
            Command::Wait { unit: p },
        ] {
            host.perform(c).unwrap();
        }
        let mut late = Session::new(b.clone(), profiles(""));
        let mut eye = NetPlay::new(None).seated(Seat::Watch).behind(4);
        assert!(eye.catching_up(late.battle()), "nothing played yet");
        for c in host.battle().record() {
            eye.arrived(crate::net::step_of(host.battle(), c).unwrap());
        }
        let mut catching = Vec::new();
        while eye.play_next(&mut late) == Next::Played {
            catching.push(eye.catching_up(late.battle()));
        }
        assert_eq!(
            catching,
            [true, true, true, false, false],
            "the fourth command ends the past"
        );
        assert_eq!(late.battle().state_hash(), host.battle().state_hash());
        // A count the board never reaches (it should not happen) ends once all that came is
        // played: the window is never held.
        let mut odd = NetPlay::new(None).seated(Seat::Watch).behind(9);
        let mut board = Session::new(b.clone(), profiles(""));
        for c in host.battle().record().iter().take(3) {
            odd.arrived(crate::net::step_of(host.battle(), c).unwrap());
        }
        assert!(odd.catching_up(board.battle()));
        while odd.play_next(&mut board) == Next::Played {}
        assert!(odd.catching_up(board.battle()), "three of nine came: more are coming");
        for c in host.battle().record().iter().skip(3) {
            odd.arrived(crate::net::step_of(host.battle(), c).unwrap());
        }
        for _ in 0..4 {
            odd.arrived(crate::net::step_of(host.battle(), &Command::Wait { unit: e }).unwrap());
        }
        while odd.play_next(&mut board) == Next::Played {}
        assert!(
            !odd.catching_up(board.battle()),
            "all nine came and were played or refused"
        );
        // A window in the game from its start has no past to catch up on.
        let fresh = Session::new(b, profiles(""));
        assert!(!NetPlay::new(None).seated(Seat::Watch).catching_up(fresh.battle()));
    }

    /// Against the AI the enemy phase is the session's to animate: the peer's next command
    /// waits until the board is back to a select phase; a window that plays no side follows.
    #[test]
    fn the_peers_commands_wait_for_the_board_and_a_follower_is_told_so() {
        let b = Scene::parse("P . . . . E").battle(&[player('P'), enemy('E', "charger", 6)]);
        // The end of the turn is the peer's to say, even with auto end on here.
        let mut s = Session::new(b, profiles(""));
        assert!(s.auto_end_turn());
        let mut follow = NetPlay::new(None);
        assert_eq!(
            follow.refusal(&s).as_deref(),
            Some("you follow this game: the other player plays the player side")
        );
        let p = s.battle().find("P").unwrap();
        follow.arrived(Step::Wait { unit: "P".into() });
        follow.arrived(Step::EndPhase);
        follow.arrived(Step::Wait { unit: "P".into() });
        assert_eq!(follow.play_next(&mut s), Next::Played);
        assert!(!s.battle().ready(Team::Player).any(|u| u == p));
        assert_eq!(follow.play_next(&mut s), Next::Played);
        assert!(matches!(s.phase(), Phase::Enemy { .. }), "{:?}", s.phase());
        assert_eq!(follow.play_next(&mut s), Next::Nothing, "the enemy phase plays first");
        assert_eq!(follow.waiting(), 1);
        while matches!(s.phase(), Phase::Enemy { .. }) {
            s.input(Intent::Advance);
        }
        assert_eq!(follow.play_next(&mut s), Next::Played);
        assert!(follow.outgoing(s.battle()).is_empty());
        // A command that cannot be played is said, and the queue emptied.
        follow.arrived(Step::Wait { unit: "Nobody".into() });
        follow.arrived(Step::Wait { unit: "P".into() });
        let Next::Failed(why) = follow.play_next(&mut s) else {
            panic!("a command for no unit was played")
        };
        assert!(why.contains("Nobody"), "{why}");
        assert_eq!(follow.waiting(), 0);
    }

    /// One window of the test below: its session, its side of the game, its link.
    struct Seated {
        s: Session,
        play: NetPlay,
        bg: crate::cli::net::Background,
    }

    impl Seated {
        /// A versus session of the sample, as a network window holds it.
        fn new(play: NetPlay, bg: crate::cli::net::Background) -> Seated {
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
            let data = crate::load::data::load(&root.join("data")).unwrap();
            let scenario = crate::load::scenario::load(&root.join("maps/sample.toml"), &data).unwrap();
            let b = Battle::new(&scenario, &data).with_versus(true);
            let mut s = Session::new(b, data.profiles.clone());
            s.set_auto_end_turn(false);
            Seated { s, play, bg }
        }

        /// What the link said, played into the session (as the window's update does); its
        /// person's new commands sent.
        fn step(&mut self) {
            use crate::cli::net::News;
            for c in self.play.outgoing(self.s.battle()) {
                self.bg.mine.send(c).unwrap();
            }
            while let Ok(news) = self.bg.news.try_recv() {
                match news {
                    News::Peer(step) => self.play.arrived(step),
                    News::Ended(why) => panic!("the game stopped: {why}"),
                    _ => {}
                }
            }
            while self.play.play_next(&mut self.s) == Next::Played {}
        }

        /// The next news that is not a line (lines say drops and returns; none here).
        fn next(&self) -> crate::cli::net::News {
            loop {
                match self.bg.news.recv_timeout(SOON).expect("no news within 30 s") {
                    crate::cli::net::News::Line(_) => {}
                    n => return n,
                }
            }
        }
    }

    const SOON: std::time::Duration = std::time::Duration::from_secs(30);

    /// `join` and `watch` in the window, without one, over the loopback: the host's window
    /// plays Blue, the joiner's (past its handshake, its link on a background) Red, the
    /// spectator's follows and refuses input; all three reach the same state after both sides
    /// played a phase, and the host's window closing ends the game on each.
    #[test]
    fn a_joiners_window_plays_its_side_and_a_spectators_follows() {
        use crate::cli::net::News;
        let (host, joined, watched) = crate::cli::net::loopback_versus(SOON);
        assert_eq!(joined.window.mine(), Some(Team::Enemy), "the joiner plays Red");
        assert!(joined.versus && !joined.window.watching());
        assert_eq!(joined.path, std::path::Path::new("maps/sample.toml"));
        assert_eq!((watched.window.mine(), watched.window.watching()), (None, true));
        let mut blue = Seated::new(NetPlay::new(Some(Team::Player)), host);
        let mut red = Seated::new(
            NetPlay::new(Some(Team::Enemy)).seated(Seat::Join),
            joined.window.take().expect("the link"),
        );
        let mut eye = Seated::new(
            NetPlay::new(None).seated(Seat::Watch),
            watched.window.take().expect("the link"),
        );
        assert!(joined.window.take().is_none(), "a link is handed over once");
        assert_eq!(blue.next(), News::Joined);
        assert_eq!(red.next(), News::Joined);
        assert_eq!(eye.next(), News::Joined);
        assert_eq!(
            eye.play.refusal(&eye.s).as_deref(),
            Some("you watch this game as a spectator: the players play it (Blue to play)")
        );
        assert!(refused(&eye.play, &eye.s, &Intent::Confirm).is_some());
        // Blue: Kiny waits, the phase ends; Red: Brute waits, the phase ends.
        let kiny = blue.s.battle().find("Kiny").unwrap();
        blue.s.perform(Command::Wait { unit: kiny }).unwrap();
        blue.s.perform(Command::EndPhase { team: Team::Player }).unwrap();
        let until = std::time::Instant::now() + SOON;
        let mut red_played = false;
        while eye.s.battle().turn() < 2 || blue.s.battle().turn() < 2 {
            assert!(
                std::time::Instant::now() < until,
                "the commands did not arrive within 30 s"
            );
            blue.step();
            red.step();
            eye.step();
            if !red_played && red.s.battle().active() == Team::Enemy {
                assert_eq!(red.play.refusal(&red.s), None, "Red's turn is the joiner's");
                let brute = red.s.battle().find("Brute").unwrap();
                red.s.perform(Command::Wait { unit: brute }).unwrap();
                red.s.perform(Command::EndPhase { team: Team::Enemy }).unwrap();
                red_played = true;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let hash = blue.s.battle().state_hash();
        assert_eq!(red.s.battle().state_hash(), hash);
        assert_eq!(eye.s.battle().state_hash(), hash);
        assert_eq!(blue.s.battle().record().len(), 4);
        // The host's window closes: the game ends on every window without a complaint.
        let crate::cli::net::Background { mine, news } = blue.bg;
        drop(mine);
        assert_eq!(news.recv_timeout(SOON).unwrap(), News::Ended(String::new()));
        assert_eq!(red.next(), News::Ended(String::new()));
        assert_eq!(eye.next(), News::Ended(String::new()));
    }
}
