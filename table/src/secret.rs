//! Secrets: the [`TableCode`] people read aloud, the [`SeatToken`] that takes a seat back, and
//! [`Entropy`], the one place randomness enters a table.
//!
//! A code's first [`NAMEPLATE_CHARS`] characters are its public [`Nameplate`]: it routes a connection to
//! its table at a server or a relay, and is sent in clear; the whole code keys the connection's
//! encrypted channel (`channel`) and is never sent.
//!
//! A real table draws from the operating system's secure generator ([`Entropy::os`], `rand`'s
//! `OsRng`): codes, tokens, the match's deal seed, the first dealer, random seating and the AI seeds.
//! [`Entropy::seeded`] is a deterministic generator for tests and nothing else: with it, codes and deals
//! are predictable.

use rand::rngs::{OsRng, StdRng};
use rand::{RngCore, SeedableRng, TryRngCore};

/// The secure generator failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the secure random generator failed")]
pub struct EntropyError;

/// Where a table's randomness comes from. See the module docs.
#[derive(Debug)]
pub struct Entropy(Source);

#[derive(Debug)]
enum Source {
    Os,
    Seeded(Box<StdRng>),
}

impl Entropy {
    /// The operating system's secure generator: what every real table uses.
    pub fn os() -> Entropy {
        Entropy(Source::Os)
    }

    /// A deterministic generator, for tests only (its codes and deals are predictable).
    pub fn seeded(seed: u64) -> Entropy {
        Entropy(Source::Seeded(Box::new(StdRng::seed_from_u64(seed))))
    }

    /// Fills `bytes` with random bytes.
    pub fn fill(&mut self, bytes: &mut [u8]) -> Result<(), EntropyError> {
        match &mut self.0 {
            Source::Os => OsRng.try_fill_bytes(bytes).map_err(|_| EntropyError),
            Source::Seeded(rng) => {
                rng.fill_bytes(bytes);
                Ok(())
            }
        }
    }

