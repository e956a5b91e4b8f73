//! `loadsgf` and `printsgf`: games as SGF (FF[4], GM[4] = gomoku/renju), as GTP tools and
//! regression suites exchange them.
//!
//! Written: `SZ` (`15`, or `W:H` for a rectangular board), `RU` (`freestyle`, `standard`,
//! `renju`, or `tictactoe` on `SZ[3]`, as `gridmind match` writes it), `RE` once decided, then one
//! node per stone. Read: the first game tree's main line (first variation at each branch), setup
//! stones `AB`/`AW` and moves `B`/`W`; every other property is ignored. The game is rebuilt
//! off to the side, so a bad file leaves the session as it was.

use std::io::Read;

use crate::base::io_reason;
use crate::games::{Color, Game, GameSpec, Outcome, Point, Rule};

/// Files larger than this are refused unread: no game record comes near it.
pub const MAX_SGF_BYTES: u64 = 1 << 20;

/// Echoed file names are kept short in error messages.
pub fn clip_path(s: &str) -> String {
    s.chars().take(64).collect()
}

/// An SGF file's text, refused unread when larger than any game record.
pub fn read_file(path: &str) -> Result<String, String> {
    let cannot = |e: &dyn std::fmt::Display| format!("cannot read '{}': {e}", clip_path(path));
    let meta = std::fs::metadata(path).map_err(|e| cannot(&io_reason(&e)))?;
    if !meta.is_file() {
        return Err(cannot(&"not a file"));
    }
    if meta.len() > MAX_SGF_BYTES {
        return Err(cannot(&"larger than 1 MiB"));
    }
    // The size can lie (files under /proc say 0): never read more than the limit.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SGF_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| cannot(&io_reason(&e)))?;
    if bytes.len() as u64 > MAX_SGF_BYTES {
        return Err(cannot(&"larger than 1 MiB"));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// SGF's game number for gomoku and renju.
const GM_GOMOKU: &str = "4";

/// The board size SGF assumes for GM[4] when `SZ` is missing.
const DEFAULT_SIZE: usize = 15;

/// One node: its properties in file order, each with its values.
type Node = Vec<(String, Vec<String>)>;

/// SGF point letters: `a` is 0, from the left (x) and from the top (y).
fn letter(v: u8) -> char {
    (b'a' + v) as char
}

fn point_text(p: Point) -> String {
    format!("{}{}", letter(p.x), letter(p.y))
}

/// Escapes `]` and `\` in a property value.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The game as an SGF record.
pub fn write(game: &dyn Game) -> String {
    let (w, h) = (game.width(), game.height());
    let rule = match game.spec() {
        GameSpec::TicTacToe => "tictactoe".to_string(),
        GameSpec::Gomoku { rule, .. } => rule.name().to_string(),
        GameSpec::Mnk { k, .. } => format!("mnk{k}"),
    };
    let size = if w == h {
        w.to_string()
    } else {
        format!("{w}:{h}")
    };
    let mut out = format!(
        "(;FF[4]GM[{GM_GOMOKU}]CA[UTF-8]AP[{}]SZ[{size}]RU[{rule}]",
        escape(&format!("gridmind:{}", env!("CARGO_PKG_VERSION")))
    );
    match game.outcome() {
        Some(Outcome::Win(Color::Black)) => out.push_str("RE[B+]"),
        Some(Outcome::Win(Color::White)) => out.push_str("RE[W+]"),
        Some(Outcome::Draw) => out.push_str("RE[0]"),
        None => {}
    }
    for &(c, p) in game.history() {
        let who = if c == Color::Black { 'B' } else { 'W' };
        out.push_str(&format!(";{who}[{}]", point_text(p)));
    }
    out.push(')');
    out
}

/// Reads the main line of the first game tree: its nodes in order.
///
/// A tree's own nodes come before its variations, and the main line continues into the first
/// variation at every level; so the main line is every node up to the first `)`, with the `(`
/// of each first variation passed over. Whatever follows (other variations, other game trees)
/// is not read.
fn main_line(text: &str) -> Result<Vec<Node>, String> {
    let b = text.as_bytes();
    let start = b
        .iter()
        .position(|&c| c == b'(')
        .ok_or("bad sgf: no game tree")?;
    let mut i = start + 1;
    let mut nodes: Vec<Node> = Vec::new();
    while i < b.len() {
        match b[i] {
            b')' => return Ok(nodes),
            b';' => {
                let (node, next) = properties(text, i + 1)?;
                nodes.push(node);
                i = next;
            }
            c if c == b'(' || c.is_ascii_whitespace() => i += 1,
            c => {
                return Err(format!(
                    "bad sgf: unexpected '{}' at byte {i}",
                    char::from(c).escape_default()
                ))
            }
        }
    }
    Err("bad sgf: unclosed game tree".into())
}

/// Parses the properties of one node starting at byte `i`; returns them and where they end.
fn properties(text: &str, mut i: usize) -> Result<(Node, usize), String> {
    let b = text.as_bytes();
    let mut node: Node = Vec::new();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let id_start = i;
        while i < b.len() && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        if id_start == i {
            return Ok((node, i));
        }
        // FF[3] allows lower-case letters in identifiers (`AddBlack`); only capitals count.
        let id: String = text[id_start..i]
            .chars()
            .filter(|c| c.is_ascii_uppercase())
            .collect();
        if id.is_empty() {
            return Err(format!(
                "bad sgf: unexpected '{}' at byte {id_start}",
                char::from(b[id_start])
            ));
        }
        let mut values = Vec::new();
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= b.len() || b[i] != b'[' {
                break;
            }
            let (value, next) = value(text, i + 1)?;
            values.push(value);
            i = next;
        }
        if values.is_empty() {
            return Err(format!("bad sgf: property {id} without a value"));
        }
        node.push((id, values));
    }
}

