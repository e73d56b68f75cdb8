//! Two programs playing one battle in lockstep over TCP: the messages (serde, one JSON object
//! a line), the link that carries them, and the side of a battle both peers run the same way
//! (a command in the replay's form goes through the rules, the enemy phase it starts is
//! recomputed by the AI, the state hash is compared). Only commands and hashes travel; the
//! rules never see the network. `skirmish host`, `join` and `watch` (in `cli::net`) drive it.

use crate::ai::Ai;
use crate::io::replay::Step;
use crate::load::scenario::fnv1a;
use crate::rules::{Battle, Command, Event};
use crate::search::grid::{Path as Steps, Team};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::Duration;

/// The layout of the messages; a peer of another protocol is refused like another version.
pub const PROTOCOL: u32 = 2;

/// How often a side that waits for its person's next command says it is still there
/// ([`Msg::Alive`]): well under the shortest `--wait` (1 s) a peer reads with.
pub const KEEPALIVE: Duration = Duration::from_millis(400);

/// The port `host` listens on and `join` and `watch` knock at when none is given.
pub const DEFAULT_PORT: u16 = 7341;

/// This program's version as the handshake compares it: the package version and the
/// protocol. `SKIRMISH_NET_VERSION` replaces it (tests use it to be another version).
pub fn version() -> String {
    std::env::var("SKIRMISH_NET_VERSION")
        .unwrap_or_else(|_| format!("{} (protocol {PROTOCOL})", env!("CARGO_PKG_VERSION")))
}

/// What a peer is to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The other player.
    Join,
    /// A spectator: gets the stream from the start, sends nothing back.
    Watch,
}

/// One message, a line of JSON: `{"msg":"command","n":3,"step":{...},"hash":"..."}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "msg", rename_all = "snake_case", deny_unknown_fields)]
pub enum Msg {
    /// Peer → host, first: who it is and what it runs.
    Hello {
        /// [`version`].
        version: String,
        /// Player or spectator.
        role: Role,
    },
    /// Host → peer: the battle. The peer loads `scenario` from its own files and compares.
    Game {
        /// [`version`].
        version: String,
        /// The scenario file as the host was given it.
        scenario: String,
        /// The difficulty level, when not the scenario as written.
        difficulty: Option<String>,
        /// The scenario's fingerprint (its file and map, [`scenario_fingerprint`]).
        scenario_fingerprint: String,
        /// The data folder's fingerprint ([`data_fingerprint`]).
        data_fingerprint: String,
        /// The battle's seed.
        seed: u64,
        /// The side the host plays; the joiner plays the other.
        host_side: Team,
        /// Commands played so far (a peer joining again catches up on them first).
        held: usize,
        /// The enemy side is a person's (the host's or the joiner's), not the AI's: both
        /// sides' commands travel. Absent: false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        versus: bool,
    },
    /// Peer → host: the files agree; it holds the first `have` commands already.
    Ready {
        /// Commands the peer holds.
        have: usize,
        /// [`hash_text`] of the peer's state after those commands, when it holds any: the host
        /// refuses a peer whose commands are not this game's. Absent: not checked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hash: Option<String>,
    },
    /// Either way: the handshake failed, and why (both stop).
    Refuse {
        /// What differs, in words.
        why: String,
    },
    /// Command `n` (from 1) in the replay's form, and the sender's state hash after it (and
    /// after the enemy phase it started, if any).
    Command {
        /// Its number.
        n: usize,
        /// The command.
        step: Step,
        /// [`hash_text`] of the sender's state after it.
        hash: String,
    },
    /// The receiver's state hash after command `n`.
    Ack {
        /// The command's number.
        n: usize,
        /// [`hash_text`] of the receiver's state.
        hash: String,
    },
    /// The hashes of command `n` differed (sent to spectators; players see it in the ack).
    OutOfStep {
        /// The command's number.
        n: usize,
    },
    /// The side to play is still thinking (a person at the window): sent every
    /// [`KEEPALIVE`] while its next command has not come, so that the peers' read timeouts
    /// count only a silent link as dropped.
    Alive,
    /// The side that plays has no more commands: the game is over after `n` commands.
    End {
        /// Commands played.
        n: usize,
    },
}

/// Why a message did not come.
#[derive(Debug)]
pub enum LinkError {
    /// The peer closed the connection, it broke, or it stayed silent past the timeout.
    Dropped(String),
    /// A line that is no message of this protocol.
    Garbled(String),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::Dropped(why) => write!(f, "the link dropped ({why})"),
            LinkError::Garbled(why) => write!(f, "the peer sent something that is no message: {why}"),
        }
    }
}

/// A connection carrying [`Msg`]s as JSON lines.
pub struct Link {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Link {
    /// Wraps `stream`; a read waits at most `timeout`.
    pub fn new(stream: TcpStream, timeout: Duration) -> std::io::Result<Link> {
        stream.set_read_timeout(Some(timeout))?;
        stream.set_write_timeout(Some(timeout))?;
        // One small message per command: send it now, not after Nagle's delay.
        stream.set_nodelay(true)?;
        Ok(Link {
            reader: BufReader::new(stream.try_clone()?),
            writer: stream,
        })
    }

    /// Sends one message.
    pub fn send(&mut self, m: &Msg) -> Result<(), LinkError> {
        let mut line = serde_json::to_string(m).map_err(|e| LinkError::Garbled(e.to_string()))?;
        line.push('\n');
        self.writer
            .write_all(line.as_bytes())
            .map_err(|e| LinkError::Dropped(e.to_string()))
    }

