//! The on-disk database cache: atomic writes, validated loads.
//!
//! A file is `GMNPDB01`, the entry count (u64 LE), the entries, then an FNV-1a checksum (u64 LE) of
//! the entries. It is written to a temporary name and renamed, so a killed build never leaves a
//! half file under the real name; a file that fails any check is ignored and rebuilt.

use std::path::{Path, PathBuf};

use super::build::UNSET;

const MAGIC: &[u8; 8] = b"GMNPDB01";

/// `--data-dir`/`setoption data_dir` if given, else the user's cache folder as the system keeps
/// it (see [`choose_directory`]): a table built once in minutes should survive a temp clean-up.
pub fn directory(data_dir: Option<&Path>) -> PathBuf {
    if let Some(d) = data_dir {
        return d.to_path_buf();
    }
    choose_directory(
        cfg!(windows),
        |k| std::env::var_os(k).map(PathBuf::from),
        std::env::temp_dir(),
    )
}

/// The default cache folder from the environment, a pure function so every system's tests check
/// both systems' choices. On Windows: `%LOCALAPPDATA%\gridmind` (where Windows programs keep
/// caches; HOME is normally unset there), else `$HOME/.cache/gridmind`; elsewhere
/// `$XDG_CACHE_HOME/gridmind`, else `$HOME/.cache/gridmind`. Last, `gridmind` in `temp`.
/// Empty variables count as unset.
pub fn choose_directory(
    windows: bool,
    env: impl Fn(&str) -> Option<PathBuf>,
    temp: PathBuf,
) -> PathBuf {
    let env = |k: &str| env(k).filter(|v| !v.as_os_str().is_empty());
    let first = if windows {
        env("LOCALAPPDATA")
    } else {
        env("XDG_CACHE_HOME")
    };
    if let Some(dir) = first {
        return dir.join("gridmind");
    }
    if let Some(h) = env("HOME") {
        return h.join(".cache").join("gridmind");
    }
    temp.join("gridmind")
}

fn file(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!("npuzzle-pdb-{key}.bin"))
}

fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The table stored under `key`, if present and valid with `len` entries.
pub fn load(dir: &Path, key: &str, len: usize) -> Option<Vec<u8>> {
    let mut bytes = std::fs::read(file(dir, key)).ok()?;
    if bytes.len() != 8 + 8 + len + 8 || &bytes[..8] != MAGIC {
        return None;
    }
    let count = u64::from_le_bytes(bytes[8..16].try_into().ok()?);
    if count != len as u64 {
        return None;
    }
    let data = &bytes[16..16 + len];
    let sum = u64::from_le_bytes(bytes[16 + len..].try_into().ok()?);
    if sum != fnv(data) || data.contains(&UNSET) {
        return None;
    }
    // In place: an 8-tile table is 519 MB, a copy would double the peak.
    bytes.truncate(16 + len);
    bytes.drain(..16);
    Some(bytes)
}

/// Stores a table; failures (read-only disk, ...) only cost a rebuild next time.
pub fn store(dir: &Path, key: &str, table: &[u8]) {
    let write = || -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let tmp = dir.join(format!(".npuzzle-pdb-{key}.{}.tmp", std::process::id()));
        let mut out = Vec::with_capacity(table.len() + 24);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(table.len() as u64).to_le_bytes());
        out.extend_from_slice(table);
        out.extend_from_slice(&fnv(table).to_le_bytes());
        std::fs::write(&tmp, &out)?;
        std::fs::rename(&tmp, file(dir, key))
    };
    if let Err(e) = write() {
        log::warn!("could not cache pattern database in {}: {e}", dir.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folder chosen from `vars` (NAME=VALUE) on Windows (`true`) or elsewhere.
    fn chosen(windows: bool, vars: &[(&str, &str)]) -> PathBuf {
        let env = |k: &str| {
            vars.iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| PathBuf::from(v))
        };
        choose_directory(windows, env, PathBuf::from("TMP"))
    }

    #[test]
    fn cache_folder_follows_each_systems_convention() {
        let all = [
            ("XDG_CACHE_HOME", "XDG"),
            ("HOME", "H"),
            ("LOCALAPPDATA", "LAD"),
        ];
        let p = |parts: &[&str]| parts.iter().collect::<PathBuf>();
        // Unix: XDG, then HOME, then temp; LOCALAPPDATA means nothing there.
        assert_eq!(chosen(false, &all), p(&["XDG", "gridmind"]));
        assert_eq!(chosen(false, &all[1..]), p(&["H", ".cache", "gridmind"]));
        assert_eq!(chosen(false, &all[2..]), p(&["TMP", "gridmind"]));
        assert_eq!(
            chosen(false, &[("XDG_CACHE_HOME", ""), ("HOME", "H")]),
            p(&["H", ".cache", "gridmind"])
        );
        // Windows: LOCALAPPDATA, then HOME, then temp; XDG is a Unix convention.
        assert_eq!(chosen(true, &all), p(&["LAD", "gridmind"]));
        assert_eq!(chosen(true, &all[..2]), p(&["H", ".cache", "gridmind"]));
        assert_eq!(chosen(true, &all[..1]), p(&["TMP", "gridmind"]));
        assert_eq!(
            chosen(true, &[("LOCALAPPDATA", ""), ("HOME", "")]),
            p(&["TMP", "gridmind"])
        );
    }

    #[test]
    fn roundtrip_and_corruption() {
        let dir = std::env::temp_dir().join(format!("gridmind-pdb-test-{}", std::process::id()));
        store(&dir, "t", &[0, 1, 2, 3]);
        assert_eq!(load(&dir, "t", 4), Some(vec![0, 1, 2, 3]));
        assert_eq!(load(&dir, "t", 5), None);
        let path = file(&dir, "t");
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[17] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(load(&dir, "t", 4), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
