//! One-sentence explanations of card plays, for the hint button.
//!
//! A hint names the chosen card once and describes what it does in the trick as the seat sees it
//! (wins it, feeds a partner, gives it up, leads), with the points at stake — the other players'
//! cards only, the seat's own card never counted: with players still to play, what is on the table so
//! far and the most they may add ([`Situation::most_added`], an upper bound) — or why a strong trump
//! is kept. A partner is fed only when no rival still to play may take the trick. It never
//! mentions a card the seat cannot know about, and it only claims what holds: a lead states what the
//! trick can cost (an upper bound, [`Situation::lead_risk`]), "draw out the trumps" needs a duty to
//! follow suit, a card given up is called cheap only when no legal card gives fewer points, and a
//! trick is "not worth it" only when some legal card could take it (else: no card can). The
//! explanation is a [`HintReason`]: data that a user interface words in the player's language.

use super::HintReason;
use super::situation::Situation;
use crate::Card;

/// Explains playing `card` in situation `s`.
pub(crate) fn explain(s: &Situation, card: Card) -> HintReason {
    let points = s.points(card);
    if s.legal.len() == 1 {
        return HintReason::OnlyLegal { card };
    }
    let Some((winner, best)) = s.best() else {
        return explain_lead(s, card);
    };
    if winner == s.seat {
        return HintReason::AddToOwnTrick { card };
    }
    // The stake is the other players' cards: on the table so far, up to what the players after may
    // add.
    let stake = s.table_points();
    if s.beats(card, best) {
        let most = stake + s.most_added();
        let trumps = s.is_trump(card) && !s.is_trump(best);
        return match (trumps, most > stake) {
            (true, false) => HintReason::TrumpIt { card, stake },
            (false, false) => HintReason::WinTrick { card, stake },
            (true, true) => HintReason::TrumpItSoFar { card, stake, most },
            (false, true) => HintReason::WinTrickSoFar { card, stake, most },
        };
    }
    if s.is_ally(winner) {
        // The partner would hold the trick only if no rival still to play may take it.
        if s.rivals_after() && s.can_be_beaten(best) {
            return HintReason::PartnerHoldsSoFar { card, points };
        }
        if points > 0 {
            return HintReason::FeedPartner { card, points };
        }
        return HintReason::PartnerHolds { card };
    }
    if s.backed && !s.is_trump(card) && !s.legal.iter().any(|c| !s.is_trump(c) && s.beats(c, best))
    {
        return HintReason::LoadForPartner { card, points };
    }
    if let Some(keep) = kept_trump(s, card) {
        return keep;
    }
    explain_give_up(s, card)
}

/// Giving up a trick a rival holds: cheaply only when no legal card gives fewer points.
fn explain_give_up(s: &Situation, card: Card) -> HintReason {
    let points = s.points(card);
    if points == 0 {
        // "Not worth it" only of a trick some legal card could take.
        let takable = s
            .best()
            .is_some_and(|(_, best)| s.legal.iter().any(|c| s.beats(c, best)));
        return if takable {
            HintReason::ThrowAway { card }
        } else {
            HintReason::CannotTake { card }
        };
    }
    let cheaper: Vec<Card> = s.legal.iter().filter(|&c| s.points(c) < points).collect();
    if cheaper.is_empty() {
        HintReason::GiveUpCheaply { card, points }
    } else if cheaper.iter().all(|&c| s.is_trump(c)) {
        HintReason::GiveUpKeepTrumps { card, points }
    } else {
        HintReason::GiveUp { card, points }
    }
}

/// A lead: a sure winner is cashed; otherwise what the trick can cost.
fn explain_lead(s: &Situation, card: Card) -> HintReason {
    let points = s.points(card);
    if points > 0 && !s.trump_pending() && !s.can_be_beaten(card) {
        return HintReason::CashWinner { card };
    }
    if s.is_trump(card) && s.must_follow() {
        return HintReason::DrawTrumps { card };
    }
    if let Some(keep) = kept_trump(s, card) {
        return keep;
    }
    let risk = s.lead_risk(card);
    if points == 0 {
        HintReason::LeadWorthless { card, risk }
    } else {
        HintReason::LeadCheap { card, points, risk }
    }
}

