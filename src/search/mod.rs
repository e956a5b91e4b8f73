//! What every search needs, whatever it searches: a stop signal and limits ([`control`]), the
//! options it reads ([`options`]), progress reports ([`info`]) and the [`SearchContext`] that
//! bundles them.
//!
//! Games and puzzles depend on this module and on [`crate::base`] only; the session
//! ([`crate::engine`]) builds the context, so a search never learns which session or front end
//! asked. Algorithms that serve one family still live beside it (gomoku's PVS and VCF/VCT in
//! `games/gomoku/`, IDA* and the BFS family in `puzzles/npuzzle/`, Klotski's level BFS in
//! `puzzles/klotski/`).

pub mod context;
pub mod control;
pub mod info;
pub mod options;
pub mod timemgmt;

use std::time::Duration;

pub use context::{with_quiet_context, SearchContext};
pub use control::{SearchControl, StopSignal};
pub use info::{Info, Score};
pub use options::EngineOptions;

/// How long a gomoku move takes when nobody set a clock or a limit.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(2000);
