//! gridmind: a board-game and sliding-puzzle engine driven over stdin/stdout.
//!
//! - [`protocol`]: front ends (GTP-style and Gomocup) that parse input and format answers.
//! - [`engine`]: the session, its engine thread, stop signals, time management, `info` reports.
//! - [`games`]: one module per two-player game behind the [`games::Game`] trait.
//! - [`puzzles`]: one module per sliding-puzzle family, reached through `solve`.
//! - [`search`]: search algorithms shared between games and puzzles.
//! - [`bench`](mod@bench) and [`matchrunner`]: the `gridmind bench` and `gridmind match` subcommands.

pub mod bench;
pub mod engine;
pub mod games;
pub mod matchrunner;
pub mod protocol;
pub mod puzzles;
pub mod search;
