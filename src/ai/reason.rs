//! [`HintReason`]: why an AI suggests its move, as data (an id and typed parameters). The desktop app
//! words it per language and deck; the command line and the bot protocol print the English `Display`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::message::Message;
use crate::{Action, Card, Rank, Sena, Suit};

/// Why a move is suggested.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum HintReason {
    /// The card is the only legal one.
    OnlyLegal {
        /// The card.
        card: Card,
    },
    /// Trumping a trick led in another suit, as the last to play.
    TrumpIt {
        /// The trump.
        card: Card,
        /// Card points of the other players' cards in the trick (the seat's own card not counted).
        stake: u16,
    },
    /// Winning the trick in its suit, as the last to play.
    WinTrick {
        /// The card.
        card: Card,
        /// Card points of the other players' cards in the trick.
        stake: u16,
    },
    /// Trumping a trick led in another suit, with players still to play after this seat.
    TrumpItSoFar {
        /// The trump.
        card: Card,
        /// Card points of the other players' cards on the table.
        stake: u16,
        /// The most the other players' cards can hold once the players after have played (an
        /// upper bound).
        most: u16,
    },
    /// Winning the trick in its suit, with players still to play after this seat.
    WinTrickSoFar {
        /// The card.
        card: Card,
        /// Card points of the other players' cards on the table.
        stake: u16,
        /// The most the other players' cards can hold once the players after have played (an
        /// upper bound).
        most: u16,
    },
    /// The seat already holds the trick.
    AddToOwnTrick {
        /// The card.
        card: Card,
    },
    /// A partner holds the trick and no rival still to play can take it: give it points.
    FeedPartner {
        /// The card.
        card: Card,
        /// Its points.
        points: u16,
    },
    /// A partner holds the trick and no rival still to play can take it: a worthless card keeps
    /// the strength.
    PartnerHolds {
        /// The card.
        card: Card,
    },
    /// A partner holds the trick so far, but a rival still to play may take it.
    PartnerHoldsSoFar {
        /// The card.
        card: Card,
        /// Its points.
        points: u16,
    },
    /// A strong trump is kept for a ten-pointer of trumps still out.
    KeepTrump {
        /// The card played.
        card: Card,
        /// The trump kept.
        kept: Card,
        /// The card it can still capture.
        threat: Card,
    },
    /// The trick is lost anyway: a worthless card.
    ThrowAway {
        /// The card.
        card: Card,
    },
    /// No legal card can take the trick: a worthless card.
    CannotTake {
        /// The card.
        card: Card,
    },
    /// The trick is lost anyway: the card giving the fewest points of the legal ones.
    GiveUpCheaply {
        /// The card.
        card: Card,
        /// Its points.
        points: u16,
    },
    /// The trick is lost anyway: a card with points, the cheaper legal cards being trumps.
    GiveUpKeepTrumps {
        /// The card.
        card: Card,
        /// Its points.
        points: u16,
    },
    /// The trick is lost anyway: the card chosen (by a search) although cheaper plain cards are held.
    GiveUp {
        /// The card.
        card: Card,
        /// Its points.
        points: u16,
    },
    /// Leading a card worth points that nothing left can beat.
    CashWinner {
        /// The card.
        card: Card,
    },
    /// Leading a trump to draw the others out.
    DrawTrumps {
        /// The card.
        card: Card,
    },
    /// Leading a worthless card.
    LeadWorthless {
        /// The card.
        card: Card,
        /// The most the trick can cost: what the others may add (an upper bound from the seat's
        /// knowledge).
        risk: u16,
    },
    /// Leading a card with points that may be taken.
    LeadCheap {
        /// The card.
        card: Card,
        /// Its points.
        points: u16,
        /// The most the trick can cost: the card plus what the others may add (an upper bound from
        /// the seat's knowledge).
        risk: u16,
    },
    /// Mano negra wins the hand at once.
    ManoNegra,
    /// The searched choice: the card's reason, and in what share of the deals played out (weighted
    /// by belief) its side won the hand after the card. How many deals were played out is not said
    /// (it means nothing to a player; the lab and the search's own tests count them).
    SearchedWins {
        /// Why the card, as the heuristics describe it.
        why: Box<HintReason>,
        /// Share of the deals (weighted by belief) won after the card, in percent.
        win_percent: u8,
    },
    /// Hard's choice where a hand is not won or lost (a card-points match): the card's reason, and in
    /// what share of the deals it sampled the card did as well as any other.
    Searched {
        /// Why the card, as the heuristics describe it.
        why: Box<HintReason>,
        /// Share of the deals (weighted by belief) in which the card did best, in percent.
        best_percent: u8,
    },
    /// Taking the face-up trump.
    Exchange {
        /// The card given.
        gave: Card,
        /// The face-up trump taken.
        took: Card,
    },
    /// Chiamata: bidding a rank.
    Bid {
        /// The rank bid.
        rank: Rank,
        /// The suit that makes the hand strong.
        suit: Suit,
        /// The cards of that suit in the hand, strongest first.
        held: Vec<Card>,
    },
    /// Chiamata: raising the points.
    Raise {
        /// The points bid.
        points: u8,
        /// The suit that makes the hand strong.
        suit: Suit,
        /// The cards of that suit in the hand, strongest first.
        held: Vec<Card>,
    },
    /// Chiamata: bidding (or raising) a rank the hand holds in every suit: the call will name one of
    /// its own cards, and the bidder plays alone.
    HoldsEveryCall {
        /// The rank bid.
        rank: Rank,
    },
    /// Chiamata: passing, the hand too weak for the next bid.
    PassWeak {
        /// The hand's strongest suit as trumps.
        suit: Suit,
        /// The cards of that suit in the hand, strongest first.
        held: Vec<Card>,
    },
    /// Chiamata: calling one's own card and playing alone.
    CallOwn {
        /// The card called.
        card: Card,
    },
    /// Chiamata: calling a card another player holds.
    CallPartner {
        /// The card called; its suit becomes trump.
        card: Card,
        /// The cards of that suit in the hand, strongest first.
        held: Vec<Card>,
    },
    /// The first legal action, where no heuristic applies.
    OnlyChoice {
        /// The action.
        action: Action,
    },
    /// Not this seat's turn.
    NothingToDo,
    /// A seña to the partners before playing: what the hand holds, news to them.
    Sena {
        /// The seña.
        sena: Sena,
    },
    /// A rival holds the trick, no plain card held takes it, and the partner who plays last
    /// signalled trumps: leave the trick to them, loading it with this plain card.
    LoadForPartner {
        /// The card (never a trump).
        card: Card,
        /// Its points (none: the trick is left to the partner without a load).
        points: u16,
    },
}

