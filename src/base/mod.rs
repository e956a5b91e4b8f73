//! Plain shared types with no dependencies inside the crate: the leaf every other module may use.
//!
//! Games, puzzles, searches, the session and the front ends all name players, points and scores;
//! keeping those here (and not in `games` or `engine`) is what lets the dependencies point one
//! way: `base` <- `search` <- `games`/`puzzles` <- `engine` <- `protocol`.

mod hash;
mod io_reason;
mod point;
mod score;

pub use hash::splitmix64;
pub use io_reason::io_reason;
pub use point::{Color, Point};
pub use score::{MateScale, Score};