/// "Keep the ace of trumps: the three is still out" — when the seat holds back a trump that can still
/// capture a ten-pointer of trumps it has not seen played.
fn kept_trump(s: &Situation, played: Card) -> Option<HintReason> {
    let kept = s
        .legal
        .iter()
        .filter(|&c| c != played && s.is_trump(c))
        .max_by_key(|&c| s.strength(c))?;
    let threat = s
        .threats
        .iter()
        .filter(|&t| s.is_trump(t) && s.points(t) >= 10 && s.beats(kept, t))
        .max_by_key(|&t| s.points(t))?;
    Some(HintReason::KeepTrump {
        card: played,
        kept,
        threat,
    })
}

#[cfg(test)]
mod tests {
    //! The hint table: positions with the reason expected for a given card, each claiming only what
    //! holds from the seat's observation (a lead's risk and a trick's stake as upper bounds).

    use super::*;
    use crate::ai::test_deal::{card, dealt, two_player};
    use crate::{Action, FollowRule, Game, Preset, Ruleset};

    /// The reason for playing `played` as the seat to move sees it (with card memory).
    fn hint(game: &Game, played: &str) -> HintReason {
        let obs = game.observation(game.to_move());
        explain(&Situation::from_observation(&obs, true), card(played))
    }

    fn after(mut game: Game, plays: &[&str]) -> Game {
        for p in plays {
            game.apply(Action::Play(card(p))).expect("legal");
        }
        game
    }

