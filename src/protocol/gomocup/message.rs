//! Search progress as Gomocup `MESSAGE` lines, in two shapes.
//!
//! Each report is written as gridmind's own line (the fields of GTP `info`:
//! `MESSAGE depth 9 seldepth 12 score cp 35 nodes 4101 nps 1367000 time 3 pv 7,7 8,8`) and, for
//! the GUIs and client libraries that parse Rapfi's output (pygomo-lib, Rapfi-oriented GUIs), in
//! Rapfi's UCI-like shape: `MESSAGE depth 9-12 ev 35 n 4101 n/ms 1367 tm 3 pv H8 I9`, where `ev`
//! is the evaluation (`+M3` / `-M4` for a win / loss on that ply, `0` for a proven draw) and the
//! moves are Rapfi's labels (column letter from `A`, row number from 1 at the top).

use std::io::Write;

use super::command::coords;
use crate::search::info::{Info, Score};

/// Rapfi's evaluation text.
fn ev(score: Score) -> String {
    match score {
        Score::Cp(v) => v.to_string(),
        Score::Win(n) => format!("+M{n}"),
        Score::Loss(n) => format!("-M{n}"),
        Score::Draw => "0".into(),
    }
}

/// Rapfi's label of an `x,y` move (`7,7` is `H8`); `None` for anything else.
fn label(xy: &str) -> Option<String> {
    let (x, y) = coords(xy)?;
    let letter = char::from_u32(u32::try_from(x).ok()? + u32::from(b'A'))?;
    Some(format!("{letter}{}", y + 1))
}

/// The Rapfi-shaped line for a report that has a depth and a score; `None` otherwise.
pub fn rapfi_line(info: &Info) -> Option<String> {
    let depth = info.depth?;
    let score = info.score?;
    let seldepth = info.seldepth.unwrap_or(depth);
    let pv: Vec<String> = info.pv.iter().filter_map(|m| label(m)).collect();
    let mut line = format!(
        "MESSAGE depth {depth}-{seldepth} ev {} n {} n/ms {} tm {}",
        ev(score),
        info.nodes,
        info.nps() / 1000,
        info.time.as_millis()
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    Some(line)
}

/// Writes one report in both shapes and flushes, so a GUI sees progress while the brain thinks.
pub fn write_messages(out: &mut dyn Write, info: &Info) {
    let _ = writeln!(out, "MESSAGE {info}");
    if let Some(l) = rapfi_line(info) {
        let _ = writeln!(out, "{l}");
    }
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn rapfi_shape() {
        let info = Info {
            depth: Some(9),
            seldepth: Some(12),
            score: Some(Score::Cp(-35)),
            nodes: 4101,
            time: Duration::from_millis(3),
            pv: vec!["7,7".into(), "8,8".into(), "0,14".into()],
            ..Info::default()
        };
        assert_eq!(
            rapfi_line(&info).as_deref(),
            Some("MESSAGE depth 9-12 ev -35 n 4101 n/ms 1367 tm 3 pv H8 I9 A15")
        );
        let win = Info {
            score: Some(Score::Win(3)),
            seldepth: None,
            pv: Vec::new(),
            ..info.clone()
        };
        assert_eq!(
            rapfi_line(&win).as_deref(),
            Some("MESSAGE depth 9-9 ev +M3 n 4101 n/ms 1367 tm 3")
        );
        let loss = Info {
            score: Some(Score::Loss(4)),
            ..info.clone()
        };
        assert!(rapfi_line(&loss).is_some_and(|l| l.contains(" ev -M4 ")));
        let no_depth = Info {
            depth: None,
            ..info
        };
        assert_eq!(rapfi_line(&no_depth), None);
    }
}
