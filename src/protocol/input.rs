//! Reading raw input lines safely: bounded length, any bytes, any line ending.
//!
//! Whatever arrives on stdin (binary garbage, CRLF, a megabyte without a newline) becomes an
//! [`InputLine`] the parsers can trust: valid UTF-8 with control characters removed and tabs turned
//! into spaces, or a marker that the line was too long.

use std::io::{self, BufRead};

/// Lines longer than this are refused whole (answered with an error), never buffered further.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input, cleaned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A cleaned line (no CR, no control characters).
    Text(String),
    /// A line over the length limit, skipped to its end so the next line reads cleanly.
    TooLong,
}

/// Reads one line; `Ok(None)` at end of input. A final line without newline still counts.
pub fn read_line(input: &mut dyn BufRead) -> io::Result<Option<InputLine>> {
    let mut bytes: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut saw_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !saw_any {
                return Ok(None);
            }
            break;
        }
        saw_any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if bytes.len() + chunk.len() > MAX_LINE_BYTES {
                too_long = true;
                bytes = Vec::new();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Some(InputLine::TooLong));
    }
    Ok(Some(InputLine::Text(clean(&bytes))))
}

/// GTP's preprocessing: control characters except tab are dropped, tabs become spaces.
/// Bytes that are not UTF-8 become U+FFFD so the parser sees them and rejects the line.
pub fn clean(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8]) -> Vec<InputLine> {
        let mut r = io::BufReader::with_capacity(7, data);
        let mut v = Vec::new();
        while let Some(l) = read_line(&mut r).unwrap() {
            v.push(l);
        }
        v
    }

    #[test]
    fn crlf_tabs_and_missing_newline() {
        assert_eq!(
            lines(b"name\r\nplay\tb a1\nlast"),
            vec![
                InputLine::Text("name".into()),
                InputLine::Text("play b a1".into()),
                InputLine::Text("last".into())
            ]
        );
    }

    #[test]
    fn over_long_line_is_refused_and_next_line_survives() {
        let mut data = vec![b'x'; MAX_LINE_BYTES + 10];
        data.extend_from_slice(b"\nname\n");
        assert_eq!(
            lines(&data),
            vec![InputLine::TooLong, InputLine::Text("name".into())]
        );
    }

    #[test]
    fn binary_garbage_is_cleaned() {
        let l = lines(&[0xff, 0x00, b'a', 0x07, b'\n']);
        assert_eq!(l, vec![InputLine::Text("\u{fffd}a".into())]);
    }
}