    #[test]
    fn every_hint_is_true_over_generated_decisions() {
        use crate::ai::test_deal::{every_preset, latest_sena, random_positions};
        use HintReason as H;
        // Every preset, and four-player Brisca with señas (made at random in the positions).
        let senas = crate::Ruleset {
            senas: true,
            ..crate::Ruleset::preset(crate::Preset::Brisca, 4).expect("preset")
        };
        let rules: Vec<crate::Ruleset> = every_preset().into_iter().chain([senas]).collect();
        let positions = random_positions(&rules, 30, 11);
        let (mut decisions, mut hints, mut loads) = (0, 0, 0);
        for (game, obs) in &positions {
            if obs.phase != crate::Phase::Playing || obs.legal_actions.len() < 2 {
                continue;
            }
            let s = Situation::from_observation(obs, true);
            let order = obs.ruleset.order;
            let points = |c: Card| u16::from(order.card_points(c));
            // The rule, written out apart from the heuristics.
            let beats = |c: Card, b: Card| {
                if c.suit() == b.suit() {
                    order.card_strength(c) > order.card_strength(b)
                } else {
                    Some(c.suit()) == obs.trump
                }
            };
            let mut top: Option<(u8, Card)> = None;
            for p in &obs.current_trick {
                top = match top {
                    Some((_, b)) if !beats(p.card, b) => top,
                    _ => Some((p.seat, p.card)),
                };
            }
            let others: u16 = obs.current_trick.iter().map(|p| points(p.card)).sum();
            let players = obs.ruleset.players;
            let to_play = obs.ruleset.plays_per_trick * players;
            let last = obs.current_trick.len() as u8 + 1 == to_play;
            decisions += 1;
            for card in s.legal.iter() {
                let reason = explain(&s, card);
                hints += 1;
                // The card is named, once: as the card to play.
                assert_eq!(reason.card(), Some(card), "{reason:?}");
                let ok = match &reason {
                    H::TrumpIt { stake, .. } | H::WinTrick { stake, .. } => {
                        // The others' cards only, and no points still to come (in the real deal).
                        let after = (1..to_play - obs.current_trick.len() as u8)
                            .map(|i| (obs.seat + i) % players)
                            .filter(|&seat| seat != obs.seat);
                        let none_to_come = after
                            .clone()
                            .all(|seat| game.hand(seat).iter().all(|c| points(c) == 0));
                        *stake == others
                            && (last || none_to_come)
                            && top.is_some_and(|(_, b)| beats(card, b))
                    }
                    H::TrumpItSoFar { stake, most, .. } | H::WinTrickSoFar { stake, most, .. } => {
                        *stake == others && most > stake && top.is_some_and(|(_, b)| beats(card, b))
                    }
                    H::FeedPartner { points: p, .. } | H::PartnerHoldsSoFar { points: p, .. } => {
                        *p == points(card)
                            && top.is_some_and(|(w, b)| w != obs.seat && !beats(card, b))
                    }
                    H::PartnerHolds { .. } => {
                        points(card) == 0
                            && top.is_some_and(|(w, b)| w != obs.seat && !beats(card, b))
                    }
                    // "Not worth it": some legal card could have taken the trick.
                    H::ThrowAway { .. } => {
                        points(card) == 0
                            && top.is_some_and(|(_, b)| s.legal.iter().any(|c| beats(c, b)))
                    }
                    H::CannotTake { .. } => {
                        points(card) == 0
                            && top.is_some_and(|(_, b)| s.legal.iter().all(|c| !beats(c, b)))
                    }
                    H::GiveUpCheaply { points: p, .. } => {
                        *p == points(card) && s.legal.iter().all(|c| points(c) >= *p)
                    }
                    H::GiveUp { points: p, .. } | H::GiveUpKeepTrumps { points: p, .. } => {
                        *p == points(card) && top.is_some_and(|(_, b)| !beats(card, b))
                    }
                    H::LeadWorthless { .. } => top.is_none() && points(card) == 0,
                    H::LeadCheap {
                        points: p, risk, ..
                    } => top.is_none() && *p == points(card) && *p > 0 && risk >= p,
                    H::CashWinner { .. } | H::DrawTrumps { .. } => top.is_none(),
                    H::KeepTrump { kept, threat, .. } => {
                        *kept != card
                            && s.legal.contains(*kept)
                            && Some(kept.suit()) == obs.trump
                            && beats(*kept, *threat)
                            && !obs.hand.contains(*threat)
                            && obs
                                .tricks
                                .iter()
                                .all(|t| t.plays.iter().all(|p| p.card != *threat))
                    }
                    H::AddToOwnTrick { .. } => top.is_some_and(|(w, _)| w == obs.seat),
                    H::LoadForPartner { points: p, .. } => {
                        // The last to play is a partner whose latest seña seen is "trumps", a
                        // rival holds the trick without a trump, and no plain card held takes it.
                        loads += 1;
                        let plain = |c: Card| Some(c.suit()) != obs.trump;
                        let last_seat = obs
                            .current_trick
                            .first()
                            .map(|p| (p.seat + to_play - 1) % players);
                        let claims = last_seat.is_some_and(|l| {
                            l != obs.seat
                                && s.is_ally(l)
                                && latest_sena(obs, l) == Some(crate::Sena::Trumps)
                        });
                        *p == points(card)
                            && plain(card)
                            && claims
                            && obs.current_trick.iter().all(|p| plain(p.card))
                            && top.is_some_and(|(w, b)| {
                                !s.is_ally(w) && !s.legal.iter().any(|c| plain(c) && beats(c, b))
                            })
                    }
                    other => panic!("not a card hint: {other:?}"),
                };
                assert!(ok, "{reason:?} for {card} in {obs:?}");
                // "Your partner" only when the partner would hold the trick: no rival after holds a
                // card that takes it (in the real deal).
                if matches!(reason, H::FeedPartner { .. } | H::PartnerHolds { .. })
                    && let Some((_, b)) = top
                {
                    let after = (1..=to_play - obs.current_trick.len() as u8 - 1)
                        .map(|i| (obs.seat + i) % players);
                    for seat in after.filter(|&x| !s.is_ally(x) && x != obs.seat) {
                        assert!(
                            game.hand(seat).iter().all(|c| !beats(c, b)),
                            "{reason:?}: seat {seat} can take it"
                        );
                    }
                }
            }
        }
        eprintln!("{decisions} decisions, {hints} hints, {loads} loads");
        assert!(
            decisions >= 3000 && hints >= 10_000 && loads >= 10,
            "{decisions} / {hints} / {loads}"
        );
    }

