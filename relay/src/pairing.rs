//! The pairing core, without sockets or clocks (*sans-IO*): hosts registered per nameplate, guests
//! waiting for one of them, a guest paired with the accept connection its host opens for it, and
//! the expiry of guests nobody accepted. The driver (`server`) owns one behind a lock and gives it
//! the time; a host's handle (`H`) is how the driver tells the host of a guest, a guest's handle
//! (`G`) how it hands the guest its pair.
//!
//! Several hosts may share a nameplate (table codes are random: two tables can share the first
//! characters): each gets the smallest free index (0, 1, 2… in registration order while nobody
//! leaves), and a guest asks for one index. Deliberately absent: any payload, any notion of a table
//! code beyond its nameplate, and limits (the driver applies them before it asks).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::nameplate::Nameplate;

/// A registered host (a control connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HostId(u64);

/// A waiting guest, named by the driver (a random number: the host's accept connection names it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GuestId(pub u64);

/// Why the core refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No host holds that index under that nameplate.
    #[error("no host at that index")]
    NoHost,
    /// A waiting guest already has that id.
    #[error("that guest id is taken")]
    GuestIdTaken,
    /// No guest with that id waits under that nameplate.
    #[error("no such guest waits")]
    UnknownGuest,
}

/// A host's registration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Registered {
    /// The host, to remove it later.
    pub host: HostId,
    /// Its index under its nameplate.
    pub index: usize,
}

#[derive(Debug)]
struct Host<H> {
    nameplate: Nameplate,
    index: usize,
    handle: H,
}

#[derive(Debug)]
struct Waiting<G> {
    nameplate: Nameplate,
    host: HostId,
    since: Instant,
    handle: G,
}

/// The hosts and waiting guests of one relay.
#[derive(Debug)]
pub struct Pairing<H, G> {
    next_host: u64,
    slots: HashMap<Nameplate, Vec<Option<HostId>>>,
    hosts: HashMap<HostId, Host<H>>,
    guests: HashMap<GuestId, Waiting<G>>,
}

impl<H, G> Default for Pairing<H, G> {
    fn default() -> Self {
        Self {
            next_host: 0,
            slots: HashMap::new(),
            hosts: HashMap::new(),
            guests: HashMap::new(),
        }
    }
}

impl<H, G> Pairing<H, G> {
    /// Registers a host under `nameplate` at the smallest free index.
    pub fn register_host(&mut self, nameplate: Nameplate, handle: H) -> Registered {
        let host = HostId(self.next_host);
        self.next_host += 1;
        let slots = self.slots.entry(nameplate.clone()).or_default();
        let index = match slots.iter().position(Option::is_none) {
            Some(free) => free,
            None => {
                slots.push(None);
                slots.len() - 1
            }
        };
        slots[index] = Some(host);
        self.hosts.insert(
            host,
            Host {
                nameplate,
                index,
                handle,
            },
        );
        Registered { host, index }
    }

    /// Removes a host; the guests that were waiting for it, to be told.
    pub fn remove_host(&mut self, host: HostId) -> Vec<(GuestId, G)> {
        let Some(gone) = self.hosts.remove(&host) else {
            return Vec::new();
        };
        if let Some(slots) = self.slots.get_mut(&gone.nameplate) {
            slots[gone.index] = None;
            while slots.last() == Some(&None) {
                slots.pop();
            }
            if slots.is_empty() {
                self.slots.remove(&gone.nameplate);
            }
        }
        let orphans: Vec<GuestId> = self
            .guests
            .iter()
            .filter(|(_, waiting)| waiting.host == host)
            .map(|(id, _)| *id)
            .collect();
        orphans
            .into_iter()
            .filter_map(|id| self.guests.remove(&id).map(|w| (id, w.handle)))
            .collect()
    }

    /// How many indices `nameplate` spans (one past its highest host's; 0 without hosts).
    pub fn hosts(&self, nameplate: &Nameplate) -> usize {
        self.slots.get(nameplate).map_or(0, Vec::len)
    }

    /// A guest asks for the host at `index`: it waits, and the host's handle is returned so the
    /// driver tells the host of it.
    pub fn guest_arrives(
        &mut self,
        nameplate: &Nameplate,
        index: usize,
        guest: GuestId,
        handle: G,
        now: Instant,
    ) -> Result<&H, PairingError> {
        let host = self
            .slots
            .get(nameplate)
            .and_then(|slots| slots.get(index).copied().flatten())
            .ok_or(PairingError::NoHost)?;
        if self.guests.contains_key(&guest) {
            return Err(PairingError::GuestIdTaken);
        }
        self.guests.insert(
            guest,
            Waiting {
                nameplate: nameplate.clone(),
                host,
                since: now,
                handle,
            },
        );
        self.hosts
            .get(&host)
            .map(|h| &h.handle)
            .ok_or(PairingError::NoHost)
    }

    /// A waiting guest is gone (it closed, or its host could not be told): its handle.
    pub fn guest_leaves(&mut self, guest: GuestId) -> Option<G> {
        self.guests.remove(&guest).map(|w| w.handle)
    }