/// One `[...]` value starting after its `[`: the unescaped text and the byte after its `]`.
fn value(text: &str, start: usize) -> Result<(String, usize), String> {
    let mut out = String::new();
    let mut chars = text[start..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, e)) = chars.next() {
                    out.push(e);
                }
            }
            ']' => return Ok((out, start + k + 1)),
            c => out.push(c),
        }
    }
    Err(format!("bad sgf: unclosed value at byte {}", start - 1))
}

/// The first value of a property anywhere in the root node.
fn root_value<'a>(root: &'a Node, id: &str) -> Option<&'a str> {
    root.iter()
        .find(|(k, _)| k == id)
        .and_then(|(_, v)| v.first())
        .map(String::as_str)
}

/// The game the root node describes. A missing `RU` keeps the current gomoku rule.
fn spec(root: &Node, current: GameSpec) -> Result<GameSpec, String> {
    if let Some(gm) = root_value(root, "GM") {
        if gm.trim() != GM_GOMOKU {
            return Err(format!(
                "bad sgf: GM[{}] is not gomoku (GM[{GM_GOMOKU}])",
                clip(gm)
            ));
        }
    }
    let (w, h) = match root_value(root, "SZ") {
        None => (DEFAULT_SIZE, DEFAULT_SIZE),
        Some(sz) => {
            let bad = || format!("bad sgf: bad size SZ[{}]", clip(sz));
            let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
            match sz.split_once(':') {
                Some((w, h)) => (num(w)?, num(h)?),
                None => (num(sz)?, num(sz)?),
            }
        }
    };
    let rule = match root_value(root, "RU").map(|r| r.trim().to_ascii_lowercase()) {
        Some(r) if r == "tictactoe" => {
            return match (w, h) {
                (3, 3) => Ok(GameSpec::TicTacToe),
                _ => Err(format!("bad sgf: tictactoe needs SZ[3], got {w}x{h}")),
            }
        }
        Some(r) if r.starts_with("mnk") => {
            return match r["mnk".len()..].parse::<usize>() {
                Ok(k) => Ok(GameSpec::mnk(w, h, k)),
                Err(_) => Err(format!("bad sgf: unknown rule RU[{}]", clip(&r))),
            };
        }
        Some(r) => {
            Rule::from_name(&r).ok_or_else(|| format!("bad sgf: unknown rule RU[{}]", clip(&r)))?
        }
        None => match current {
            GameSpec::Gomoku { rule, .. } => rule,
            GameSpec::TicTacToe => Rule::Freestyle,
            GameSpec::Mnk { k, .. } => return Ok(GameSpec::mnk(w, h, k)),
        },
    };
    Ok(GameSpec::Gomoku {
        width: w,
        height: h,
        rule,
    })
}

