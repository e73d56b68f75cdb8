//! `skirmish host`, `join` and `watch`: a battle played by two programs in lockstep over TCP,
//! without a window. The side that plays the player units (by `--script` or `--policy`) sends
//! each command with its state hash; the other applies it through the rules and answers with
//! its own hash; the enemy phases are the AI's on both, as a replay recomputes them. Every
//! program prints the events as `replay` does.

use super::args::{GuestWindow, HostRun, HostWindow, NetArgs, parse_policy};
use super::battle::story_line;
use super::link::Hand;
pub(crate) use super::link::{Background, News};
use super::{Outcome, load_scenario_at, usage};
use crate::ai::Ai;
use crate::ai::player::Player;
use crate::io::replay;
use crate::load::data::DataSet;
use crate::load::diag::display_path;
use crate::load::scenario::Scenario;
use crate::net::{
    KEEPALIVE, Link, LinkError, Lockstep, Msg, Role, command_of, data_fingerprint, scenario_fingerprint, step_of,
};
use crate::rules::{Battle, Command, Event, UnitId};
use crate::search::grid::Team;
use std::collections::VecDeque;
use std::io::Write;
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why a game stopped before its end.
enum Stop {
    /// The hashes after command `n` differ.
    OutOfStep { n: usize, ours: String, theirs: String },
    /// The link dropped and was not made again.
    Dropped(String),
    /// Anything else, in words.
    Failed(String),
}

/// Where the player side's commands come from.
#[expect(clippy::large_enum_variant, reason = "one value per program, made once")]
enum Source {
    /// A replay file's commands, in order (a program that joins again goes on where it was).
    Script {
        file: PathBuf,
        replay: Box<replay::ReplayFile>,
    },
    /// The commands a person plays in the game window, as they come ([`Background`]).
    Channel(Receiver<Command>),
    /// The built-in player policy, unit by unit as `simulate` plays.
    Policy {
        player: Player,
        ai: Ai,
        seed: u64,
        turns: u32,
        queue: VecDeque<Command>,
        todo: Vec<UnitId>,
        planned: Option<u32>,
    },
}

impl Source {
    /// From `--script` or `--policy` (`None` when neither is given).
    fn from_args(net: &NetArgs, data: &DataSet, seed: u64) -> Result<Option<Source>, String> {
        if let Some(file) = &net.script {
            let r = replay::read(file).map_err(|e| e.to_string())?;
            return Ok(Some(Source::Script {
                file: file.clone(),
                replay: Box::new(r),
            }));
        }
        let Some(name) = &net.policy else {
            return Ok(None);
        };
        let policy = parse_policy(name).map_err(|e| e.replace("--player", "--policy"))?;
        Ok(Some(Source::Policy {
            player: policy.into(),
            ai: Ai::new(data.profiles.clone()),
            seed,
            turns: net.turns,
            queue: VecDeque::new(),
            todo: Vec::new(),
            planned: None,
        }))
    }

    /// Command `k`'s (from 0) refusal by the rules: at its place in the script's file.
    fn refused(&self, k: usize, why: String) -> String {
        match self {
            Source::Script { file, replay } => replay.place(file, k, format!("command {} {why}", k + 1)).to_string(),
            Source::Policy { .. } | Source::Channel(_) => format!("command {} {why}", k + 1),
        }
    }

    /// The next command for `ls`'s battle, `None` when this side has no more.
    fn next(&mut self, ls: &Lockstep, scenario: &Scenario) -> Result<Option<Command>, String> {
        let b = &ls.battle;
        if b.ended().is_some() {
            return Ok(None);
        }
        match self {
            // (`next_command` waits on the window's channel itself, saying it is alive while
            // it waits.) The window closed: no more commands.
            Source::Channel(mine) => Ok(mine.recv().ok()),
            Source::Script { file, replay } => {
                if ls.played >= replay.commands.len() {
                    return Ok(None);
                }
                replay
                    .command(file, ls.played, scenario, b)
                    .map(Some)
                    .map_err(|d| d.to_string())
            }
            Source::Policy {
                player,
                ai,
                seed,
                turns,
                queue,
                todo,
                planned,
            } => {
                if let Some(c) = queue.pop_front() {
                    return Ok(Some(c));
                }
                if b.turn() > *turns {
                    return Ok(None);
                }
                if *planned != Some(b.turn()) {
                    *planned = Some(b.turn());
                    *todo = b.ready(Team::Player).collect();
                    todo.reverse();
                }
                while let Some(id) = todo.pop() {
                    if !b.unit(id).alive() || b.ready(Team::Player).all(|u| u != id) {
                        continue;
                    }
                    let d = ai.decide_player(b, id, *player, *seed);
                    queue.extend(d.commands());
                    if let Some(c) = queue.pop_front() {
                        return Ok(Some(c));
                    }
                }
                Ok(Some(Command::EndPhase { team: Team::Player }))
            }
        }
    }
}

/// A program's side of the game: its copy of the battle, what it prints, its round trips.
struct Game<'o> {
    ls: Lockstep,
    scenario: Scenario,
    data: DataSet,
    out: &'o mut dyn Write,
    striker: Option<UnitId>,
    trips: Vec<Duration>,
    /// Every command played, as it would travel with this program's hash after it, and
    /// whether this program sent it (a joiner that reconnects sends the host those it missed).
    log: Vec<(Msg, bool)>,
    /// `--record`: rewritten after every command (by [`Recorder`]'s thread), so a program
    /// that stops (or is killed) leaves the commands it held for a later `join --record`.
    record: Option<Recorder>,
    /// The game window's side of a [`Background`] game: what it is told.
    tell: Option<Sender<News>>,
}

impl Background {
    /// `skirmish host` for the window: listens and plays on a thread.
    pub(super) fn host(run: HostRun, data_override: Option<PathBuf>, level: Option<String>) -> Background {
        let (bg, hand) = Background::pair();
        std::thread::spawn(move || {
            let tell = hand.tell.clone();
            let outcome = host_game(run, data_override, level.as_deref(), &mut std::io::sink(), Some(hand));
            let _ = tell.send(News::Ended(outcome_text(outcome)));
        });
        bg
    }

    /// `skirmish join HOST[:PORT]` for the window, once the host let it in (`link`, `w`):
    /// the rest of the game on a thread.
    fn join(link: Link, w: Welcome, address: String, net: NetArgs, data_override: Option<PathBuf>) -> Background {
        let (bg, hand) = Background::pair();
        std::thread::spawn(move || {
            let tell = hand.tell.clone();
            let outcome = join_game(link, w, &address, net, data_override, &mut std::io::sink(), Some(hand));
            let _ = tell.send(News::Ended(outcome_text(outcome)));
        });
        bg
    }

    /// `skirmish watch HOST[:PORT]` for the window, once the host let it in.
    fn watch(link: Link, w: Welcome, again: Again) -> Background {
        let (bg, hand) = Background::pair();
        std::thread::spawn(move || {
            let tell = hand.tell.clone();
            let outcome = watch_game(link, w, again, &mut std::io::sink(), Some(hand.tell));
            let _ = tell.send(News::Ended(outcome_text(outcome)));
        });
        bg
    }
}

/// What a finished game's outcome says (its stderr: empty when it ended well).
fn outcome_text(o: Outcome) -> String {
    match o {
        Outcome::Done { stderr, .. } => stderr,
        _ => String::new(),
    }
}

