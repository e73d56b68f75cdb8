//! An enemy's canto: after it attacks or heals, a unit with canto makes its second move to
//! the reachable cell the fewest player units could attack next phase (the threat counts
//! `support` ranks by, counted with the mover lifted off the board), ties to the cheaper
//! walk, then reading order.

use crate::ai::danger::{AttackArea, threats};
use crate::rules::{Battle, Caches, Command, UnitId};

/// The command that ends the canto of `id`: a move to the safest reachable cell, or a wait
/// when that is where it stands. `None` when `id` may not move again now.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::ai::canto::canto_move;
/// use skirmish_core::model::units::MoveRules;
/// use skirmish_core::rules::Unit;
/// let terrain = TerrainSet::standard();
/// let map = TerrainMap::from_rows(&terrain, &["......."]).unwrap();
/// let canto = MoveRules { canto: true, ..MoveRules::default() };
/// let kiny = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 1);
/// let rider = Unit::new("Rider", Team::Enemy, Pos::new(1, 0), ClassId(0), 5).with_moves(canto);
/// let mut b = Battle::from_parts(map, terrain, vec![kiny, rider]).unwrap();
/// let mut c = Caches::new();
/// assert_eq!(canto_move(&b, &mut c, UnitId(1)), None, "it has not acted yet");
/// b.execute(Command::EndPhase { team: Team::Player }).unwrap();
/// b.execute(Command::Attack { unit: UnitId(1), target: UnitId(0) }).unwrap();
/// // Kiny (move 1, strikes at 1) reaches cells up to (2, 0): the rider rides 2 cells off.
/// let Some(Command::Move { path, .. }) = canto_move(&b, &mut c, UnitId(1)) else { panic!() };
/// assert_eq!(path.digits(), "22");
/// ```
pub fn canto_move(b: &Battle, c: &mut Caches, id: UnitId) -> Option<Command> {
    let me = b.try_unit(id)?;
    if !me.may_canto() || !me.alive() {
        return None;
    }
    // Under fog, the threats it knows of: those of the units its side sees.
    let view = b.seen_by(me.team());
    let b: &Battle = &view;
    let me = b.unit(id);
    // The player units' reach next phase with the mover lifted off its cell: it will not be
    // standing there (a cell only it kept them from is not safe).
    let mut occ = b.occupancy().clone();
    occ.clear(me.pos());
    if me.moves().zoc {
        occ.release(me.pos(), me.team());
    }
    let foes: Vec<UnitId> = b.living(me.team().other()).collect();
    let areas: Vec<(UnitId, AttackArea)> = foes
        .into_iter()
        .map(|f| {
            let u = b.unit(f);
            let moves: Vec<_> = b.with_reach_over(c, f, None, &occ, |r| r.cells().map(|(p, _)| p).collect());
            (f, AttackArea::new(&moves, u.stats.range_min, u.stats.range_max))
        })
        .collect();
    let best = b.with_reach(c, id, None, |r| {
        r.cells()
            .min_by_key(|&(at, walk)| (threats(&areas, at), walk, at.y, at.x))
            .and_then(|(at, _)| r.path(at))
    });
    Some(match best {
        Some(path) if !path.0.is_empty() => Command::Move { unit: id, path },
        _ => Command::Wait { unit: id },
    })
}
