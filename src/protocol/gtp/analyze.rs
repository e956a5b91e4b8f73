//! GoGui board overlays (`gogui-analyze_commands`, response type `gfx`): renju forbidden points,
//! candidate moves as a heat map, the principal variation, and threat points of either side.
//!
//! Each function here only formats: the searches run in the executor, through the same session
//! calls `genmove` and Gomocup `YXNBEST` use. The gfx lines are GoGui's: `INFLUENCE` (point and
//! a number in -1..1, positive drawn black, negative white), `LABEL` (point and text), `VAR`
//! (color and point, alternating), `MARK` (points) and `TEXT` (the status line).

use std::time::Duration;

use super::vertex_name;
use crate::engine::nbest::score_key;
use crate::games::{Color, Game, GameSpec, Point, Rule, Thought};
use crate::search::info::Score;

/// What GoGui's analyze menu shows: `type/label/command` per line (`%m`: the color to move).
pub const ANALYZE_COMMANDS: &str = "gfx/Forbidden points (renju)/gridmind-forbidden
gfx/Candidate moves/gridmind-candidates %m
gfx/Principal variation/gridmind-pv %m
gfx/Threats (5, 4, open 3)/gridmind-threats";

/// How long an overlay's search takes when the command gives no limit.
pub const ANALYZE_MOVETIME: Duration = Duration::from_millis(1000);

/// How many candidate moves the heat map shows.
pub const CANDIDATE_COUNT: usize = 6;

/// A candidate this many centipawns below the best is drawn at the smallest size.
const CP_SPREAD: i64 = 500;

/// The smallest heat-map square, so every candidate stays visible.
const MIN_HEAT: f64 = 0.15;

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// A score short enough for a board label: `+35`, `W5` (win on ply 5), `L4`, `=` (draw).
fn short_score(s: Score) -> String {
    match s {
        Score::Cp(v) => format!("{v:+}"),
        Score::Win(n) => format!("W{n}"),
        Score::Loss(n) => format!("L{n}"),
        Score::Draw => "=".into(),
    }
}

/// Renju points forbidden to black, marked; other rules have none.
pub fn forbidden(game: &dyn Game) -> String {
    let h = game.height();
    let points: Vec<String> = empty_points(game)
        .filter(|&p| game.is_forbidden(p))
        .map(|p| vertex_name(p, h))
        .collect();
    let mut out = String::new();
    if !points.is_empty() {
        out.push_str(&format!("MARK {}\n", points.join(" ")));
    }
    out.push_str(&format!(
        "TEXT {} point(s) forbidden to black",
        points.len()
    ));
    out
}

fn empty_points(game: &dyn Game) -> impl Iterator<Item = Point> + '_ {
    let (w, h) = (game.width(), game.height());
    (0..h)
        .flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
        .filter(move |&p| game.stone(p).is_none())
}

/// The ranked candidates as a heat map: the best move full size, the others smaller by how
/// far their score is below it; black's drawn black, white's white; each labelled with its score.
pub fn candidates(game: &dyn Game, color: Color, ranked: &[Thought]) -> String {
    let h = game.height();
    let Some(best) = ranked.first() else {
        return "TEXT no candidates".into();
    };
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    let top = score_key(best.score);
    let mut influence = Vec::new();
    let mut labels = Vec::new();
    for t in ranked {
        let below = top.saturating_sub(score_key(t.score));
        let size = (1.0 - below as f64 / CP_SPREAD as f64).max(MIN_HEAT);
        let v = vertex_name(t.point, h);
        influence.push(format!("{v} {:.2}", sign * size));
        labels.push(format!("{v} {}", short_score(t.score)));
    }
    format!(
        "INFLUENCE {}\nLABEL {}\nTEXT {} to move: best {} score {} depth {}",
        influence.join(" "),
        labels.join(" "),
        if color == Color::Black {
            "black"
        } else {
            "white"
        },
        vertex_name(best.point, h),
        best.score,
        best.depth
    )
}

/// The principal variation as numbered stones, from `color`'s move on.
pub fn pv(game: &dyn Game, color: Color, thought: &Thought) -> String {
    let h = game.height();
    let line: Vec<Point> = if thought.pv.first() == Some(&thought.point) {
        thought.pv.clone()
    } else {
        vec![thought.point]
    };
    let mut side = color;
    let moves: Vec<String> = line
        .iter()
        .map(|&p| {
            let m = format!("{} {}", color_word(side), vertex_name(p, h));
            side = side.opponent();
            m
        })
        .collect();
    format!(
        "VAR {}\nTEXT score {} depth {}",
        moves.join(" "),
        thought.score,
        thought.depth
    )
}