    #[test]
    fn every_auction_hint_is_true_over_generated_auctions() {
        // A bid or a raise names the suit its call would make trump, never one where the player
        // holds the card the call would name; a call of a partner names a card the player does not
        // hold. Was "Bid the ace: with coins as trumps you hold the ace of coins…".
        use crate::ai::test_deal::random_positions;
        use crate::{Phase, Rank, Suit};
        use HintReason as H;
        let chiamata = crate::Ruleset::preset(crate::Preset::Chiamata, 5).expect("preset");
        let positions = random_positions(&[chiamata], 200, 13);
        let (mut bids, mut calls) = (0, 0);
        for (_, obs) in &positions {
            if !matches!(obs.phase, Phase::Bidding | Phase::Calling) {
                continue;
            }
            let decision = crate::ai::special::special(obs).expect("an auction decision");
            let deck = obs.ruleset.deck_cards();
            let of_suit = |suit: Suit| {
                let mut cards: Vec<Card> = obs.hand.iter().filter(|c| c.suit() == suit).collect();
                cards.sort_by_key(|&c| std::cmp::Reverse(obs.ruleset.order.card_strength(c)));
                cards
            };
            let call_free = |rank: Rank, suit: Suit| {
                let called = Card::new(suit, rank);
                deck.contains(called) && !obs.hand.contains(called)
            };
            let best_rank = obs
                .auction
                .as_ref()
                .and_then(|a| a.best)
                .map(|(_, b)| b.rank);
            let ok = match &decision.hint {
                H::Bid { rank, suit, held } => {
                    bids += 1;
                    decision.action
                        == Action::Bid(crate::Bid {
                            rank: *rank,
                            points: crate::Bid::MIN_POINTS,
                        })
                        && call_free(*rank, *suit)
                        && *held == of_suit(*suit)
                }
                H::Raise { suit, held, .. } => {
                    bids += 1;
                    best_rank.is_some_and(|rank| call_free(rank, *suit)) && *held == of_suit(*suit)
                }
                H::HoldsEveryCall { rank } => {
                    bids += 1;
                    Suit::ALL.iter().all(|&suit| !call_free(*rank, suit))
                }
                H::PassWeak { held, suit } => *held == of_suit(*suit),
                H::CallPartner { card, held } => {
                    calls += 1;
                    !obs.hand.contains(*card) && *held == of_suit(card.suit())
                }
                H::CallOwn { card } => {
                    calls += 1;
                    obs.hand.contains(*card)
                }
                other => panic!("not an auction hint: {other:?}"),
            };
            assert!(ok, "{:?} in {obs:?}", decision.hint);
        }
        eprintln!("{bids} bids, {calls} calls");
        assert!(bids >= 100 && calls >= 20, "{bids} {calls}");
    }

    #[test]
    fn a_partner_is_fed_only_when_the_trick_stays_theirs() {
        // Four players, coins trumps: seat 0 led the king of clubs (a partner of seat 2), seat 1
        // played the four of cups; seat 2 holds the three of coins (a trump) and the knave of cups.
        // Was "Feed your partner 10 points" for the trump three, which takes the trick itself.
        let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let hand = crate::CardSet::from_iter([card("3d"), card("Jc")]);
        let trick = [(0, card("Kb")), (1, card("4c"))];
        let third = Situation::hypothetical(
            rules,
            2,
            hand,
            Some(crate::Suit::Coins),
            &trick,
            crate::CardSet::EMPTY,
        );
        assert!(matches!(
            explain(&third, card("3d")),
            HintReason::TrumpItSoFar { stake: 4, .. }
        ));
        // The knave: the partner holds the king so far, but seat 3, still to play, may take it.
        assert_eq!(
            explain(&third, card("Jc")),
            HintReason::PartnerHoldsSoFar {
                card: card("Jc"),
                points: 2
            }
        );
    }