    /// 64 random bits.
    pub fn u64(&mut self) -> Result<u64, EntropyError> {
        let mut bytes = [0; 8];
        self.fill(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// A number below `n` (`n` ≥ 1; the bias of a 64-bit draw reduced modulo a small `n` is under
    /// 2^-58).
    pub fn below(&mut self, n: usize) -> Result<usize, EntropyError> {
        Ok((self.u64()? % n.max(1) as u64) as usize)
    }
}

/// The code alphabet: Crockford's base 32 (digits and capitals without I, L, O, U), so a code read aloud
/// or typed with `O` for `0` or `l` for `1` still matches.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters in a code: 10 × 5 = 50 random bits.
pub const CODE_CHARS: usize = 10;

/// A table code: ten characters of Crockford base 32 (50 bits), shown as two groups of five.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCode([u8; CODE_CHARS]);

impl TableCode {
    /// A fresh code.
    pub fn generate(entropy: &mut Entropy) -> Result<TableCode, EntropyError> {
        let mut bytes = [0u8; CODE_CHARS];
        entropy.fill(&mut bytes)?;
        // 256 is a multiple of 32: each character is uniform.
        Ok(TableCode(bytes.map(|b| ALPHABET[usize::from(b % 32)])))
    }

    /// The code typed text names (read as [`TableCode::matches`] reads it), if it is one.
    pub fn parse(typed: &str) -> Option<TableCode> {
        let mut chars = [0u8; CODE_CHARS];
        let mut read = read_aloud(typed);
        for slot in &mut chars {
            let c = read.next()?;
            *slot = u8::try_from(c).ok().filter(|b| ALPHABET.contains(b))?;
        }
        read.next().is_none().then_some(TableCode(chars))
    }

    /// The code as shown: `7KQ2M-XR4TD`.
    pub fn display(&self) -> String {
        let text: String = self.0.iter().map(|&b| char::from(b)).collect();
        format!("{}-{}", &text[..5], &text[5..])
    }

    /// The code's public part: its first [`NAMEPLATE_CHARS`] characters.
    pub fn nameplate(&self) -> Nameplate {
        Nameplate([self.0[0], self.0[1], self.0[2]])
    }

    /// The code's ten characters, without the dash (the channel's password).
    pub fn as_bytes(&self) -> &[u8; CODE_CHARS] {
        &self.0
    }

    /// Whether typed text is this code: case, spaces and dashes do not matter, and `I`/`L` read as
    /// `1`, `O` as `0`. Compared in constant time over the code's length.
    pub fn matches(&self, typed: &str) -> bool {
        let mut normal = read_aloud(typed);
        let mut diff = 0u32;
        for &expected in &self.0 {
            match normal.next() {
                Some(c) => diff |= u32::from(c) ^ u32::from(expected),
                None => diff |= 1,
            }
        }
        diff == 0 && normal.next().is_none()
    }
}

/// Characters of a code that are its public nameplate: 15 bits, 32,768 nameplates.
pub const NAMEPLATE_CHARS: usize = 3;

/// A code's public part ([`TableCode::nameplate`]): three characters of the code alphabet, in capitals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nameplate([u8; NAMEPLATE_CHARS]);

impl Nameplate {
    /// The nameplate of these bytes, if they are three characters of the alphabet (as shown: capitals,
    /// no look-alikes).
    pub fn from_bytes(bytes: [u8; NAMEPLATE_CHARS]) -> Option<Nameplate> {
        bytes
            .iter()
            .all(|b| ALPHABET.contains(b))
            .then_some(Nameplate(bytes))
    }

    /// The nameplate typed text names, read as codes are ([`TableCode::matches`]), if it is one.
    pub fn parse(typed: &str) -> Option<Nameplate> {
        let mut bytes = [0u8; NAMEPLATE_CHARS];
        let mut read = read_aloud(typed);
        for slot in &mut bytes {
            *slot = u8::try_from(read.next()?).ok()?;
        }
        if read.next().is_some() {
            return None;
        }
        Nameplate::from_bytes(bytes)
    }

    /// Its three characters.
    pub fn as_bytes(&self) -> &[u8; NAMEPLATE_CHARS] {
        &self.0
    }

    /// Its text: `7KQ`.
    pub fn as_str(&self) -> &str {
        // Only alphabet characters (ASCII) are ever held.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

/// Typed text as code characters: spaces and dashes dropped, upper case, `I`/`L` as `1`, `O` as `0`.
fn read_aloud(typed: &str) -> impl Iterator<Item = char> + '_ {
    typed
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            c => c,
        })
}

/// The code typed text names, as shown (`7KQ2M-XR4TD`), read as [`TableCode::matches`] reads it; `None`
/// if it is not ten characters of the alphabet. A server holding several tables finds one by it.
pub fn normalize_code(typed: &str) -> Option<String> {
    TableCode::parse(typed).map(|code| code.display())
}

/// A seat token: 128 random bits, written as 32 lower-case hex digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatToken([u8; 16]);

impl SeatToken {
    /// A fresh token.
    pub fn generate(entropy: &mut Entropy) -> Result<SeatToken, EntropyError> {
        let mut bytes = [0u8; 16];
        entropy.fill(&mut bytes)?;
        Ok(SeatToken(bytes))
    }

    /// The token whose text is `hex` (32 lower-case hex digits), if it is one.
    pub fn from_hex(hex: &str) -> Option<SeatToken> {
        let digits = hex.as_bytes();
        if digits.len() != 32 || !hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return None;
        }
        let mut bytes = [0u8; 16];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(SeatToken(bytes))
    }

