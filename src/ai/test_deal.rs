//! Hand-built two-player deals for the AI's unit tests.

use crate::{Card, Deal, Game, Preset, Ruleset, parse_cards};

/// A two-player Briscola hand dealt by seat 0 from `top` (the top of the deck: seat 1 gets the 1st,
/// 3rd and 5th cards, seat 0 the 2nd, 4th and 6th, the 7th is turned up), the rest in card order.
pub(crate) fn two_player(top: &str) -> Game {
    dealt(Ruleset::preset(Preset::Briscola, 2).expect("preset"), top)
}

/// A two-player hand of `rules` dealt the same way as [`two_player`].
pub(crate) fn dealt(rules: Ruleset, top: &str) -> Game {
    let mut order = parse_cards(top).expect("cards");
    let rest: Vec<Card> = rules
        .deck_cards()
        .iter()
        .filter(|c| !order.contains(c))
        .collect();
    order.extend(rest);
    Game::new(rules, 0, &Deal::Order(order)).expect("deal")
}

/// A card from its notation (`Ad`, `7s`).
pub(crate) fn card(text: &str) -> Card {
    text.parse().expect("card")
}
