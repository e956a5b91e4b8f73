//! The `solve klotski` argument syntax: `GRID [metric moves|slides|steps] [goal PIECE ROW COL] [all]`.

use super::grid::{parse_grid, Layout};
use super::model::Metric;

/// A parsed `solve klotski` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The board and its pieces.
    pub layout: Layout,
    /// What counts as one move.
    pub metric: Metric,
    /// Goal piece letter and target top-left (row, col), zero-based; `None` = default goal.
    pub goal: Option<(u8, usize, usize)>,
    /// Also count optimal end positions and reachable states.
    pub all: bool,
}

impl Request {
    /// The explicit goal, or the default: `A` with its bottom edge on the bottom row, centred.
    pub fn goal(&self) -> Result<(u8, usize, usize), String> {
        if let Some(g) = self.goal {
            return Ok(g);
        }
        let l = &self.layout;
        let a = l.piece(b'A').ok_or(
            "bad grid: no piece A (the piece to free); name another with goal PIECE ROW COL",
        )?;
        if (l.width - a.width) % 2 != 0 {
            return Err(format!(
                "bad goal: a {}-wide A has no centred exit on a {}-wide board; give goal A ROW COL",
                a.width, l.width
            ));
        }
        Ok((b'A', l.height - a.height, (l.width - a.width) / 2))
    }
}

/// The option keywords after the grid; each may be given once.
const OPTIONS: [&str; 3] = ["metric", "goal", "all"];

/// Parses the text after `solve klotski`.
pub fn parse_request(args: &str) -> Result<Request, String> {
    let mut words = args.split_whitespace();
    let grid = words
        .next()
        .ok_or("syntax error: solve klotski takes a GRID (rows joined by '/')")?;
    let layout = parse_grid(grid)?;
    let mut req = Request {
        layout,
        metric: Metric::Moves,
        goal: None,
        all: false,
    };
    let mut seen: Vec<&str> = Vec::new();
    while let Some(word) = words.next() {
        // One rule with `solve npuzzle`: an option given twice is refused, not "last one wins".
        if OPTIONS.contains(&word) {
            if seen.contains(&word) {
                return Err(format!("option '{word}' given twice"));
            }
            seen.push(word);
        }
        match word {
            "metric" => {
                req.metric = match words.next() {
                    Some("moves") => Metric::Moves,
                    Some("slides") => Metric::Slides,
                    Some("steps") => Metric::Steps,
                    Some(other) => {
                        return Err(format!(
                            "syntax error: unknown metric '{other}' (moves, slides, steps)"
                        ))
                    }
                    None => return Err("syntax error: metric takes moves, slides or steps".into()),
                }
            }
            "goal" => req.goal = Some(parse_goal(&req.layout, &mut words)?),
            "all" => req.all = true,
            other => {
                return Err(format!(
                    "syntax error: unexpected '{other}' (options: metric, goal, all)"
                ))
            }
        }
    }
    Ok(req)
}

fn parse_goal<'a>(
    layout: &Layout,
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<(u8, usize, usize), String> {
    let usage = "syntax error: goal takes PIECE ROW COL (a letter and a zero-based row and column)";
    let (Some(piece), Some(row), Some(col)) = (words.next(), words.next(), words.next()) else {
        return Err(usage.into());
    };
    let letter = match piece.as_bytes() {
        [b] if b.is_ascii_alphabetic() => *b,
        _ => return Err(format!("bad goal: '{piece}' is not a piece letter")),
    };
    let (Ok(row), Ok(col)) = (row.parse::<usize>(), col.parse::<usize>()) else {
        return Err(format!(
            "bad goal: row and column must be numbers from 0, got '{row} {col}'"
        ));
    };
    if layout.piece(letter).is_none() {
        return Err(format!("bad goal: no piece {} in the grid", letter as char));
    }
    Ok((letter, row, col))
}
