//! Parsing and validating a Klotski GRID (`BAAC/BAAC/DEEF/DGHF/I..J`).
//!
//! Validation is strict and every failure names what is wrong, because a grid typed by a user is
//! the most likely thing to be broken and a vague error would send them hunting.

/// Largest board we accept: every placement is one bit of a `u64`.
pub const MAX_CELLS: usize = 64;

/// One piece of a parsed grid: its letter and the rectangle it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The piece's letter in the grid.
    pub letter: u8,
    /// Top row.
    pub row: usize,
    /// Left column.
    pub col: usize,
    /// Rows covered.
    pub height: usize,
    /// Columns covered.
    pub width: usize,
}

/// A validated layout: board size and pieces (in order of first appearance, row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Board columns.
    pub width: usize,
    /// Board rows.
    pub height: usize,
    /// Every piece, in reading order of their top-left cells.
    pub pieces: Vec<Piece>,
}

impl Layout {
    /// The piece named `letter`, if the grid has one.
    pub fn piece(&self, letter: u8) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.letter == letter)
    }

    /// The layout back in GRID notation (rows joined by `/`).
    pub fn to_grid(&self) -> String {
        let mut cells = vec![b'.'; self.width * self.height];
        for p in &self.pieces {
            for r in p.row..p.row + p.height {
                for c in p.col..p.col + p.width {
                    cells[r * self.width + c] = p.letter;
                }
            }
        }
        cells
            .chunks(self.width)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Parses and validates a GRID: rectangular board of at most [`MAX_CELLS`] cells, `.` or ASCII
/// letters only, each letter's cells one filled rectangle.
pub fn parse_grid(text: &str) -> Result<Layout, String> {
    // Characters first, so a non-ASCII character is named as such rather than seen as a
    // ragged row; after this every cell is one byte.
    for (r, row) in text.split('/').enumerate() {
        if let Some((c, ch)) = row
            .chars()
            .enumerate()
            .find(|&(_, ch)| ch != '.' && !ch.is_ascii_alphabetic())
        {
            return Err(format!(
                "bad grid: unknown character '{ch}' at row {r} col {c} (use '.' or letters)"
            ));
        }
    }
    let rows: Vec<&[u8]> = text.split('/').map(str::as_bytes).collect();
    let width = rows.first().map_or(0, |r| r.len());
    if width == 0 {
        return Err("bad grid: empty row 1 (rows are joined by '/')".into());
    }
    for (i, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(format!(
                "bad grid: ragged rows (row 1 has {width} cells, row {} has {})",
                i + 1,
                row.len()
            ));
        }
    }
    let height = rows.len();
    if width * height > MAX_CELLS {
        return Err(format!(
            "bad grid: board too large ({width}x{height} has more than {MAX_CELLS} cells)"
        ));
    }
    // Letter -> (count, min row, max row, min col, max col), in order of first appearance.
    let mut seen: Vec<(u8, usize, usize, usize, usize, usize)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch == b'.' {
                continue;
            }
            match seen.iter_mut().find(|s| s.0 == ch) {
                Some(s) => {
                    s.1 += 1;
                    s.2 = s.2.min(r);
                    s.3 = s.3.max(r);
                    s.4 = s.4.min(c);
                    s.5 = s.5.max(c);
                }
                None => seen.push((ch, 1, r, r, c, c)),
            }
        }
    }
    let mut pieces = Vec::with_capacity(seen.len());
    for &(letter, count, r0, r1, c0, c1) in &seen {
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        if count != h * w {
            let name = letter as char;
            return Err(if connected(&rows, letter) {
                format!("bad grid: piece {name} is not a filled rectangle")
            } else {
                format!("bad grid: piece {name} is split into separate parts")
            });
        }
        pieces.push(Piece {
            letter,
            row: r0,
            col: c0,
            height: h,
            width: w,
        });
    }
    Ok(Layout {
        width,
        height,
        pieces,
    })
}

/// True when the cells holding `letter` form one 4-connected region.
fn connected(rows: &[&[u8]], letter: u8) -> bool {
    let cells: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter(move |&(_, &ch)| ch == letter)
                .map(move |(c, _)| (r, c))
        })
        .collect();
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut i = 0;
    while i < reached.len() {
        let (r, c) = reached[i];
        i += 1;
        for &(nr, nc) in &cells {
            let adjacent = r.abs_diff(nr) + c.abs_diff(nc) == 1;
            if adjacent && !reached.contains(&(nr, nc)) {
                reached.push((nr, nc));
            }
        }
    }
    reached.len() == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_layout_parses() {
        let l = parse_grid("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        assert_eq!((l.width, l.height, l.pieces.len()), (4, 5, 10));
        let a = l.piece(b'A').unwrap();
        assert_eq!((a.row, a.col, a.height, a.width), (0, 1, 2, 2));
        assert_eq!(l.to_grid(), "BAAC/BAAC/DEEF/DGHF/I..J");
    }

    #[test]
    fn bad_grids_are_named() {
        let err = |g: &str| parse_grid(g).unwrap_err();
        assert!(err("BAAC/BAA/DEEF").contains("ragged"));
        assert!(err("AAB/ABB/...").contains("not a filled rectangle"));
        assert!(err("AB./B.A/...").contains("split"));
        assert!(err("AA#/AA./...").contains("unknown character '#'"));
        assert!(err("").contains("empty row"));
        assert!(err(
            "AAAAAAAAA/AAAAAAAAA/AAAAAAAAA/AAAAAAAAA/AAAAAAAAA/AAAAAAAAA/AAAAAAAAA/AAAAAAAAA"
        )
        .contains("too large"));
    }
}
