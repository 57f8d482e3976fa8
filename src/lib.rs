//! # briscola
//!
//! Rules engine for the Briscola family of card games: Italian Briscola, Spanish Brisca, Portuguese
//! Bisca and their variants (scoperta, Briscolone, chiamata, dupla briškula), with matches, per-seat
//! observations and replayable records.
//!
//! ```
//! use briscola::{Action, Deal, Game, Phase, Preset, Ruleset};
//!
//! let rules = Ruleset::preset(Preset::Brisca, 2)?;
//! let mut game = Game::new(rules, 0, &Deal::Seed(2026))?;
//! while game.phase() != Phase::Finished {
//!     // Play the first legal card: every action goes through the checked `apply`.
//!     let card = game.legal_cards().first().expect("a player to move holds cards");
//!     game.apply(Action::Play(card))?;
//! }
//! let result = game.result().expect("finished");
//! assert_eq!(result.seat_points.iter().sum::<u16>(), 120);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Design: chance is only ever an explicit seed or deck order ([`Deal`]); nothing here touches files,
//! clocks, threads or global randomness. Hidden information leaves a [`Game`] for a player only through
//! [`Game::observation`]; AIs and user interfaces are built on [`Observation`]s.

pub mod ai;
mod card;
mod card_set;
mod game;
mod matches;
pub mod message;
mod observation;
mod rng;
mod ruleset;

pub use card::{Card, ParseCardError, Rank, Suit, parse_cards};
pub use card_set::{CardSet, CardSetIter};
pub use game::{
    Action, ActionList, AuctionTurn, Bid, ChiamataResult, Deal, Exchange, Game, HandEnd,
    HandOutcome, HandResult, IllegalAction, InvariantViolation, MAX_ACTIONS, ParseActionError,
    Phase, Seat, Sena, SetupError, Signal, action_text, beats, seats_of, trick_winner_index,
};
pub use matches::{
    FormatChoice, HandRecord, Match, MatchError, MatchFormat, MatchOutcome, MatchRecord,
    MatchStanding, Record, RecordError, RecordSummary, ReplaySummary, SeatError, SeatedMatch,
    Stakes, summarize,
};
pub use observation::{
    AuctionView, BidChoices, Choices, ExchangeOffer, Observation, ObservationError, PlayView,
    PointBids, SignalView, TrickView,
};
pub use rng::Rng;
pub use ruleset::{
    CardOrder, DeckKind, DeckStyle, ExchangeRule, FollowRule, MAX_PLAYERS, OptionError, OptionId,
    OptionKind, OptionSpec, OptionValue, Preset, RankValue, Requirement, Ruleset, RulesetError,
    TieRule, TrumpRule,
};
