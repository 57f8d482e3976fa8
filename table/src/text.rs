//! What people write: names and chat lines. Both are trimmed, length-capped in characters and refused
//! when they hold a character that is invisible or changes how the text around it reads: control
//! characters, line and paragraph separators (U+2028, U+2029), format characters (the bidirectional
//! marks, embeddings, overrides and isolates such as U+202E and U+061C, zero-width spaces, the
//! byte-order mark, tags) and the invisible Hangul fillers. The zero-width joiner and non-joiner stay
//! (emoji sequences and several scripts need them), as do variation selectors.
//!
//! Two names are the same name when they read the same ([`same_name`]): compared in Unicode's
//! confusable skeleton (UTS 39, with `unicode-security`: look-alike letters of other scripts folded
//! together, default-ignorable characters removed), with and without case folding.
//!
//! Deliberately absent: refusing whole scripts or mixed-script names (friends write their names in
//! their own script), and any rewriting of what people wrote beyond trimming.

use unicode_security::skeleton;

use crate::ErrorCode;

/// Most characters in a name.
pub const MAX_NAME_CHARS: usize = 24;
/// Most characters in a chat line.
pub const MAX_CHAT_CHARS: usize = 200;

/// Control characters, line and paragraph separators, format characters (Unicode's `Cf`, but for the
/// zero-width joiner and non-joiner) and the invisible fillers.
pub fn is_forbidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{0600}'..='\u{0605}'
                | '\u{061C}'
                | '\u{06DD}'
                | '\u{070F}'
                | '\u{0890}'..='\u{0891}'
                | '\u{08E2}'
                | '\u{115F}'..='\u{1160}'
                | '\u{180E}'
                | '\u{200B}'
                | '\u{200E}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{13430}'..='\u{1343F}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// A name as shown: trimmed, 1 to [`MAX_NAME_CHARS`] characters, something visible among them.
pub fn name(text: &str) -> Result<String, ErrorCode> {
    let text = text.trim();
    let count = text.chars().count();
    let visible = skeleton(text).any(|c| !c.is_whitespace());
    if !visible || count > MAX_NAME_CHARS || text.chars().any(is_forbidden) {
        return Err(ErrorCode::BadName {
            max: MAX_NAME_CHARS as u32,
        });
    }
    Ok(text.to_string())
}

/// A name's confusable skeleton, after case folding or not.
fn folded(text: &str, lower: bool) -> String {
    let text: String = if lower {
        text.to_lowercase()
    } else {
        text.to_string()
    };
    skeleton(&text).collect()
}

/// Whether two names read the same: equal confusable skeletons (look-alike letters folded together,
/// invisible characters removed), with case folded before, or after.
pub fn same_name(a: &str, b: &str) -> bool {
    folded(a, true) == folded(b, true)
        || folded(a, false) == folded(b, false)
        || folded(a, false).to_lowercase() == folded(b, false).to_lowercase()
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

    #[test]
    fn invisible_and_direction_changing_characters_are_refused() {
        for c in [
            '\u{061C}',
            '\u{2028}',
            '\u{2029}',
            '\u{202E}',
            '\u{202C}',
            '\u{200B}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{2060}',
            '\u{E0041}',
            '\u{3164}',
            '\u{85}',
        ] {
            let text = format!("evil{c}exe");
            assert!(name(&text).is_err(), "{:04X} in a name", u32::from(c));
            assert_eq!(
                chat_line(&text),
                Err(ErrorCode::ChatControl),
                "{:04X} in chat",
                u32::from(c)
            );
        }
        assert!(name("\u{202E}evil\u{202C}.exe").is_err());
        // A name of nothing visible.
        assert!(name("\u{200D}\u{FE0F}").is_err());
        // Emoji sequences and joiners stay.
        assert!(name("Ada \u{2764}\u{FE0F}").is_ok());
        assert!(chat_line("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} ciao").is_ok());
        assert!(name("Ж\u{0301}ора").is_ok());
    }

    #[test]
    fn look_alike_names_are_the_same_name() {
        assert!(same_name("Ada", "ada"));
        assert!(same_name("Ada", "ADA"));
        // Cyrillic А and а that read as Latin.
        assert!(same_name("Ada", "\u{0410}d\u{0430}"));
        // A zero-width joiner or a variation selector inside changes nothing visible.
        assert!(same_name("Ada", "A\u{200D}da"));
        assert!(same_name("Ada", "Ad\u{FE0F}a"));
        // Capital I and small l.
        assert!(same_name("Ian", "lan"));
        assert!(!same_name("Ada", "Ida"));
        assert!(!same_name("Marco", "Marta"));
    }
}
