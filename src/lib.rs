//! gridmind: a board-game and sliding-puzzle engine driven over stdin/stdout.
//!
//! Dependencies point one way, each layer using only those before it:
//!
//! - [`base`]: plain shared types (colors, points, scores, the hash mixer).
//! - [`search`]: what every search needs: stop signal and limits, options, `info` reports, context.
//! - [`games`]: one module per two-player game behind the [`games::Game`] trait.
//! - [`puzzles`]: one module per sliding-puzzle family, reached through `solve`.
//! - [`engine`]: the session (game, options, clocks) and time management.
//! - [`protocol`]: front ends (GTP-style and Gomocup), input reading and the engine-thread driver.
//! - [`bench`](mod@bench) and [`matchrunner`]: the `gridmind bench` and `gridmind match` subcommands.

pub mod base;
pub mod bench;
pub mod engine;
pub mod games;
pub mod matchrunner;
pub mod protocol;
pub mod puzzles;
pub mod search;