    /// The token's text.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Whether `text` is this token, compared in constant time (the text's length aside).
    pub fn matches(&self, text: &str) -> bool {
        let text = text.as_bytes();
        if text.len() != 32 {
            return false;
        }
        let mut diff = 0u8;
        for (i, &byte) in self.0.iter().enumerate() {
            let hex = format!("{byte:02x}");
            let hex = hex.as_bytes();
            diff |= (hex[0] ^ text[2 * i]) | (hex[1] ^ text[2 * i + 1]);
        }
        diff == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_ten_unambiguous_characters_and_match_as_read_aloud() {
        let mut entropy = Entropy::seeded(1);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..1000 {
            let code = TableCode::generate(&mut entropy).expect("seeded");
            let shown = code.display();
            assert_eq!(shown.len(), 11);
            assert!(
                shown
                    .chars()
                    .all(|c| c == '-' || ALPHABET.contains(&(c as u8)))
            );
            assert!(!shown.contains(['I', 'L', 'O', 'U']));
            assert!(code.matches(&shown));
            assert!(code.matches(&shown.to_lowercase().replace('-', " ")));
            assert!(!code.matches(&shown[..10]));
            assert!(!code.matches(&format!("{shown}0")));
            seen.insert(shown);
        }
        assert_eq!(seen.len(), 1000, "50-bit codes do not repeat in 1000 draws");
        let code = TableCode(*b"0123456789");
        assert!(code.matches("Ol234-56789"));
        assert!(code.matches("oI234 56789"));
        assert!(!code.matches("01234-5678A"));
        assert!(!code.matches(""));
        assert_eq!(
            normalize_code("oI234 56789").as_deref(),
            Some("01234-56789")
        );
        assert_eq!(normalize_code("01234-5678U"), None);
        assert_eq!(normalize_code("01234-5678"), None);
        assert_eq!(normalize_code("01234-567890"), None);
        assert_eq!(normalize_code("01234-5678é"), None);
    }

    #[test]
    fn a_nameplate_is_the_codes_first_three_characters_and_nothing_else_parses() {
        let code = TableCode::parse("7kq2m xr4td").expect("a code");
        assert_eq!(code.nameplate().as_str(), "7KQ");
        assert_eq!(Nameplate::parse("7kq"), Some(code.nameplate()));
        assert_eq!(Nameplate::parse("7-K Q"), Some(code.nameplate()));
        assert_eq!(
            Nameplate::parse("oIl")
                .map(|n| n.as_str().to_string())
                .as_deref(),
            Some("011")
        );
        assert_eq!(Nameplate::parse("7K"), None);
        assert_eq!(Nameplate::parse("7KQ2"), None);
        assert_eq!(Nameplate::parse("7KU"), None);
        assert_eq!(Nameplate::parse("7Kéé"), None);
        assert_eq!(Nameplate::from_bytes(*b"7kq"), None);
        assert_eq!(Nameplate::from_bytes(*b"7KQ"), Some(code.nameplate()));
        assert_eq!(code.as_bytes(), b"7KQ2MXR4TD");
    }

    #[test]
    fn the_os_generator_gives_distinct_codes_and_tokens() {
        let mut entropy = Entropy::os();
        let a = TableCode::generate(&mut entropy).expect("OS randomness");
        let b = TableCode::generate(&mut entropy).expect("OS randomness");
        assert_ne!(a, b);
        let t = SeatToken::generate(&mut entropy).expect("OS randomness");
        let u = SeatToken::generate(&mut entropy).expect("OS randomness");
        assert_ne!(t, u);
    }

    #[test]
    fn tokens_match_only_their_own_hex() {
        let mut entropy = Entropy::seeded(2);
        let token = SeatToken::generate(&mut entropy).expect("seeded");
        let hex = token.to_hex();
        assert_eq!(hex.len(), 32);
        assert!(token.matches(&hex));
        assert_eq!(SeatToken::from_hex(&hex), Some(token.clone()));
        assert_eq!(
            SeatToken::from_hex(&hex.to_uppercase()).is_some(),
            hex == hex.to_uppercase()
        );
        assert_eq!(SeatToken::from_hex(&hex[..31]), None);
        assert_eq!(SeatToken::from_hex(&"é".repeat(16)), None);
        assert!(!token.matches(&hex.to_uppercase()) || hex == hex.to_uppercase());
        let mut wrong = hex.clone().into_bytes();
        wrong[31] = if wrong[31] == b'0' { b'1' } else { b'0' };
        assert!(!token.matches(&String::from_utf8(wrong).expect("ascii")));
        assert!(!token.matches(&hex[..31]));
        assert!(!token.matches(""));
        assert!(!token.matches("é".repeat(16).as_str()));
    }
}
