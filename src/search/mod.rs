//! Search algorithms shared by more than one game or puzzle.
//!
//! Empty for now: every search so far serves one family and lives beside it (gomoku's PVS and
//! VCF/VCT in `games/gomoku/`, IDA* and the BFS family in `puzzles/npuzzle/`, Klotski's level BFS
//! and its packed visited table in `puzzles/klotski/`). A piece moves here once a second user
//! needs it; the first candidate is Klotski's visited table (`puzzles/klotski/table.rs`).