/// Writes a game's record as it grows, on its own thread: a replay is written atomically
/// (synced to disk), which takes milliseconds the lockstep must not wait for. It is given the
/// record so far once, then each command's step.
struct Recorder {
    path: PathBuf,
    tx: Option<Sender<replay::Step>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Recorder {
    fn new(path: &Path, mut record: replay::ReplayFile) -> Recorder {
        let (tx, rx) = mpsc::channel::<replay::Step>();
        let to = path.to_path_buf();
        let thread = std::thread::spawn(move || {
            while let Ok(step) = rx.recv() {
                record.commands.push(step);
                // Steps that came meanwhile go into the same write.
                while let Ok(more) = rx.try_recv() {
                    record.commands.push(more);
                }
                let _ = replay::write(&to, &record);
            }
        });
        Recorder {
            path: path.to_path_buf(),
            tx: Some(tx),
            thread: Some(thread),
        }
    }

    fn keep(&self, step: replay::Step) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(step);
        }
    }

    /// Waits for the writes asked for so far: the file the game ends with is written last.
    fn stop(&mut self) -> &Path {
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        &self.path
    }
}

impl Game<'_> {
    /// Says `text` on stderr, and to the game window if one follows the game.
    fn say(&self, text: String) {
        eprintln!("{text}");
        self.tell(News::Line(text));
    }

    fn tell(&self, news: News) {
        if let Some(t) = &self.tell {
            let _ = t.send(news);
        }
    }

    /// Notes command `n` (just applied) in the log, with this program's hash after it.
    fn keep(&mut self, n: usize, step: &replay::Step, mine: bool) {
        let hash = self.ls.hash();
        self.log.push((
            Msg::Command {
                n,
                step: step.clone(),
                hash,
            },
            mine,
        ));
    }

    /// Has `--record` rewritten with the last command played, once the peer's answer came
    /// (a failure to write is said when the game ends).
    fn save_record(&self) {
        if let (Some(rec), Some((Msg::Command { step, .. }, _))) = (&self.record, self.log.last()) {
            rec.keep(step.clone());
        }
    }

    /// Starts writing `--record` as the game goes (from the commands played so far).
    fn record_to(&mut self, path: Option<&Path>) {
        self.record = path.map(|p| Recorder::new(p, replay::record(&self.ls.battle, &self.scenario, &self.data)));
    }

    fn print(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    /// Applies a command and prints its events as `replay` tells them.
    fn apply(&mut self, c: Command) -> Result<(), String> {
        let events = self.ls.apply(c)?;
        let mut text = String::new();
        for e in &events {
            let indent = if matches!(e, Event::PhaseBegan { .. }) {
                ""
            } else {
                "  "
            };
            if let Some(line) = story_line(&self.ls.battle, e, &mut self.striker) {
                text += &format!("{indent}{line}\n");
            }
        }
        self.print(&text);
        Ok(())
    }

    /// Applies a command that came over the link (`n` must be the next one).
    fn apply_step(&mut self, n: usize, step: &replay::Step) -> Result<(), Stop> {
        if n != self.ls.played + 1 {
            return Err(Stop::Failed(format!(
                "command {n} came where command {} was due",
                self.ls.played + 1
            )));
        }
        let c =
            command_of(&self.ls.battle, step).map_err(|e| Stop::Failed(format!("command {n} from the peer: {e}")))?;
        // The peer's rules took it: ours refusing it means the two have gone apart.
        self.apply(c).map_err(|e| {
            eprintln!("command {n}: the rules here refuse what the peer played: {e}");
            Stop::OutOfStep {
                n,
                ours: self.ls.hash(),
                theirs: "(the peer accepted it)".into(),
            }
        })
    }

    /// Writes the replay (when `--record` asks for one) and says how the game ended.
    fn finish(&mut self, stop: Option<Stop>) -> Outcome {
        let mut stderr = String::new();
        let record = self.record.as_mut().map(|r| r.stop().to_path_buf());
        if let Some(path) = record.as_deref() {
            let r = replay::record(&self.ls.battle, &self.scenario, &self.data);
            if let Err(e) = replay::write(path, &r) {
                stderr += &format!("{e}\n");
            }
        }
        let b = &self.ls.battle;
        let result = b.ended().map_or("unfinished", |(w, _)| w.name());
        let mut text = format!("result: {result}");
        if let Some((_, why)) = b.ended() {
            text += &format!(" ({})", why.describe(b));
        }
        text += &format!("\ncommands: {}\nstate hash: {}\n", self.ls.played, self.ls.hash());
        if !self.trips.is_empty() {
            let mut t = self.trips.clone();
            t.sort();
            let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1000.0;
            text += &format!(
                "round trip: {} commands, median {:.3} ms, 95th percentile {:.3} ms, max {:.3} ms\n",
                t.len(),
                at(0.5),
                at(0.95),
                at(1.0)
            );
        }
        self.print(&text);
        let code = match stop {
            None => 0,
            Some(Stop::OutOfStep { n, ours, theirs }) => {
                stderr += &format!("out of step at command {n} (state hash here {ours}, the peer's {theirs})\n");
                1
            }
            Some(Stop::Dropped(why)) => {
                stderr += &format!("{why}\n");
                1
            }
            Some(Stop::Failed(why)) => {
                stderr += &format!("{why}\n");
                1
            }
        };
        Outcome::Done {
            code,
            stdout: String::new(),
            stderr,
        }
    }
}

/// What the host keeps for those who join or watch later.
#[derive(Default)]
struct Shared {
    /// Every command message sent so far, in order.
    log: Vec<Msg>,
    /// Spectators' links.
    watchers: Vec<Link>,
    /// A player is in the game (a second `join` is refused until its link drops).
    player_in: bool,
}

impl Shared {
    fn publish(&mut self, m: Msg) {
        if let Msg::Command { n, .. } = m
            && cut_watchers_at() == Some(n)
        {
            // Test hook: the spectators' links break as command n is about to go out.
            for w in self.watchers.drain(..) {
                w.close();
            }
        }
        self.watchers.retain_mut(|w| w.send(&m).is_ok());
        if matches!(m, Msg::Command { .. }) {
            self.log.push(m);
        }
    }
}

/// A joiner the handshake let in, or why the game cannot go on.
enum Knock {
    Joined(Link, usize),
    Refused(String),
}

/// The other side of a game, as the loops below see it.
trait Peer {
    fn link(&mut self) -> &mut Link;
    /// The link dropped: make it again (the host waits for a new join) or give up.
    fn rejoin(&mut self, game: &mut Game<'_>, why: String) -> Result<(), Stop>;
    /// A message every spectator gets too (the host's log).
    fn publish(&mut self, _m: &Msg) {}
}

struct Host {
    link: Link,
    shared: Arc<Mutex<Shared>>,
    knocks: Receiver<Knock>,
    wait: Duration,
}

impl Peer for Host {
    fn link(&mut self) -> &mut Link {
        &mut self.link
    }

    fn rejoin(&mut self, game: &mut Game<'_>, why: String) -> Result<(), Stop> {
        let n = game.ls.played;
        lock(&self.shared).player_in = false;
        game.say(format!(
            "the link to the other player dropped after command {n} ({why}); waiting up to {} s for it to join again",
            self.wait.as_secs()
        ));
        let (link, have) = wait_for_join(&self.knocks, self.wait)?;
        self.link.close();
        self.link = link;
        if have < n {
            game.say(format!(
                "the other player joined again: it catches up on commands {} to {n}",
                have + 1
            ));
        } else if have == n {
            game.say(format!("the other player joined again, holding all {n} commands"));
        } else {
            game.say(format!(
                "the other player joined again: it sends its commands {} to {have}, which did not arrive here",
                n + 1
            ));
        }
        self.catch_up(have)
    }

