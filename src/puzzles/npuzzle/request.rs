//! Parsing `solve npuzzle` arguments into a [`Request`], with one specific message per mistake.

use super::board::{Shape, MAX_SIDE};

/// Which search to run (`algorithm ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    BiBfs,
    /// A* with the best heuristic available.
    AStar,
    /// IDA* with the best heuristic available.
    IdaStar,
    /// The fastest optimal method for the board.
    Auto,
}

/// `optimal` (default) or `fast` (bounded-suboptimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A proven shortest solution.
    Optimal,
    /// A short solution at once, not proven optimal.
    Fast,
}

/// One parsed request; tiles are already checked to be a permutation of `0..area`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Board dimensions.
    pub shape: Shape,
    /// Tiles row-major, 0 the blank.
    pub start: Vec<u16>,
    /// Goal tiles row-major.
    pub goal: Vec<u16>,
    /// The optimal search asked for (`auto` picks).
    pub algorithm: Algorithm,
    /// Optimal or fast.
    pub mode: Mode,
    /// Time limit in ms, if any.
    pub movetime_ms: Option<u64>,
    /// Node limit, if any.
    pub nodes: Option<u64>,
}

/// The default goal: `1 2 ... N-1 0` (blank last).
pub fn default_goal(area: usize) -> Vec<u16> {
    (1..area as u16).chain(std::iter::once(0)).collect()
}

fn parse_shape(tok: &str) -> Result<Shape, String> {
    let bad = || {
        format!(
            "bad size '{tok}': expected WxH with W and H from 1 to {MAX_SIDE} and at least 2 cells"
        )
    };
    let (w, h) = tok.split_once(['x', 'X']).ok_or_else(bad)?;
    let num = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse::<usize>().ok()
    };
    let (w, h) = (num(w).ok_or_else(bad)?, num(h).ok_or_else(bad)?);
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) || w * h < 2 {
        return Err(bad());
    }
    Ok(Shape { w, h })
}

fn is_keyword(tok: &str) -> bool {
    matches!(
        tok,
        "goal" | "algorithm" | "optimal" | "fast" | "movetime" | "nodes"
    )
}

/// Reads the tile list starting at `toks[*i]`, checking it is a permutation of `0..area`.
fn parse_tiles(toks: &[&str], i: &mut usize, area: usize, what: &str) -> Result<Vec<u16>, String> {
    let mut tiles = Vec::new();
    let mut count = 0usize;
    let mut bad: Option<String> = None;
    while let Some(&tok) = toks.get(*i) {
        let numeric = tok
            .strip_prefix('-')
            .unwrap_or(tok)
            .bytes()
            .all(|b| b.is_ascii_digit());
        if is_keyword(tok) || (count == area && !numeric) {
            break;
        }
        *i += 1;
        count += 1;
        let digits = tok.strip_prefix('-').unwrap_or(tok);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            bad.get_or_insert_with(|| format!("bad {what} '{tok}': expected a number"));
            continue;
        }
        match tok.parse::<usize>() {
            Ok(v) if v < area => tiles.push(v as u16),
            _ => {
                bad.get_or_insert_with(|| format!("{what} {tok} out of range 0..{}", area - 1));
            }
        }
    }
    if count != area {
        return Err(format!(
            "wrong {what} count: a board of {area} cells needs {area} numbers, got {count}"
        ));
    }
    if let Some(b) = bad {
        return Err(b);
    }
    let mut seen = vec![false; area];
    for &t in &tiles {
        let slot = &mut seen[t as usize];
        if *slot {
            return Err(format!("duplicate {what} {t}"));
        }
        *slot = true;
    }
    Ok(tiles)
}