/// How strong a threat one stone makes on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Threat {
    /// One more stone makes an open four (`.XXXX.`).
    OpenThree,
    /// One more stone makes five.
    Four,
    Five,
}

/// Where each side makes a five (`5`), a four (`4`) or an open three (`3`) with its next stone:
/// labels `B4`, `W3`, `B5W4` (both sides) on the points. Fives follow the rule (exactly five in
/// standard, and for black in renju); renju points forbidden to black are not black threats.
pub fn threats(game: &dyn Game) -> Result<String, String> {
    let GameSpec::Gomoku { rule, .. } = game.spec() else {
        return Err("gridmind-threats is for gomoku".into());
    };
    let h = game.height();
    let mut labels = Vec::new();
    let mut counts = [[0usize; 3]; 2];
    for p in empty_points(game) {
        let mut text = String::new();
        for color in [Color::Black, Color::White] {
            if color == Color::Black && game.is_forbidden(p) {
                continue;
            }
            if let Some(t) = strongest(game, rule, color, p) {
                counts[color.index()][t as usize] += 1;
                let c = if color == Color::Black { 'B' } else { 'W' };
                let n = match t {
                    Threat::Five => 5,
                    Threat::Four => 4,
                    Threat::OpenThree => 3,
                };
                text.push_str(&format!("{c}{n}"));
            }
        }
        if !text.is_empty() {
            labels.push(format!("{} {text}", vertex_name(p, h)));
        }
    }
    let summary = |c: &[usize; 3]| format!("{} five, {} four, {} three", c[2], c[1], c[0]);
    let mut out = String::new();
    if !labels.is_empty() {
        out.push_str(&format!("LABEL {}\n", labels.join(" ")));
    }
    out.push_str(&format!(
        "TEXT black: {}; white: {}",
        summary(&counts[0]),
        summary(&counts[1])
    ));
    Ok(out)
}

/// The line through `p` along `(dx, dy)`: cells -5..=5 as seen with `color` on `p` (`Some(true)`
/// own stone, `Some(false)` empty, `None` opponent or off the board).
fn line(game: &dyn Game, color: Color, p: Point, dx: i32, dy: i32) -> [Option<bool>; 11] {
    let mut cells = [None; 11];
    for (k, cell) in cells.iter_mut().enumerate() {
        let off = k as i32 - 5;
        let (x, y) = (i32::from(p.x) + dx * off, i32::from(p.y) + dy * off);
        if x < 0 || y < 0 || x >= game.width() as i32 || y >= game.height() as i32 {
            continue;
        }
        let q = Point::new(x as usize, y as usize);
        *cell = match game.stone(q) {
            _ if off == 0 => Some(true),
            Some(c) if c == color => Some(true),
            Some(_) => None,
            None => Some(false),
        };
    }
    cells
}

/// The run of own stones through the centre of a line (the centre counts).
fn run(cells: &[Option<bool>; 11]) -> usize {
    let left = (0..5).rev().take_while(|&k| cells[k] == Some(true)).count();
    let right = (6..11).take_while(|&k| cells[k] == Some(true)).count();
    left + right + 1
}

/// Whether a run of `n` wins for `color` under `rule`.
fn wins(rule: Rule, color: Color, n: usize) -> bool {
    match rule {
        Rule::Freestyle => n >= 5,
        Rule::Standard => n == 5,
        Rule::Renju => n == 5 || (n > 5 && color == Color::White),
    }
}

/// The strongest threat `color` makes by playing the empty point `p`, if any.
fn strongest(game: &dyn Game, rule: Rule, color: Color, p: Point) -> Option<Threat> {
    let mut best = None;
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let mut cells = line(game, color, p, dx, dy);
        let t = if wins(rule, color, run(&cells)) {
            Some(Threat::Five)
        } else if (0..11).any(|k| {
            // A four: some empty point of the line then completes a winning run through `p`.
            k != 5 && cells[k] == Some(false) && {
                cells[k] = Some(true);
                let five = wins(rule, color, run(&cells));
                cells[k] = Some(false);
                five
            }
        }) {
            Some(Threat::Four)
        } else if open_three(&cells) {
            Some(Threat::OpenThree)
        } else {
            None
        };
        best = best.max(t);
    }
    best
}

