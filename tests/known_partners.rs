//! `Observation::known_partners`: the side a seat knows it is on — fixed teams, or what the chiamata
//! auction has told this seat (the app's table marks these seats as partners).

use briscola::{Deal, Game, Observation, Preset, Ruleset, Seat};

/// Seat `seat`'s observation of a chiamata hand whose auction shows `declarer` and `partner`.
fn chiamata(seat: Seat, declarer: Option<Seat>, partner: Option<Seat>) -> Observation {
    let rules = Ruleset::preset(Preset::Chiamata, 5).expect("chiamata");
    let game = Game::new(rules, 0, &Deal::Seed(1)).expect("game");
    let mut obs = game.observation(seat);
    let auction = obs.auction.as_mut().expect("an auction");
    auction.declarer = declarer;
    auction.partner = partner;
    obs
}

#[test]
fn fixed_teams_give_the_seats_of_the_team() {
    let rules = Ruleset::preset(Preset::Briscola, 4).expect("four players");
    let game = Game::new(rules, 0, &Deal::Seed(1)).expect("game");
    assert_eq!(game.observation(0).known_partners(), [2]);
    assert_eq!(game.observation(3).known_partners(), [1]);
    let alone = Game::new(
        Ruleset::preset(Preset::Briscola, 3).expect("three"),
        0,
        &Deal::Seed(1),
    )
    .expect("game");
    assert!(alone.observation(0).known_partners().is_empty());
}

#[test]
fn the_declarer_sees_the_revealed_partner_and_the_partner_the_declarer() {
    assert_eq!(chiamata(0, Some(0), Some(3)).known_partners(), [3]);
    assert_eq!(chiamata(0, Some(2), Some(0)).known_partners(), [2]);
}

#[test]
fn a_defenders_partners_are_the_other_defenders_never_the_declarers_partner() {
    assert_eq!(chiamata(0, Some(2), Some(4)).known_partners(), [1, 3]);
}

#[test]
fn nobody_is_a_partner_before_the_reveal() {
    assert!(chiamata(0, Some(2), None).known_partners().is_empty());
    assert!(chiamata(0, None, None).known_partners().is_empty());
}

#[test]
fn a_declarer_who_called_its_own_card_plays_alone_against_the_others_together() {
    assert!(chiamata(0, Some(0), Some(0)).known_partners().is_empty());
    assert_eq!(chiamata(1, Some(0), Some(0)).known_partners(), [2, 3, 4]);
}