fn clip(s: &str) -> String {
    s.chars().take(32).collect()
}

/// An SGF point on a `w` x `h` board; `Ok(None)` for a pass (`[]`, or `tt` on boards up to 19).
fn parse_point(v: &str, w: usize, h: usize) -> Result<Option<Point>, ()> {
    let v = v.trim();
    if v.is_empty() || (v == "tt" && w <= 19 && h <= 19) {
        return Ok(None);
    }
    match v.as_bytes() {
        [x, y] if x.is_ascii_lowercase() && y.is_ascii_lowercase() => {
            Ok(Some(Point::new((x - b'a') as usize, (y - b'a') as usize)))
        }
        _ => Err(()),
    }
}

/// Rebuilds the game of an SGF text: setup stones, then the first `move_number - 1` moves
/// (all with `None`, or 0), each checked by the game's own rules.
pub fn read(
    text: &str,
    current: GameSpec,
    move_number: Option<usize>,
) -> Result<Box<dyn Game>, String> {
    let nodes = main_line(text)?;
    let root = nodes.first().ok_or("bad sgf: empty game tree")?;
    let spec = spec(root, current)?;
    let mut game = spec.build().map_err(|e| format!("bad sgf: {e}"))?;
    let (w, h) = (game.width(), game.height());
    let limit = move_number.filter(|&n| n > 0).map(|n| n - 1);
    let mut moves = 0usize;
    for node in &nodes {
        for (id, values) in node {
            let color = match id.as_str() {
                "B" | "AB" => Color::Black,
                "W" | "AW" => Color::White,
                _ => continue,
            };
            let setup = id.len() == 2;
            if !setup && limit.is_some_and(|l| moves >= l) {
                return Ok(game);
            }
            for v in values {
                let what = format!("{id}[{}]", clip(v));
                let p = match parse_point(v, w, h) {
                    Ok(Some(p)) => p,
                    Ok(None) => {
                        return Err(format!(
                            "bad sgf: {what} is a pass (these games have no passes)"
                        ))
                    }
                    Err(()) => return Err(format!("bad sgf: bad point {what}")),
                };
                let placed = if setup {
                    game.setup(color, p)
                } else {
                    game.play(color, p)
                };
                if let Err(e) = placed {
                    let at = if setup {
                        "setup".to_string()
                    } else {
                        format!("move {}", moves + 1)
                    };
                    return Err(format!("bad sgf: {at} {what}: {e}"));
                }
            }
            if !setup {
                moves += 1;
            }
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOMOKU: GameSpec = GameSpec::Gomoku {
        width: 15,
        height: 15,
        rule: Rule::Freestyle,
    };

    #[test]
    fn round_trip_keeps_size_rule_and_stones() {
        let text = "(;FF[4]GM[4]SZ[20:15]RU[renju];B[hh];W[ii];B[aa])";
        let g = read(text, GOMOKU, None).expect("valid");
        assert_eq!(
            g.spec(),
            GameSpec::Gomoku {
                width: 20,
                height: 15,
                rule: Rule::Renju
            }
        );
        assert_eq!(g.history().len(), 3);
        let again = write(g.as_ref());
        assert!(
            again.contains("SZ[20:15]RU[renju];B[hh];W[ii];B[aa])"),
            "{again}"
        );
        let g2 = read(&again, GOMOKU, None).expect("own output reads back");
        assert_eq!(g2.history(), g.history());
    }

    #[test]
    fn move_number_and_variations() {
        let text = "(;GM[4]SZ[9];B[ee];W[ff](;B[gg];W[aa])(;B[ab]))";
        assert_eq!(read(text, GOMOKU, None).unwrap().history().len(), 4);
        assert_eq!(read(text, GOMOKU, Some(3)).unwrap().history().len(), 2);
        assert_eq!(read(text, GOMOKU, Some(1)).unwrap().history().len(), 0);
        assert_eq!(read(text, GOMOKU, Some(99)).unwrap().history().len(), 4);
        let last = read(text, GOMOKU, None).unwrap().history()[3];
        assert_eq!(last, (Color::White, Point::new(0, 0)), "main line only");
    }

    #[test]
    fn setup_stones_and_escapes() {
        let text = "(;GM[4]SZ[9]C[a \\] bracket]AB[aa][bb]AW[cc];W[dd])";
        let g = read(text, GOMOKU, None).unwrap();
        assert_eq!(g.history().len(), 4);
        assert_eq!(g.stone(Point::new(1, 1)), Some(Color::Black));
    }

    #[test]
    fn errors_are_specific() {
        let err = |t: &str| read(t, GOMOKU, None).err().unwrap_or_default();
        assert_eq!(err("nothing"), "bad sgf: no game tree");
        assert_eq!(
            err("(;GM[1]SZ[19])"),
            "bad sgf: GM[1] is not gomoku (GM[4])"
        );
        assert_eq!(err("(;SZ[30])"), "bad sgf: unacceptable size");
        assert_eq!(err("(;SZ[x])"), "bad sgf: bad size SZ[x]");
        assert_eq!(err("(;RU[go])"), "bad sgf: unknown rule RU[go]");
        assert_eq!(err("(;SZ[9];B[zz])"), "bad sgf: move 1 B[zz]: illegal move");
        assert_eq!(err("(;SZ[9];B[e])"), "bad sgf: bad point B[e]");
        assert_eq!(
            err("(;SZ[9];B[])"),
            "bad sgf: B[] is a pass (these games have no passes)"
        );
        assert_eq!(
            err("(;SZ[9];B[ee];W[ee])"),
            "bad sgf: move 2 W[ee]: illegal move"
        );
        assert_eq!(err("(;SZ[9];B[ee"), "bad sgf: unclosed value at byte 9");
        assert_eq!(err("(;SZ[9];B[ee]"), "bad sgf: unclosed game tree");
        assert_eq!(err("(;SZ[9]B)"), "bad sgf: property B without a value");
        assert_eq!(err("(;SZ[9]x)"), "bad sgf: unexpected 'x' at byte 7");
        assert_eq!(err("()"), "bad sgf: empty game tree");
        // FF[3]-style long names count by their capitals: AddBlack is AB.
        let g = read("(;SZ[9]AddBlack[aa])", GOMOKU, None).expect("valid");
        assert_eq!(g.history().len(), 1);
    }

    #[test]
    fn mnk_records_keep_k() {
        let g = read("(;GM[4]SZ[5:4]RU[mnk4];B[cc];W[aa])", GOMOKU, None).unwrap();
        assert_eq!(
            g.spec(),
            GameSpec::Mnk {
                width: 5,
                height: 4,
                k: 4
            }
        );
        assert_eq!(g.history().len(), 2);
        assert!(write(g.as_ref()).contains("SZ[5:4]RU[mnk4];B[cc];W[aa])"));
        // Without RU the current m,n,k game's k stays; RU[mnk9] is not a game.
        let h = read("(;GM[4]SZ[6];B[cc])", g.spec(), None).unwrap();
        assert_eq!(h.spec().to_string(), "mnk 6 6 4");
        assert!(read("(;GM[4]SZ[6]RU[mnk9])", GOMOKU, None).is_err());
    }

    #[test]
    fn tictactoe_records() {
        let g = read("(;GM[4]SZ[3]RU[tictactoe];B[bb])", GOMOKU, None).unwrap();
        assert_eq!(g.spec(), GameSpec::TicTacToe);
        assert!(write(g.as_ref()).contains("SZ[3]RU[tictactoe];B[bb])"));
    }
}
