//! Line patterns: what one stone on an empty point would make along one direction.
//!
//! The search board keeps, for every point and direction, a 16-bit key of the eight neighbours
//! (four each side, two bits per cell: empty, black, white, wall). One table lookup turns the key
//! into the pattern a stone of a given colour would form there, so threat detection and
//! evaluation cost a few loads per point instead of a line scan.

use std::sync::OnceLock;

/// Nothing: no five can ever be made through this point in this direction.
pub const DEAD: u8 = 0;
/// The stone would make an overline where overlines do not win (renju black, standard).
pub const OVERLINE: u8 = 1;
/// One stone with room for a five, only one way of growing.
pub const B1: u8 = 2;
/// One stone with room to grow both ways.
pub const F1: u8 = 3;
/// Two stones, only one way of growing to a five.
pub const B2: u8 = 4;
/// Two stones with room to grow both ways.
pub const F2: u8 = 5;
/// A closed three: one more stone makes a (closed) four.
pub const B3: u8 = 6;
/// An open three: one more stone makes an open four.
pub const F3: u8 = 7;
/// A four: one completion point.
pub const B4: u8 = 8;
/// An open four (or a double four in one line): two completion points.
pub const F4: u8 = 9;
/// A winning five.
pub const FIVE: u8 = 10;

// Every pattern code (`FIVE` is the largest) fits four bits, so both colours' patterns share one
// byte ([`Tables::pair`]).
const _: () = assert!(FIVE < 16);

/// Both colours' patterns as the one byte [`Tables::pair`] holds: black's in the low four bits,
/// white's in the high four. The layout is defined here and read back only by [`pattern_of`].
pub const fn pair_of(black: u8, white: u8) -> u8 {
    black | white << 4
}

/// Colour `c`'s pattern in a pair byte from [`pair_of`].
#[inline(always)]
pub const fn pattern_of(pair: u8, c: usize) -> u8 {
    (pair >> (4 * c)) & 15
}

/// Cell code of an empty point in keys and on the search board (stones are colour + 1).
pub const EMPTY: u8 = 0;
/// Cell code of the padding outside the board.
pub const WALL: u8 = 3;

const E: u8 = 0;
const O: u8 = 1;
const X: u8 = 2;

/// Pattern tables: `[exact][colour][key]`, `exact` meaning only an exact five wins.
pub struct Tables {
    t: Box<[u8; TABLE_SIZE]>,
    /// Both colours' patterns in one byte ([`pair_of`]), one row per pair of
    /// exactness flags: the board looks a key up once for both colours, a point's two patterns
    /// change or stay together in one comparison, and a byte indexes the board's per-pair
    /// tables directly. A row is 64 KiB, half what 16-bit pairs took, so more of it stays
    /// in cache.
    pairs: Box<[u8; TABLE_SIZE]>,
}

/// Entries of one [`Tables`]: two exactness flags, two colours, every 16-bit key.
const TABLE_SIZE: usize = 4 << 16;

impl Tables {
    /// The pattern a stone of `colour` (0 black, 1 white) makes at a point with neighbour `key`:
    /// one colour at a time, for reading the tables (the board reads [`Tables::pair`]).
    pub fn get(&self, exact: bool, colour: usize, key: u16) -> u8 {
        // The mask keeps the index in the table, so no bounds check is needed.
        self.t[(Self::row(exact, colour) | key as usize) & (TABLE_SIZE - 1)]
    }

    /// Where the entries of one exactness and colour start in the single-colour table.
    fn row(exact: bool, colour: usize) -> usize {
        ((exact as usize) << 17) | ((colour & 1) << 16)
    }

    /// Where the pattern pairs start when only an exact five wins for black (`exact_black`)
    /// and for white (`exact_white`), for [`Tables::pair`].
    pub fn pair_row(exact_black: bool, exact_white: bool) -> usize {
        ((exact_black as usize) << 17) | ((exact_white as usize) << 16)
    }

