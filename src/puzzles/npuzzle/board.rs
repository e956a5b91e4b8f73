//! Board geometry shared by every N-puzzle search: cells, blank moves and move replay.
//!
//! Tiles are `u16` so that `fast` mode can handle boards far beyond 16x16; the optimal searches
//! narrow them to `u8`. A move is named by the direction the **blank** travels.

/// The largest width or height accepted: keeps `fast` mode in milliseconds and all sizes in `u16`.
pub const MAX_SIDE: usize = 32;

/// One blank move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// The blank moves up.
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Dir {
    /// All four, in the order searches try them.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The protocol letter.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The move that undoes this one; searches never play it right after.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// Parses a protocol letter.
    pub fn from_letter(c: char) -> Option<Dir> {
        match c {
            'U' => Some(Dir::Up),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            _ => None,
        }
    }

    /// Index 0..4, for compact move storage.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// Inverse of [`Dir::index`].
    pub fn from_index(i: u8) -> Dir {
        Dir::ALL[(i & 3) as usize]
    }
}

/// Board dimensions; all cell arithmetic goes through here so bounds are checked in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
}

impl Shape {
    /// Number of cells.
    pub fn area(self) -> usize {
        self.w * self.h
    }

    /// The cell the blank reaches from `cell` moving `d`, if it stays on the board.
    pub fn step(self, cell: usize, d: Dir) -> Option<usize> {
        let (r, c) = (cell / self.w, cell % self.w);
        match d {
            Dir::Up if r > 0 => Some(cell - self.w),
            Dir::Down if r + 1 < self.h => Some(cell + self.w),
            Dir::Left if c > 0 => Some(cell - 1),
            Dir::Right if c + 1 < self.w => Some(cell + 1),
            _ => None,
        }
    }

    /// Manhattan distance between two cells.
    pub fn dist(self, a: usize, b: usize) -> usize {
        (a / self.w).abs_diff(b / self.w) + (a % self.w).abs_diff(b % self.w)
    }
}

/// Plays `moves` (letters U D L R) on `tiles`; `Err` names the first illegal move.
///
/// Used by tests and the benchmark to check every answer really reaches the goal.
pub fn replay(shape: Shape, tiles: &[u16], moves: &str) -> Result<Vec<u16>, String> {
    let mut t = tiles.to_vec();
    let mut blank = t.iter().position(|&x| x == 0).ok_or("board has no blank")?;
    for (i, ch) in moves.chars().enumerate() {
        let d = Dir::from_letter(ch).ok_or_else(|| format!("bad move letter '{ch}' at {i}"))?;
        let to = shape
            .step(blank, d)
            .ok_or_else(|| format!("move {i} ({ch}) leaves the board"))?;
        t.swap(blank, to);
        blank = to;
    }
    Ok(t)
}

/// Renders a move list as protocol letters.
pub fn letters(moves: &[Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_respects_edges() {
        let s = Shape { w: 3, h: 2 };
        assert_eq!(s.step(0, Dir::Up), None);
        assert_eq!(s.step(0, Dir::Left), None);
        assert_eq!(s.step(0, Dir::Right), Some(1));
        assert_eq!(s.step(2, Dir::Right), None);
        assert_eq!(s.step(2, Dir::Down), Some(5));
        assert_eq!(s.step(5, Dir::Down), None);
    }

    #[test]
    fn replay_moves_the_blank() {
        let s = Shape { w: 2, h: 2 };
        let end = replay(s, &[1, 2, 3, 0], "UL").unwrap();
        assert_eq!(end, vec![0, 1, 3, 2]);
        assert!(replay(s, &[1, 2, 3, 0], "D").is_err());
    }
}