    /// The host's accept connection for `guest`: the guest's handle, and how many indices its
    /// nameplate spans now.
    pub fn accept(
        &mut self,
        nameplate: &Nameplate,
        guest: GuestId,
    ) -> Result<(G, usize), PairingError> {
        match self.guests.get(&guest) {
            Some(waiting) if waiting.nameplate == *nameplate => {}
            _ => return Err(PairingError::UnknownGuest),
        }
        let waiting = self
            .guests
            .remove(&guest)
            .ok_or(PairingError::UnknownGuest)?;
        Ok((waiting.handle, self.hosts(nameplate)))
    }

    /// The guests that waited `timeout` or longer at `now`, removed.
    pub fn expire(&mut self, now: Instant, timeout: Duration) -> Vec<(GuestId, G)> {
        let late: Vec<GuestId> = self
            .guests
            .iter()
            .filter(|(_, w)| now.saturating_duration_since(w.since) >= timeout)
            .map(|(id, _)| *id)
            .collect();
        late.into_iter()
            .filter_map(|id| self.guests.remove(&id).map(|w| (id, w.handle)))
            .collect()
    }

    /// Guests waiting now.
    pub fn waiting(&self) -> usize {
        self.guests.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plate(text: &str) -> Nameplate {
        Nameplate::parse(text).expect("a nameplate")
    }

    #[test]
    fn hosts_sharing_a_nameplate_get_indices_in_order_and_free_ones_are_reused() {
        let mut core: Pairing<&str, ()> = Pairing::default();
        let a = core.register_host(plate("7KQ"), "a");
        let b = core.register_host(plate("7KQ"), "b");
        let c = core.register_host(plate("7KQ"), "c");
        let other = core.register_host(plate("ZZZ"), "z");
        assert_eq!([a.index, b.index, c.index, other.index], [0, 1, 2, 0]);
        assert_eq!(core.hosts(&plate("7KQ")), 3);
        core.remove_host(b.host);
        assert_eq!(core.hosts(&plate("7KQ")), 3, "c keeps its index");
        assert_eq!(core.register_host(plate("7KQ"), "d").index, 1);
        core.remove_host(c.host);
        assert_eq!(core.hosts(&plate("7KQ")), 2);
        core.remove_host(a.host);
        assert_eq!(core.hosts(&plate("7KQ")), 2, "d still holds index 1");
        assert_eq!(core.hosts(&plate("AAA")), 0);
    }

    #[test]
    fn a_guest_is_paired_by_its_id_under_its_nameplate_once() {
        let now = Instant::now();
        let mut core: Pairing<&str, u8> = Pairing::default();
        core.register_host(plate("7KQ"), "first");
        core.register_host(plate("7KQ"), "second");
        assert_eq!(
            core.guest_arrives(&plate("7KQ"), 1, GuestId(9), 1, now),
            Ok(&"second")
        );
        assert_eq!(
            core.guest_arrives(&plate("7KQ"), 0, GuestId(9), 2, now),
            Err(PairingError::GuestIdTaken)
        );
        assert_eq!(
            core.guest_arrives(&plate("7KQ"), 2, GuestId(10), 3, now),
            Err(PairingError::NoHost)
        );
        assert_eq!(
            core.guest_arrives(&plate("AAA"), 0, GuestId(10), 3, now),
            Err(PairingError::NoHost)
        );
        assert_eq!(
            core.accept(&plate("AAA"), GuestId(9)),
            Err(PairingError::UnknownGuest),
            "another nameplate cannot take the guest"
        );
        assert_eq!(core.accept(&plate("7KQ"), GuestId(9)), Ok((1, 2)));
        assert_eq!(
            core.accept(&plate("7KQ"), GuestId(9)),
            Err(PairingError::UnknownGuest)
        );
        assert_eq!(core.waiting(), 0);
    }

    #[test]
    fn guests_expire_and_leave_with_their_host() {
        let start = Instant::now();
        let mut core: Pairing<(), u8> = Pairing::default();
        let host = core.register_host(plate("7KQ"), ());
        let other = core.register_host(plate("7KQ"), ());
        assert!(
            core.guest_arrives(&plate("7KQ"), 0, GuestId(1), 1, start)
                .is_ok()
        );
        let later = start + Duration::from_secs(5);
        assert!(
            core.guest_arrives(&plate("7KQ"), 1, GuestId(2), 2, later)
                .is_ok()
        );
        assert!(
            core.guest_arrives(&plate("7KQ"), 0, GuestId(3), 3, later)
                .is_ok()
        );
        assert_eq!(
            core.expire(start + Duration::from_secs(10), Duration::from_secs(10)),
            vec![(GuestId(1), 1)]
        );
        assert_eq!(core.remove_host(host.host), vec![(GuestId(3), 3)]);
        assert_eq!(core.guest_leaves(GuestId(2)), Some(2));
        assert_eq!(core.guest_leaves(GuestId(2)), None);
        assert!(core.remove_host(other.host).is_empty());
        assert!(
            core.remove_host(other.host).is_empty(),
            "twice changes nothing"
        );
        assert_eq!(core.hosts(&plate("7KQ")), 0);
    }
}
