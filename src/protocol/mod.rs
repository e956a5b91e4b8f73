//! Protocol front ends: text in, typed commands to the engine thread, text out.
//!
//! [`gtp`] is gridmind's own GTP-style protocol (see `protocol.md`); [`gomocup`] is the piskvork
//! protocol every gomoku GUI and tournament manager speaks. Both drive the same
//! [`crate::engine::Session`]; game code never learns which one asked.

pub mod driver;
pub mod gomocup;
pub mod gtp;
pub mod input;

/// Which front end to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProtocolChoice {
    /// gridmind's GTP-style protocol.
    Gtp,
    /// The Gomocup (piskvork) protocol.
    Gomocup,
    /// Decide from the first non-blank input line.
    Auto,
}
