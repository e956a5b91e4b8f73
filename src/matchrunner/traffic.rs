//! `--log FILE`: every line exchanged with every engine, timestamped, for debugging an engine's
//! side of a dispute ("did it really answer late?"). Shared by all workers behind a mutex.

use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

/// A communication log; lines from concurrent games interleave, each tagged with its engine.
pub struct TrafficLog {
    start: Instant,
    out: Mutex<Box<dyn Write + Send>>,
}

impl TrafficLog {
    /// Creates (truncates) the log file.
    pub fn create(path: &std::path::Path) -> Result<TrafficLog, String> {
        let f = std::fs::File::create(path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(TrafficLog {
            start: Instant::now(),
            out: Mutex::new(Box::new(std::io::BufWriter::new(f))),
        })
    }

    /// Writes one line: milliseconds since the match started, the engine, the direction
    /// (`<` to the engine, `>` from it, `#` a runner note) and the text.
    pub fn line(&self, engine: &str, dir: char, text: &str) {
        let ms = self.start.elapsed().as_millis();
        if let Ok(mut out) = self.out.lock() {
            let _ = writeln!(out, "{ms:>8} {engine} {dir} {text}");
        }
    }

    /// Flushes buffered lines (at the end of the match, or after each game).
    pub fn flush(&self) {
        if let Ok(mut out) = self.out.lock() {
            let _ = out.flush();
        }
    }
}
