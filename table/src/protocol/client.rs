//! [`ClientMessage`]: everything a connection may ask of a table, as one serde tagged enum
//! (`{"v":1,"type":"sit","seat":2}`). Messages marked *host* are refused from anyone else.

use briscola::ai::Level;
use briscola::{Action, Seat};
use serde::{Deserialize, Serialize};

/// One message from a client. The table checks who may send what; see `docs/multiplayer.md`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ClientMessage {
    /// Join the table with its code under a name (in the lobby, or during a match the host opened
    /// with [`ClientMessage::OpenSeats`]).
    Join {
        /// The table code, as read aloud (case, dashes and spaces do not matter).
        code: String,
        /// The name the others see.
        name: String,
    },
    /// Come back to the seat a [`crate::ServerMessage::Welcome`] gave, with its token.
    Rejoin {
        /// The table code.
        code: String,
        /// The seat token.
        token: String,
    },
    /// Take an empty seat (lobby).
    Sit {
        /// The seat.
        seat: Seat,
    },
    /// Leave your seat but stay at the table (lobby).
    Stand,
    /// Take an empty seat of a partnership team, `0` or `1` (lobby, fixed partnerships only).
    Team {
        /// The team.
        team: u8,
    },
    /// Say you are ready to start, or not (lobby).
    Ready {
        /// Ready or not.
        ready: bool,
    },
    /// A move for your seat, checked by the engine.
    Act {
        /// The move, in the engine's typed form or its text form.
        action: Action,
    },
    /// A chat line or a quick phrase.
    Chat {
        /// What to say.
        chat: ChatBody,
    },
    /// Ask everyone to turn the turn timer off.
    ProposeTimerOff,
    /// Agree to turn the turn timer off.
    AgreeTimerOff,
    /// Stop (or start again) showing yourself the chat of the person at a seat.
    Mute {
        /// Their seat.
        seat: Seat,
        /// Muted or not.
        muted: bool,
    },
    /// Leave the table (in the lobby your seat is freed; during a match it is kept, as for a dropped
    /// connection, unless you took it from an AI during the match: then the AI plays it again).
    Leave,
    /// Deal the next hand: once every connected person at a seat asked, it is dealt at once (after
    /// a finished hand, during a match).
    NextHand,
    /// Take back your last move of this hand, and every move after it (where the table allows it,
    /// while you are the one person seated).
    Undo,
    /// Give up the match (while you are the one person seated): it is over at once, lost by your
    /// side.
    Resign,
    /// *Host*: open a seat, or give it to an AI level (lobby).
    SetSeat {
        /// The seat.
        seat: Seat,
        /// Who sits there.
        occupant: SeatChoice,
    },
    /// *Host*: send away the person at a seat (lobby); their token stops working.
    Remove {
        /// The seat.
        seat: Seat,
    },
    /// *Host*: the turn timer in seconds, or `null` for none (lobby).
    SetTimer {
        /// Seconds per move.
        seconds: Option<u16>,
    },
    /// *Host*: what happens at the seat of a person whose connection dropped (any time).
    SetAbsence {
        /// Wait, or an AI level plays until they are back.
        absence: Absence,
    },
    /// *Host*: shuffle everyone's seats when the match starts (random partnerships), or keep them.
    SetSeating {
        /// Shuffle or keep.
        random: bool,
    },
    /// *Host*: open the match in progress to friends, or close it again (any time). While it is
    /// open, a `join` during the match is taken: the newcomer waits for the lowest-numbered AI seat
    /// nobody else waits for, and takes it when the next hand is dealt.
    OpenSeats {
        /// Open or closed.
        open: bool,
    },
    /// *Host*: start the match (every seat taken, every person ready).
    Start,
    /// *Host*: once the match is over, back to the lobby for another at the same table — the same
    /// people at the same seats and the same AI levels, nobody ready yet.
    PlayAgain,
    /// *Host*: close the table (any time): everyone is told, then every connection is closed.
    CloseTable,
}

/// What the host puts at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SeatChoice {
    /// An empty seat, for a person to take.
    Open,
    /// A computer player.
    Ai {
        /// Its level.
        level: Level,
    },
}

/// What happens at the seat of a person whose connection dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Absence {
    /// The table waits for them (with the turn timer running, if it is on).
    #[default]
    Wait,
    /// An AI level plays for them until they rejoin.
    Ai {
        /// Its level.
        level: Level,
    },
}

/// A chat message: a short text, or a quick phrase the user interface words in each reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ChatBody {
    /// Free text (at most [`crate::MAX_CHAT_CHARS`] characters, no control characters).
    Text {
        /// The text.
        text: String,
    },
    /// A quick phrase.
    Phrase {
        /// Its id.
        phrase: QuickPhrase,
    },
}

/// The quick phrases, by id; the user interface words them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum QuickPhrase {
    /// Hello.
    Hello,
    /// Good luck.
    GoodLuck,
    /// Well played.
    WellPlayed,
    /// Good game.
    GoodGame,
    /// Thanks.
    Thanks,
    /// Sorry.
    Sorry,
    /// Oops.
    Oops,
    /// One moment, please.
    OneMoment,
    /// Could we turn the timer off? (The proposal itself is [`ClientMessage::ProposeTimerOff`].)
    TimerOffPlease,
    /// Goodbye.
    Bye,
}

impl QuickPhrase {
    /// Every phrase.
    pub const ALL: [QuickPhrase; 10] = [
        QuickPhrase::Hello,
        QuickPhrase::GoodLuck,
        QuickPhrase::WellPlayed,
        QuickPhrase::GoodGame,
        QuickPhrase::Thanks,
        QuickPhrase::Sorry,
        QuickPhrase::Oops,
        QuickPhrase::OneMoment,
        QuickPhrase::TimerOffPlease,
        QuickPhrase::Bye,
    ];
}
