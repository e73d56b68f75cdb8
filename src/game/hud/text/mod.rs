//! The words on screen, as plain functions of the engine's state (tested without a window).
//! By job: `status` (window title, top band, objective line, result screen), `prompts`
//! (questions, why a confirm did nothing), `panels` (unit, profile and terrain lines, key
//! help), `menu` (the action menu, the attack forecast, where the menu goes), `fit` (how text
//! is wrapped and fitted), `log` (the message log's line for an enemy's turn), `summary` (the
//! enemy phase in a few lines).

mod fit;
mod log;
mod menu;
mod panels;
mod prompts;
mod status;
mod summary;

pub use fit::*;
pub use log::*;
pub use menu::*;
pub use panels::*;
pub use prompts::*;
pub use status::*;
pub use summary::*;

/// The board the text tests share: Kiny, a player unit, beside Warden, a sleeping guard, on
/// a 4×4 forest that costs foot 2 and horses cannot enter.
#[cfg(test)]
fn board() -> crate::rules::battle::Battle {
    use crate::load::map::TerrainMap;
    use crate::load::terrain::{ClassId, Terrain, TerrainId, TerrainSet};
    use crate::rules::battle::{Battle, Unit};
    use crate::search::grid::{Pos, Team};

    let terrain = TerrainSet::new(
        vec![Terrain {
            name: "forest".into(),
            glyph: 'T',
            cost: vec![Some(2), None],
            defense: 1,
            avoid: 0,
            vision: 0,
            hides: false,
            color: None,
        }],
        vec!["foot".into(), "horse".into()],
    )
    .unwrap();
    let map = TerrainMap::filled(4, 4, TerrainId(0));
    let hero = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 7);
    let guard = Unit::new("Warden", Team::Enemy, Pos::new(1, 0), ClassId(0), 6).with_profile(Some("guard"));
    Battle::from_parts(map, terrain, vec![hero, guard]).unwrap()
}
