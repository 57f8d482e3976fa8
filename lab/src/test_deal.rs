//! Hand-built two-player Briscola deals for the public players' unit tests.

use briscola::{Card, Deal, Game, Preset, Ruleset, parse_cards};

/// A two-player Briscola hand dealt by seat 0 with the cards of `top` on top of the deck (seat 1
/// gets the 1st, 3rd and 5th, seat 0 the 2nd, 4th and 6th, the 7th is turned up), the rest of the
/// deck after them in card order.
pub(crate) fn two_player(top: &str) -> Game {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let top = parse_cards(top).expect("cards");
    let rest = rules.deck_cards().iter().filter(|c| !top.contains(c));
    let order = top.iter().copied().chain(rest).collect();
    Game::new(rules, 0, &Deal::Order(order)).expect("deal")
}

/// A card from its notation (`Ad`, `7s`).
pub(crate) fn card(text: &str) -> Card {
    text.parse().expect("card")
}