/// Whether one more stone makes a straight four `.XXXX.` through the centre.
fn open_three(cells: &[Option<bool>; 11]) -> bool {
    // Windows of six cells whose middle four cover the centre (index 5).
    (1..=4).any(|start| {
        let w = &cells[start..start + 6];
        let inner = &w[1..5];
        w[0] == Some(false)
            && w[5] == Some(false)
            && inner.iter().filter(|&&c| c == Some(true)).count() == 3
            && inner.iter().filter(|&&c| c == Some(false)).count() == 1
            // Not already part of a longer run that would make the "four" an overline.
            && cells[start - 1] != Some(true)
            && cells[start + 6] != Some(true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameSpec;

    fn gomoku(rule: Rule, stones: &[(Color, (usize, usize))]) -> Box<dyn Game> {
        let mut g = GameSpec::Gomoku {
            width: 15,
            height: 15,
            rule,
        }
        .build()
        .expect("valid");
        for &(c, (x, y)) in stones {
            g.setup(c, Point::new(x, y)).expect("legal");
        }
        g
    }

    #[test]
    fn threat_kinds() {
        use Color::*;
        // Black h8 j8 k8 (x 7, 8, 9 on row y 7): g8 or l8 makes an open four, so they are fours.
        let g = gomoku(
            Rule::Freestyle,
            &[(Black, (7, 7)), (Black, (8, 7)), (Black, (9, 7))],
        );
        let f = Rule::Freestyle;
        assert_eq!(
            strongest(g.as_ref(), f, Black, Point::new(6, 7)),
            Some(Threat::Four)
        );
        assert_eq!(
            strongest(g.as_ref(), f, Black, Point::new(10, 7)),
            Some(Threat::Four)
        );
        // Two apart: e8 gives e8 . h8 j8 k8 -> a (broken) four.
        assert_eq!(
            strongest(g.as_ref(), f, Black, Point::new(5, 7)),
            Some(Threat::Four)
        );
        // Nothing for white here; a lone black stone far away makes nothing.
        assert_eq!(strongest(g.as_ref(), f, White, Point::new(6, 7)), None);
        assert_eq!(strongest(g.as_ref(), f, Black, Point::new(0, 0)), None);
        // Two stones: a third in line with open ends is an open three.
        let g2 = gomoku(f, &[(Black, (7, 7)), (Black, (8, 7))]);
        assert_eq!(
            strongest(g2.as_ref(), f, Black, Point::new(9, 7)),
            Some(Threat::OpenThree)
        );
        // Blocked on one side by white: not open.
        let g3 = gomoku(f, &[(White, (6, 7)), (Black, (7, 7)), (Black, (8, 7))]);
        assert_eq!(strongest(g3.as_ref(), f, Black, Point::new(9, 7)), None);
        // A four's gap completes a five.
        let g4 = gomoku(
            f,
            &[
                (White, (0, 0)),
                (White, (1, 0)),
                (White, (2, 0)),
                (White, (3, 0)),
            ],
        );
        assert_eq!(
            strongest(g4.as_ref(), f, White, Point::new(4, 0)),
            Some(Threat::Five)
        );
        let text = threats(g4.as_ref()).expect("gomoku");
        // f15 then e15 makes six in a row, which wins in freestyle: f15 is a four.
        assert!(text.starts_with("LABEL e15 W5 f15 W4\n"), "{text}");
        assert!(
            text.ends_with("TEXT black: 0 five, 0 four, 0 three; white: 1 five, 1 four, 0 three"),
            "{text}"
        );
    }

    #[test]
    fn standard_rule_overline_is_not_a_five() {
        use Color::*;
        let s = [
            (Black, (0, 0)),
            (Black, (1, 0)),
            (Black, (3, 0)),
            (Black, (4, 0)),
            (Black, (5, 0)),
        ];
        let free = gomoku(Rule::Freestyle, &s);
        assert_eq!(
            strongest(free.as_ref(), Rule::Freestyle, Black, Point::new(2, 0)),
            Some(Threat::Five)
        );
        let std = gomoku(Rule::Standard, &s);
        assert_ne!(
            strongest(std.as_ref(), Rule::Standard, Black, Point::new(2, 0)),
            Some(Threat::Five)
        );
    }

    #[test]
    fn pv_alternates_colors() {
        let g = gomoku(Rule::Freestyle, &[]);
        let t = Thought {
            point: Point::new(7, 7),
            score: Score::Cp(12),
            depth: 3,
            nodes: 10,
            pv: vec![Point::new(7, 7), Point::new(8, 8), Point::new(0, 0)],
        };
        assert_eq!(
            pv(g.as_ref(), Color::White, &t),
            "VAR w h8 b j7 w a15\nTEXT score cp 12 depth 3"
        );
    }
}