    fn publish(&mut self, m: &Msg) {
        lock(&self.shared).publish(m.clone());
    }
}

fn lock(shared: &Arc<Mutex<Shared>>) -> std::sync::MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Host {
    /// Sends a joiner the commands it lacks and checks its hash after each.
    fn catch_up(&mut self, have: usize) -> Result<(), Stop> {
        let missing: Vec<Msg> = lock(&self.shared).log.iter().skip(have).cloned().collect();
        for m in &missing {
            self.link.send(m).map_err(|e| Stop::Dropped(e.to_string()))?;
        }
        for m in &missing {
            let Msg::Command { n, hash, .. } = m else { continue };
            match self.link.answer() {
                Ok(Msg::Ack { n: k, hash: theirs }) if k == *n => {
                    if theirs != *hash {
                        return Err(Stop::OutOfStep {
                            n: *n,
                            ours: hash.clone(),
                            theirs,
                        });
                    }
                }
                Ok(other) => {
                    return Err(Stop::Failed(format!(
                        "expected the answer to command {n}, got {other:?}"
                    )));
                }
                Err(e) => return Err(Stop::Dropped(format!("{e} while the other player caught up"))),
            }
        }
        Ok(())
    }
}

fn wait_for_join(knocks: &Receiver<Knock>, wait: Duration) -> Result<(Link, usize), Stop> {
    match knocks.recv_timeout(wait) {
        Ok(Knock::Joined(link, have)) => Ok((link, have)),
        Ok(Knock::Refused(why)) => Err(Stop::Failed(why)),
        Err(RecvTimeoutError::Timeout) => Err(Stop::Dropped(format!("no player joined within {} s", wait.as_secs()))),
        Err(RecvTimeoutError::Disconnected) => Err(Stop::Failed("the listener stopped".into())),
    }
}

/// The joiner's or a spectator's link to the host: at a drop, both wait for the host to come
/// back (`again`) and go on where they were.
struct Guest(Link, Again);

/// What a joiner or a spectator needs to knock again: where, as whom, how long, and the game
/// it must find there.
struct Again {
    address: String,
    role: Role,
    wait: Duration,
    data_override: Option<PathBuf>,
    seed: u64,
    host_side: Team,
    versus: bool,
}

impl Peer for Guest {
    fn link(&mut self) -> &mut Link {
        &mut self.0
    }
    fn rejoin(&mut self, game: &mut Game<'_>, why: String) -> Result<(), Stop> {
        let n = game.ls.played;
        let again = &self.1;
        game.say(format!(
            "the host dropped after command {n} ({why}); waiting up to {} s for it to come back",
            again.wait.as_secs()
        ));
        self.0.close();
        let until = Instant::now() + again.wait;
        loop {
            let left = until
                .saturating_duration_since(Instant::now())
                .max(Duration::from_secs(1));
            let last = match knock(&again.address, again.role, left) {
                Ok(mut link) => match meet_again(&mut link, game, again) {
                    Ok(()) => {
                        self.0 = link;
                        game.say(format!("the host is back: the game goes on after command {n}"));
                        return Ok(());
                    }
                    // A host going down can still take a connection and then drop it.
                    Err(Stop::Dropped(why)) => why,
                    Err(stop) => return Err(stop),
                },
                Err(e) => e,
            };
            if Instant::now() >= until {
                let how = match again.role {
                    Role::Join => "`skirmish join` again (with --record) resumes the game",
                    Role::Watch => "`skirmish watch` again follows it from the start",
                };
                return Err(Stop::Dropped(format!(
                    "the host did not come back within {} s after command {n} ({last}); {how}",
                    again.wait.as_secs()
                )));
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

/// The handshake of a joiner that comes back: the host must run the same game; it says how
/// many commands it holds, and this program either asks for those it lacks or sends its own
/// that did not arrive there (checking the host's hash after each).
fn meet_again(link: &mut Link, game: &mut Game<'_>, again: &Again) -> Result<(), Stop> {
    let said = |o: Outcome| match o {
        // No answer at all (see `welcome`) is a drop, and a host that has not yet seen the old
        // link drop still counts this program as in: knock again.
        Outcome::Done { stderr, .. } if stderr.starts_with(NO_ANSWER) || stderr.starts_with(ALREADY_IN) => {
            Stop::Dropped(stderr.trim_end().to_string())
        }
        Outcome::Done { stderr, .. } => Stop::Failed(stderr.trim_end().to_string()),
        _ => Stop::Failed("the host's answer could not be read".into()),
    };
    let Welcome {
        scenario,
        seed,
        host_side,
        held,
        versus,
        ..
    } = welcome(link, again.data_override.clone(), who(again.role)).map_err(said)?;
    let played = game.ls.played;
    let mut refuse = |why: String| {
        let _ = link.send(&Msg::Refuse { why: why.clone() });
        Stop::Failed(why)
    };
    if scenario.fingerprint != game.scenario.fingerprint
        || (seed, host_side, versus) != (again.seed, again.host_side, again.versus)
    {
        return Err(refuse(
            "the host came back with another game (its scenario, seed or sides differ)".into(),
        ));
    }
    if again.role == Role::Watch {
        // A spectator only asks for what it lacks (the host checks the state it holds).
        if held < played {
            return Err(refuse(format!(
                "the host came back holding {held} commands, fewer than the {played} this spectator followed: it is another run of the game"
            )));
        }
        let hash = (played > 0).then(|| game.ls.hash());
        return link
            .send(&Msg::Ready { have: played, hash })
            .map_err(|e| Stop::Dropped(e.to_string()));
    }
    let missed = game.log.get(held..).unwrap_or_default().to_vec();
    if missed.iter().any(|(_, mine)| !mine) {
        return Err(refuse(format!(
            "the host came back holding {held} commands, and commands {} to {played} here are not all this program's: it is another run of the game",
            held + 1
        )));
    }
    let hash = (played > 0 && played <= held).then(|| game.ls.hash());
    link.send(&Msg::Ready { have: played, hash })
        .map_err(|e| Stop::Dropped(e.to_string()))?;
    for (m, _) in &missed {
        link.send(m).map_err(|e| Stop::Dropped(e.to_string()))?;
    }
    for (m, _) in &missed {
        let Msg::Command { n, hash, .. } = m else { continue };
        match link.answer() {
            Ok(Msg::Ack { n: k, hash: theirs }) if k == *n => {
                if theirs != *hash {
                    return Err(Stop::OutOfStep {
                        n: *n,
                        ours: hash.clone(),
                        theirs,
                    });
                }
            }
            Ok(Msg::Refuse { why }) => return Err(Stop::Failed(why)),
            Ok(other) => {
                return Err(Stop::Failed(format!(
                    "expected the answer to command {n}, got {other:?}"
                )));
            }
            Err(e) => return Err(Stop::Dropped(format!("{e} while the host caught up"))),
        }
    }
    Ok(())
}

/// This program plays the player side: each command goes out with its hash, the peer answers
/// with its own.
fn drive(game: &mut Game<'_>, source: &mut Source, peer: &mut dyn Peer) -> Result<(), Stop> {
    while send_next(game, source, peer)? {}
    Ok(())
}

/// Sends this side's next command with its hash and checks the peer's answer; when the source
/// has no more, says the game is over. True while commands go on.
fn send_next(game: &mut Game<'_>, source: &mut Source, peer: &mut dyn Peer) -> Result<bool, Stop> {
    let next = next_command(game, source, peer)?;
    let Some(c) = next else {
        let end = Msg::End { n: game.ls.played };
        peer.publish(&end);
        // A peer gone at the very end has all it needs but the word.
        let _ = peer.link().send(&end);
        return Ok(false);
    };
    let step =
        step_of(&game.ls.battle, &c).ok_or_else(|| Stop::Failed(format!("a command replays cannot hold: {c:?}")))?;
    let started = Instant::now();
    let said = c.describe(&game.ls.battle);
    game.apply(c)
        .map_err(|e| Stop::Failed(source.refused(game.ls.played, format!("({said}): {e}"))))?;
    let n = game.ls.played;
    let hash = game.ls.hash();
    game.keep(n, &step, true);
    let m = Msg::Command {
        n,
        step,
        hash: hash.clone(),
    };
    peer.publish(&m);
    if cut_at().is_some_and(|c| c == n) {
        // Test hook: the link breaks as this command is about to go out.
        peer.link().close();
    }
    let answer = match peer.link().send(&m) {
        Ok(()) => peer.link().answer(),
        Err(e) => Err(e),
    };
    match answer {
        Ok(Msg::Ack { n: k, hash: theirs }) if k == n => {
            game.trips.push(started.elapsed());
            if theirs != hash {
                return Err(Stop::OutOfStep { n, ours: hash, theirs });
            }
        }
        Ok(other) => {
            return Err(Stop::Failed(format!(
                "expected the answer to command {n}, got {other:?}"
            )));
        }
        Err(LinkError::Dropped(why)) => peer.rejoin(game, why)?,
        Err(e) => return Err(Stop::Failed(e.to_string())),
    }
    game.save_record();
    Ok(true)
}

/// This side's next command, however long it takes to come: a person at the window may think
/// for minutes, so while none comes the peer (and every spectator) is told every
/// [`KEEPALIVE`] that this program is still there; their reads then time out only on a silent
/// link. `None` when this side has no more.
fn next_command(game: &mut Game<'_>, source: &mut Source, peer: &mut dyn Peer) -> Result<Option<Command>, Stop> {
    if let Some(secs) = think_at().and_then(|(n, secs)| (n == game.ls.played + 1).then_some(secs)) {
        // Test hook: this side takes `secs` over the command, as a person would.
        let until = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < until {
            std::thread::sleep(KEEPALIVE.min(until.saturating_duration_since(Instant::now())));
            still_here(game, peer)?;
        }
    }
    let Source::Channel(mine) = source else {
        return source.next(&game.ls, &game.scenario).map_err(Stop::Failed);
    };
    loop {
        if game.ls.battle.ended().is_some() {
            return Ok(None);
        }
        match mine.recv_timeout(KEEPALIVE) {
            Ok(c) => return Ok(Some(c)),
            Err(RecvTimeoutError::Timeout) => still_here(game, peer)?,
            // The window closed: no more commands.
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
        }
    }
}

/// Tells the peer and the spectators that this side is still deciding ([`Msg::Alive`]).
fn still_here(game: &mut Game<'_>, peer: &mut dyn Peer) -> Result<(), Stop> {
    peer.publish(&Msg::Alive);
    match peer.link().send(&Msg::Alive) {
        Ok(()) => Ok(()),
        Err(LinkError::Dropped(why)) => peer.rejoin(game, why),
        Err(e) => Err(Stop::Failed(e.to_string())),
    }
}

/// This program follows: it applies each command that comes, compares the hashes and (unless
/// it only watches) answers with its own. `until`: stop after that many commands (a catch-up).
fn follow(game: &mut Game<'_>, peer: &mut dyn Peer, answer: bool, until: Option<usize>) -> Result<(), Stop> {
    loop {
        if until.is_some_and(|u| game.ls.played >= u) {
            return Ok(());
        }
        if !take_next(game, peer, answer)? {
            return Ok(());
        }
    }
}

/// Applies the next command that comes, compares the hashes and (unless it only watches)
/// answers; false when the peer said the game is over.
fn take_next(game: &mut Game<'_>, peer: &mut dyn Peer, answer: bool) -> Result<bool, Stop> {
    match peer.link().recv() {
        Ok(Msg::Command { n, step, hash }) => {
            game.apply_step(n, &step)?;
            game.tell(News::Peer(step.clone()));
            let ours = game.ls.hash();
            game.keep(n, &step, false);
            // Published before the answer: the host's log holds every command it applied, so
            // a joiner that comes back learns how many that is.
            peer.publish(&Msg::Command {
                n,
                step,
                hash: hash.clone(),
            });
            if answer && pause_at().is_some_and(|p| p == n) {
                // Test hook: stop answering here, as a program that hangs or is killed.
                game.print(&format!("paused at command {n}\n"));
                std::thread::sleep(Duration::from_secs(600));
            }
            if answer {
                let ack = Msg::Ack { n, hash: ours.clone() };
                if let Err(LinkError::Dropped(why)) = peer.link().send(&ack) {
                    peer.rejoin(game, why)?;
                }
            }
            if ours != hash {
                return Err(Stop::OutOfStep { n, ours, theirs: hash });
            }
            game.save_record();
            Ok(true)
        }
        Ok(Msg::End { n }) => {
            peer.publish(&Msg::End { n });
            Ok(false)
        }
        // The other side is still deciding: the link is alive, and so is the spectators'.
        Ok(Msg::Alive) => {
            peer.publish(&Msg::Alive);
            Ok(true)
        }
        Ok(Msg::OutOfStep { n }) => Err(Stop::Failed(format!("the players went out of step at command {n}"))),
        Ok(Msg::Refuse { why }) => Err(Stop::Failed(why)),
        Ok(other) => Err(Stop::Failed(format!("unexpected message {other:?}"))),
        Err(LinkError::Dropped(why)) => {
            peer.rejoin(game, why)?;
            Ok(true)
        }
        Err(e) => Err(Stop::Failed(e.to_string())),
    }
}

/// A versus game (both sides played by people): this program sends the commands of `mine`'s
/// phases and follows the other side's. The program whose phase it is when its source runs
/// out (or the battle ends) says the game is over.
fn take_turns(game: &mut Game<'_>, source: &mut Source, peer: &mut dyn Peer, mine: Team) -> Result<(), Stop> {
    loop {
        let going_on = if game.ls.battle.active() == mine {
            send_next(game, source, peer)?
        } else {
            take_next(game, peer, true)?
        };
        if !going_on {
            return Ok(());
        }
    }
}

/// Test hook (`SKIRMISH_NET_PAUSE_AT=N`): a following player stops answering after command N.
fn pause_at() -> Option<usize> {
    std::env::var("SKIRMISH_NET_PAUSE_AT").ok().and_then(|v| v.parse().ok())
}

/// Test hook (`SKIRMISH_NET_THINK_AT=N:SECS`): the side that plays command N takes SECS
/// seconds over it first (keeping the link alive as a person's window does).
fn think_at() -> Option<(usize, u64)> {
    let v = std::env::var("SKIRMISH_NET_THINK_AT").ok()?;
    let (n, secs) = v.split_once(':')?;
    Some((n.parse().ok()?, secs.parse().ok()?))
}

/// Test hook (`SKIRMISH_NET_CUT_WATCHERS_AT=N`): the host closes the spectators' links just
/// before it sends them command N (they never get it from those links).
fn cut_watchers_at() -> Option<usize> {
    std::env::var("SKIRMISH_NET_CUT_WATCHERS_AT")
        .ok()
        .and_then(|v| v.parse().ok())
}

/// Test hook (`SKIRMISH_NET_CUT_AT=N`): the program sending command N closes its link just
/// before, as a network that breaks while both programs run (the peer never gets command N).
fn cut_at() -> Option<usize> {
    std::env::var("SKIRMISH_NET_CUT_AT").ok().and_then(|v| v.parse().ok())
}

/// Starts `skirmish host` for the game window: it listens and plays on a thread of its own.
#[cfg_attr(
    not(feature = "gui"),
    expect(dead_code, reason = "only the game window plays a host")
)]
pub(crate) fn start_host(w: HostWindow) -> Background {
    let (run, data, level) = w.parts();
    Background::host(run, data, level)
}

/// `skirmish host FILE`.
pub(super) fn host_cmd(
    run: HostRun,
    data_override: Option<PathBuf>,
    level: Option<&str>,
    out: &mut dyn Write,
) -> Outcome {
    host_game(run, data_override, level, out, None)
}

/// `skirmish host FILE`, headless or for the window (`hand`: its side comes from there).
fn host_game(
    run: HostRun,
    data_override: Option<PathBuf>,
    level: Option<&str>,
    out: &mut dyn Write,
    hand: Option<Hand>,
) -> Outcome {
    let (scenario, data, data_dir) = match load_scenario_at(&run.file, data_override, level) {
        Ok(v) => v,
        Err(e) => return super::fail(e),
    };
    // With --side enemy and no --versus, the AI plays the enemy side: the host only follows.
    let plays = run.versus || run.side == Team::Player;
    let (source, tell) = match hand {
        Some(h) => (Ok(plays.then_some(Source::Channel(h.mine))), Some(h.tell)),
        None => (Source::from_args(&run.net, &data, run.seed), None),
    };
    let source = match source {
        Ok(s) => s,
        Err(e) => return usage(format!("skirmish host: {e}\n")),
    };
    if let Err(why) = versus_source(run.versus, run.side, &source) {
        return usage(format!("skirmish host: {why}\n"));
    }
    let mut source = match (run.side, source) {
        (Team::Player, None) => {
            return usage(
                "skirmish host: this program plays the player side: give --script FILE or --policy simple|careful\n"
                    .into(),
            );
        }
        (Team::Enemy, Some(_)) if !run.versus => {
            return usage(
                "skirmish host: --side enemy: the enemy side is played by the AI on both programs, and the joiner plays the player side: leave --script and --policy out (or add --versus to play the enemy side from the script)\n"
                    .into(),
            );
        }
        (_, s) => s,
    };
    let battle = match Battle::try_new(&scenario, &data.terrain) {
        Ok(b) => b.with_seed(run.seed).with_versus(run.versus),
        Err(e) => return super::fail(crate::load::diag::Diagnostic::whole_file(&run.file, e.to_string()).into()),
    };
    let listener = match TcpListener::bind((run.bind.as_str(), run.port)) {
        Ok(l) => l,
        Err(e) => {
            return usage(format!(
                "skirmish host: cannot listen on {}:{}: {e}\n",
                run.bind, run.port
            ));
        }
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(run.port);
    let wait = Duration::from_secs(run.net.wait);
    let game_msg = Msg::Game {
        version: crate::net::version(),
        scenario: run.file.to_string_lossy().into_owned(),
        difficulty: scenario.difficulty.clone(),
        scenario_fingerprint: scenario_fingerprint(&scenario),
        data_fingerprint: data_fingerprint(&data_dir),
        seed: run.seed,
        host_side: run.side,
        held: 0,
        versus: run.versus,
    };
    let shared = Arc::new(Mutex::new(Shared::default()));
    let (tx, knocks) = mpsc::channel();
    {
        let shared = Arc::clone(&shared);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (shared, tx, game_msg) = (Arc::clone(&shared), tx.clone(), game_msg.clone());
                std::thread::spawn(move || greet(stream, &shared, &tx, game_msg, wait));
            }
        });
    }
    let mut game = Game {
        ls: Lockstep::new(battle, Ai::new(data.profiles.clone())),
        scenario,
        data,
        out,
        striker: None,
        trips: Vec::new(),
        log: Vec::new(),
        record: None,
        tell: tell.clone(),
    };
    game.record_to(run.net.record.as_deref());
    game.print(&format!(
        "hosting {} ({}); you play the {} side\nlistening on port {port}\n",
        game.scenario.name,
        display_path(&run.file),
        run.side.name()
    ));
    game.tell(News::Listening(port));
    let played = (|| {
        let (link, have) = wait_for_join(&knocks, wait)?;
        let mut host = Host {
            link,
            shared,
            knocks,
            wait,
        };
        game.tell(News::Joined);
        game.print(&format!(
            "a player joined\n{}\n",
            Event::PhaseBegan {
                team: Team::Player,
                turn: 1
            }
            .describe(&game.ls.battle)
        ));
        host.catch_up(have)?;
        let result = match source.as_mut() {
            Some(s) if run.versus => take_turns(&mut game, s, &mut host, run.side),
            Some(s) => drive(&mut game, s, &mut host),
            None => follow(&mut game, &mut host, true, None),
        };
        match &result {
            Err(Stop::OutOfStep { n, .. }) => host.publish(&Msg::OutOfStep { n: *n }),
            // The joiner waits for a host that drops; one that stops for good says so.
            Err(Stop::Failed(why) | Stop::Dropped(why)) => {
                let stop = Msg::Refuse {
                    why: format!("the host stopped after command {}: {why}", game.ls.played),
                };
                // Spectators too: they wait for a host that drops, not for one that stopped.
                host.publish(&stop);
                let _ = host.link.send(&stop);
            }
            _ => {}
        }
        host.link.close();
        result
    })();
    game.finish(played.err())
}

/// Whether `source` can play `side` of a game (`versus`: the enemy side is a person's): the
/// enemy side is played only from a script (the built-in policies play the player side).
fn versus_source(versus: bool, side: Team, source: &Option<Source>) -> Result<(), &'static str> {
    match (versus, side, source) {
        (true, Team::Enemy, None) => {
            Err("this program plays the enemy side: give --script FILE (a versus replay's commands)")
        }
        (true, Team::Enemy, Some(Source::Policy { .. })) => Err(
            "the built-in policies play the player side only: play the enemy side with --script FILE (a versus replay's commands)",
        ),
        _ => Ok(()),
    }
}

