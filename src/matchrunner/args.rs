//! The `gridmind match` command line: every flag of the issue-6 contract, checked up front so a
//! match either starts with a consistent configuration or does not start at all.

use std::path::PathBuf;
use std::time::Duration;

use super::sprt::Sprt;
use crate::games::{GameSpec, Rule, GOMOKU_SIZES};

/// The usage text printed on `--help` (stdout) and after an argument error (stderr); `gridmind
/// help match` prints it too, so it must name every flag [`parse`] accepts.
pub const USAGE: &str = "\
usage: gridmind match --engine CMD [--option K=V]... [--dir DIR]
                      --engine CMD [--option K=V]... [--dir DIR] [--name A --name B]
                      [--protocol gomocup|gtp] [--game gomoku|tictactoe|\"mnk M N K\"] [--size N]
                      [--rule freestyle|standard|renju] [--games N] [--openings FILE]
                      [--tc-move MS] [--tc-match MS] [--tolerance MS] [--concurrency N]
                      [--sgf FILE] [--seed N] [--log FILE] [--fresh-processes]
                      [--sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=logistic|normalized]]
  CMD is a command line (quote it); --option and --dir apply to the engine before them; the
  first --name names the first engine, the second the second.
  Defaults: gomoku 15x15 freestyle over gomocup (tictactoe, mnk: gtp), 2 games per opening (10 games
  without --openings), --tc-move 1000, --tc-match 0 (none), --tolerance 100, --concurrency 1.
  --fresh-processes starts both engines anew for every game, as a Gomocup tournament does
  (default: one pair of processes per concurrent game, reused from game to game).
  --sprt stops at a verdict (at --games at the latest, which must then be even); exit status
  0 = H1 accepted (or no --sprt), 3 = H0 accepted, 4 = inconclusive, 2 = could not run.
  -h, --help prints this text. Every flag is explained in docs/match.md.";

/// Which wire protocol the runner speaks to both engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The piskvork protocol (gomoku only).
    Gomocup,
    /// gridmind's GTP-style protocol (every game).
    Gtp,
}

/// One engine as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line split into program and arguments.
    pub argv: Vec<String>,
    /// The name shown in game lines and tables (unique within the match).
    pub name: String,
    /// `--option NAME=VALUE` pairs, sent before every game.
    pub options: Vec<(String, String)>,
    /// Working directory for the process; `None` inherits ours.
    pub dir: Option<PathBuf>,
}

/// Everything a match needs, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The two engines, first (black in the first game) and second.
    pub engines: [EngineSpec; 2],
    /// The protocol spoken to both.
    pub protocol: Protocol,
    /// The game played.
    pub spec: GameSpec,
    /// Number of games; `None` means "2 per opening, or 10 without openings".
    pub games: Option<usize>,
    /// Gomocup opening file, each opening played twice with colors swapped.
    pub openings: Option<PathBuf>,
    /// Per-move limit; `None` = no per-move limit.
    pub tc_move: Option<Duration>,
    /// Per-game time for each engine; `None` = unlimited.
    pub tc_match: Option<Duration>,
    /// Extra time before an answer counts as late.
    pub tolerance: Duration,
    /// Games played at once.
    pub concurrency: usize,
    /// Where to write every game as SGF.
    pub sgf: Option<PathBuf>,
    /// Seed for the opening order, so a match can be replayed.
    pub seed: Option<u64>,
    /// Where to write every line exchanged with the engines.
    pub log: Option<PathBuf>,
    /// Stop at this test's verdict instead of playing every game.
    pub sprt: Option<Sprt>,
    /// New engine processes for every game, as piskvork's tournaments start them: what a
    /// process carries from game to game (tables, caches) then helps no game.
    pub fresh_processes: bool,
}

/// The flags read so far, before the cross-checks of [`Partial::finish`].
struct Partial {
    engines: Vec<EngineSpec>,
    /// `--name` values in order: the k-th names the k-th engine, so both `--engine X --name A
    /// --engine Y --name B` and `--engine X --engine Y --name A --name B` work.
    names: Vec<String>,
    protocol: Option<Protocol>,
    game: String,
    size: Option<usize>,
    rule: Rule,
    games: Option<usize>,
    openings: Option<PathBuf>,
    tc_move: u64,
    tc_match: u64,
    tolerance: u64,
    concurrency: usize,
    sgf: Option<PathBuf>,
    seed: Option<u64>,
    log: Option<PathBuf>,
    sprt: Option<Sprt>,
    fresh_processes: bool,
}

