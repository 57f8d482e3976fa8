//! Reading the files and the standard input a command line is given (the `briscola` and
//! `briscola-lab` commands), bounded: only regular
//! files are opened (a FIFO, a device or a folder is refused before anything blocks or
//! allocates; a link is followed to what it names), and a file or input over
//! [`MAX_INPUT_BYTES`] is refused without being read whole. Every verb reads its file
//! arguments (`replay`, `review`, `pool`, `arena --paired-with`, `train --from`) through here.
//!
//! Errors are typed ([`InputError`]) so `replay` can print them as JSON data.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, Read};
use std::path::Path;

use serde::Serialize;

/// Largest file or standard input read: far above any record, arena run or network file.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// Longest line read from the standard input by the interactive verbs (`play`).
pub const MAX_LINE_BYTES: u64 = 64 * 1024;

/// What was wrong with a file argument.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "kebab-case")]
pub enum Problem {
    /// Nothing is there.
    Missing,
    /// A folder, FIFO, device or socket is there.
    NotAFile,
    /// Larger than [`MAX_INPUT_BYTES`].
    TooLarge {
        /// The limit.
        limit: u64,
    },
    /// Text was expected and the bytes are not UTF-8.
    NotUtf8,
    /// The system refused (permissions, I/O).
    Unreadable {
        /// The system's message.
        detail: String,
    },
}

/// A file argument that could not be read: `{"id": "file", "file": …, "problem": …}` as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "id", rename = "file")]
pub struct InputError {
    /// The path as given (`-` for the standard input).
    pub file: String,
    /// What was wrong.
    #[serde(flatten)]
    pub problem: Problem,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = &self.file;
        match &self.problem {
            Problem::Missing => write!(f, "{file}: no such file"),
            Problem::NotAFile => write!(f, "{file}: not a regular file"),
            Problem::TooLarge { limit } => write!(f, "{file}: larger than {limit} bytes"),
            Problem::NotUtf8 => write!(f, "{file}: not UTF-8 text"),
            Problem::Unreadable { detail } => write!(f, "{file}: {detail}"),
        }
    }
}

fn error(file: &Path, problem: Problem) -> InputError {
    InputError {
        file: file.display().to_string(),
        problem,
    }
}

fn io_problem(error: &std::io::Error) -> Problem {
    if error.kind() == std::io::ErrorKind::NotFound {
        Problem::Missing
    } else {
        Problem::Unreadable {
            detail: error.to_string(),
        }
    }
}

/// Opens `path` for reading if it is a regular file, without blocking on a FIFO.
fn open_regular(path: &Path) -> Result<File, InputError> {
    let meta = std::fs::metadata(path).map_err(|e| error(path, io_problem(&e)))?;
    if !meta.is_file() {
        return Err(error(path, Problem::NotAFile));
    }
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Swapped for a FIFO after the check, the open still returns at once.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options
        .open(path)
        .map_err(|e| error(path, io_problem(&e)))?;
    match file.metadata() {
        Ok(meta) if meta.is_file() => Ok(file),
        Ok(_) => Err(error(path, Problem::NotAFile)),
        Err(e) => Err(error(path, io_problem(&e))),
    }
}

/// Reads at most `cap` bytes from `reader`, refusing more.
fn read_capped(reader: impl Read, path: &Path, cap: u64) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| error(path, io_problem(&e)))?;
    if bytes.len() as u64 > cap {
        return Err(error(path, Problem::TooLarge { limit: cap }));
    }
    Ok(bytes)
}

/// The bytes of the regular file `path`, at most [`MAX_INPUT_BYTES`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
    read_capped(open_regular(path)?, path, MAX_INPUT_BYTES)
}

/// The text of the regular file `path` (or the standard input for `-`), at most
/// [`MAX_INPUT_BYTES`].
pub fn read_text(file: &str) -> Result<String, InputError> {
    let path = Path::new(file);
    let bytes = if file == "-" {
        read_capped(std::io::stdin().lock(), path, MAX_INPUT_BYTES)?
    } else {
        read_bytes(path)?
    };
    String::from_utf8(bytes).map_err(|_| error(path, Problem::NotUtf8))
}

/// The next line of `input` without its line ending, `None` at the end; a line over
/// [`MAX_LINE_BYTES`] is an error (its rest is not kept in memory).
pub fn read_line(input: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut line = Vec::new();
    let read = input
        .by_ref()
        .take(MAX_LINE_BYTES + 1)
        .read_until(b'\n', &mut line)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    if read == 0 {
        return Ok(None);
    }
    if line.len() as u64 > MAX_LINE_BYTES && !line.ends_with(b"\n") {
        return Err(format!(
            "a line of standard input is longer than {MAX_LINE_BYTES} bytes"
        ));
    }
    while line.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        line.pop();
    }
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| "standard input is not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn folders_and_missing_files_are_refused_as_data() {
        let dir = std::env::temp_dir();
        assert_eq!(
            read_bytes(&dir).expect_err("refused").problem,
            Problem::NotAFile
        );
        let missing = dir.join("briscola-no-such-file-here");
        assert_eq!(
            read_bytes(&missing).expect_err("refused").problem,
            Problem::Missing
        );
        let json = serde_json::to_value(read_bytes(&missing).expect_err("refused")).expect("ok");
        assert_eq!(json["id"], "file");
        assert_eq!(json["problem"], "missing");
    }

    #[test]
    fn lines_are_bounded() {
        let mut input = Cursor::new(b"ab\r\ncd\n".to_vec());
        assert_eq!(read_line(&mut input).expect("ok").as_deref(), Some("ab"));
        assert_eq!(read_line(&mut input).expect("ok").as_deref(), Some("cd"));
        assert_eq!(read_line(&mut input).expect("ok"), None);
        let long = vec![b'x'; usize::try_from(MAX_LINE_BYTES).expect("ok") + 10];
        assert!(read_line(&mut Cursor::new(long)).is_err());
    }
}