/// Why a second `join` is refused while a player is in the game.
const ALREADY_IN: &str = "refused: a player is already in this game (`skirmish watch` follows it as a spectator)";

/// The host's side of a handshake, on its own thread: versions, then the files.
fn greet(stream: TcpStream, shared: &Arc<Mutex<Shared>>, tx: &Sender<Knock>, mut game_msg: Msg, wait: Duration) {
    let Ok(mut link) = Link::new(stream, wait) else { return };
    let Ok(Msg::Hello { version, role }) = link.recv() else {
        return;
    };
    let refuse = |link: &mut Link, why: String| {
        let _ = link.send(&Msg::Refuse { why: why.clone() });
        if role == Role::Join {
            let _ = tx.send(Knock::Refused(why));
        }
    };
    let ours = crate::net::version();
    if version != ours {
        let who = if role == Role::Join { "joiner" } else { "spectator" };
        refuse(
            &mut link,
            format!("refused: the program versions differ (host {ours}, {who} {version})"),
        );
        return;
    }
    if role == Role::Join && lock(shared).player_in {
        let _ = link.send(&Msg::Refuse { why: ALREADY_IN.into() });
        return;
    }
    let held = lock(shared).log.len();
    if let Msg::Game { held: h, .. } = &mut game_msg {
        *h = held;
    }
    if link.send(&game_msg).is_err() {
        return;
    }
    match link.recv() {
        Ok(Msg::Ready { have, hash }) if have <= held || role == Role::Join => {
            if let (Some(theirs), Some(Msg::Command { hash: ours, .. })) =
                (hash, have.checked_sub(1).and_then(|k| lock(shared).log.get(k).cloned()))
                && theirs != ours
            {
                // The newcomer's alone: the game goes on waiting for the right one.
                let _ = link.send(&Msg::Refuse {
                    why: format!(
                        "refused: the joiner's commands are not this game's (its state after command {have} differs from the host's)"
                    ),
                });
                return;
            }
            greet_ready(link, shared, tx, role, have);
        }
        Ok(Msg::Refuse { why }) if role == Role::Join => {
            let _ = tx.send(Knock::Refused(why));
        }
        _ => {}
    }
}

