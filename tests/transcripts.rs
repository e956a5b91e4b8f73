//! Runs every stdin transcript in `tests/transcripts/` against the real `gridmind` binary.
//!
//! A transcript is a text file. Lines starting with `>` are fed to stdin (the `> ` prefix removed;
//! `>` alone sends an empty line); lines starting with `##` are comments; every other line is
//! expected stdout, compared exactly, line by line, after all input has been sent and the process
//! has exited. In expected lines, `{*}` matches any text. An optional first line `## args: ...`
//! passes command-line arguments; any line `## ignore-prefix: P` drops output lines starting with
//! `P` before comparing (for Gomocup `MESSAGE` progress lines, whose number varies). Input is sent as raw bytes: `\r` and `\xNN` escapes in input
//! lines let transcripts send CRLF and binary garbage, and `\[N*c]` sends the character `c` N
//! times (for over-long lines).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

struct Transcript {
    args: Vec<String>,
    ignore_prefixes: Vec<String>,
    input: Vec<u8>,
    expected: Vec<String>,
}

fn unescape(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            if let Some(end) = s[i..].find(']').filter(|_| b[i + 1] == b'[') {
                if let Some((n, c)) = s[i + 2..i + end].split_once('*') {
                    if let (Ok(n), Some(c)) = (n.parse::<usize>(), c.bytes().next()) {
                        out.extend(std::iter::repeat_n(c, n));
                        i += end + 1;
                        continue;
                    }
                }
            }
            match b[i + 1] {
                b'r' => {
                    out.push(b'\r');
                    i += 2;
                    continue;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                    continue;
                }
                b'x' if i + 3 < b.len() => {
                    if let Ok(v) = u8::from_str_radix(&s[i + 2..i + 4], 16) {
                        out.push(v);
                        i += 4;
                        continue;
                    }
                }
                b'\\' => {
                    out.push(b'\\');
                    i += 2;
                    continue;
                }
                _ => {}
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

fn load(path: &Path) -> Transcript {
    let text = std::fs::read_to_string(path).expect("transcript is UTF-8");
    let mut t = Transcript {
        args: Vec::new(),
        ignore_prefixes: Vec::new(),
        input: Vec::new(),
        expected: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        if n == 0 {
            if let Some(a) = line.strip_prefix("## args:") {
                t.args = a.split_whitespace().map(String::from).collect();
                continue;
            }
        }
        if let Some(p) = line.strip_prefix("## ignore-prefix:") {
            t.ignore_prefixes.push(p.trim().to_string());
            continue;
        }
        if line.starts_with("##") {
            continue;
        }
        if let Some(inp) = line.strip_prefix('>') {
            let inp = inp.strip_prefix(' ').unwrap_or(inp);
            t.input.extend(unescape(inp));
            t.input.push(b'\n');
        } else {
            t.expected.push(line.to_string());
        }
    }
    t
}

/// Glob match where `{*}` stands for any run of characters.
fn matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split("{*}").collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let mut rest = text;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            match rest.strip_prefix(part) {
                Some(r) => rest = r,
                None => return false,
            }
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else {
            match rest.find(part) {
                Some(pos) => rest = &rest[pos + part.len()..],
                None => return false,
            }
        }
    }
    true
}

/// The engine under test: the binary cargo built, or the one `GRIDMIND_TEST_EXE` names, started
/// through `GRIDMIND_TEST_RUNNER` when that is set. CI sets both to replay every transcript through
/// the cross-built Windows exe under wine (`.ci/windows/run`), so the Windows build answers byte for
/// byte what the Linux build answers.
fn engine() -> Command {
    let Some(exe) = std::env::var_os("GRIDMIND_TEST_EXE") else {
        return Command::new(env!("CARGO_BIN_EXE_gridmind"));
    };
    match std::env::var_os("GRIDMIND_TEST_RUNNER") {
        Some(runner) => {
            let mut command = Command::new(runner);
            command.arg(exe);
            command
        }
        None => Command::new(exe),
    }
}

fn run(path: &Path) -> Result<(), String> {
    let t = load(path);
    let mut child = engine()
        .args(&t.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let input = t.input.clone();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = wait_with_deadline(child)?;
    let _ = writer.join();
    if !out.status.success() {
        // stderr says why (a panic, or the runner, e.g. wine, failing to start the exe).
        return Err(format!(
            "{}\n--- stdout ---\n{}--- stderr ---\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| !t.ignore_prefixes.iter().any(|p| l.starts_with(p.as_str())))
        .collect();
    let n = got.len().max(t.expected.len());
    for i in 0..n {
        let want = t.expected.get(i).map(String::as_str);
        let have = got.get(i).copied();
        let ok = match (want, have) {
            (Some(w), Some(h)) => matches(w, h),
            _ => false,
        };
        if !ok {
            return Err(format!(
                "line {}: expected {:?}, got {:?}\n--- full output ---\n{}",
                i + 1,
                want,
                have,
                stdout
            ));
        }
    }
    Ok(())
}

/// How long one transcript may run; the slowest takes a few seconds, under wine too.
const TRANSCRIPT_DEADLINE: Duration = Duration::from_secs(120);
/// How long the output pipes may stay open after the engine exits.
const PIPE_GRACE: Duration = Duration::from_secs(10);

/// Waits for the engine and its output, failing instead of hanging CI: a hung engine is killed
/// at the deadline, and output that never ends after the engine exited means a process it
/// started (e.g. a wine service) holds the pipe.
fn wait_with_deadline(mut child: Child) -> Result<Output, String> {
    let (tx, rx) = mpsc::channel();
    let pipes: [Option<Box<dyn Read + Send>>; 2] = [
        child.stdout.take().map(|p| Box::new(p) as _),
        child.stderr.take().map(|p| Box::new(p) as _),
    ];
    for (k, pipe) in pipes.into_iter().enumerate() {
        let tx = tx.clone();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            let _ = tx.send((k, buf));
        });
    }
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > TRANSCRIPT_DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("no exit within {TRANSCRIPT_DEADLINE:?}: killed"));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut out = [Vec::new(), Vec::new()];
    for _ in 0..2 {
        let (k, buf) = rx.recv_timeout(PIPE_GRACE).map_err(|_| {
            format!("{status}, but its output stayed open {PIPE_GRACE:?} after the exit (a process it started holds the pipe)")
        })?;
        out[k] = buf;
    }
    let [stdout, stderr] = out;
    Ok(Output {
        status,
        stdout,
        stderr,
    })
}

fn transcripts(dir: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            transcripts(&p, into);
        } else if p.extension().is_some_and(|x| x == "txt") {
            into.push(p);
        }
    }
}

#[test]
fn all_transcripts_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files = Vec::new();
    transcripts(&root, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no transcripts found");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| run(f).err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} transcripts failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn glob_matching() {
    assert!(matches("= {*}", "= h8"));
    assert!(matches("info {*} pv {*}", "info depth 3 pv a1"));
    assert!(!matches("= a1", "= a2"));
}
