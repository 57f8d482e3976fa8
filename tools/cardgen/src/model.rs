//! Suits, ranks, deck styles and colours.

/// The four Latin suits, named by their character in the card notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suit {
    /// `d`: coins, oros, denari.
    Coins,
    /// `c`: cups, copas, coppe.
    Cups,
    /// `s`: swords, espadas, spade.
    Swords,
    /// `b`: clubs, bastos, bastoni.
    Clubs,
}

impl Suit {
    /// All suits in notation order.
    pub const ALL: [Suit; 4] = [Suit::Coins, Suit::Cups, Suit::Swords, Suit::Clubs];

    /// The suit character of the notation.
    pub fn ch(self) -> char {
        match self {
            Suit::Coins => 'd',
            Suit::Cups => 'c',
            Suit::Swords => 's',
            Suit::Clubs => 'b',
        }
    }

    /// Colours used for this suit.
    pub fn palette(self) -> Palette {
        match self {
            Suit::Coins => Palette {
                main: "#e8b320",
                dark: "#7a4c05",
                light: "#f8dc78",
                ink: "#8a5a00",
            },
            Suit::Cups => Palette {
                main: "#c8262e",
                dark: "#67121a",
                light: "#f2a0a0",
                ink: "#b01e24",
            },
            Suit::Swords => Palette {
                main: "#2f62bd",
                dark: "#132e66",
                light: "#a9c3ee",
                ink: "#1f4796",
            },
            Suit::Clubs => Palette {
                main: "#4d8a2c",
                dark: "#23421a",
                light: "#b3d487",
                ink: "#2e6b1f",
            },
        }
    }

    /// Number of breaks in the Spanish frame line ("la pinta").
    pub fn pinta_breaks(self) -> usize {
        match self {
            Suit::Coins => 0,
            Suit::Cups => 1,
            Suit::Swords => 2,
            Suit::Clubs => 3,
        }
    }

    /// Whether the suit's pip is long (sword, cudgel) rather than round (coin, cup).
    pub fn is_long(self) -> bool {
        matches!(self, Suit::Swords | Suit::Clubs)
    }
}

/// Colours of a suit.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    /// The suit colour.
    pub main: &'static str,
    /// A dark shade, for outlines and shadows.
    pub dark: &'static str,
    /// A light tint, for highlights and linings.
    pub light: &'static str,
    /// The colour of the corner index.
    pub ink: &'static str,
}

/// Fixed colours shared by all suits.
pub mod colour {
    /// Card face.
    pub const FACE: &str = "#fffcf2";
    /// Card border and general outlines.
    pub const LINE: &str = "#2b2622";
    /// Gold trim.
    pub const GOLD: &str = "#e6b12e";
    /// Dark gold outline.
    pub const GOLD_DARK: &str = "#7a4c05";
    /// Skin.
    pub const SKIN: &str = "#f4cfa8";
    /// Skin shadow.
    pub const SKIN_DARK: &str = "#8a5a3a";
    /// Hair.
    pub const HAIR: &str = "#6b3f1f";
    /// White of linen and ermine.
    pub const WHITE: &str = "#ffffff";
    /// Near-black for shoes, eyes and ermine spots.
    pub const BLACK: &str = "#231f1c";
}

/// Ranks in notation order: A, 2–9, J, Q, K.
pub const RANKS: [char; 12] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K'];

/// A card art style produced by the generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Napoletane-inspired Italian deck with indices 1–7, 8, 9, 10.
    Italian,
    /// The same Italian deck with court indices F, C, R.
    ItalianFcr,
    /// Spanish deck with la pinta and indices 1–7, 10, 11, 12.
    Spanish,
}

impl Style {
    /// All generated styles.
    pub const ALL: [Style; 3] = [Style::Italian, Style::ItalianFcr, Style::Spanish];

    /// Folder name under `assets/cards/`.
    pub fn dir(self) -> &'static str {
        match self {
            Style::Italian => "italian",
            Style::ItalianFcr => "italian-fcr",
            Style::Spanish => "spanish",
        }
    }

    /// Whether this is one of the Italian styles.
    pub fn is_italian(self) -> bool {
        matches!(self, Style::Italian | Style::ItalianFcr)
    }

    /// Prefix for element ids, so cards can be inlined into one document without clashes.
    /// Shared by both Italian styles so that their pip cards are identical files.
    pub fn id_prefix(self) -> &'static str {
        if self.is_italian() { "it" } else { "es" }
    }

    /// The corner index printed for a rank.
    pub fn index_label(self, rank: char) -> String {
        match (self, rank) {
            (_, 'A') => "1".to_string(),
            (Style::Spanish, 'J') => "10".to_string(),
            (Style::Spanish, 'Q') => "11".to_string(),
            (Style::Spanish, 'K') => "12".to_string(),
            (Style::Italian, 'J') => "8".to_string(),
            (Style::Italian, 'Q') => "9".to_string(),
            (Style::Italian, 'K') => "10".to_string(),
            (Style::ItalianFcr, 'J') => "F".to_string(),
            (Style::ItalianFcr, 'Q') => "C".to_string(),
            (Style::ItalianFcr, 'K') => "R".to_string(),
            (_, r) => r.to_string(),
        }
    }
}
