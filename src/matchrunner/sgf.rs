//! SGF (`FF[4]`, `GM[4]` = gomoku/renju) for finished games, one game tree per game in one file, so
//! any gomoku viewer (Renlib, Yixin Board, Sabaki) can replay a match.

use std::fmt::Write;

use super::referee::{EndKind, GameRecord};
use crate::games::{Color, GameSpec};

/// SGF coordinates: `a` is column 0 from the left and row 0 from the top, then `b`, `c`, ...
fn coord(v: u8) -> char {
    (b'a' + v.min(25)) as char
}

/// Escapes `]` and `\` inside a property value.
fn text(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// One game as an SGF game tree.
pub fn game(r: &GameRecord, names: &[String; 2], spec: GameSpec, reason: &str) -> String {
    let (w, h, rule) = match spec {
        GameSpec::Gomoku {
            width,
            height,
            rule,
        } => (width, height, rule.name().to_string()),
        GameSpec::TicTacToe => (3, 3, "tictactoe".to_string()),
        GameSpec::Mnk { width, height, k } => (width, height, format!("mnk{k}")),
    };
    let size = if w == h {
        w.to_string()
    } else {
        format!("{w}:{h}")
    };
    let result = match r.winner() {
        None => "0".to_string(),
        Some(e) => {
            let c = if e == r.black { 'B' } else { 'W' };
            let how = match r.ending.kind {
                EndKind::Timeout => "T",
                EndKind::Resign => "R",
                EndKind::Illegal | EndKind::Crash | EndKind::Error => "F",
                EndKind::Line | EndKind::Draw => "",
            };
            format!("{c}+{how}")
        }
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "(;FF[4]GM[4]CA[UTF-8]AP[gridmind match]SZ[{size}]RU[{rule}]PB[{}]PW[{}]RE[{result}]GN[game {}]",
        text(&names[r.black]),
        text(&names[1 - r.black]),
        r.index + 1
    );
    if let Some(o) = r.opening {
        let _ = write!(out, "GC[opening {} ({} stones)]", o + 1, r.opening_len);
    }
    let _ = write!(out, "C[{}]", text(reason));
    for (i, &(c, p)) in r.moves.iter().enumerate() {
        if i % 8 == 0 {
            out.push('\n');
        }
        let who = match c {
            Color::Black => 'B',
            Color::White => 'W',
        };
        let _ = write!(out, ";{who}[{}{}]", coord(p.x), coord(p.y));
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Point, Rule};
    use crate::matchrunner::referee::Ending;

    #[test]
    fn writes_players_result_and_moves() {
        let r = GameRecord {
            index: 2,
            opening: Some(0),
            opening_len: 1,
            black: 1,
            moves: vec![
                (Color::Black, Point::new(7, 7)),
                (Color::White, Point::new(8, 6)),
            ],
            ending: Ending {
                kind: EndKind::Timeout,
                loser: Some(1),
                detail: String::new(),
                restart: true,
            },
            move_times: [vec![], vec![]],
        };
        let names = ["a]".to_string(), "b".to_string()];
        let spec = GameSpec::Gomoku {
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
        };
        let s = game(&r, &names, spec, "timeout: b");
        assert!(s.starts_with("(;FF[4]GM[4]"), "{s}");
        assert!(s.contains("PB[b]PW[a\\]]RE[W+T]GN[game 3]"), "{s}");
        assert!(s.contains(";B[hh];W[ig])"), "{s}");
    }
}
