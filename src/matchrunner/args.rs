//! The `gridmind match` command line: every flag of the issue-6 contract, checked up front so a
//! match either starts with a consistent configuration or does not start at all.

use std::path::PathBuf;
use std::time::Duration;

use super::sprt::Sprt;
use crate::games::{GameSpec, Rule, GOMOKU_SIZES};

/// The usage text printed on `--help` and after an argument error.
pub const USAGE: &str = "\
usage: gridmind match --engine CMD [--option K=V]... [--dir DIR]
                      --engine CMD [--option K=V]... [--dir DIR] [--name A --name B]
                      [--protocol gomocup|gtp] [--game gomoku|tictactoe|\"mnk M N K\"] [--size N]
                      [--rule freestyle|standard|renju] [--games N] [--openings FILE]
                      [--tc-move MS] [--tc-match MS] [--tolerance MS] [--concurrency N]
                      [--sgf FILE] [--seed N] [--log FILE]
                      [--sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=logistic|normalized]]
  CMD is a command line (quote it); --option and --dir apply to the engine before them; the
  first --name names the first engine, the second the second.
  Defaults: gomoku 15x15 freestyle over gomocup (tictactoe, mnk: gtp), 2 games per opening (10 games
  without --openings), --tc-move 1000, --tc-match 0 (none), --tolerance 100, --concurrency 1.
  --sprt stops at a verdict (at --games at the latest, which must then be even); exit status
  0 = H1 accepted (or no --sprt), 3 = H0 accepted, 4 = inconclusive, 2 = could not run.";

/// Which wire protocol the runner speaks to both engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Gomocup,
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
    pub engines: [EngineSpec; 2],
    pub protocol: Protocol,
    pub spec: GameSpec,
    /// Number of games; `None` means "2 per opening, or 10 without openings".
    pub games: Option<usize>,
    pub openings: Option<PathBuf>,
    /// Per-move limit; `None` = no per-move limit.
    pub tc_move: Option<Duration>,
    /// Per-game time for each engine; `None` = unlimited.
    pub tc_match: Option<Duration>,
    pub tolerance: Duration,
    pub concurrency: usize,
    pub sgf: Option<PathBuf>,
    pub seed: Option<u64>,
    /// Where to write every line exchanged with the engines.
    pub log: Option<PathBuf>,
    /// Stop at this test's verdict instead of playing every game.
    pub sprt: Option<Sprt>,
}

#[derive(Default)]
struct Partial {
    engines: Vec<EngineSpec>,
    /// `--name` values in order: the k-th names the k-th engine, so both `--engine X --name A
    /// --engine Y --name B` and `--engine X --engine Y --name A --name B` work.
    names: Vec<String>,
}

