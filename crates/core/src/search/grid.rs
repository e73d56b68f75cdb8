//! Grid basics: cell positions, the four directions with the original's digits, and paths.

use std::fmt;

/// A cell `[x, y]`, 0-based, x to the right and y downward.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "[i32; 2]", into = "[i32; 2]"))]
// Open fields: any pair is a cell (off-map ones included: maps answer `None` for those).
pub struct Pos {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Pos {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// Manhattan distance |dx| + |dy|, the "simple distance" of the original design.
    pub fn manhattan(self, other: Pos) -> u32 {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y)
    }

    /// The neighbouring cell in direction `d` (may be off the map). At the edge of `i32`
    /// it stays there (saturating, never wrapping to the other side): such a cell is off
    /// every map. [`Pos::try_step`] says `None` instead.
    ///
    /// ```
    /// use skirmish_core::search::grid::{Dir, Pos};
    /// assert_eq!(Pos::new(3, 0).step(Dir::Up), Pos::new(3, -1));
    /// assert_eq!(Pos::new(i32::MAX, 0).step(Dir::Right), Pos::new(i32::MAX, 0));
    /// ```
    pub fn step(self, d: Dir) -> Pos {
        let (dx, dy) = d.delta();
        Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// The neighbouring cell in direction `d`, or `None` past the edge of `i32`.
    ///
    /// ```
    /// use skirmish_core::search::grid::{Dir, Pos};
    /// assert_eq!(Pos::new(0, 0).try_step(Dir::Left), Some(Pos::new(-1, 0)));
    /// assert_eq!(Pos::new(i32::MIN, 0).try_step(Dir::Left), None);
    /// ```
    pub fn try_step(self, d: Dir) -> Option<Pos> {
        let (dx, dy) = d.delta();
        Some(Pos::new(self.x.checked_add(dx)?, self.y.checked_add(dy)?))
    }

    /// Reading order: row first, then column. Used to break ties deterministically.
    pub fn reading_key(self) -> (i32, i32) {
        (self.y, self.x)
    }
}

impl From<[i32; 2]> for Pos {
    fn from(a: [i32; 2]) -> Self {
        Pos::new(a[0], a[1])
    }
}

impl From<(i32, i32)> for Pos {
    fn from((x, y): (i32, i32)) -> Pos {
        Pos::new(x, y)
    }
}

impl From<Pos> for [i32; 2] {
    fn from(p: Pos) -> Self {
        [p.x, p.y]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A step direction, numbered as in the original: 1 up, 2 right, 3 down, 4 left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Dir {
    /// y − 1, digit `1`.
    Up = 1,
    /// x + 1, digit `2`.
    Right = 2,
    /// y + 1, digit `3`.
    Down = 3,
    /// x − 1, digit `4`.
    Left = 4,
}

impl Dir {
    /// All four, in digit order (the search explores neighbours in this order).
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// (dx, dy) of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        }
    }

    /// The path digit, `'1'`..=`'4'`.
    pub const fn digit(self) -> char {
        (b'0' + self as u8) as char
    }

    /// The direction of a digit, if it is one of `1`..=`4`.
    pub const fn from_digit(c: char) -> Option<Dir> {
        match c {
            '1' => Some(Dir::Up),
            '2' => Some(Dir::Right),
            '3' => Some(Dir::Down),
            '4' => Some(Dir::Left),
            _ => None,
        }
    }

    /// The direction from its numeric code 1..=4.
    pub const fn from_code(c: u8) -> Option<Dir> {
        match c {
            1 => Some(Dir::Up),
            2 => Some(Dir::Right),
            3 => Some(Dir::Down),
            4 => Some(Dir::Left),
            _ => None,
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Right => Dir::Left,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
        }
    }
}

/// A sequence of steps from a mover's cell. The empty path means "stay" and prints as `"0"`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Path(pub Vec<Dir>);

/// The path's digits (`"0"` for staying), as it is written to JSON.
impl From<Path> for String {
    fn from(p: Path) -> String {
        p.digits()
    }
}

/// A path read from its digits; anything else is refused with the reason.
impl TryFrom<String> for Path {
    type Error = String;
    fn try_from(s: String) -> Result<Path, String> {
        Path::parse(&s)
            .ok_or_else(|| format!("{s:?} is not a path: digits 1 (up), 2 (right), 3 (down), 4 (left), or \"0\""))
    }
}

impl Path {
    /// The digit string of the contract: `"2344"`, or `"0"` for staying put.
    pub fn digits(&self) -> String {
        if self.0.is_empty() {
            "0".to_string()
        } else {
            self.0.iter().map(|d| d.digit()).collect()
        }
    }

    /// Parses a digit string; `"0"` and `""` are the empty path.
    pub fn parse(s: &str) -> Option<Path> {
        if s == "0" {
            return Some(Path::default());
        }
        s.chars().map(Dir::from_digit).collect::<Option<Vec<_>>>().map(Path)
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True for the "stay" path.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The cells visited after each step, starting from `from` (which is not included).
    /// Replaying is O(path length).
    pub fn replay(&self, from: Pos) -> Vec<Pos> {
        let mut at = from;
        self.0
            .iter()
            .map(|&d| {
                at = at.step(d);
                at
            })
            .collect()
    }

    /// The cell where the path ends when started at `from`.
    pub fn end(&self, from: Pos) -> Pos {
        self.0.iter().fold(from, |p, &d| p.step(d))
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.digits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip_and_replay() {
        let p = Path::parse("23443").unwrap();
        assert_eq!(p.digits(), "23443");
        assert_eq!(
            p.replay(Pos::new(5, 5)),
            vec![
                Pos::new(6, 5),
                Pos::new(6, 6),
                Pos::new(5, 6),
                Pos::new(4, 6),
                Pos::new(4, 7)
            ]
        );
        assert_eq!(Path::parse("0").unwrap().digits(), "0");
        assert!(Path::parse("25").is_none());
    }
}

/// Movement points: what entering a cell costs, and what a unit may spend per turn.
pub type Cost = u32;

/// The two sides of a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Team {
    /// The human side.
    Player,
    /// The AI side.
    Enemy,
}

impl Team {
    /// The other side.
    pub fn other(self) -> Team {
        match self {
            Team::Player => Team::Enemy,
            Team::Enemy => Team::Player,
        }
    }

    pub(crate) fn code(self) -> u8 {
        match self {
            Team::Player => 1,
            Team::Enemy => 2,
        }
    }

    /// The lowercase name used in files and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Team::Player => "player",
            Team::Enemy => "enemy",
        }
    }
}

impl PartialEq<&str> for Path {
    /// A path equals its digit string (`"0"` for staying), so tests read like the contract.
    fn eq(&self, other: &&str) -> bool {
        self.digits() == *other
    }
}