    /// Waits for the peer's answer to a command: the next message that is not a keepalive
    /// (one sent before the peer saw the command may still be on its way).
    pub fn answer(&mut self) -> Result<Msg, LinkError> {
        loop {
            match self.recv()? {
                Msg::Alive => {}
                m => return Ok(m),
            }
        }
    }

    /// Waits for the next message.
    pub fn recv(&mut self) -> Result<Msg, LinkError> {
        let mut line = String::new();
        match self.reader.read_line(&mut line) {
            Ok(0) => Err(LinkError::Dropped("closed by the peer".into())),
            Ok(_) => serde_json::from_str(line.trim_end()).map_err(|e| LinkError::Garbled(e.to_string())),
            Err(e) => Err(LinkError::Dropped(e.to_string())),
        }
    }

    /// Closes both directions (the peer's reads end).
    pub fn close(&self) {
        let _ = self.writer.shutdown(std::net::Shutdown::Both);
    }
}

/// The fingerprint of a scenario as the handshake compares it: its file and its map's
/// bytes (what [`Scenario::fingerprint`](crate::load::scenario::Scenario) holds), in hex.
pub fn scenario_fingerprint(scenario: &crate::load::scenario::Scenario) -> String {
    format!("{:016x}", scenario.fingerprint)
}

/// The fingerprint of a data folder's files (terrain, profiles, unit kinds, weapons), byte
/// for byte, in hex; a missing optional file counts as empty.
pub fn data_fingerprint(dir: &Path) -> String {
    let texts: Vec<Vec<u8>> = ["terrain.toml", "profiles.toml", "units.toml", "weapons.toml"]
        .iter()
        .map(|f| std::fs::read(dir.join(f)).unwrap_or_default())
        .collect();
    let parts: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
    format!("{:016x}", fnv1a(&parts))
}

/// A state hash as it travels: 16 hex digits.
pub fn hash_text(h: u64) -> String {
    format!("{h:016x}")
}

/// A command of the battle in the replay's form (`None` for those replays do not hold).
pub fn step_of(b: &Battle, c: &Command) -> Option<Step> {
    let name = |u: &crate::rules::UnitId| b.name(*u).to_string();
    Some(match c {
        Command::Move { unit, path } => Step::Move {
            unit: name(unit),
            path: path.digits(),
        },
        Command::Attack { unit, target } => Step::Attack {
            unit: name(unit),
            target: name(target),
        },
        Command::Heal { unit, target } => Step::Heal {
            unit: name(unit),
            target: name(target),
        },
        Command::Wait { unit } => Step::Wait { unit: name(unit) },
        Command::EndPhase { .. } => Step::EndPhase,
        _ => return None,
    })
}

/// A step for `b`, or why it names no unit of the battle or no path.
pub fn command_of(b: &Battle, s: &Step) -> Result<Command, String> {
    let unit = |n: &str| b.find(n).ok_or_else(|| format!("no unit named {n:?}"));
    Ok(match s {
        Step::Move { unit: u, path } => Command::Move {
            unit: unit(u)?,
            path: Steps::parse(path).ok_or_else(|| format!("path {path:?} is not direction digits 1-4"))?,
        },
        Step::Attack { unit: u, target } => Command::Attack {
            unit: unit(u)?,
            target: unit(target)?,
        },
        Step::Heal { unit: u, target } => Command::Heal {
            unit: unit(u)?,
            target: unit(target)?,
        },
        Step::Wait { unit: u } => Command::Wait { unit: unit(u)? },
        Step::EndPhase => Command::EndPhase {
            team: crate::io::replay::end_phase_team(b),
        },
    })
}

/// One peer's copy of the battle: every command goes through the rules, the enemy phase it
/// starts is played by the AI (as a replay recomputes it; not in a versus battle, whose enemy
/// commands travel like the player's), and the hash is taken after.
pub struct Lockstep {
    /// The battle.
    pub battle: Battle,
    ai: Ai,
    /// Commands applied so far.
    pub played: usize,
    /// Test hook: from this command on, the hash this program reports is altered, as if its
    /// state had gone its own way (`SKIRMISH_NET_DIVERGE=N`).
    diverge_at: Option<usize>,
}

impl Lockstep {
    /// The battle at its start, with the AI that plays the enemy phases.
    pub fn new(battle: Battle, ai: Ai) -> Lockstep {
        Lockstep {
            battle,
            ai,
            played: 0,
            diverge_at: std::env::var("SKIRMISH_NET_DIVERGE").ok().and_then(|v| v.parse().ok()),
        }
    }

    /// Applies the next command and the enemy phase it starts: their events, or why the rules
    /// refused it.
    pub fn apply(&mut self, c: Command) -> Result<Vec<Event>, String> {
        let mut events = self
            .battle
            .execute(c.clone())
            .map_err(|e| e.explain(&self.battle, &c))?;
        events.extend(
            crate::play::replay::finish_enemy_phase(&mut self.battle, &mut self.ai)
                .map_err(|e| format!("the rules refused an enemy's command: {e}"))?,
        );
        self.played += 1;
        Ok(events)
    }

    /// The state hash as this program reports it.
    pub fn hash(&self) -> String {
        let h = self.battle.state_hash();
        hash_text(match self.diverge_at {
            Some(n) if self.played >= n => h ^ 1,
            _ => h,
        })
    }
}