impl HintReason {
    /// The card the reason names as the one to play (named once), if it is about a card play.
    pub fn card(&self) -> Option<Card> {
        use HintReason as H;
        match self {
            H::OnlyLegal { card }
            | H::TrumpIt { card, .. }
            | H::WinTrick { card, .. }
            | H::TrumpItSoFar { card, .. }
            | H::WinTrickSoFar { card, .. }
            | H::AddToOwnTrick { card }
            | H::FeedPartner { card, .. }
            | H::PartnerHolds { card }
            | H::PartnerHoldsSoFar { card, .. }
            | H::KeepTrump { card, .. }
            | H::ThrowAway { card }
            | H::CannotTake { card }
            | H::GiveUpCheaply { card, .. }
            | H::GiveUpKeepTrumps { card, .. }
            | H::GiveUp { card, .. }
            | H::CashWinner { card }
            | H::DrawTrumps { card }
            | H::LeadWorthless { card, .. }
            | H::LeadCheap { card, .. }
            | H::LoadForPartner { card, .. } => Some(*card),
            H::SearchedWins { why, .. } | H::Searched { why, .. } => why.card(),
            _ => None,
        }
    }
}

/// Card names as an English list ("the ace of swords and the three of swords").
fn names(cards: &[Card]) -> String {
    let names: Vec<String> = cards.iter().map(|c| format!("the {}", c.name())).collect();
    match names.as_slice() {
        [] => "no card".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl fmt::Display for HintReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use HintReason as H;
        match self {
            H::OnlyLegal { card } => {
                write!(f, "Play the {}: it is the only legal card", card.name())
            }
            H::TrumpIt { card, stake } => write!(
                f,
                "Trump the trick with the {}: the others' cards in it are worth {stake} points",
                card.name()
            ),
            H::WinTrick { card, stake } => write!(
                f,
                "Take the trick with the {}: the others' cards in it are worth {stake} points",
                card.name()
            ),
            H::TrumpItSoFar { card, stake, most } => write!(
                f,
                "Trump the trick with the {}: the others' cards are worth {stake} points so far, up to {most} once the players after you have played",
                card.name()
            ),
            H::WinTrickSoFar { card, stake, most } => write!(
                f,
                "Take the trick with the {}: the others' cards are worth {stake} points so far, up to {most} once the players after you have played",
                card.name()
            ),
            H::AddToOwnTrick { card } => {
                write!(f, "You already hold this trick: add the {}", card.name())
            }
            H::FeedPartner { card, points } => write!(
                f,
                "Your partner holds the trick and nobody after can take it: give them the {} ({points} points)",
                card.name()
            ),
            H::PartnerHolds { card } => write!(
                f,
                "Your partner holds the trick and nobody after can take it: play the {} and keep your strength",
                card.name()
            ),
            H::PartnerHoldsSoFar { card, points } => write!(
                f,
                "Your partner holds the trick so far, but a player after may still take it: play the {} ({points} points)",
                card.name()
            ),
            H::KeepTrump { card, kept, threat } => write!(
                f,
                "Play the {} and keep the {}: the {} is still out",
                card.name(),
                kept.name(),
                threat.name()
            ),
            H::ThrowAway { card } => write!(
                f,
                "This trick is not worth it: throw away the {}",
                card.name()
            ),
            H::CannotTake { card } => write!(
                f,
                "No card you hold can take this trick: throw away the {}",
                card.name()
            ),
            H::GiveUpCheaply { card, points } => write!(
                f,
                "Give up this trick cheaply: the {} costs {points} points, the fewest you can give",
                card.name()
            ),
            H::GiveUpKeepTrumps { card, points } => write!(
                f,
                "Give up this trick with the {} ({points} points): your cheaper cards are trumps worth keeping",
                card.name()
            ),
            H::GiveUp { card, points } => write!(
                f,
                "Give up this trick with the {}: it costs {points} points",
                card.name()
            ),
            H::CashWinner { card } => {
                write!(f, "Cash the {}: nothing left can beat it", card.name())
            }
            H::DrawTrumps { card } => {
                write!(f, "Lead the {} to draw out the trumps", card.name())
            }
            H::LeadWorthless { card, risk } => write!(
                f,
                "Lead the {}: it carries no points, and the trick can cost at most {risk} points",
                card.name()
            ),
            H::LeadCheap { card, points, risk } => write!(
                f,
                "Lead the {}: it carries {points} points, and the trick can cost at most {risk} points",
                card.name()
            ),
            H::ManoNegra => {
                f.write_str("Show the ace, three and king of trumps: mano negra wins the hand")
            }
            H::SearchedWins { why, win_percent } => write!(
                f,
                "{why}; played out over the possible deals, this card wins the hand in {win_percent}% of them"
            ),
            H::Searched { why, best_percent } => write!(
                f,
                "{why}; played out over the possible deals, this card does best in {best_percent}% of them"
            ),
            H::Exchange { gave, took } => write!(
                f,
                "Swap the {} for the face-up {}: a stronger trump for a weaker one",
                gave.name(),
                took.name()
            ),
            H::Bid { rank, suit, held } => write!(
                f,
                "Bid the {}: with {} as trumps you hold {}",
                rank.name(),
                suit.name(),
                names(held)
            ),
            H::Raise { points, suit, held } => write!(
                f,
                "Raise to {points} points: with {} as trumps you hold {}",
                suit.name(),
                names(held)
            ),
            H::HoldsEveryCall { rank } => write!(
                f,
                "Bid the {}: you hold it in every suit, so you will call one of your own and play alone",
                rank.name()
            ),
            H::PassWeak { suit, held } => write!(
                f,
                "Pass: even your best suit, {} ({}), is too weak for the next bid",
                suit.name(),
                names(held)
            ),
            H::CallOwn { card } => {
                write!(f, "Call the {}: you hold it, and play alone", card.name())
            }
            H::CallPartner { card, held } => write!(
                f,
                "Call the {}: {} become trumps, where you hold {}, and its holder your partner",
                card.name(),
                card.suit().name(),
                names(held)
            ),
            H::OnlyChoice { action } => {
                write!(f, "Play {action}: the only sensible choice here")
            }
            H::NothingToDo => f.write_str("Nothing to do: it is not this seat's turn"),
            H::Sena { sena } => write!(
                f,
                "Tell your partner before you play: seña {}, news to them",
                sena.word()
            ),
            H::LoadForPartner { card, points: 0 } => write!(
                f,
                "Your partner signalled trumps and plays last: leave the trick to them and play the {}",
                card.name()
            ),
            H::LoadForPartner { card, points } => write!(
                f,
                "Your partner signalled trumps and plays last: load the trick with the {} ({points} points) for them to trump",
                card.name()
            ),
        }
    }
}