/// Parses the arguments after `gridmind match`. `Err("")` means `--help` was asked for.
pub fn parse(args: &[String]) -> Result<MatchConfig, String> {
    let mut p = Partial::default();
    let mut protocol = None;
    let mut game = "gomoku".to_string();
    let mut size = None;
    let mut rule = Rule::Freestyle;
    let mut games = None;
    let mut openings = None;
    let mut tc_move = 1000u64;
    let mut tc_match = 0u64;
    let mut tolerance = 100u64;
    let mut concurrency = 1usize;
    let mut sgf = None;
    let mut seed = None;
    let mut log = None;
    let mut sprt = None;

    let mut it = args.iter().peekable();
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--engine" => {
                let cmd = value()?;
                let argv = split_command(&cmd)?;
                if argv.is_empty() {
                    return Err("--engine needs a command".into());
                }
                p.engines.push(EngineSpec {
                    argv,
                    name: String::new(),
                    options: Vec::new(),
                    dir: None,
                });
            }
            "--name" => {
                let v = value()?;
                if v.trim().is_empty() || v.contains(char::is_whitespace) {
                    return Err(format!("--name takes a name without spaces, got '{v}'"));
                }
                p.names.push(v);
            }
            "--option" => {
                let v = value()?;
                let i = last_engine(&p, flag)?;
                let (k, val) = v
                    .split_once('=')
                    .filter(|(k, _)| !k.is_empty() && !k.contains(char::is_whitespace))
                    .ok_or_else(|| format!("--option takes NAME=VALUE, got '{v}'"))?;
                p.engines[i].options.push((k.to_string(), val.to_string()));
            }
            "--dir" => {
                let v = value()?;
                let i = last_engine(&p, flag)?;
                p.engines[i].dir = Some(v.into());
            }
            "--protocol" => {
                protocol = Some(match value()?.as_str() {
                    "gomocup" => Protocol::Gomocup,
                    "gtp" => Protocol::Gtp,
                    other => return Err(format!("--protocol takes gomocup or gtp, got '{other}'")),
                })
            }
            "--game" => game = value()?,
            "--size" => size = Some(number(flag, &value()?)? as usize),
            "--rule" => {
                let v = value()?;
                rule = Rule::from_name(&v).ok_or_else(|| {
                    format!("--rule takes freestyle, standard or renju, got '{v}'")
                })?;
            }
            "--games" => {
                let n = number(flag, &value()?)?;
                if n == 0 {
                    return Err("--games must be at least 1".into());
                }
                games = Some(n as usize);
            }
            "--openings" => openings = Some(PathBuf::from(value()?)),
            "--tc-move" => tc_move = number(flag, &value()?)?,
            "--tc-match" => tc_match = number(flag, &value()?)?,
            "--tolerance" => tolerance = number(flag, &value()?)?,
            "--concurrency" => {
                concurrency = number(flag, &value()?)? as usize;
                if !(1..=64).contains(&concurrency) {
                    return Err("--concurrency takes 1..64".into());
                }
            }
            "--sgf" => sgf = Some(PathBuf::from(value()?)),
            "--seed" => seed = Some(number(flag, &value()?)?),
            "--log" => log = Some(PathBuf::from(value()?)),
            "--sprt" => {
                // Its KEY=VALUE words follow as separate arguments, up to the next flag.
                let mut words = Vec::new();
                while let Some(w) = it.next_if(|w| !w.starts_with("--")) {
                    words.push(w.clone());
                }
                sprt = Some(Sprt::parse(&words)?);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }

    if p.engines.len() != 2 {
        return Err(format!(
            "a match needs exactly two --engine, got {}",
            p.engines.len()
        ));
    }
    let spec = match game.as_str() {
        "gomoku" => {
            let n = size.unwrap_or(15);
            if !GOMOKU_SIZES.contains(&n) {
                return Err(format!(
                    "--size {n} is not supported (gomoku: {}..{})",
                    GOMOKU_SIZES.start(),
                    GOMOKU_SIZES.end()
                ));
            }
            GameSpec::Gomoku {
                width: n,
                height: n,
                rule,
            }
        }
        "tictactoe" => {
            if size.is_some_and(|n| n != 3) {
                return Err("tictactoe is played on 3x3 only".into());
            }
            if openings.is_some() {
                return Err("--openings is for gomoku only".into());
            }
            GameSpec::TicTacToe
        }
        mnk if mnk.starts_with("mnk") => {
            if size.is_some() {
                return Err(
                    "--size is for gomoku; mnk games give their size: \"mnk M N K\"".into(),
                );
            }
            let spec = crate::protocol::gtp::parser::game_spec(mnk)
                .map_err(|e| format!("--game '{mnk}': {e}"))?;
            spec.build().map_err(|e| format!("--game '{mnk}': {e}"))?;
            spec
        }
        other => {
            return Err(format!(
                "--game takes gomoku, tictactoe or \"mnk M N K\", got '{other}'"
            ))
        }
    };
    let protocol = match (protocol, spec) {
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
    if tc_move == 0 && tc_match == 0 {
        return Err("set a time control: --tc-move MS and/or --tc-match MS".into());
    }
    if sprt.is_some() && games.is_some_and(|n| n % 2 == 1) {
        return Err("--sprt counts game pairs: --games must be even".into());
    }
    if p.names.len() > 2 {
        return Err("at most two --name (one per engine, in order)".into());
    }
    let mut engines = p.engines;
    for (e, name) in engines.iter_mut().zip(p.names) {
        e.name = name;
    }
    for e in engines.iter_mut().filter(|e| e.name.is_empty()) {
        e.name = default_name(&e.argv);
    }
    if engines[0].name == engines[1].name {
        engines[1].name.push_str("-2");
    }
    let ms = |v: u64| (v > 0).then(|| Duration::from_millis(v));
    let [a, b]: [EngineSpec; 2] = engines
        .try_into()
        .map_err(|_| "a match needs exactly two --engine".to_string())?;
    Ok(MatchConfig {
        engines: [a, b],
        protocol,
        spec,
        games,
        openings,
        tc_move: ms(tc_move),
        tc_match: ms(tc_match),
        tolerance: Duration::from_millis(tolerance),
        concurrency,
        sgf,
        seed,
        log,
        sprt,
    })
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

/// Splits a command line into words: spaces separate, `'...'` and `"..."` quote, `\` escapes.
pub fn split_command(s: &str) -> Result<Vec<String>, String> {
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

    fn args(s: &str) -> Vec<String> {
        split_command(s).unwrap()
    }

    #[test]
    fn splits_quoted_commands() {
        assert_eq!(
            args(r#"python3 "my brain.py" --seed\ 3 'a b'"#),
            vec!["python3", "my brain.py", "--seed 3", "a b"]
        );
        assert!(split_command("'open").is_err());
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