/// A peer the handshake let in: a spectator gets the commands so far, a player is handed to
/// the game (unless one is in already).
fn greet_ready(mut link: Link, shared: &Arc<Mutex<Shared>>, tx: &Sender<Knock>, role: Role, have: usize) {
    {
        match role {
            Role::Watch => {
                let mut s = lock(shared);
                let missing: Vec<Msg> = s.log.iter().skip(have).cloned().collect();
                if missing.iter().all(|m| link.send(m).is_ok()) {
                    s.watchers.push(link);
                }
            }
            Role::Join => {
                let mut s = lock(shared);
                if s.player_in {
                    // Only the host's game waits for this knock: a refusal here is the
                    // newcomer's alone.
                    drop(s);
                    let _ = link.send(&Msg::Refuse { why: ALREADY_IN.into() });
                    return;
                }
                s.player_in = true;
                let _ = tx.send(Knock::Joined(link, have));
            }
        }
    }
}

/// Connects to `address` (HOST or HOST:PORT) and says who this is.
fn knock(address: &str, role: Role, wait: Duration) -> Result<Link, String> {
    let with_port = if address.rsplit_once(':').is_some_and(|(_, p)| p.parse::<u16>().is_ok()) {
        address.to_string()
    } else {
        format!("{address}:{}", crate::net::DEFAULT_PORT)
    };
    let addrs: Vec<_> = with_port
        .to_socket_addrs()
        .map_err(|e| format!("cannot find host {with_port}: {e}"))?
        .collect();
    let mut last = format!("cannot find host {with_port}");
    for a in addrs {
        match TcpStream::connect_timeout(&a, wait.min(Duration::from_secs(10))) {
            Ok(s) => {
                let mut link = Link::new(s, wait).map_err(|e| e.to_string())?;
                link.send(&Msg::Hello {
                    version: crate::net::version(),
                    role,
                })
                .map_err(|e| e.to_string())?;
                return Ok(link);
            }
            Err(e) => last = format!("cannot reach {with_port}: {e}"),
        }
    }
    Err(last)
}

