//! Search progress reports (`info` lines) and scores, shared by every game and puzzle.
//!
//! Searches fill an [`Info`]; front ends decide where it goes (stderr for GTP, `MESSAGE` lines for
//! Gomocup), so a search never writes to a stream itself.

use std::fmt;
use std::time::Duration;

pub use crate::base::Score;

/// One progress report. Fields a search does not know stay `None`/empty and are left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Info {
    /// Nominal depth of the iteration reported.
    pub depth: Option<u32>,
    /// Deepest ply reached (extensions, quiescence).
    pub seldepth: Option<u32>,
    /// The search's verdict so far.
    pub score: Option<Score>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Extra `key value` pairs, e.g. the IDA* `bound` or `hashfull`.
    pub extra: Vec<(String, String)>,
    /// Principal variation, already in the front end's move notation.
    pub pv: Vec<String>,
    /// A free-form trailing note (`string ...` in UCI), e.g. "not proven optimal".
    pub note: Option<String>,
}

impl Info {
    /// Nodes per second over the report's time; zero time counts as one millisecond.
    pub fn nps(&self) -> u64 {
        let ms = self.time.as_millis().max(1) as u64;
        self.nodes.saturating_mul(1000) / ms
    }
}

impl fmt::Display for Info {
    /// `depth D [seldepth S] [score S] nodes N nps N time MS [k v ...] [pv ...] [string ...]`,
    /// without the leading `info`, which each front end adds in its own form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            Ok(())
        };
        if let Some(d) = self.depth {
            sep(f)?;
            write!(f, "depth {d}")?;
        }
        if let Some(s) = self.seldepth {
            sep(f)?;
            write!(f, "seldepth {s}")?;
        }
        if let Some(s) = self.score {
            sep(f)?;
            write!(f, "score {s}")?;
        }
        sep(f)?;
        write!(
            f,
            "nodes {} nps {} time {}",
            self.nodes,
            self.nps(),
            self.time.as_millis()
        )?;
        for (k, v) in &self.extra {
            write!(f, " {k} {v}")?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        if let Some(n) = &self.note {
            write!(f, " string {n}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_line_shape() {
        let info = Info {
            depth: Some(4),
            score: Some(Score::Win(3)),
            nodes: 2000,
            time: Duration::from_millis(10),
            pv: vec!["b2".into(), "a1".into()],
            ..Info::default()
        };
        assert_eq!(
            info.to_string(),
            "depth 4 score win 3 nodes 2000 nps 200000 time 10 pv b2 a1"
        );
    }
}
