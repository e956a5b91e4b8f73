//! Engine options set by `setoption` (GTP) or `INFO` (Gomocup), read by every search.
//!
//! Each option is defined once, in [`OPTIONS`]: its name, the values it takes and its default.
//! `setoption` refuses a value outside the range ([`OptionSpec::parse`]), Gomocup `INFO` clamps it
//! into the range ([`OptionSpec::clamp`]: a tournament manager's `INFO` is never answered with an
//! error), and `gridmind bench` flags reuse the same parsing; a unit test checks protocol.md's
//! options table against this one.

use std::fmt;

/// Tunables a user may set; searches read them, front ends set them.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineOptions {
    /// Search threads (gomoku); see [`THREADS`].
    pub threads: usize,
    /// Memory budget in MiB for hash tables and stored search states; see [`HASH`].
    pub hash_mib: usize,
    /// `Some` makes choices among equal moves random but reproducible; `None` is deterministic.
    pub seed: Option<u64>,
    /// 0 (greedy, casual) to 100 (full strength); see [`STRENGTH`].
    pub strength: u8,
    /// Where pattern databases and other caches live; `None` uses the default cache directory.
    pub data_dir: Option<std::path::PathBuf>,
}

/// Upper bound for `threads`: more than this only wastes memory on a small machine.
pub const MAX_THREADS: usize = 64;
/// Upper bound for `hash` in MiB.
pub const MAX_HASH_MIB: usize = 65536;
/// Default `threads`: one, so results are reproducible unless the user asks for more.
const DEFAULT_THREADS: u64 = 1;
/// Default `hash` in MiB: enough for gomoku and the 4x4 N-puzzle databases on a small machine.
const DEFAULT_HASH_MIB: u64 = 256;
/// Default `strength`: full strength.
const DEFAULT_STRENGTH: u64 = 100;
/// Highest `strength`.
const MAX_STRENGTH: u64 = 100;

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// A whole number in `min..=max`.
    Number {
        /// Smallest accepted value.
        min: u64,
        /// Largest accepted value.
        max: u64,
        /// The value before any `setoption`.
        default: u64,
    },
    /// A whole number in `min..=max`, or the word `none` (the default) for "unset".
    NumberOrNone {
        /// Smallest accepted value.
        min: u64,
        /// Largest accepted value.
        max: u64,
    },
    /// A non-empty path; unset by default, which means `default` (a description).
    Path {
        /// What an unset path means, as the docs say it.
        default: &'static str,
    },
}

/// One option's single definition, read by every front end, by `bench` and by the docs test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The `setoption` name.
    pub name: &'static str,
    /// The values it takes and its default.
    pub values: Values,
}

/// `threads`: gomoku search threads.
pub const THREADS: OptionSpec = OptionSpec {
    name: "threads",
    values: Values::Number {
        min: 1,
        max: MAX_THREADS as u64,
        default: DEFAULT_THREADS,
    },
};
/// `hash`: MiB for hash tables and stored search states.
pub const HASH: OptionSpec = OptionSpec {
    name: "hash",
    values: Values::Number {
        min: 1,
        max: MAX_HASH_MIB as u64,
        default: DEFAULT_HASH_MIB,
    },
};
/// `seed`: reproducible randomness among equal moves, or `none`.
pub const SEED: OptionSpec = OptionSpec {
    name: "seed",
    values: Values::NumberOrNone {
        min: 0,
        max: u64::MAX,
    },
};
/// `strength`: gomoku playing strength.
pub const STRENGTH: OptionSpec = OptionSpec {
    name: "strength",
    values: Values::Number {
        min: 0,
        max: MAX_STRENGTH,
        default: DEFAULT_STRENGTH,
    },
};
/// `data_dir`: where pattern databases are cached.
pub const DATA_DIR: OptionSpec = OptionSpec {
    name: "data_dir",
    values: Values::Path {
        default: "the user cache directory",
    },
};

/// Every option, in the order the docs list them.
pub const OPTIONS: [OptionSpec; 5] = [THREADS, HASH, SEED, STRENGTH, DATA_DIR];

impl OptionSpec {
    /// The inclusive numeric range, for options that take a number.
    pub fn range(&self) -> Option<(u64, u64)> {
        match self.values {
            Values::Number { min, max, .. } | Values::NumberOrNone { min, max } => Some((min, max)),
            Values::Path { .. } => None,
        }
    }

