//! Open files: the relay raises its soft limit to the hard limit at start, holds no more
//! connections than the limit leaves room for, and its accept loop pauses instead of spinning when
//! the system has no descriptor (or memory) to give. (The table server does the same; this crate
//! depends on nothing of the table's.)
//!
//! Deliberately absent: raising the hard limit (that takes privileges), and limits on other systems
//! than Unix ones.

/// Descriptors kept for everything else the process opens.
const OTHER_FILES: u64 = 64;

/// Raises the soft open-file limit to the hard limit; the soft limit now (`None`: no limit).
#[cfg(unix)]
pub fn raise_limit() -> Option<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    if limit.current.is_some() && limit.current < limit.maximum.or(Some(u64::MAX)) {
        let raised = Rlimit {
            current: limit.maximum,
            maximum: limit.maximum,
        };
        if setrlimit(Resource::Nofile, raised).is_ok() {
            return raised.current;
        }
    }
    limit.current
}

/// See the Unix one: elsewhere there is no limit to raise.
#[cfg(not(unix))]
pub fn raise_limit() -> Option<u64> {
    None
}

/// The connections to hold at once: `wanted`, or fewer if the open-file limit leaves room for
/// fewer, at least one.
pub fn connections_within(wanted: usize, limit: Option<u64>) -> usize {
    match limit {
        Some(limit) => {
            let room = usize::try_from(limit.saturating_sub(OTHER_FILES)).unwrap_or(usize::MAX);
            wanted.min(room).max(1)
        }
        None => wanted,
    }
}

/// Whether an accept error says the system is short of descriptors or memory.
pub fn is_shortage(error: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        use rustix::io::Errno;
        [Errno::MFILE, Errno::NFILE, Errno::NOBUFS, Errno::NOMEM]
            .iter()
            .any(|errno| error.raw_os_error() == Some(errno.raw_os_error()))
    }
    #[cfg(not(unix))]
    {
        use std::io::ErrorKind;
        !matches!(
            error.kind(),
            ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset | ErrorKind::Interrupted
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_fit_within_the_open_file_limit() {
        assert_eq!(connections_within(4_096, Some(1_024)), 1_024 - 64);
        assert_eq!(connections_within(4_096, Some(1_048_576)), 4_096);
        assert_eq!(connections_within(4_096, None), 4_096);
        assert_eq!(connections_within(4_096, Some(10)), 1);
    }
}