    #[test]
    fn a_lead_states_what_the_trick_can_cost_not_only_the_card() {
        // Was "Lead the three of coins: it risks only 10 points" (it lost 21). Seat 1 leads; swords
        // are trumps; the aces of coins and of swords are unseen.
        let game = two_player("3d 4c 4b 5c 5b 6c 7s");
        let reason = hint(&game, "3d");
        assert_eq!(
            reason,
            HintReason::LeadCheap {
                card: card("3d"),
                points: 10,
                risk: 21
            }
        );
        assert_eq!(
            reason.to_string(),
            "Lead the three of coins: it carries 10 points, and the trick can cost at most 21 points"
        );
        // A worthless card: the risk is what the other player may add.
        assert_eq!(
            hint(&game, "4b"),
            HintReason::LeadWorthless {
                card: card("4b"),
                risk: 11
            }
        );
    }

    #[test]
    fn no_drawing_out_trumps_where_nobody_must_follow_suit() {
        // Was "Lead the two of swords to draw out the trumps" in Briscola, where nobody follows suit.
        let game = two_player("2s 4c 4b 5c 5b 6c 7s");
        assert_eq!(
            hint(&game, "2s"),
            HintReason::LeadWorthless {
                card: card("2s"),
                risk: 11
            }
        );
        // With a duty to follow suit, leading a trump does draw them out.
        let rules = Ruleset {
            follow: FollowRule::FollowAlways,
            ..Ruleset::preset(Preset::Briscola, 2).expect("preset")
        };
        let game = dealt(rules, "2s 4c 4b 5c 5b 6c 7s");
        assert_eq!(
            hint(&game, "2s"),
            HintReason::DrawTrumps { card: card("2s") }
        );
    }

    #[test]
    fn a_card_given_up_is_cheap_only_when_nothing_gives_fewer_points() {
        // Coins are trumps. Seat 1 leads the 4 of swords; seat 0 cannot take it with a plain card.
        // Was "the ace of cups costs only 11 points" with the 4 and 6 of clubs in hand.
        let game = after(two_player("Kc Ac 4s 4b 5s 6b 7d"), &["4s"]);
        let reason = hint(&game, "Ac");
        assert_eq!(
            reason,
            HintReason::GiveUp {
                card: card("Ac"),
                points: 11
            }
        );
        assert_eq!(
            reason.to_string(),
            "Give up this trick with the ace of cups: it costs 11 points"
        );
        // No card of seat 0 takes the four of swords: not "not worth it", but what it is.
        assert_eq!(
            hint(&game, "4b"),
            HintReason::CannotTake { card: card("4b") }
        );
        assert_eq!(
            hint(&game, "4b").to_string(),
            "No card you hold can take this trick: throw away the four of clubs"
        );
        // With a trump in hand the trick could be taken: throwing a blank is a choice.
        let game = after(two_player("Kc 2d 4s 4b 5s 6b 7d"), &["4s"]);
        assert_eq!(
            hint(&game, "4b"),
            HintReason::ThrowAway { card: card("4b") }
        );
        // Was "costs only 3 points" with a worthless card in hand: the horse of cups beside the 4 of
        // clubs (plain) and the 2 of coins (a trump).
        let game = after(two_player("Kc Qc 4s 4b 5s 2d 7d"), &["4s"]);
        assert_eq!(
            hint(&game, "Qc"),
            HintReason::GiveUp {
                card: card("Qc"),
                points: 3
            }
        );
        // Only trumps are cheaper: they are kept.
        let game = after(two_player("Kc Qc 4s 4d 5s 2d 7d"), &["4s"]);
        assert_eq!(
            hint(&game, "Qc"),
            HintReason::GiveUpKeepTrumps {
                card: card("Qc"),
                points: 3
            }
        );
        // Nothing gives fewer points: cheap it is.
        let game = after(two_player("Kc Qc 4s Kb 5s 3c 7d"), &["4s"]);
        assert_eq!(
            hint(&game, "Qc"),
            HintReason::GiveUpCheaply {
                card: card("Qc"),
                points: 3
            }
        );
    }

