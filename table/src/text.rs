//! What people write: names and chat lines. Both are trimmed, length-capped in characters and refused
//! when they hold control characters or the invisible characters that reverse text direction (which
//! could make a chat line or name read as something else).

use crate::ErrorCode;

/// Most characters in a name.
pub const MAX_NAME_CHARS: usize = 24;
/// Most characters in a chat line.
pub const MAX_CHAT_CHARS: usize = 200;

/// Control characters and the bidirectional overrides and isolates.
pub(crate) fn is_forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200E}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A name as shown: trimmed, 1 to [`MAX_NAME_CHARS`] characters.
pub fn name(text: &str) -> Result<String, ErrorCode> {
    let text = text.trim();
    let count = text.chars().count();
    if count == 0 || count > MAX_NAME_CHARS || text.chars().any(is_forbidden) {
        return Err(ErrorCode::BadName {
            max: MAX_NAME_CHARS as u32,
        });
    }
    Ok(text.to_string())
}

/// A chat line as shown: trimmed, 1 to [`MAX_CHAT_CHARS`] characters.
pub fn chat_line(text: &str) -> Result<String, ErrorCode> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ErrorCode::ChatEmpty);
    }
    if text.chars().count() > MAX_CHAT_CHARS {
        return Err(ErrorCode::ChatTooLong {
            max: MAX_CHAT_CHARS as u32,
        });
    }
    if text.chars().any(is_forbidden) {
        return Err(ErrorCode::ChatControl);
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_lines_are_trimmed_capped_and_clean() {
        assert_eq!(name("  Ada "), Ok("Ada".to_string()));
        assert!(name("   ").is_err());
        assert!(name(&"é".repeat(24)).is_ok());
        assert!(name(&"é".repeat(25)).is_err());
        assert!(name("a\tb").is_err());
        assert!(name("abc\u{202E}fed").is_err());
        assert_eq!(chat_line(" ciao "), Ok("ciao".to_string()));
        assert_eq!(chat_line(" \n "), Err(ErrorCode::ChatEmpty));
        assert!(chat_line(&"x".repeat(200)).is_ok());
        assert_eq!(
            chat_line(&"x".repeat(201)),
            Err(ErrorCode::ChatTooLong { max: 200 })
        );
        assert_eq!(chat_line("line\nbreak"), Err(ErrorCode::ChatControl));
        assert_eq!(chat_line("bell\u{7}"), Err(ErrorCode::ChatControl));
        assert_eq!(chat_line("\u{2066}x"), Err(ErrorCode::ChatControl));
    }
}