    /// Both colours' patterns for `key` in the row starting at `row` (from
    /// [`Tables::pair_row`]), as one byte from [`pair_of`].
    #[inline(always)]
    pub fn pair(&self, row: usize, key: u16) -> u8 {
        self.pairs[(row | key as usize) & (TABLE_SIZE - 1)]
    }
}

/// The tables, built once per process (a few milliseconds).
pub fn tables() -> &'static Tables {
    tables_for(FIVE_LENGTH)
}

/// The line length of gomoku: what the table names (`FIVE`, `F4`, ...) count towards.
pub const FIVE_LENGTH: usize = 5;
/// Line lengths the 9-cell window can classify: a k-in-a-row threat through the centre needs
/// k - 1 cells each side, and the key holds four.
pub const LINE_LENGTHS: std::ops::RangeInclusive<usize> = 3..=5;

/// The tables for k in a row (`FIVE` then means "k in a row", `F4` "one move from two ways to
/// make k", and so on), so the gomoku board and search play m,n,k games unchanged. Built once
/// per k; a k outside [`LINE_LENGTHS`] gets the gomoku tables.
pub fn tables_for(k: usize) -> &'static Tables {
    static T: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let k = if LINE_LENGTHS.contains(&k) {
        k
    } else {
        FIVE_LENGTH
    };
    T[k - LINE_LENGTHS.start()].get_or_init(|| build(k))
}

fn run_through_center(line: &[u8; 9]) -> usize {
    let mut n = 1;
    let mut i = 5;
    while i < 9 && line[i] == O {
        n += 1;
        i += 1;
    }
    let mut i = 4;
    while i > 0 && line[i - 1] == O {
        n += 1;
        i -= 1;
    }
    n
}

fn is_five(n: usize, exact: bool, k: usize) -> bool {
    n == k || (n > k && !exact)
}

fn encode(line: &[u8; 9]) -> usize {
    line.iter().fold(0, |acc, &c| acc * 3 + c as usize)
}

/// The pattern of `line`, whose centre already holds our stone.
fn level(line: &mut [u8; 9], exact: bool, k: usize, memo: &mut [u8]) -> u8 {
    let code = encode(line);
    if memo[code] != u8::MAX {
        return memo[code];
    }
    let run = run_through_center(line);
    let result = if is_five(run, exact, k) {
        FIVE
    } else if run > k {
        OVERLINE
    } else {
        let mut fives = 0;
        for i in 0..9 {
            if line[i] == E {
                line[i] = O;
                if is_five(run_through_center(line), exact, k) {
                    fives += 1;
                }
                line[i] = E;
            }
        }
        if fives >= 2 {
            F4
        } else if fives == 1 {
            B4
        } else {
            let mut best = DEAD;
            for i in 0..9 {
                if line[i] == E {
                    line[i] = O;
                    let grown = match level(line, exact, k, memo) {
                        F4 => F3,
                        B4 => B3,
                        F3 => F2,
                        B3 => B2,
                        F2 => F1,
                        B2 => B1,
                        _ => DEAD,
                    };
                    line[i] = E;
                    best = best.max(grown);
                }
            }
            best
        }
    };
    memo[code] = result;
    result
}

fn build(k: usize) -> Tables {
    // Built on the heap: a 256 KiB array on a thread's stack would be a risk.
    let mut t: Box<[u8; TABLE_SIZE]> = match vec![DEAD; TABLE_SIZE].into_boxed_slice().try_into() {
        Ok(t) => t,
        Err(_) => unreachable!("the vector has exactly TABLE_SIZE entries"),
    };
    for exact in [false, true] {
        let mut memo = vec![u8::MAX; 19683];
        for colour in 0..2usize {
            let own = colour as u16 + 1;
            for key in 0..=u16::MAX {
                let mut line = [E; 9];
                for slot in 0..8 {
                    let v = (key >> (2 * slot)) & 3;
                    let pos = if slot < 4 { slot } else { slot + 1 };
                    line[pos] = if v == 0 {
                        E
                    } else if v == own {
                        O
                    } else {
                        X
                    };
                }
                line[4] = O;
                let p = level(&mut line, exact, k, &mut memo);
                t[((exact as usize) << 17) | (colour << 16) | key as usize] = p;
            }
        }
    }
    let mut pairs: Box<[u8; TABLE_SIZE]> = match vec![0; TABLE_SIZE].into_boxed_slice().try_into() {
        Ok(p) => p,
        Err(_) => unreachable!("the vector has exactly TABLE_SIZE entries"),
    };
    for exact_black in [false, true] {
        for exact_white in [false, true] {
            let row = Tables::pair_row(exact_black, exact_white);
            let (black, white) = (Tables::row(exact_black, 0), Tables::row(exact_white, 1));
            for key in 0..1 << 16 {
                pairs[row | key] = pair_of(t[black | key], t[white | key]);
            }
        }
    }
    Tables { t, pairs }
}