    /// A number from `setoption` (or a `bench` flag): anything outside the range is an error
    /// naming the range, so the user learns what to type.
    pub fn parse_number(&self, value: &str) -> Result<u64, OptionError> {
        let (lo, hi) = self.range().unwrap_or((0, u64::MAX));
        value
            .parse::<u64>()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| OptionError::BadValue(format!("{} takes {lo}..{hi}", self.name)))
    }

    /// A number from Gomocup `INFO`, pulled into the range instead of refused.
    pub fn clamp(&self, value: u64) -> u64 {
        match self.range() {
            Some((lo, hi)) => value.clamp(lo, hi),
            None => value,
        }
    }

    /// The values column of protocol.md's options table.
    pub fn values_text(&self) -> String {
        match self.values {
            Values::Number { min, max, .. } => format!("{min}..{max}"),
            Values::NumberOrNone { .. } => "a number, or `none`".into(),
            Values::Path { .. } => "a path".into(),
        }
    }

    /// The default column of protocol.md's options table.
    pub fn default_text(&self) -> String {
        match self.values {
            Values::Number { default, .. } => default.to_string(),
            Values::NumberOrNone { .. } => "`none`".into(),
            Values::Path { default } => default.into(),
        }
    }
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            threads: DEFAULT_THREADS as usize,
            hash_mib: DEFAULT_HASH_MIB as usize,
            seed: None,
            strength: DEFAULT_STRENGTH as u8,
            data_dir: None,
        }
    }
}

/// Why an option could not be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown,
    /// The value is outside what the option takes; the text says what it takes.
    BadValue(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown => f.write_str("unknown option"),
            OptionError::BadValue(s) => write!(f, "invalid value: {s}"),
        }
    }
}

impl EngineOptions {
    /// Sets one option by name (`setoption`); on error nothing changes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        match name {
            "threads" => self.threads = THREADS.parse_number(value)? as usize,
            "hash" => self.hash_mib = HASH.parse_number(value)? as usize,
            "seed" => {
                self.seed = if value == "none" {
                    None
                } else {
                    Some(SEED.parse_number(value)?)
                }
            }
            "strength" => self.strength = STRENGTH.parse_number(value)? as u8,
            "data_dir" => {
                if value.is_empty() {
                    return Err(OptionError::BadValue("data_dir needs a path".into()));
                }
                self.data_dir = Some(value.into());
            }
            _ => return Err(OptionError::Unknown),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_values_change_nothing() {
        let mut o = EngineOptions::default();
        assert!(o.set("threads", "0").is_err());
        assert!(o.set("threads", "99999999999999999999999").is_err());
        assert!(o.set("hash", "-1").is_err());
        assert_eq!(o, EngineOptions::default());
        o.set("seed", "42").unwrap();
        assert_eq!(o.seed, Some(42));
        assert_eq!(o.set("color", "1"), Err(OptionError::Unknown));
    }

    #[test]
    fn every_option_is_settable_by_its_table_name() {
        for spec in OPTIONS {
            let value = match spec.values {
                // A value other than the default, so the change shows.
                Values::Number { min, max, default } if max == default => min.to_string(),
                Values::Number { max, .. } | Values::NumberOrNone { max, .. } => max.to_string(),
                Values::Path { .. } => "/tmp".into(),
            };
            let mut o = EngineOptions::default();
            assert_eq!(o.set(spec.name, &value), Ok(()), "{}", spec.name);
            assert_ne!(o, EngineOptions::default(), "{} changed nothing", spec.name);
        }
    }

    #[test]
    fn range_errors_and_clamps_use_the_table() {
        assert_eq!(
            THREADS.parse_number("65"),
            Err(OptionError::BadValue("threads takes 1..64".into()))
        );
        assert_eq!(THREADS.clamp(0), 1);
        assert_eq!(THREADS.clamp(1000), MAX_THREADS as u64);
        assert_eq!(STRENGTH.clamp(250), 100);
        assert_eq!(HASH.parse_number("65536"), Ok(65536));
    }

    #[test]
    fn protocol_md_lists_every_option_as_defined() {
        let doc = include_str!("../../protocol.md");
        for spec in OPTIONS {
            let row = format!(
                "| `{}` | {} | {} |",
                spec.name,
                spec.values_text(),
                spec.default_text()
            );
            assert!(doc.contains(&row), "protocol.md lacks the row {row}");
        }
    }
}
