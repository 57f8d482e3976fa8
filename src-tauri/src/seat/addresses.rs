//! This machine's addresses on its networks, to tell friends where the hosted table is.

use std::net::IpAddr;

/// Every IPv4 address of this machine's interfaces but loopback, sorted. IPv6 addresses are left
/// out: nobody reads one aloud across a room, and a friend on the same network has an IPv4 route.
pub fn local_addresses() -> Vec<String> {
    let Ok(interfaces) = if_addrs::get_if_addrs() else {
        return Vec::new();
    };
    let mut addresses: Vec<String> = interfaces
        .iter()
        .filter(|interface| !interface.is_loopback())
        .filter_map(|interface| match interface.ip() {
            IpAddr::V4(address) => Some(address.to_string()),
            IpAddr::V6(_) => None,
        })
        .collect();
    addresses.sort();
    addresses.dedup();
    addresses
}