/// How `welcome` says the host sent nothing.
const NO_ANSWER: &str = "the host did not answer";

/// The guest's side of the handshake: the host's game, loaded here and compared.
fn welcome(link: &mut Link, data_override: Option<PathBuf>, who: &str) -> Result<Welcome, Outcome> {
    let refused = |why: String| Outcome::Done {
        code: 1,
        stdout: String::new(),
        stderr: format!("{why}\n"),
    };
    let msg = link.recv().map_err(|e| refused(format!("{NO_ANSWER}: {e}")))?;
    let (version, path, difficulty, scen_fp, data_fp, seed, host_side, held, versus) = match msg {
        Msg::Game {
            version,
            scenario,
            difficulty,
            scenario_fingerprint,
            data_fingerprint,
            seed,
            host_side,
            held,
            versus,
        } => (
            version,
            scenario,
            difficulty,
            scenario_fingerprint,
            data_fingerprint,
            seed,
            host_side,
            held,
            versus,
        ),
        Msg::Refuse { why } => return Err(refused(why)),
        other => return Err(refused(format!("the host sent {other:?} instead of its game"))),
    };
    let mut refuse = |why: String| {
        let _ = link.send(&Msg::Refuse { why: why.clone() });
        refused(why)
    };
    let ours = crate::net::version();
    if version != ours {
        return Err(refuse(format!(
            "refused: the program versions differ (host {version}, {who} {ours})"
        )));
    }
    let (scenario, data, data_dir) = match load_scenario_at(Path::new(&path), data_override, difficulty.as_deref()) {
        Ok(v) => v,
        Err(e) => {
            let why = format!("refused: the {who} cannot load the host's scenario {path}: {e}");
            return Err(refuse(why));
        }
    };
    if scenario_fingerprint(&scenario) != scen_fp {
        return Err(refuse(format!(
            "refused: the scenario differs: {path} (or its map) is not the same file on both machines"
        )));
    }
    if data_fingerprint(&data_dir) != data_fp {
        return Err(refuse(format!(
            "refused: the data differs: {} is not the same on both machines (terrain, profiles, units, weapons)",
            display_path(&data_dir)
        )));
    }
    Ok(Welcome {
        path,
        scenario,
        data,
        data_dir,
        seed,
        host_side,
        held,
        versus,
    })
}

/// What the handshake learned of the host's game (loaded from this machine's files).
struct Welcome {
    /// The scenario file as the host named it.
    path: String,
    scenario: Scenario,
    data: DataSet,
    data_dir: PathBuf,
    seed: u64,
    host_side: Team,
    held: usize,
    versus: bool,
}

/// How `join` or `watch` goes on once the host let it in.
pub(crate) enum Guesting {
    /// Played (or refused) without a window: the outcome.
    Done(Outcome),
    /// The game window opens on the host's scenario; the link goes on on a thread of its own.
    Window(Box<GuestGame>),
}

/// A network game the window joins or watches: the host's scenario as this machine loaded
/// it in the handshake, and the link's [`Background`].
pub(crate) struct GuestGame {
    /// The scenario file as the host named it (loaded from this machine's files).
    pub path: PathBuf,
    /// The loaded scenario.
    pub scenario: Scenario,
    /// The loaded data.
    pub data: DataSet,
    /// The data folder.
    pub data_dir: PathBuf,
    /// The battle's seed.
    pub seed: u64,
    /// Both sides are people's.
    pub versus: bool,
    /// The link, and the side the window's person plays.
    pub window: GuestWindow,
}

impl GuestGame {
    /// The window's game of the handshake `w` (taken before `w` goes to the link's
    /// [`Background`]), given the window's link.
    fn of(w: &Welcome) -> impl FnOnce(GuestWindow) -> Guesting + use<> {
        let path = PathBuf::from(&w.path);
        let (scenario, data, data_dir, seed, versus) =
            (w.scenario.clone(), w.data.clone(), w.data_dir.clone(), w.seed, w.versus);
        move |window| {
            Guesting::Window(Box::new(GuestGame {
                path,
                scenario,
                data,
                data_dir,
                seed,
                versus,
                window,
            }))
        }
    }
}

/// `skirmish join HOST[:PORT]`: headless, or in the game window (`window`) when this program
/// plays a side and neither `--script` nor `--policy` plays it. `options`: the first window
/// option given, refused when the joiner turns out to play no side (no window opens).
pub(super) fn join_cmd(
    address: &str,
    net: NetArgs,
    data_override: Option<PathBuf>,
    out: &mut dyn Write,
    window: bool,
    options: Option<&str>,
) -> Guesting {
    let (mut link, w) = match hello(
        address,
        Role::Join,
        Duration::from_secs(net.wait),
        data_override.clone(),
    ) {
        Ok(v) => v,
        Err(o) => return Guesting::Done(o),
    };
    let by_hand = net.script.is_none() && net.policy.is_none();
    if window && by_hand && w.plays() {
        let (game, mine, held) = (GuestGame::of(&w), Some(w.side()), w.held);
        let bg = Background::join(link, w, address.to_string(), net, data_override);
        return game(GuestWindow::new(bg, mine, false, held));
    }
    if let Some(flag) = options.filter(|_| by_hand && !w.plays()) {
        let why = format!(
            "{flag} is for the game window, and this joiner plays no side (the host plays the player side against the AI): leave it out"
        );
        let _ = link.send(&Msg::Refuse {
            why: format!("refused by the joiner: {why}"),
        });
        return Guesting::Done(usage(format!("skirmish join: {why}\n")));
    }
    Guesting::Done(join_game(link, w, address, net, data_override, out, None))
}