/// Key slot of the neighbour at signed offset `k` (-4..=4, not 0).
#[inline(always)]
pub const fn slot(k: i32) -> u32 {
    if k < 0 {
        (k + 4) as u32
    } else {
        (k + 3) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_of(s: &str, colour_char: char) -> (u16, usize) {
        // s: 9 chars, centre '.', 'x' black 'o' white '#' wall.
        let cells: Vec<char> = s.chars().collect();
        let mut key = 0u16;
        for (pos, &ch) in cells.iter().enumerate() {
            if pos == 4 {
                continue;
            }
            let slot = if pos < 4 { pos } else { pos - 1 };
            let v = match ch {
                'x' => 1,
                'o' => 2,
                '#' => 3,
                _ => 0,
            };
            key |= v << (2 * slot);
        }
        (key, if colour_char == 'x' { 0 } else { 1 })
    }

    #[test]
    fn classic_shapes() {
        let t = tables();
        let p = |s: &str, exact: bool| {
            let (k, c) = key_of(s, 'x');
            t.get(exact, c, k)
        };
        assert_eq!(p("..xx.xx..", false), FIVE);
        assert_eq!(p("...x.xx..", false), F4);
        assert_eq!(p("...x.x...", false), F3);
        assert_eq!(p("..x..x...", false), F3);
        assert_eq!(p("...x.xo..", false), B3);
        assert_eq!(p(".x.x.x.x.", false), F4);
        assert_eq!(p("o..x.x.o.", false), F3);
        assert_eq!(p("o.x.x.o..", false), B2);
        assert_eq!(p("#xxx.....", false), B4);
        assert_eq!(p("xxxx.x...", false), FIVE);
        assert_eq!(p("xxxx.x...", true), OVERLINE);
        assert_eq!(p("...o.o...", false), DEAD);
    }

    #[test]
    fn pairs_hold_both_colours_patterns() {
        for k in LINE_LENGTHS {
            let t = tables_for(k);
            for (exact_black, exact_white) in [(false, false), (true, true), (true, false)] {
                let row = Tables::pair_row(exact_black, exact_white);
                for key in 0..=u16::MAX {
                    let pair = t.pair(row, key);
                    assert_eq!(
                        pattern_of(pair, 0),
                        t.get(exact_black, 0, key),
                        "key {key:#06x}"
                    );
                    assert_eq!(
                        pattern_of(pair, 1),
                        t.get(exact_white, 1, key),
                        "key {key:#06x}"
                    );
                }
            }
        }
    }

    #[test]
    fn shorter_lines_count_towards_k() {
        let p = |s: &str, k: usize| {
            let (key, c) = key_of(s, 'x');
            tables_for(k).get(false, c, key)
        };
        assert_eq!(p("...x.x...", 3), FIVE);
        assert_eq!(p("...x.....", 3), F4);
        assert_eq!(p("..ox.....", 3), B4);
        assert_eq!(p("...x.x...", 4), F4);
        assert_eq!(p("..ox.x...", 4), B4);
        assert_eq!(p("..o......", 4), F2);
        assert_eq!(p("...x.x...", 5), F3);
        assert_eq!(p("o..x..o..", 4), F3);
        assert_eq!(p("#..x.o...", 4), B3);
        assert_eq!(p("..o..o...", 4), DEAD);
        assert_eq!(p("..o..o...", 3), DEAD);
    }
}
