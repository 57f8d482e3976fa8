//! Standard output for the commands (the `briscola` and `briscola-lab` ones). A reader that goes away (`briscola rules --json | head -1`) ends
//! the command cleanly with status 0, as `yes | head` does; `println!` would panic with a backtrace.
//! Any other write error ends it with a message and status 1.

use std::fmt::Display;
use std::io::{ErrorKind, Write};
use std::process::exit;

/// Prints `text` and a newline to standard output.
pub fn line(text: impl Display) {
    let mut out = std::io::stdout().lock();
    finish(writeln!(out, "{text}").and_then(|()| out.flush()));
}

fn finish(written: std::io::Result<()>) {
    if let Err(e) = written {
        fail(&e);
    }
}

fn fail(e: &std::io::Error) -> ! {
    if e.kind() == ErrorKind::BrokenPipe {
        exit(0);
    }
    eprintln!("briscola: cannot write to standard output: {e}");
    exit(1)
}

/// Standard output as a buffered writer under the same rules (long listings, exports).
pub struct Out(std::io::BufWriter<std::io::StdoutLock<'static>>);

impl Out {
    /// Locks standard output for this writer.
    pub fn new() -> Self {
        Self(std::io::BufWriter::new(std::io::stdout().lock()))
    }
}

impl Default for Out {
    fn default() -> Self {
        Self::new()
    }
}

impl Write for Out {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes).map_err(|e| fail(&e))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(|e| fail(&e))
    }
}

/// Prints `text` without a newline (a prompt).
pub fn prompt(text: impl Display) {
    let mut out = std::io::stdout().lock();
    finish(write!(out, "{text}").and_then(|()| out.flush()));
}

/// `println!` through [`line`].
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::out::line(format_args!($($arg)*))
    };
}