fn parse_number(toks: &[&str], i: &mut usize, name: &str) -> Result<u64, String> {
    let tok = toks
        .get(*i)
        .ok_or_else(|| format!("{name} needs a number"))?;
    *i += 1;
    tok.parse::<u64>().map_err(|_| {
        format!(
            "bad {name} '{tok}': expected a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// Parses everything after `solve npuzzle`.
pub fn parse(args: &str) -> Result<Request, String> {
    let toks: Vec<&str> = args.split_whitespace().collect();
    let first = toks
        .first()
        .ok_or("syntax error: solve npuzzle takes WxH, then the tiles row by row (0 = blank)")?;
    let shape = parse_shape(first)?;
    let area = shape.area();
    let mut i = 1;
    let start = parse_tiles(&toks, &mut i, area, "tile")?;
    let mut req = Request {
        shape,
        start,
        goal: default_goal(area),
        algorithm: Algorithm::Auto,
        mode: Mode::Optimal,
        movetime_ms: None,
        nodes: None,
    };
    let mut seen: Vec<&str> = Vec::new();
    while let Some(&tok) = toks.get(i) {
        i += 1;
        let key = if tok == "fast" { "optimal" } else { tok };
        if is_keyword(tok) {
            if seen.contains(&key) {
                return Err(match key {
                    "optimal" => "give at most one of optimal and fast".to_string(),
                    _ => format!("option '{tok}' given twice"),
                });
            }
            seen.push(key);
        }
        match tok {
            "goal" => {
                req.goal = parse_tiles(&toks, &mut i, area, "goal tile")
                    .map_err(|e| format!("bad goal: {e}"))?
            }
            "algorithm" => {
                let name = toks
                    .get(i)
                    .ok_or("algorithm needs a name (bfs, bibfs, astar, idastar, auto)")?;
                i += 1;
                req.algorithm = match *name {
                    "bfs" => Algorithm::Bfs,
                    "bibfs" => Algorithm::BiBfs,
                    "astar" => Algorithm::AStar,
                    "idastar" => Algorithm::IdaStar,
                    "auto" => Algorithm::Auto,
                    other => {
                        return Err(format!(
                            "unknown algorithm '{other}' (bfs, bibfs, astar, idastar, auto)"
                        ))
                    }
                };
            }
            "optimal" => req.mode = Mode::Optimal,
            "fast" => req.mode = Mode::Fast,
            "movetime" => req.movetime_ms = Some(parse_number(&toks, &mut i, "movetime")?),
            "nodes" => req.nodes = Some(parse_number(&toks, &mut i, "nodes")?),
            other => {
                return Err(format!(
                    "unexpected '{other}' (after the tiles: goal, algorithm, optimal, fast, movetime, nodes)"
                ))
            }
        }
    }
    if req.mode == Mode::Fast && req.algorithm != Algorithm::Auto {
        return Err("fast picks its own method: drop 'algorithm' or use optimal".into());
    }
    Ok(req)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_full_request() {
        let r = parse("2x2 1 2 0 3 goal 0 1 2 3 algorithm bfs movetime 50 nodes 7").unwrap();
        assert_eq!(r.shape, Shape { w: 2, h: 2 });
        assert_eq!(r.start, vec![1, 2, 0, 3]);
        assert_eq!(r.goal, vec![0, 1, 2, 3]);
        assert_eq!(r.algorithm, Algorithm::Bfs);
        assert_eq!(r.movetime_ms, Some(50));
        assert_eq!(r.nodes, Some(7));
        assert_eq!(parse("3x1 1 2 0").unwrap().goal, vec![1, 2, 0]);
    }

    #[test]
    fn specific_errors() {
        let e = |s: &str| parse(s).unwrap_err();
        assert!(e("").starts_with("syntax error"));
        assert!(e("3x 1").starts_with("bad size"));
        assert!(e("1x1 0").starts_with("bad size"));
        assert!(e("33x2 0").starts_with("bad size"));
        assert!(e("2x2 1 2 3").starts_with("wrong tile count"));
        assert!(e("2x2 1 2 3 0 0").starts_with("wrong tile count"));
        assert_eq!(e("2x2 1 1 3 0"), "duplicate tile 1");
        assert_eq!(e("2x2 1 4 3 0"), "tile 4 out of range 0..3");
        assert_eq!(
            e("2x2 1 99999999999999999999999 3 0"),
            "tile 99999999999999999999999 out of range 0..3"
        );
        assert_eq!(e("2x2 1 -2 3 0"), "tile -2 out of range 0..3");
        assert_eq!(e("2x2 1 a 3 0"), "bad tile 'a': expected a number");
        assert_eq!(
            e("2x2 1 2 3 0 goal 1 2 2 0"),
            "bad goal: duplicate goal tile 2"
        );
        assert!(e("2x2 1 2 3 0 goal 1 2 0").starts_with("bad goal: wrong goal tile count"));
        assert!(e("2x2 1 2 3 0 algorithm dfs").starts_with("unknown algorithm 'dfs'"));
        assert!(e("2x2 1 2 3 0 movetime x").starts_with("bad movetime 'x'"));
        assert!(e("2x2 1 2 3 0 fast optimal").starts_with("give at most one"));
        assert!(e("2x2 1 2 3 0 blah").starts_with("unexpected 'blah'"));
    }
}
