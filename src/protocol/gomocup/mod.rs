//! The Gomocup (piskvork) brain protocol. PLACEHOLDER: detection only for now.

/// True when a line starts with a Gomocup command, so `--protocol auto` can pick this front end.
pub fn is_gomocup_line(line: &str) -> bool {
    let word = line.split([' ', ',']).next().unwrap_or("");
    matches!(
        word,
        "START"
            | "RECTSTART"
            | "RESTART"
            | "BEGIN"
            | "TURN"
            | "BOARD"
            | "INFO"
            | "END"
            | "ABOUT"
            | "TAKEBACK"
            | "PLAY"
            | "SWAP2BOARD"
            | "YXBOARD"
            | "YXSTOP"
            | "YXNBEST"
            | "YXHASHCLEAR"
            | "YXSHOWFORBID"
    )
}
