//! Reading the JSON-Lines logs of earlier versions incrementally (for the upgrade): a log is read in fixed-size chunks, each
//! line is hashed as it streams by, and only lines up to a cap are ever held in memory — a longer
//! line (or a multi-GiB file with no newline at all) costs one chunk of memory, not its size.
//!
//! Deliberately absent: parsing (the callers classify the lines they are given) and any read of a
//! whole file.

use std::io;
use std::path::Path;

use crate::disk::Disk;

/// How much of a log is read at once.
pub const CHUNK_BYTES: u64 = 256 * 1024;

/// 64-bit FNV-1a offset basis: the hash of no bytes.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// 64-bit FNV-1a: a fast, stable fingerprint of a log line (not a defence against forgery, a
/// check that an index describes these bytes).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_from(FNV_START, bytes)
}

/// FNV-1a continued from `hash` over `bytes`: the hash of a concatenation, computed in pieces.
pub fn fnv1a_from(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One complete line of a log, newline included.
#[derive(Debug)]
pub struct Line<'a> {
    /// Its byte offset in the file.
    pub at: u64,
    /// Its length in bytes, newline included.
    pub len: u64,
    /// The FNV-1a hash of all its bytes.
    pub hash: u64,
    /// Its bytes, or `None` if it is longer than the cap given to [`for_each_line`].
    pub bytes: Option<&'a [u8]>,
}

/// Calls `each` for every complete line (ending in `\n`) of `path` between byte `start` and byte
/// `end`, in order; lines longer than `cap` bytes are given without their bytes. Returns the
/// offset just after the last complete line (a torn tail is not given). Memory: one chunk plus
/// at most `cap` bytes.
pub fn for_each_line(
    disk: &dyn Disk,
    path: &Path,
    start: u64,
    end: u64,
    cap: u64,
    mut each: impl FnMut(Line<'_>) -> io::Result<()>,
) -> io::Result<u64> {
    let cap_len = usize::try_from(cap).unwrap_or(usize::MAX);
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut hash = FNV_START;
    let mut line_start = start;
    let mut offset = start;
    while offset < end {
        let chunk = disk.read_at(path, offset, CHUNK_BYTES.min(end - offset))?;
        if chunk.is_empty() {
            break;
        }
        let mut rest = &chunk[..];
        while !rest.is_empty() {
            let (piece, complete) = match rest.iter().position(|&b| b == b'\n') {
                Some(pos) => (&rest[..=pos], true),
                None => (rest, false),
            };
            rest = &rest[piece.len()..];
            hash = fnv1a_from(hash, piece);
            if !too_long && line.len() + piece.len() <= cap_len {
                line.extend_from_slice(piece);
            } else {
                too_long = true;
                line = Vec::new();
            }
            offset += piece.len() as u64;
            if complete {
                each(Line {
                    at: line_start,
                    len: offset - line_start,
                    hash,
                    bytes: (!too_long).then_some(&line[..]),
                })?;
                line.clear();
                too_long = false;
                hash = FNV_START;
                line_start = offset;
            }
        }
    }
    Ok(line_start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disk::RealDisk;
    use std::fs;

    /// Offset, length and (capped) bytes of each line.
    type Seen = Vec<(u64, u64, Option<Vec<u8>>)>;

    fn lines_of(bytes: &[u8], cap: u64) -> (Seen, u64) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log");
        fs::write(&path, bytes).unwrap();
        let mut seen = Vec::new();
        let end = for_each_line(&RealDisk, &path, 0, bytes.len() as u64, cap, |line| {
            assert_eq!(
                line.hash,
                fnv1a(&bytes[line.at as usize..(line.at + line.len) as usize])
            );
            seen.push((line.at, line.len, line.bytes.map(<[u8]>::to_vec)));
            Ok(())
        })
        .unwrap();
        (seen, end)
    }

    #[test]
    fn lines_stream_across_chunks_and_long_ones_lose_their_bytes() {
        let long = vec![b'x'; usize::try_from(CHUNK_BYTES).unwrap() * 2 + 5];
        let mut log = b"a\n".to_vec();
        log.extend(&long);
        log.extend(b"\nbc\ntorn");
        let (seen, end) = lines_of(&log, 10);
        assert_eq!(seen.len(), 3);
        assert_eq!(seen[0], (0, 2, Some(b"a\n".to_vec())));
        assert_eq!(seen[1].2, None, "over the cap: no bytes");
        assert_eq!(seen[1].1, long.len() as u64 + 1);
        assert_eq!(seen[2].2, Some(b"bc\n".to_vec()));
        assert_eq!(end, log.len() as u64 - 4, "the torn tail is not a line");
    }

    #[test]
    fn hashes_continue_across_pieces() {
        assert_eq!(fnv1a_from(fnv1a(b"ab\n"), b"cd\n"), fnv1a(b"ab\ncd\n"));
    }
}
