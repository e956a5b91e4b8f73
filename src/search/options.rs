//! Engine options set by `setoption` (GTP) or `INFO` (Gomocup), read by every search.

use std::fmt;

/// Tunables a user may set; searches read them, front ends set them.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineOptions {
    /// Search threads (gomoku); 1..=MAX_THREADS.
    pub threads: usize,
    /// Memory budget in MiB for hash tables and stored search states.
    pub hash_mib: usize,
    /// `Some` makes choices among equal moves random but reproducible; `None` is deterministic.
    pub seed: Option<u64>,
    /// 0 (greedy, casual) to 100 (full strength).
    pub strength: u8,
    /// Where pattern databases and other caches live; `None` uses the default cache directory.
    pub data_dir: Option<std::path::PathBuf>,
}

/// Upper bound for `threads`: more than this only wastes memory on a small machine.
pub const MAX_THREADS: usize = 64;
/// Upper bound for `hash` in MiB.
pub const MAX_HASH_MIB: usize = 65536;

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            threads: 1,
            hash_mib: 256,
            seed: None,
            strength: 100,
            data_dir: None,
        }
    }
}

/// Why an option could not be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    Unknown,
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
    /// The option names `setoption` accepts, for `list_commands`-style help and docs.
    pub const NAMES: &'static [&'static str] = &["threads", "hash", "seed", "strength", "data_dir"];

    /// Sets one option by name; on error nothing changes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let number = |lo: u64, hi: u64| -> Result<u64, OptionError> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| OptionError::BadValue(format!("{name} takes {lo}..{hi}")))
        };
        match name {
            "threads" => self.threads = number(1, MAX_THREADS as u64)? as usize,
            "hash" => self.hash_mib = number(1, MAX_HASH_MIB as u64)? as usize,
            "seed" => {
                self.seed = if value == "none" {
                    None
                } else {
                    Some(number(0, u64::MAX)?)
                }
            }
            "strength" => self.strength = number(0, 100)? as u8,
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
        assert_eq!(o.set("colour", "1"), Err(OptionError::Unknown));
    }
}
