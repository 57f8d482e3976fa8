//! Four gifts a Briscola player makes on purpose, reviewed at the app's budget: each is marked what a
//! player calls it, with the reason a player gives, in card points where points were given away.

use super::*;
use crate::Card;
use crate::ai::test_deal::{card, two_player};

/// The verdict on `played` by the seat to move in `game`, at Hard's default budget.
fn rate(game: &crate::Game, played: &str) -> Rating {
    let obs = game.observation(game.to_move());
    let worlds = crate::ai::Budget::default().worlds;
    match review_decision(
        &obs,
        Action::Play(card(played)),
        Stakes::SINGLE_HAND,
        7,
        worlds,
    ) {
        Verdict::Rated(rating) => rating,
        other => panic!("not rated: {other:?}"),
    }
}

/// `game` after the cards `plays`.
fn after(mut game: crate::Game, plays: &[&str]) -> crate::Game {
    for p in plays {
        game.apply(Action::Play(card(p))).expect("legal");
    }
    game
}

#[test]
fn the_three_of_trumps_spent_on_an_empty_trick_is_at_least_an_inaccuracy() {
    // Coins are trumps (the seven of coins turned up). Seat 1 leads the four of cups; seat 0 holds
    // the three of coins, the five of swords and the six of clubs, and spends the three. Was "Good
    // (−2.5 ± 2.6 pp)" beside "The trick held no points": the noise hid a loss the search measured.
    let game = after(two_player("4c 3d Ks 5s Qb 6b 7d"), &["4c"]);
    let rating = rate(&game, "3d");
    assert!(rating.mark >= Mark::Inaccuracy, "{rating:?}");
    assert!(
        matches!(rating.reason, Some(ReviewReason::TrumpSpent { played, .. }) if played == card("3d")),
        "{rating:?}"
    );
}

#[test]
fn an_unguarded_three_led_while_its_ace_is_out_is_at_least_an_inaccuracy() {
    // Clubs are trumps. Seat 1 leads the three of cups, holding neither the ace of cups nor another
    // cup; the ace has not been seen. Was "Good" beside the reason saying why it was bad.
    let game = two_player("3c 4d 5s 5d 6b 6d 7b");
    let rating = rate(&game, "3c");
    assert!(rating.mark >= Mark::Inaccuracy, "{rating:?}");
    assert!(
        matches!(rating.reason, Some(ReviewReason::ExposedTen { threat, .. }) if threat == card("Ac")),
        "{rating:?}"
    );
}

#[test]
fn the_ace_thrown_on_a_seven_when_the_two_was_free_is_named_in_card_points() {
    // Clubs are trumps. Seat 1 leads the seven of coins; seat 0 holds the ace and the two of swords
    // and the four of clubs (a trump, so the trick could be taken), and throws the ace. Was a mistake
    // whose only reason was "Two of spades wins 88%, your move 73%".
    let game = after(two_player("7d As 5c 2s Qc 4b 7b"), &["7d"]);
    let rating = rate(&game, "As");
    assert!(rating.mark >= Mark::Mistake, "{rating:?}");
    let reason = rating.reason.expect("a reason");
    assert_eq!(
        reason,
        ReviewReason::GavePoints {
            played: card("As"),
            points: 11,
            on: card("7d"),
            better: card("2s"),
        }
    );
    assert_eq!(
        reason.to_string(),
        "You gave 11 points: the ace of swords on the seven of coins, when the two of swords lost nothing"
    );
}

#[test]
fn a_king_thrown_under_the_ace_of_trumps_when_a_blank_was_free_gives_its_points_away() {
    // Clubs are trumps. Seat 1 leads the ace of clubs, which nothing takes; seat 0 holds the king of
    // swords, the four of cups and the five of swords, and throws the king.
    let game = after(two_player("Ab Ks 5c 4c Qc 5s 7b"), &["Ab"]);
    let rating = rate(&game, "Ks");
    assert!(rating.mark >= Mark::Inaccuracy, "{rating:?}");
    let blank = |c: Card| c == card("4c") || c == card("5s");
    assert!(
        matches!(
            rating.reason,
            Some(ReviewReason::PointsIntoLostTrick { played, points: 4, better })
                if played == card("Ks") && blank(better)
        ),
        "{rating:?}"
    );
}