/// How the handshake's messages name a guest in `role`.
fn who(role: Role) -> &'static str {
    match role {
        Role::Join => "joiner",
        Role::Watch => "spectator",
    }
}

/// Knocks at `address` as `role` and does the guest's side of the handshake.
fn hello(
    address: &str,
    role: Role,
    wait: Duration,
    data_override: Option<PathBuf>,
) -> Result<(Link, Welcome), Outcome> {
    let command = match role {
        Role::Join => "join",
        Role::Watch => "watch",
    };
    let mut link = knock(address, role, wait).map_err(|e| usage(format!("skirmish {command}: {e}\n")))?;
    let w = welcome(&mut link, data_override, who(role))?;
    Ok((link, w))
}

impl Welcome {
    /// The side the joiner plays: the one the host does not.
    fn side(&self) -> Team {
        self.host_side.other()
    }

    /// Whether a person on the joiner's side plays: unless the host plays the player side
    /// against the AI (then the joiner follows).
    fn plays(&self) -> bool {
        self.versus || self.host_side == Team::Enemy
    }
}

/// `skirmish join`'s game after the handshake, headless or for the window (`hand`).
fn join_game(
    mut link: Link,
    w: Welcome,
    address: &str,
    net: NetArgs,
    data_override: Option<PathBuf>,
    out: &mut dyn Write,
    hand: Option<Hand>,
) -> Outcome {
    let side = w.side();
    let plays = w.plays();
    let Welcome {
        scenario,
        data,
        seed,
        host_side,
        held,
        versus,
        ..
    } = w;
    let wait = Duration::from_secs(net.wait);
    // The window's person plays a side only when the host does not play both with the AI.
    let (source, tell) = match hand {
        Some(h) => (Ok(plays.then_some(Source::Channel(h.mine))), Some(h.tell)),
        None => (Source::from_args(&net, &data, seed), None),
    };
    let source = match source {
        Ok(s) => s,
        Err(e) => {
            let _ = link.send(&Msg::Refuse { why: e.clone() });
            return usage(format!("skirmish join: {e}\n"));
        }
    };
    let why = match (host_side, &source) {
        _ if versus => versus_source(true, side, &source).err(),
        (Team::Enemy, None) => Some(
            "the host plays the enemy side, so the joiner plays the player side: give --script FILE or --policy simple|careful",
        ),
        (Team::Player, Some(_)) => {
            Some("the host plays the player side and the enemy side is the AI's: leave --script and --policy out")
        }
        _ => None,
    };
    if let Some(why) = why {
        let _ = link.send(&Msg::Refuse {
            why: format!("refused by the joiner: {why}"),
        });
        return usage(format!("skirmish join: {why}\n"));
    }
    let battle = match Battle::try_new(&scenario, &data.terrain) {
        Ok(b) => b.with_seed(seed).with_versus(versus),
        Err(e) => return usage(format!("skirmish join: {e}\n")),
    };
    let mut game = Game {
        ls: Lockstep::new(battle, Ai::new(data.profiles.clone())),
        scenario,
        data,
        out,
        striker: None,
        trips: Vec::new(),
        log: Vec::new(),
        record: None,
        tell: tell.clone(),
    };
    let resumed = match &net.record {
        Some(file) if file.exists() => resume_from(&mut game, file, seed, versus, side, held),
        _ => Ok(0),
    };
    let resumed = resumed.unwrap_or_else(|why| {
        eprintln!("{why}; this program starts from command 0 and --record writes over it");
        0
    });
    game.record_to(net.record.as_deref());
    let hash = (resumed > 0).then(|| game.ls.hash());
    if let Err(e) = link.send(&Msg::Ready { have: resumed, hash }) {
        return usage(format!("skirmish join: {e}\n"));
    }
    game.tell(News::Joined);
    game.print(&format!(
        "joined {} ({}); you play the {} side\n{}\n",
        game.scenario.name,
        game.scenario.path,
        side.name(),
        Event::PhaseBegan {
            team: Team::Player,
            turn: 1
        }
        .describe(&game.ls.battle)
    ));
    if resumed > 0 {
        game.print(&format!(
            "resumed from {}: commands 1 to {resumed}\n",
            display_path(net.record.as_deref().unwrap_or(Path::new("")))
        ));
    }
    let again = Again {
        address: address.to_string(),
        role: Role::Join,
        wait,
        data_override,
        seed,
        host_side,
        versus,
    };
    let mut guest = Guest(link, again);
    let mut source = source;
    let played = (|| {
        follow(&mut game, &mut guest, true, Some(held))?;
        match source.as_mut() {
            Some(s) if versus => take_turns(&mut game, s, &mut guest, side),
            Some(s) => drive(&mut game, s, &mut guest),
            None => follow(&mut game, &mut guest, true, None),
        }
    })();
    guest.0.close();
    game.finish(played.err())
}

/// Plays, without printing, the commands of the record `file` a joiner held before (at most
/// the `held` the host has), and hands them to the window if one follows the game: how many,
/// or why the file is not this game's record.
fn resume_from(
    game: &mut Game<'_>,
    file: &Path,
    seed: u64,
    versus: bool,
    side: Team,
    held: usize,
) -> Result<usize, String> {
    let shown = display_path(file);
    let r = replay::read(file).map_err(|e| e.to_string())?;
    r.check_files(file, &game.scenario, &game.data)
        .map_err(|e| e.to_string())?;
    // A replay holds the seed only when it rolls (see `replay::record`).
    let rolls = (game.ls.battle.combat().chance && seed != 0).then_some(seed);
    if r.seed != rolls || r.versus != versus {
        return Err(format!("{shown}: a record of another game (its seed or sides differ)"));
    }
    let k = r.commands.len().min(held);
    for i in 0..k {
        let c = r
            .command(file, i, &game.scenario, &game.ls.battle)
            .map_err(|e| e.to_string())?;
        let mine = game.ls.battle.active() == side;
        let said = c.describe(&game.ls.battle);
        game.ls
            .apply(c)
            .map_err(|e| r.place(file, i, format!("command {} ({said}): {e}", i + 1)).to_string())?;
        game.keep(i + 1, &r.commands[i], mine);
        // A window joining again starts from the scenario: it plays them too (none is sent
        // again: the host holds them).
        game.tell(News::Peer(r.commands[i].clone()));
    }
    Ok(k)
}

/// `skirmish watch HOST[:PORT]`: in the game window (`window`), or printing the events.
pub(super) fn watch_cmd(
    address: &str,
    wait: u64,
    data_override: Option<PathBuf>,
    out: &mut dyn Write,
    window: bool,
) -> Guesting {
    let wait = Duration::from_secs(wait);
    let (link, w) = match hello(address, Role::Watch, wait, data_override.clone()) {
        Ok(v) => v,
        Err(o) => return Guesting::Done(o),
    };
    let again = Again {
        address: address.to_string(),
        role: Role::Watch,
        wait,
        data_override,
        seed: w.seed,
        host_side: w.host_side,
        versus: w.versus,
    };
    if window {
        let (game, held) = (GuestGame::of(&w), w.held);
        let bg = Background::watch(link, w, again);
        return game(GuestWindow::new(bg, None, true, held));
    }
    Guesting::Done(watch_game(link, w, again, out, None))
}