impl Default for Partial {
    /// The defaults USAGE states.
    fn default() -> Self {
        Partial {
            engines: Vec::new(),
            names: Vec::new(),
            protocol: None,
            game: "gomoku".to_string(),
            size: None,
            rule: Rule::Freestyle,
            games: None,
            openings: None,
            tc_move: 1000,
            tc_match: 0,
            tolerance: 100,
            concurrency: 1,
            sgf: None,
            seed: None,
            log: None,
            sprt: None,
            fresh_processes: false,
        }
    }
}

/// The remaining command-line words.
type Words<'a> = std::iter::Peekable<std::slice::Iter<'a, String>>;

/// Parses the arguments after `gridmind match`. `Err("")` means help was asked for (`-h`,
/// `--help` or a bare `help`).
pub fn parse(args: &[String]) -> Result<MatchConfig, String> {
    let mut p = Partial::default();
    let mut it = args.iter().peekable();
    while let Some(flag) = it.next() {
        if matches!(flag.as_str(), "-h" | "--help" | "help") {
            return Err(String::new());
        }
        if flag == "--fresh-processes" {
            p.fresh_processes = true;
            continue;
        }
        p.flag(flag, &mut it)?;
    }
    p.finish()
}

impl Partial {
    /// Reads one flag and its value(s).
    fn flag(&mut self, flag: &str, it: &mut Words) -> Result<(), String> {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag {
            "--engine" | "--name" | "--option" | "--dir" => self.engine_flag(flag, value()?)?,
            "--protocol" => {
                self.protocol = Some(match value()?.as_str() {
                    "gomocup" => Protocol::Gomocup,
                    "gtp" => Protocol::Gtp,
                    other => return Err(format!("--protocol takes gomocup or gtp, got '{other}'")),
                })
            }
            "--game" => self.game = value()?,
            "--size" => self.size = Some(number(flag, &value()?)? as usize),
            "--rule" => {
                let v = value()?;
                self.rule = Rule::from_name(&v).ok_or_else(|| {
                    format!("--rule takes freestyle, standard or renju, got '{v}'")
                })?;
            }
            "--games" => {
                let n = number(flag, &value()?)?;
                if n == 0 {
                    return Err("--games must be at least 1".into());
                }
                self.games = Some(n as usize);
            }
            "--openings" => self.openings = Some(PathBuf::from(value()?)),
            "--tc-move" => self.tc_move = number(flag, &value()?)?,
            "--tc-match" => self.tc_match = number(flag, &value()?)?,
            "--tolerance" => self.tolerance = number(flag, &value()?)?,
            "--concurrency" => {
                self.concurrency = number(flag, &value()?)? as usize;
                if !(1..=64).contains(&self.concurrency) {
                    return Err("--concurrency takes 1..64".into());
                }
            }
            "--sgf" => self.sgf = Some(PathBuf::from(value()?)),
            "--seed" => self.seed = Some(number(flag, &value()?)?),
            "--log" => self.log = Some(PathBuf::from(value()?)),
            "--sprt" => {
                // Its KEY=VALUE words follow as separate arguments, up to the next flag.
                let mut words = Vec::new();
                while let Some(w) = it.next_if(|w| !w.starts_with("--")) {
                    words.push(w.clone());
                }
                self.sprt = Some(Sprt::parse(&words)?);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
        Ok(())
    }

    /// `--engine`, `--name`, and the per-engine `--option` and `--dir`.
    fn engine_flag(&mut self, flag: &str, v: String) -> Result<(), String> {
        match flag {
            "--engine" => {
                let argv = split_command(&v)?;
                if argv.is_empty() {
                    return Err("--engine needs a command".into());
                }
                self.engines.push(EngineSpec {
                    argv,
                    name: String::new(),
                    options: Vec::new(),
                    dir: None,
                });
            }
            "--name" => {
                if v.trim().is_empty() || v.contains(char::is_whitespace) {
                    return Err(format!("--name takes a name without spaces, got '{v}'"));
                }
                self.names.push(v);
            }
            "--option" => {
                let i = last_engine(self, flag)?;
                let (k, val) = v
                    .split_once('=')
                    .filter(|(k, _)| !k.is_empty() && !k.contains(char::is_whitespace))
                    .ok_or_else(|| format!("--option takes NAME=VALUE, got '{v}'"))?;
                self.engines[i]
                    .options
                    .push((k.to_string(), val.to_string()));
            }
            _ => {
                let i = last_engine(self, flag)?;
                self.engines[i].dir = Some(v.into());
            }
        }
        Ok(())
    }

    /// The game from `--game`, `--size` and `--rule`, checked against what it can be.
    fn game_spec(&self) -> Result<GameSpec, String> {
        match self.game.as_str() {
            "gomoku" => {
                let n = self.size.unwrap_or(15);
                if !GOMOKU_SIZES.contains(&n) {
                    return Err(format!(
                        "--size {n} is not supported (gomoku: {}..{})",
                        GOMOKU_SIZES.start(),
                        GOMOKU_SIZES.end()
                    ));
                }
                Ok(GameSpec::Gomoku {
                    width: n,
                    height: n,
                    rule: self.rule,
                })
            }
            "tictactoe" => {
                if self.size.is_some_and(|n| n != 3) {
                    return Err("tictactoe is played on 3x3 only".into());
                }
                if self.openings.is_some() {
                    return Err("--openings is for gomoku only".into());
                }
                Ok(GameSpec::TicTacToe)
            }
            mnk if mnk.starts_with("mnk") => {
                if self.size.is_some() {
                    return Err(
                        "--size is for gomoku; mnk games give their size: \"mnk M N K\"".into(),
                    );
                }
                let spec = crate::protocol::gtp::parser::game_spec(mnk)
                    .map_err(|e| format!("--game '{mnk}': {e}"))?;
                spec.build().map_err(|e| format!("--game '{mnk}': {e}"))?;
                Ok(spec)
            }
            other => Err(format!(
                "--game takes gomoku, tictactoe or \"mnk M N K\", got '{other}'"
            )),
        }
    }

    /// The two engines with their final, distinct names.
    fn named_engines(&mut self) -> Result<[EngineSpec; 2], String> {
        if self.names.len() > 2 {
            return Err("at most two --name (one per engine, in order)".into());
        }
        let mut engines = std::mem::take(&mut self.engines);
        for (e, name) in engines.iter_mut().zip(self.names.drain(..)) {
            e.name = name;
        }
        for e in engines.iter_mut().filter(|e| e.name.is_empty()) {
            e.name = default_name(&e.argv);
        }
        if engines[0].name == engines[1].name {
            engines[1].name.push_str("-2");
        }
        engines
            .try_into()
            .map_err(|_| "a match needs exactly two --engine".to_string())
    }

    /// Cross-checks the flags and builds the configuration.
    fn finish(mut self) -> Result<MatchConfig, String> {
        if self.engines.len() != 2 {
            return Err(format!(
                "a match needs exactly two --engine, got {}",
                self.engines.len()
            ));
        }
        let spec = self.game_spec()?;
        let protocol = match (self.protocol, spec) {
            (Some(Protocol::Gomocup), GameSpec::TicTacToe) => {
                return Err("tictactoe is played over --protocol gtp only".into())
            }
            (Some(Protocol::Gomocup), GameSpec::Mnk { .. }) => {
                return Err("mnk games are played over --protocol gtp only".into())
            }
            (Some(p), _) => p,
            (None, GameSpec::TicTacToe | GameSpec::Mnk { .. }) => Protocol::Gtp,
            (None, _) => Protocol::Gomocup,
        };
        if self.tc_move == 0 && self.tc_match == 0 {
            return Err("set a time control: --tc-move MS and/or --tc-match MS".into());
        }
        if self.sprt.is_some() && self.games.is_some_and(|n| n % 2 == 1) {
            return Err("--sprt counts game pairs: --games must be even".into());
        }
        let engines = self.named_engines()?;
        let ms = |v: u64| (v > 0).then(|| Duration::from_millis(v));
        Ok(MatchConfig {
            engines,
            protocol,
            spec,
            games: self.games,
            openings: self.openings,
            tc_move: ms(self.tc_move),
            tc_match: ms(self.tc_match),
            tolerance: Duration::from_millis(self.tolerance),
            concurrency: self.concurrency,
            sgf: self.sgf,
            seed: self.seed,
            log: self.log,
            sprt: self.sprt,
            fresh_processes: self.fresh_processes,
        })
    }
}

fn last_engine(p: &Partial, flag: &str) -> Result<usize, String> {
    p.engines
        .len()
        .checked_sub(1)
        .ok_or_else(|| format!("{flag} applies to the --engine before it; give --engine first"))
}

fn number(flag: &str, v: &str) -> Result<u64, String> {
    v.parse::<u64>()
        .ok()
        .filter(|&n| n <= 1 << 40)
        .ok_or_else(|| format!("{flag} takes a non-negative number, got '{v}'"))
}

/// Splits an `--engine` command line as the host system splits one, so a command that works in
/// the user's shell or in a Windows shortcut works here too: Windows paths keep their
/// backslashes (`C:\\engines\\pbrain.exe`), Unix users keep their shell's quoting.
pub fn split_command(s: &str) -> Result<Vec<String>, String> {
    if cfg!(windows) {
        Ok(split_windows(s))
    } else {
        split_posix(s)
    }
}

/// The Unix rules, a small part of a POSIX shell's: spaces separate, `'...'` and `"..."` quote,
/// `\` escapes the next character (inside `"..."` too). Compiled everywhere so every system's
/// tests check it.
pub fn split_posix(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                cur.extend(chars.next());
                in_word = true;
            }
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unterminated quote in engine command '{s}'"));
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// The Windows rules, those of `CommandLineToArgvW` and the Microsoft C runtime (the ones a
/// Windows engine will itself use on the arguments it gets), compiled everywhere so Linux CI
/// tests them against Microsoft's documented examples:
/// - the program name ends at the first space or tab outside `"..."`; its quotes only group, and
///   its backslashes are all literal (`"C:\\Program Files\\x\\pbrain-x.exe"`);
/// - in the arguments, backslashes are literal unless a `"` follows them: then 2n backslashes
///   give n and the quote opens or closes a quoted part, 2n+1 give n and a literal quote;
/// - inside a quoted part, `""` is a literal quote;
/// - a quote left open runs to the end of the line (as on Windows: no error).
///
/// Only spaces and tabs separate; leading ones are skipped (a blank line gives no words).
pub fn split_windows(s: &str) -> Vec<String> {
    let is_blank = |c: char| c == ' ' || c == '\t';
    let mut chars = s.trim_start_matches(is_blank).chars().peekable();
    let mut words = Vec::new();
    // The program name: quotes toggle, nothing escapes.
    let mut program = String::new();
    let mut in_quotes = false;
    let mut any = false;
    for c in chars.by_ref() {
        any = true;
        match c {
            '"' => in_quotes = !in_quotes,
            c if is_blank(c) && !in_quotes => break,
            c => program.push(c),
        }
    }
    if !any {
        return words;
    }
    words.push(program);
    while chars.next_if(|&c| is_blank(c)).is_some() {}
    let mut cur = String::new();
    let mut in_quotes = false;
    let mut pending = false; // a word has begun (it may be empty: `""`)
    while let Some(c) = chars.next() {
        match c {
            c if is_blank(c) && !in_quotes => {
                words.push(std::mem::take(&mut cur));
                pending = false;
                while chars.next_if(|&c| is_blank(c)).is_some() {}
            }
            '\\' => {
                let mut count = 1;
                while chars.next_if_eq(&'\\').is_some() {
                    count += 1;
                }
                pending = true;
                if chars.peek() == Some(&'"') {
                    cur.extend(std::iter::repeat_n('\\', count / 2));
                    if count % 2 == 1 {
                        chars.next();
                        cur.push('"');
                    }
                } else {
                    cur.extend(std::iter::repeat_n('\\', count));
                }
            }
            '"' if in_quotes => {
                if chars.next_if_eq(&'"').is_some() {
                    cur.push('"');
                } else {
                    in_quotes = false;
                }
            }
            '"' => {
                in_quotes = true;
                pending = true;
            }
            c => {
                cur.push(c);
                pending = true;
            }
        }
    }
    if pending {
        words.push(cur);
    }
    words
}

/// A readable default name: the file stem of the program, or of the script an interpreter runs.
fn default_name(argv: &[String]) -> String {
    const INTERPRETERS: &[&str] = &["python", "python3", "sh", "bash", "node", "env", "perl"];
    let word = argv
        .iter()
        .find(|w| {
            let base = std::path::Path::new(w.as_str())
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("");
            // Windows names them `python.exe`, `node.exe`, ...
            let base = base
                .strip_suffix(".exe")
                .or_else(|| base.strip_suffix(".EXE"))
                .unwrap_or(base);
            !w.starts_with('-') && !INTERPRETERS.contains(&base)
        })
        .or(argv.first());
    word.and_then(|w| std::path::Path::new(w).file_stem())
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .unwrap_or("engine")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gridmind's own arguments as a Unix shell would pass them (whatever the host: these
    /// tests are about `parse`, not about a system's splitting).
    fn args(s: &str) -> Vec<String> {
        split_posix(s).unwrap()
    }

    #[test]
    fn splits_quoted_commands() {
        assert_eq!(
            args(r#"python3 "my brain.py" --seed\ 3 'a b'"#),
            vec!["python3", "my brain.py", "--seed 3", "a b"]
        );
        assert!(split_posix("'open").is_err());
    }

    /// The program name and arguments of a Windows command line.
    fn win(s: &str) -> Vec<String> {
        split_windows(s)
    }

    /// Microsoft's table of examples ("Parsing C command-line arguments", the C runtime's and
    /// `CommandLineToArgvW`'s rules), each after a program name.
    #[test]
    fn splits_windows_commands_as_microsoft_documents() {
        let cases: [(&str, &[&str]); 6] = [
            (r#""a b c" d e"#, &["a b c", "d", "e"]),
            (r#""ab\"c" "\\" d"#, &["ab\"c", "\\", "d"]),
            (r#"a\\\b d"e f"g h"#, &[r"a\\\b", "de fg", "h"]),
            (r#"a\\\"b c d"#, &[r#"a\"b"#, "c", "d"]),
            (r#"a\\\\"b c" d e"#, &[r"a\\b c", "d", "e"]),
            (r#"a"b"" c d"#, &[r#"ab" c d"#]),
        ];
        for (line, want) in cases {
            let got = win(&format!("prog {line}"));
            assert_eq!(got[0], "prog", "{line}");
            assert_eq!(&got[1..], want, "{line}");
        }
    }

    #[test]
    fn windows_paths_keep_their_backslashes_and_spaces() {
        assert_eq!(
            win(r"C:\engines\pbrain.exe"),
            vec![r"C:\engines\pbrain.exe"]
        );
        assert_eq!(
            win(r#""C:\Program Files\x\pbrain-x.exe" -opt"#),
            vec![r"C:\Program Files\x\pbrain-x.exe", "-opt"]
        );
        // The program name's backslashes are literal even before a quote.
        assert_eq!(win(r#""C:\dir\" x"#), vec![r"C:\dir\", "x"]);
        // An argument that is a quoted folder ending in a backslash needs it doubled.
        assert_eq!(
            win(r#"brain.exe --data "D:\my tables\\" -v"#),
            vec!["brain.exe", "--data", r"D:\my tables\", "-v"]
        );
        assert_eq!(
            win("  python\t  x\\seed.py\t"),
            vec!["python", r"x\seed.py"]
        );
        assert_eq!(win(r#"p "" x"#), vec!["p", "", "x"]);
        assert_eq!(win(r#"p "open"#), vec!["p", "open"]);
        assert!(win(" \t ").is_empty());
        assert!(win("").is_empty());
    }

    /// `--engine` splits by the host's rules: a Windows path survives on Windows, and on Unix
    /// the backslash stays the shell's escape.
    #[test]
    fn engine_commands_split_as_the_host_splits() {
        let c = parse(&[
            "--engine".to_string(),
            r#""C:\Program Files\x\pbrain-x.exe" -opt"#.to_string(),
            "--engine".to_string(),
            r"C:\engines\pbrain.exe".to_string(),
        ])
        .unwrap();
        if cfg!(windows) {
            assert_eq!(
                c.engines[0].argv,
                vec![r"C:\Program Files\x\pbrain-x.exe", "-opt"]
            );
            assert_eq!(c.engines[1].argv, vec![r"C:\engines\pbrain.exe"]);
            assert_eq!(c.engines[1].name, "pbrain");
        } else {
            assert_eq!(
                c.engines[0].argv,
                vec!["C:Program Filesxpbrain-x.exe", "-opt"]
            );
            assert_eq!(c.engines[1].argv, vec!["C:enginespbrain.exe"]);
        }
    }

    #[test]
    fn options_apply_to_the_engine_before_them() {
        let c = parse(&args(
            "--engine ./gridmind --option strength=0 --engine 'python3 x/seed.py' --name a --name b",
        ))
        .unwrap();
        assert_eq!(c.engines[0].name, "a");
        assert_eq!(
            c.engines[0].options,
            vec![("strength".to_string(), "0".to_string())]
        );
        assert_eq!(c.engines[1].name, "b");
        assert_eq!(c.engines[1].argv, vec!["python3", "x/seed.py"]);
        assert_eq!(c.protocol, Protocol::Gomocup);
        assert_eq!(c.tc_move, Some(Duration::from_millis(1000)));
    }

    #[test]
    fn names_go_to_engines_in_order() {
        let c = parse(&args("--engine x --name a --engine y --name b")).unwrap();
        assert_eq!(
            (c.engines[0].name.as_str(), c.engines[1].name.as_str()),
            ("a", "b")
        );
        let c = parse(&args("--engine x --engine 'python3 s/y.py'")).unwrap();
        assert_eq!(
            (c.engines[0].name.as_str(), c.engines[1].name.as_str()),
            ("x", "y")
        );
        let c = parse(&args(
            "--engine 'python.exe s/brain.py' --engine 'node.EXE b.js'",
        ))
        .unwrap();
        assert_eq!(
            (c.engines[0].name.as_str(), c.engines[1].name.as_str()),
            ("brain", "b")
        );
        assert!(parse(&args("--engine x --engine y --name a --name b --name c")).is_err());
    }

    #[test]
    fn duplicate_names_are_told_apart() {
        let c = parse(&args("--engine gm --engine gm")).unwrap();
        assert_eq!(c.engines[0].name, "gm");
        assert_eq!(c.engines[1].name, "gm-2");
    }

    #[test]
    fn sprt_words_run_up_to_the_next_flag() {
        let c = parse(&args(
            "--engine a --engine b --sprt elo0=0 elo1=40 beta=0.1 --games 200 --concurrency 2",
        ))
        .unwrap();
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 40.0, 0.05, 0.1));
        assert_eq!((c.games, c.concurrency), (Some(200), 2));
        let quoted = parse(&args("--engine a --engine b --sprt 'elo0=0 elo1=40'")).unwrap();
        assert_eq!(quoted.sprt.map(|s| s.elo1), Some(40.0));
        assert!(parse(&args("--engine a --engine b"))
            .unwrap()
            .sprt
            .is_none());
        for bad in [
            "--engine a --engine b --sprt",
            "--engine a --engine b --sprt elo0=0",
            "--engine a --engine b --sprt elo0=0 elo1=40 --games 7",
            "--engine a --engine b --sprt elo0=0 elo1=40 alpha=2",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn mnk_games_take_their_spec_in_one_argument() {
        let with = |game: &str, extra: &[&str]| {
            let mut a = args("--engine a --engine b --game");
            a.push(game.to_string());
            a.extend(extra.iter().map(|s| s.to_string()));
            parse(&a)
        };
        let t = with("mnk 5 4 4", &[]).unwrap();
        assert_eq!(
            t.spec,
            GameSpec::Mnk {
                width: 5,
                height: 4,
                k: 4
            }
        );
        assert_eq!(t.protocol, Protocol::Gtp);
        assert_eq!(with("mnk 3 3 3", &[]).unwrap().spec, GameSpec::TicTacToe);
        for (game, extra) in [
            ("mnk 2 4 4", &[][..]),
            ("mnk 4 4 7", &[]),
            ("mnk 5 4", &[]),
            ("mnk 5 4 4", &["--protocol", "gomocup"]),
            ("mnk 5 4 4", &["--size", "9"]),
        ] {
            assert!(with(game, extra).is_err(), "{game} {extra:?}");
        }
    }

    #[test]
    fn rejects_inconsistent_setups() {
        for bad in [
            "--engine a",
            "--option x=1 --engine a --engine b",
            "--engine a --engine b --game tictactoe --protocol gomocup",
            "--engine a --engine b --size 40",
            "--engine a --engine b --tc-move 0",
            "--engine a --engine b --games 0",
            "--engine a --engine b --frobnicate",
            "--engine a --option nonsense --engine b",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
        let t = parse(&args("--engine a --engine b --game tictactoe")).unwrap();
        assert_eq!(t.protocol, Protocol::Gtp);
        assert_eq!(t.spec, GameSpec::TicTacToe);
    }
}