impl Message for HintReason {
    const KIND: &'static str = "hint-reason";

    fn examples() -> Vec<HintReason> {
        use HintReason as H;
        let card = Card::new(Suit::Cups, Rank::Three);
        let trump = Card::new(Suit::Coins, Rank::Ace);
        let held = vec![
            Card::new(Suit::Swords, Rank::Ace),
            Card::new(Suit::Swords, Rank::Three),
        ];
        vec![
            H::OnlyLegal { card },
            H::TrumpIt {
                card: trump,
                stake: 11,
            },
            H::WinTrick { card, stake: 4 },
            H::TrumpItSoFar {
                card: trump,
                stake: 11,
                most: 32,
            },
            H::WinTrickSoFar {
                card,
                stake: 4,
                most: 26,
            },
            H::AddToOwnTrick { card },
            H::FeedPartner { card, points: 10 },
            H::PartnerHolds { card },
            H::PartnerHoldsSoFar { card, points: 10 },
            H::KeepTrump {
                card,
                kept: trump,
                threat: Card::new(Suit::Coins, Rank::Three),
            },
            H::ThrowAway { card },
            H::CannotTake { card },
            H::GiveUpCheaply { card, points: 2 },
            H::GiveUpKeepTrumps { card, points: 10 },
            H::GiveUp { card, points: 10 },
            H::CashWinner { card },
            H::DrawTrumps { card: trump },
            H::LeadWorthless { card, risk: 11 },
            H::LeadCheap {
                card,
                points: 10,
                risk: 21,
            },
            H::ManoNegra,
            H::SearchedWins {
                why: Box::new(H::LeadCheap {
                    card,
                    points: 10,
                    risk: 21,
                }),
                win_percent: 64,
            },
            H::Searched {
                why: Box::new(H::LeadCheap {
                    card,
                    points: 10,
                    risk: 21,
                }),
                best_percent: 64,
            },
            H::Exchange {
                gave: Card::new(Suit::Coins, Rank::Seven),
                took: trump,
            },
            H::Bid {
                rank: Rank::King,
                suit: Suit::Swords,
                held: held.clone(),
            },
            H::Raise {
                points: 70,
                suit: Suit::Swords,
                held: held.clone(),
            },
            H::HoldsEveryCall { rank: Rank::Ace },
            H::PassWeak {
                suit: Suit::Swords,
                held: held.clone(),
            },
            H::CallOwn { card },
            H::CallPartner { card, held },
            H::OnlyChoice {
                action: Action::Pass,
            },
            H::NothingToDo,
            H::Sena { sena: Sena::Three },
            H::LoadForPartner { card, points: 10 },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::assert_examples_cover;

    #[test]
    fn examples_cover_every_reason() {
        use HintReason as H;
        assert_examples_cover::<HintReason>(
            |m| match m {
                H::OnlyLegal { .. } => 0,
                H::TrumpIt { .. } => 1,
                H::WinTrick { .. } => 2,
                H::AddToOwnTrick { .. } => 3,
                H::FeedPartner { .. } => 4,
                H::PartnerHolds { .. } => 5,
                H::KeepTrump { .. } => 6,
                H::ThrowAway { .. } => 7,
                H::GiveUpCheaply { .. } => 8,
                H::GiveUpKeepTrumps { .. } => 9,
                H::GiveUp { .. } => 10,
                H::CashWinner { .. } => 11,
                H::DrawTrumps { .. } => 12,
                H::LeadWorthless { .. } => 13,
                H::LeadCheap { .. } => 14,
                H::ManoNegra => 15,
                H::Searched { .. } => 16,
                H::Exchange { .. } => 17,
                H::Bid { .. } => 18,
                H::Raise { .. } => 19,
                H::PassWeak { .. } => 20,
                H::CallOwn { .. } => 21,
                H::CallPartner { .. } => 22,
                H::OnlyChoice { .. } => 23,
                H::NothingToDo => 24,
                H::SearchedWins { .. } => 25,
                H::TrumpItSoFar { .. } => 26,
                H::WinTrickSoFar { .. } => 27,
                H::PartnerHoldsSoFar { .. } => 28,
                H::CannotTake { .. } => 29,
                H::HoldsEveryCall { .. } => 30,
                H::Sena { .. } => 31,
                H::LoadForPartner { .. } => 32,
            },
            33,
        );
    }

    #[test]
    fn a_reason_serializes_as_id_and_params() {
        let json = serde_json::to_value(HintReason::KeepTrump {
            card: Card::new(Suit::Cups, Rank::Four),
            kept: Card::new(Suit::Coins, Rank::Ace),
            threat: Card::new(Suit::Coins, Rank::Three),
        })
        .ok();
        assert_eq!(
            json,
            Some(
                serde_json::json!({ "id": "keep-trump", "card": "4c", "kept": "Ad", "threat": "3d" })
            )
        );
    }
}
