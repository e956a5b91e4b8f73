//! Parsing Gomocup (piskvork) lines into typed commands, including the multi-line `BOARD`,
//! `SWAP2BOARD` and `YXBOARD` blocks that end with `DONE`.

use nom::character::complete::{char, digit1, space0};
use nom::combinator::{all_consuming, map_res, opt};
use nom::sequence::{preceded, tuple};
use nom::IResult;

/// A stone inside a board block: `x,y,who` where who is 1 (own), 2 (opponent) or 3 (continuous
/// game marker); swap2 blocks give plain `x,y`, colors alternating from black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockStone {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The `who` field (1 own, 2 opponent, 3 continuous); `None` in swap2 blocks.
    pub who: Option<u8>,
}

/// Which block a `DONE` closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// `BOARD`: set the position, then move.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
    /// `SWAP2BOARD`: answer the swap2 opening stage the stone count implies.
    Swap2,
}

/// One Gomocup command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START N`: a new N x N game.
    Start(usize),
    /// `RECTSTART W,H`: a new rectangular game.
    RectStart(usize, usize),
    /// `RESTART`: the same board, empty.
    Restart,
    /// `BEGIN`: the brain moves first.
    Begin,
    /// `TURN X,Y`: the opponent played; the brain answers with its move.
    Turn(usize, usize),
    /// `PLAY X,Y`: place the brain's own stone without thinking.
    Play(usize, usize),
    /// `TAKEBACK X,Y`: remove that stone.
    Takeback(usize, usize),
    /// `BOARD`-style blocks with their stones.
    Block(BlockKind, Vec<BlockStone>),
    /// `INFO KEY VALUE`.
    Info(String, String),
    /// `END`: exit.
    End,
    /// `ABOUT`: name, version, author.
    About,
    /// `STOP`/`YXSTOP`: answer now.
    Stop,
    /// `YXNBEST N`: the N best moves.
    NBest(usize),
    /// `YXHASHCLEAR`: forget learned search state.
    HashClear,
    /// `YXSHOWFORBID`: renju forbidden points.
    ShowForbid,
    /// A line that could not be parsed: answered with `ERROR`.
    Malformed(String),
    /// An unknown command: answered with `UNKNOWN`.
    Unknown(String),
}

/// `x,y` with an optional third field `,who`; spaces allowed around the commas.
fn stone_fields(input: &str) -> IResult<&str, (usize, usize, Option<u8>)> {
    let comma = |i| tuple((space0, char(','), space0))(i);
    let (i, (_, x, _, y, who, _)) = tuple((
        space0,
        map_res(digit1, str::parse::<usize>),
        comma,
        map_res(digit1, str::parse::<usize>),
        opt(preceded(comma, map_res(digit1, str::parse::<u8>))),
        space0,
    ))(input)?;
    Ok((i, (x, y, who)))
}

/// Parses `x,y`.
pub fn coords(s: &str) -> Option<(usize, usize)> {
    match all_consuming(stone_fields)(s) {
        Ok((_, (x, y, None))) => Some((x, y)),
        _ => None,
    }
}

/// Parses a block line: `x,y` or `x,y,who`.
pub fn block_stone(s: &str) -> Option<BlockStone> {
    let (_, (x, y, who)) = all_consuming(stone_fields)(s).ok()?;
    Some(BlockStone { x, y, who })
}

/// What one line outside a block means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole command, ready for the engine thread.
    Command(Command),
    /// The line opens a block; the rest of the line may already hold stones (and `DONE`).
    OpenBlock(BlockKind, String),
}

/// Parses one line outside a block.
pub fn parse_line(line: &str) -> Line {
    let line = line.trim();
    let (word, rest) = match line.split_once(' ') {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let word = word.to_ascii_uppercase();
    let with_coords = |make: fn(usize, usize) -> Command| match coords(rest) {
        Some((x, y)) => make(x, y),
        None => Command::Malformed(format!("{word} expects x,y")),
    };
    let command = match word.as_str() {
        "START" => match rest.parse::<usize>() {
            Ok(n) => Command::Start(n),
            Err(_) => Command::Malformed("START expects a board size".into()),
        },
        "RECTSTART" => with_coords(Command::RectStart),
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => with_coords(Command::Turn),
        "PLAY" => with_coords(Command::Play),
        "TAKEBACK" => with_coords(Command::Takeback),
        "BOARD" => return Line::OpenBlock(BlockKind::Board, rest.to_string()),
        "SWAP2BOARD" => return Line::OpenBlock(BlockKind::Swap2, rest.to_string()),
        "YXBOARD" => return Line::OpenBlock(BlockKind::YxBoard, rest.to_string()),
        "INFO" => match rest.split_once(' ') {
            Some((key, value)) => Command::Info(key.to_ascii_lowercase(), value.trim().into()),
            None => Command::Malformed("INFO expects a key and a value".into()),
        },
        "END" => Command::End,
        "ABOUT" => Command::About,
        "YXSTOP" | "STOP" => Command::Stop,
        "YXNBEST" => match rest.parse::<usize>() {
            Ok(n) if n >= 1 => Command::NBest(n),
            _ => Command::Malformed("YXNBEST expects a count of at least 1".into()),
        },
        "YXHASHCLEAR" => Command::HashClear,
        "YXSHOWFORBID" => Command::ShowForbid,
        _ => Command::Unknown(word.chars().take(32).collect()),
    };
    Line::Command(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates() {
        assert_eq!(coords("7,8"), Some((7, 8)));
        assert_eq!(coords(" 7 , 8 "), Some((7, 8)));
        assert_eq!(coords("7;8"), None);
        assert_eq!(coords("99999999999999999999999,1"), None);
        assert_eq!(
            block_stone("1,2,1"),
            Some(BlockStone {
                x: 1,
                y: 2,
                who: Some(1)
            })
        );
        assert_eq!(block_stone("1,2").map(|s| s.who), Some(None));
    }

    #[test]
    fn commands() {
        assert_eq!(parse_line("START 15"), Line::Command(Command::Start(15)));
        assert_eq!(parse_line("turn 3,4"), Line::Command(Command::Turn(3, 4)));
        assert_eq!(
            parse_line("BOARD"),
            Line::OpenBlock(BlockKind::Board, String::new())
        );
        assert_eq!(
            parse_line("INFO timeout_turn 1000"),
            Line::Command(Command::Info("timeout_turn".into(), "1000".into()))
        );
        assert!(matches!(
            parse_line("TURN x"),
            Line::Command(Command::Malformed(_))
        ));
        assert!(matches!(
            parse_line("FLY"),
            Line::Command(Command::Unknown(_))
        ));
    }
}
