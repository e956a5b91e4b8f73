//! Search algorithms shared by more than one game or puzzle.
