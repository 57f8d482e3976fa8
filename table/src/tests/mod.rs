//! The crate's tests of whole tables: scripted and random clients over the wire format.

mod again;
mod alone;
mod chat;
mod clock;
mod fuzz;
mod harness;
mod illegal;
mod invite;
mod lobby;
pub(crate) mod matches;
#[cfg(any(feature = "discovery", feature = "reach"))]
pub(crate) mod namespace;
mod rejoin;
mod restore;
mod secrecy;