/// `skirmish watch`'s game after the handshake, headless or for the window (`tell`).
fn watch_game(mut link: Link, w: Welcome, again: Again, out: &mut dyn Write, tell: Option<Sender<News>>) -> Outcome {
    let Welcome {
        scenario,
        data,
        seed,
        versus,
        ..
    } = w;
    let battle = match Battle::try_new(&scenario, &data.terrain) {
        Ok(b) => b.with_seed(seed).with_versus(versus),
        Err(e) => return usage(format!("skirmish watch: {e}\n")),
    };
    if let Err(e) = link.send(&Msg::Ready { have: 0, hash: None }) {
        return usage(format!("skirmish watch: {e}\n"));
    }
    let mut game = Game {
        ls: Lockstep::new(battle, Ai::new(data.profiles.clone())),
        scenario,
        data,
        out,
        striker: None,
        trips: Vec::new(),
        log: Vec::new(),
        record: None,
        tell,
    };
    game.tell(News::Joined);
    game.print(&format!(
        "watching {} ({})\n{}\n",
        game.scenario.name,
        game.scenario.path,
        Event::PhaseBegan {
            team: Team::Player,
            turn: 1
        }
        .describe(&game.ls.battle)
    ));
    let mut guest = Guest(link, again);
    let played = follow(&mut game, &mut guest, false, None);
    guest.0.close();
    game.finish(played.err())
}

/// Test support for the game's window-free tests of network windows (the game may use the
/// command line, not the reverse): a host on the loopback whose window plays Blue in a versus
/// game of `maps/sample.toml`, and the games of a joiner's and a spectator's windows past their
/// handshakes, as `skirmish join` and `skirmish watch` open them.
#[cfg(all(test, feature = "gui"))]
pub(crate) fn loopback_versus(wait: Duration) -> (Background, GuestGame, GuestGame) {
    let net = NetArgs {
        script: None,
        policy: None,
        turns: 30,
        record: None,
        wait: wait.as_secs(),
        stats: false,
    };
    let run = HostRun {
        file: PathBuf::from("maps/sample.toml"),
        port: 0,
        bind: "127.0.0.1".into(),
        side: Team::Player,
        seed: 0,
        versus: true,
        net: net.clone(),
    };
    let host = Background::host(run, None, None);
    let port = loop {
        match host.news.recv_timeout(wait) {
            Ok(News::Listening(port)) => break port,
            Ok(_) => {}
            Err(e) => panic!("the host did not say its port: {e}"),
        }
    };
    let address = format!("127.0.0.1:{port}");
    let mut sink = std::io::sink();
    let window = |g: Guesting| match g {
        Guesting::Window(g) => *g,
        Guesting::Done(o) => panic!("no window: {o:?}"),
    };
    let joined = window(join_cmd(&address, net, None, &mut sink, true, None));
    let watched = window(watch_cmd(&address, wait.as_secs(), None, &mut sink, true));
    (host, joined, watched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::phase::Session;
    use crate::search::grid::Path as Steps;

    const SOON: Duration = Duration::from_secs(30);

    fn net_args() -> NetArgs {
        NetArgs {
            script: None,
            policy: None,
            turns: 30,
            record: None,
            wait: 30,
            stats: false,
        }
    }

    /// The next news that is not a line (lines say drops and returns; none here).
    fn next(bg: &Background) -> News {
        loop {
            match bg.news.recv_timeout(SOON).expect("no news within 30 s") {
                News::Line(_) => {}
                n => return n,
            }
        }
    }

    /// The sample's session as a game window holds it.
    fn session() -> Session {
        let (scenario, data, _) = load_scenario_at(Path::new("maps/sample.toml"), None, None).unwrap();
        let b = Battle::try_new(&scenario, &data.terrain).unwrap();
        Session::new(b, data.profiles.clone())
    }

    /// Two windows' games over a loopback link, without a window: the host's person plays
    /// through its session and hands each command to the link; the joiner's session plays
    /// what arrives; both end in the same state, and neither thread blocks its window.
    #[test]
    fn commands_played_in_one_window_arrive_in_the_other_and_play_the_same() {
        let run = HostRun {
            file: PathBuf::from("maps/sample.toml"),
            port: 0,
            bind: "127.0.0.1".into(),
            side: Team::Player,
            seed: 0,
            versus: false,
            net: net_args(),
        };
        let host = Background::host(run, None, None);
        let News::Listening(port) = next(&host) else {
            panic!("the host did not say its port")
        };
        // Nothing waits: the window polls and finds nothing yet.
        assert!(host.news.try_recv().is_err());
        let (link, w) =
            hello(&format!("127.0.0.1:{port}"), Role::Join, SOON, None).unwrap_or_else(|_| panic!("refused"));
        assert!(
            !w.plays(),
            "the host plays the player side against the AI: the joiner follows"
        );
        let join = Background::join(link, w, format!("127.0.0.1:{port}"), net_args(), None);
        assert_eq!(next(&host), News::Joined);
        assert_eq!(next(&join), News::Joined);
        let (mut here, mut there) = (session(), session());
        let kiny = here.battle().find("Kiny").unwrap();
        let played = [
            Command::Move {
                unit: kiny,
                path: Steps::parse("3333").unwrap(),
            },
            Command::Wait { unit: kiny },
            Command::EndPhase { team: Team::Player },
        ];
        for c in played {
            here.perform(c.clone()).unwrap();
            // The enemy phase a window animates; the link's copy plays it at once.
            while matches!(here.phase(), crate::play::phase::Phase::Enemy { .. }) {
                here.input(crate::play::phase::Intent::Advance);
            }
            host.mine.send(c).unwrap();
            let News::Peer(step) = next(&join) else {
                panic!("the joiner was not told the host's command")
            };
            let c = command_of(there.battle(), &step).unwrap();
            there.perform(c).unwrap();
            while matches!(there.phase(), crate::play::phase::Phase::Enemy { .. }) {
                there.input(crate::play::phase::Intent::Advance);
            }
            assert_eq!(there.battle().state_hash(), here.battle().state_hash());
        }
        assert_eq!(here.battle().turn(), 2);
        // Closing the host's window ends the game on both, each without a complaint.
        let Background { mine, news } = host;
        drop(mine);
        let host = news.recv_timeout(SOON).expect("no news within 30 s");
        assert_eq!(host, News::Ended(String::new()));
        assert_eq!(next(&join), News::Ended(String::new()));
    }

    /// A joiner's window that joins again with `--record` is handed the commands its record
    /// held (played on the link's copy before the host is asked for the rest), so its board
    /// starts where the game is, not at the scenario's start.
    #[test]
    fn a_window_joining_again_with_its_record_is_handed_the_commands_it_held() {
        let (scenario, data, _) = load_scenario_at(Path::new("maps/sample.toml"), None, None).unwrap();
        let mut b = Battle::try_new(&scenario, &data.terrain).unwrap();
        let kiny = b.find("Kiny").unwrap();
        let played = [
            Command::Move {
                unit: kiny,
                path: Steps::parse("3333").unwrap(),
            },
            Command::Wait { unit: kiny },
        ];
        for c in &played {
            b.execute(c.clone()).unwrap();
        }
        let dir = std::env::temp_dir().join(format!("skirmish-net-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("join.replay");
        replay::write(&file, &replay::record(&b, &scenario, &data)).unwrap();
        let (tell, news) = mpsc::channel();
        let fresh = Battle::try_new(&scenario, &data.terrain).unwrap();
        let mut game = Game {
            ls: Lockstep::new(fresh, Ai::new(data.profiles.clone())),
            scenario,
            data,
            out: &mut std::io::sink(),
            striker: None,
            trips: Vec::new(),
            log: Vec::new(),
            record: None,
            tell: Some(tell),
        };
        let k = resume_from(&mut game, &file, 0, false, Team::Player, 5).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(k, 2);
        let handed: Vec<News> = news.try_iter().collect();
        assert_eq!(
            handed,
            [
                News::Peer(replay::Step::Move {
                    unit: "Kiny".into(),
                    path: "3333".into()
                }),
                News::Peer(replay::Step::Wait { unit: "Kiny".into() }),
            ]
        );
        assert_eq!(game.ls.battle.state_hash(), b.state_hash());
    }
}
