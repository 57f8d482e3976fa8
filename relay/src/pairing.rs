//! The pairing core, without sockets or clocks (*sans-IO*): hosts registered per nameplate, and
//! the guests each host carries on its control connection, up to a cap. The driver (`server`)
//! owns one behind a lock; a host's handle (`H`) is how the driver hands the host a guest.
//!
//! Several hosts may share a nameplate (table codes are random: two tables can share the first
//! characters): each gets the smallest free index (0, 1, 2… in registration order while nobody
//! leaves), and a guest asks for one index. Deliberately absent: any payload, any notion of a table
//! code beyond its nameplate, and the other limits (the driver applies them before it asks).

use std::collections::{HashMap, HashSet};

use crate::nameplate::Nameplate;

/// A registered host (a control connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HostId(u64);

/// A guest, named by the driver (a random number: the id on its host's control connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GuestId(pub u64);

/// Why the core refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No host holds that index under that nameplate.
    #[error("no host at that index")]
    NoHost,
    /// The host carries as many guests as it may.
    #[error("the host is full")]
    HostFull,
    /// A guest of that host already has that id.
    #[error("that guest id is taken")]
    GuestIdTaken,
}

/// A host's registration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Registered {
    /// The host, to remove it later.
    pub host: HostId,
    /// Its index under its nameplate.
    pub index: usize,
}

/// A guest's place: its host, and how many indices its nameplate spans now.
#[derive(Debug, PartialEq, Eq)]
pub struct Joined<'a, H> {
    /// The host it joined.
    pub host: HostId,
    /// The host's handle, to hand it the guest.
    pub handle: &'a H,
    /// One past the highest index under the nameplate.
    pub hosts: usize,
}

#[derive(Debug)]
struct Host<H> {
    nameplate: Nameplate,
    index: usize,
    handle: H,
    guests: HashSet<GuestId>,
}

/// The hosts of one relay and their guests.
#[derive(Debug)]
pub struct Pairing<H> {
    next_host: u64,
    slots: HashMap<Nameplate, Vec<Option<HostId>>>,
    hosts: HashMap<HostId, Host<H>>,
}

impl<H> Default for Pairing<H> {
    fn default() -> Self {
        Self {
            next_host: 0,
            slots: HashMap::new(),
            hosts: HashMap::new(),
        }
    }
}

impl<H> Pairing<H> {
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
                guests: HashSet::new(),
            },
        );
        Registered { host, index }
    }

    /// Removes a host; the guests it carried.
    pub fn remove_host(&mut self, host: HostId) -> Vec<GuestId> {
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
        gone.guests.into_iter().collect()
    }

    /// How many indices `nameplate` spans (one past its highest host's; 0 without hosts).
    pub fn hosts(&self, nameplate: &Nameplate) -> usize {
        self.slots.get(nameplate).map_or(0, Vec::len)
    }

    /// A guest joins the host at `index`, if that host carries fewer than `cap` guests.
    pub fn guest_arrives(
        &mut self,
        nameplate: &Nameplate,
        index: usize,
        guest: GuestId,
        cap: usize,
    ) -> Result<Joined<'_, H>, PairingError> {
        let id = self
            .slots
            .get(nameplate)
            .and_then(|slots| slots.get(index).copied().flatten())
            .ok_or(PairingError::NoHost)?;
        let hosts = self.hosts(nameplate);
        let host = self.hosts.get_mut(&id).ok_or(PairingError::NoHost)?;
        if host.guests.len() >= cap {
            return Err(PairingError::HostFull);
        }
        if !host.guests.insert(guest) {
            return Err(PairingError::GuestIdTaken);
        }
        Ok(Joined {
            host: id,
            handle: &host.handle,
            hosts,
        })
    }

    /// A guest of `host` is gone (its socket closed, or its host could not be told): whether it
    /// was there.
    pub fn guest_leaves(&mut self, host: HostId, guest: GuestId) -> bool {
        self.hosts
            .get_mut(&host)
            .is_some_and(|h| h.guests.remove(&guest))
    }

    /// Guests carried by all hosts now.
    pub fn guests(&self) -> usize {
        self.hosts.values().map(|h| h.guests.len()).sum()
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
        let mut core: Pairing<&str> = Pairing::default();
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
    fn a_guest_joins_the_host_at_its_index_once() {
        let mut core: Pairing<&str> = Pairing::default();
        core.register_host(plate("7KQ"), "first");
        let second = core.register_host(plate("7KQ"), "second");
        assert_eq!(
            core.guest_arrives(&plate("7KQ"), 1, GuestId(9), 32),
            Ok(Joined {
                host: second.host,
                handle: &"second",
                hosts: 2
            })
        );
        assert_eq!(
            core.guest_arrives(&plate("7KQ"), 1, GuestId(9), 32),
            Err(PairingError::GuestIdTaken)
        );
        assert_eq!(
            core.guest_arrives(&plate("7KQ"), 2, GuestId(10), 32),
            Err(PairingError::NoHost)
        );
        assert_eq!(
            core.guest_arrives(&plate("AAA"), 0, GuestId(10), 32),
            Err(PairingError::NoHost)
        );
        assert_eq!(core.guests(), 1);
    }

    #[test]
    fn a_host_carries_at_most_its_cap_of_guests() {
        let mut core: Pairing<()> = Pairing::default();
        let host = core.register_host(plate("7KQ"), ());
        for n in 0..3 {
            assert!(core.guest_arrives(&plate("7KQ"), 0, GuestId(n), 3).is_ok());
        }
        assert_eq!(
            core.guest_arrives(&plate("7KQ"), 0, GuestId(3), 3),
            Err(PairingError::HostFull)
        );
        assert!(core.guest_leaves(host.host, GuestId(1)));
        assert!(!core.guest_leaves(host.host, GuestId(1)), "once");
        assert!(core.guest_arrives(&plate("7KQ"), 0, GuestId(3), 3).is_ok());
    }

    #[test]
    fn guests_leave_with_their_host() {
        let mut core: Pairing<()> = Pairing::default();
        let host = core.register_host(plate("7KQ"), ());
        let other = core.register_host(plate("7KQ"), ());
        assert!(core.guest_arrives(&plate("7KQ"), 0, GuestId(1), 8).is_ok());
        assert!(core.guest_arrives(&plate("7KQ"), 1, GuestId(2), 8).is_ok());
        assert_eq!(core.remove_host(host.host), vec![GuestId(1)]);
        assert!(!core.guest_leaves(host.host, GuestId(1)));
        assert_eq!(core.guests(), 1);
        assert_eq!(core.remove_host(other.host), vec![GuestId(2)]);
        assert!(
            core.remove_host(other.host).is_empty(),
            "twice changes nothing"
        );
        assert_eq!(core.hosts(&plate("7KQ")), 0);
    }
}
