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
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => exit(0),
        Err(e) => {
            eprintln!("briscola: cannot write to standard output: {e}");
            exit(1)
        }
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
