//! [`Battle::state_hash`]: one number for everything a battle's commands change, so two
//! programs playing the same battle in lockstep can tell after every command that they
//! still agree.

use crate::rules::battle::Battle;
use crate::search::grid::{Pos, Team};

/// The canonical bytes of a battle's state, little-endian, fixed widths, in unit order.
struct Bytes(Vec<u8>);

impl Bytes {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn bool(&mut self, v: bool) {
        self.0.push(u8::from(v));
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn pos(&mut self, p: Pos) {
        self.i32(p.x);
        self.i32(p.y);
    }
    fn team(&mut self, t: Team) {
        self.u8(match t {
            Team::Player => 0,
            Team::Enemy => 1,
        });
    }
}

impl Battle {
    /// A hash of the battle's whole changing state: the turn, whose phase it is, whether and
    /// how the battle ended, whether experience counts, the generator's seed and how many
    /// numbers it has drawn, which scripted events have fired, and for every unit in
    /// scenario order its cell, hit points, combat numbers and move (levels change them),
    /// level, experience, whether it is on the board, has moved, acted, how much move it
    /// spent, whether a canto move is open, its guard trigger, reserve and waiting flags,
    /// pivot and goal.
    ///
    /// The map, terrain and the units' names and classes never change during a battle and are
    /// left out (a lockstep handshake compares the scenario's fingerprint instead). The
    /// algorithm is fixed — XXH3-64 (the `xxhash-rust` crate) over little-endian bytes of fixed
    /// width — so the same state hashes the same in every process, build and platform. The
    /// undo journal and the record are history, not state, and are left out too.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = || TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap();
    /// let build = || {
    ///     BattleBuilder::new(map())
    ///         .unit(UnitSpec::player("Kiny", (0, 0)))
    ///         .unit(UnitSpec::enemy("Brute", (4, 0), "charger"))
    ///         .build()
    ///         .unwrap()
    /// };
    /// let (mut a, mut b) = (build(), build());
    /// assert_eq!(a.state_hash(), b.state_hash());
    /// let kiny = a.find("Kiny").unwrap();
    /// a.execute(Command::Move { unit: kiny, path: Steps::parse("22").unwrap() }).unwrap();
    /// assert_ne!(a.state_hash(), b.state_hash());
    /// b.execute(Command::Move { unit: kiny, path: Steps::parse("22").unwrap() }).unwrap();
    /// assert_eq!(a.state_hash(), b.state_hash());
    /// // Undo puts the state back, and so the hash.
    /// let start = build().state_hash();
    /// a.execute(Command::Undo).unwrap();
    /// assert_eq!(a.state_hash(), start);
    /// ```
    pub fn state_hash(&self) -> u64 {
        let mut w = Bytes(Vec::with_capacity(64 + self.units.len() * 80 + self.fired.len()));
        w.u32(self.turn);
        w.team(self.active);
        match &self.ended {
            None => w.u8(0),
            Some((winner, why)) => {
                w.u8(1);
                w.team(*winner);
                // The ending's words are fixed by its variant and unit ids: no addresses in them.
                w.0.extend_from_slice(format!("{why:?}").as_bytes());
                w.u8(0);
            }
        }
        w.bool(self.experience);
        w.u64(self.seed);
        w.u64(self.drawn);
        w.u64(self.fired.len() as u64);
        for &f in &self.fired {
            w.bool(f);
        }
        w.u64(self.units.len() as u64);
        for u in &self.units {
            w.team(u.team);
            w.pos(u.pos);
            w.i32(u.hp);
            w.i32(u.stats.hp);
            w.i32(u.stats.attack);
            w.i32(u.stats.defense);
            w.u32(u.stats.range_min);
            w.u32(u.stats.range_max);
            w.u32(u.movement);
            w.u32(u.level);
            w.u32(u.exp);
            w.i32(u.grown.hp);
            w.i32(u.grown.attack);
            w.i32(u.grown.defense);
            w.i32(u.grown.movement);
            w.u8(u8::from(u.alive)
                | u8::from(u.moved) << 1
                | u8::from(u.acted) << 2
                | u8::from(u.canto) << 3
                | u8::from(u.triggered) << 4
                | u8::from(u.reserve) << 5
                | u8::from(u.waiting) << 6);
            w.u32(u.spent);
            w.pos(u.pivot);
            match u.goal {
                None => w.u8(0),
                Some(g) => {
                    w.u8(1);
                    w.pos(g);
                }
            }
        }
        xxhash_rust::xxh3::xxh3_64(&w.0)
    }
}
