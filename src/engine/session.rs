//! The engine session: the current game, options and clocks, and the operations both protocols
//! perform on them. It knows nothing of any protocol's syntax.

use std::sync::Arc;
use std::time::Duration;

use crate::games::{Color, Game, GameSpec, PlayError, Point, Rule, ThinkError, Thought};
use crate::search::timemgmt::{movetime_budget, Clock};
/// Re-exported for `games/gomoku/think.rs` and older callers; the constant lives in `search`.
pub use crate::search::DEFAULT_MOVETIME;
use crate::search::{EngineOptions, Info, SearchContext, SearchControl, StopSignal};

/// Explicit limits a front end attaches to one `genmove`; empty means "use the session's clock".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveLimits {
    /// Hard time limit for this move (`genmove ... movetime MS`).
    pub movetime: Option<Duration>,
    /// Deepest iteration to search.
    pub depth: Option<u32>,
    /// Node budget for the search.
    pub nodes: Option<u64>,
    /// Search until `stop`, whatever the clock says.
    pub infinite: bool,
}

impl MoveLimits {
    fn is_empty(&self) -> bool {
        self.movetime.is_none() && self.depth.is_none() && self.nodes.is_none() && !self.infinite
    }
}

/// Game, options and clocks of one engine process.
pub struct Session {
    game: Box<dyn Game>,
    /// What the user set with `setoption` / `INFO`; every search reads it.
    pub options: EngineOptions,
    /// Per-color clocks (GTP `time_left` is per color; Gomocup sets both).
    pub clocks: [Clock; 2],
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session on the default game: 15x15 freestyle gomoku.
    pub fn new() -> Session {
        let spec = GameSpec::Gomoku {
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
        };
        Session {
            game: spec
                .build()
                .unwrap_or_else(|_| unreachable!("default game is valid")),
            options: EngineOptions::default(),
            clocks: [Clock::default(); 2],
        }
    }

    /// The current game, read-only, for rendering and queries.
    pub fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    /// The current game, for front-end specific requests (e.g. clearing search state).
    pub fn game_mut(&mut self) -> &mut dyn Game {
        self.game.as_mut()
    }

    /// Switches to another game (or size or rule) with an empty board; unchanged on error.
    pub fn set_game(&mut self, spec: GameSpec) -> Result<(), String> {
        let gomoku = matches!(spec, GameSpec::Gomoku { .. });
        self.game = spec.build()?;
        if !gomoku {
            // The old game may have left its table for the next gomoku game.
            crate::games::gomoku::release_spare_table();
        }
        Ok(())
    }

    /// Replaces the game with one built elsewhere (GTP `loadsgf`), keeping options and clocks.
    pub fn replace_game(&mut self, game: Box<dyn Game>) {
        self.game = game;
    }

    /// Empties the board, keeping game, options and clocks.
    pub fn clear_board(&mut self) {
        let spec = self.game.spec();
        if let Ok(g) = spec.build() {
            self.game = g;
        }
    }

    /// Replaces the board with `stones` placed in order (Gomocup `BOARD`). The game object, and
    /// so its learned search state, is kept. On failure returns the offending stone's index and
    /// why, and restores the previous position.
    pub fn set_position(&mut self, stones: &[(Color, Point)]) -> Result<(), (usize, PlayError)> {
        let old: Vec<(Color, Point)> = self.game.history().to_vec();
        while self.game.undo().is_some() {}
        for (i, &(c, p)) in stones.iter().enumerate() {
            if let Err(e) = self.game.setup(c, p) {
                while self.game.undo().is_some() {}
                for &(c, p) in &old {
                    let _ = self.game.setup(c, p);
                }
                return Err((i, e));
            }
        }
        Ok(())
    }

    /// Places a stone for `color`; the game refuses illegal moves and stays unchanged.
    pub fn play(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        self.game.play(color, p)
    }

    /// Takes back the last stone; `None` when the board is empty.
    pub fn undo(&mut self) -> Option<(Color, Point)> {
        self.game.undo()
    }

    /// Builds the search control for a move: explicit limits win, then the color's clock, then
    /// the game's default.
    pub fn control_for(
        &self,
        color: Color,
        limits: MoveLimits,
        signal: Arc<StopSignal>,
        seq: u64,
    ) -> SearchControl {
        let mut control = SearchControl::new(signal, seq);
        if limits.is_empty() {
            let budget = self.clocks[color.index()]
                .budget()
                .or_else(|| self.game.default_movetime().map(movetime_budget));
            if let Some(b) = budget {
                control = control.with_movetime(b.hard).with_soft_budget(b.soft);
            }
            return control;
        }
        if let Some(t) = limits.movetime {
            let b = movetime_budget(t);
            control = control.with_movetime(b.hard).with_soft_budget(b.soft);
        }
        if let Some(d) = limits.depth {
            control = control.with_max_depth(d);
        }
        if let Some(n) = limits.nodes {
            control = control.with_max_nodes(n);
        }
        if limits.infinite {
            control = control.with_infinite();
        }
        control
    }

    /// Searches for `color` under `control`, plays the chosen move and returns it.
    pub fn genmove(
        &mut self,
        color: Color,
        control: &SearchControl,
        reporter: &mut dyn FnMut(&Info),
        namer: &dyn Fn(Point) -> String,
    ) -> Result<Thought, ThinkError> {
        if self.game.outcome().is_some() {
            return Err(ThinkError::GameOver);
        }
        let mut ctx = SearchContext::new(control, &self.options, reporter, namer);
        let thought = self.game.think(color, &mut ctx)?;
        self.game
            .play(color, thought.point)
            .map_err(|e| ThinkError::Unsupported(format!("engine chose an illegal move: {e}")))?;
        Ok(thought)
    }
}
