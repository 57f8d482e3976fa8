//! The bot's input framing: lines read as bytes with a size cap. A line longer than the cap is skipped
//! up to its newline without being kept whole, so one huge line cannot exhaust memory; a line that is
//! not UTF-8 is reported as such. Either way the caller answers an error and goes on.

use std::io::{self, BufRead};

/// One input line, without its newline.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's text.
    Text(String),
    /// The line is not UTF-8.
    NotUtf8,
    /// The line is longer than the cap; its bytes were skipped.
    TooLong,
}

/// Reads the next line, keeping at most `cap` bytes of it; `None` at end of input.
pub fn next_line<R: BufRead>(reader: &mut R, cap: usize) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        read_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        if !too_long && kept.len() + chunk.len() > cap {
            too_long = true;
            kept = Vec::new();
        }
        if !too_long {
            kept.extend_from_slice(chunk);
        }
        let used = newline.map_or(available.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            break;
        }
    }
    Ok(match (read_any, too_long) {
        (false, _) => None,
        (true, true) => Some(Line::TooLong),
        (true, false) => Some(match String::from_utf8(kept) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(input: &[u8], cap: usize) -> Vec<Line> {
        // A tiny buffer so that lines span many reads.
        let mut reader = io::BufReader::with_capacity(3, input);
        std::iter::from_fn(|| next_line(&mut reader, cap).expect("in-memory read")).collect()
    }

    #[test]
    fn lines_are_split_capped_and_checked_for_utf8() {
        let input = b"ab\n\xff\xfe\n0123456789\nlast";
        assert_eq!(
            all_lines(input, 5),
            vec![
                Line::Text("ab".to_string()),
                Line::NotUtf8,
                Line::TooLong,
                Line::Text("last".to_string()),
            ]
        );
        assert_eq!(
            all_lines(b"12345\n\n", 5),
            vec![Line::Text("12345".into()), Line::Text(String::new())]
        );
        assert_eq!(all_lines(b"", 5), vec![]);
    }
}