    #[test]
    fn a_lead_risks_what_every_rival_after_may_add() {
        // Four players in teams: seat 0 leads the three of cups, unseen cards everywhere; two rivals
        // play after it, one of whom may take it (with an ace: 11) while the other adds an ace (11).
        let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let hand = crate::CardSet::from_iter([card("3c"), card("4b")]);
        let s = Situation::hypothetical(
            rules,
            0,
            hand,
            Some(crate::Suit::Coins),
            &[],
            crate::CardSet::EMPTY,
        );
        assert_eq!(s.lead_risk(card("3c")), 10 + 11 + 11);
        // Nothing unseen beats the ace of trumps: leading it risks nothing.
        let hand = crate::CardSet::from_iter([card("Ad")]);
        let s = Situation::hypothetical(
            rules,
            0,
            hand,
            Some(crate::Suit::Coins),
            &[],
            crate::CardSet::EMPTY,
        );
        assert_eq!(s.lead_risk(card("Ad")), 0);
    }

    #[test]
    fn winning_a_trick_counts_the_others_cards_and_what_the_players_after_may_add() {
        // Was "Win the trick: 14 points at stake" with two players still to play, the seat's own
        // three counted in the stake. Four players in
        // teams, coins trumps; seat 0 led the king of clubs, seat 1 holds the three of clubs and the
        // two of coins. The two aces still unseen are the most the two players after could add.
        let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let hand = crate::CardSet::from_iter([card("3b"), card("2d")]);
        let trump = Some(crate::Suit::Coins);
        let empty = crate::CardSet::EMPTY;
        let second = Situation::hypothetical(rules, 1, hand, trump, &[(0, card("Kb"))], empty);
        let reason = explain(&second, card("3b"));
        assert_eq!(
            reason,
            HintReason::WinTrickSoFar {
                card: card("3b"),
                stake: 4,
                most: 26
            }
        );
        assert_eq!(
            reason.to_string(),
            "Take the trick with the three of clubs: the others' cards are worth 4 points so far, up to 26 once the players after you have played"
        );
        assert_eq!(
            explain(&second, card("2d")),
            HintReason::TrumpItSoFar {
                card: card("2d"),
                stake: 4,
                most: 26
            }
        );
        // With the aces gone, the most they can add is two threes.
        let aces: crate::CardSet = ["Ad", "Ac", "As", "Ab"].into_iter().map(card).collect();
        let second = Situation::hypothetical(rules, 1, hand, trump, &[(0, card("Kb"))], aces);
        assert_eq!(
            explain(&second, card("3b")),
            HintReason::WinTrickSoFar {
                card: card("3b"),
                stake: 4,
                most: 24
            }
        );
        // Last to play, the stake is exact.
        let trick = [(0, card("Kb")), (1, card("4c")), (2, card("5c"))];
        let last = Situation::hypothetical(rules, 3, hand, trump, &trick, empty);
        assert_eq!(
            explain(&last, card("3b")),
            HintReason::WinTrick {
                card: card("3b"),
                stake: 4
            }
        );
        assert_eq!(
            explain(&last, card("2d")),
            HintReason::TrumpIt {
                card: card("2d"),
                stake: 4
            }
        );
    }
}
