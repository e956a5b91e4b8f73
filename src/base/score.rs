//! Scores as the protocols print them, and the mate-distance bookkeeping every game search shares.

use std::fmt;

/// A search's verdict on a position, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Heuristic evaluation in centi-stone-ish units.
    Cp(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
    /// A proven draw.
    Draw,
}

impl fmt::Display for Score {
    /// `cp N`, `win N`, `loss N` or `draw`: the UCI shape with an explicit forced-result marker.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
            Score::Draw => f.write_str("draw"),
        }
    }
}

/// Where forced results live in a game's integer scores: a win in `n` plies from the root scores
/// `mate - n`, and every value at or beyond `bound` (either sign) is such a forced result.
///
/// A transposition table must store mate scores relative to the node (not the root), or a mate
/// found at one depth is misread at another; both game searches need the same conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateScale {
    /// The score of a win on the spot (zero plies away).
    pub mate: i32,
    /// The smallest magnitude that still means a forced result.
    pub bound: i32,
}

impl MateScale {
    /// A root-relative score as a table entry for a node `ply` plies below the root.
    pub fn to_table(self, v: i32, ply: i32) -> i32 {
        if v >= self.bound {
            v + ply
        } else if v <= -self.bound {
            v - ply
        } else {
            v
        }
    }

    /// The inverse of [`MateScale::to_table`]: a stored entry read back at `ply`.
    pub fn from_table(self, v: i32, ply: i32) -> i32 {
        if v >= self.bound {
            v - ply
        } else if v <= -self.bound {
            v + ply
        } else {
            v
        }
    }

    /// The protocol's [`Score`]: forced results as plies to the end (at least one), else `Cp`.
    pub fn score(self, v: i32) -> Score {
        if v >= self.bound {
            Score::Win((self.mate - v).max(1) as u32)
        } else if v <= -self.bound {
            Score::Loss((self.mate + v).max(1) as u32)
        } else {
            Score::Cp(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCALE: MateScale = MateScale {
        mate: 1000,
        bound: 900,
    };

    #[test]
    fn table_round_trip_keeps_mate_distance() {
        for v in [-995, -900, -899, -5, 0, 7, 899, 900, 996] {
            for ply in [0, 1, 6] {
                assert_eq!(SCALE.from_table(SCALE.to_table(v, ply), ply), v);
            }
        }
        // A win 3 plies below a node 2 plies deep is stored as "win in 3 from here".
        assert_eq!(SCALE.to_table(995, 2), 997);
        assert_eq!(SCALE.to_table(-995, 2), -997);
        assert_eq!(SCALE.to_table(899, 2), 899);
    }

    #[test]
    fn scores_count_plies_to_the_end() {
        assert_eq!(SCALE.score(997), Score::Win(3));
        assert_eq!(SCALE.score(-996), Score::Loss(4));
        assert_eq!(SCALE.score(1000), Score::Win(1));
        assert_eq!(SCALE.score(42), Score::Cp(42));
    }
}
