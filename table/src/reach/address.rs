//! Addresses as the reach ladder sees them: the host's LAN and public interface addresses, whether a
//! router's external address is itself behind another NAT, and the default gateway (where PCP and
//! NAT-PMP are asked).
//!
//! Deliberately absent: IPv6 on the ladder (whether an IPv6 address is reachable depends on the
//! router's firewall, which nothing here can see), and the default gateway on other systems than
//! Linux (there PCP and NAT-PMP are asked at the gateway UPnP found, or not at all).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The host's IPv4 addresses, split into those on local networks and public ones, each with `port`.
pub fn interface_addresses(port: u16) -> (Vec<SocketAddr>, Vec<SocketAddr>) {
    let mut lan = Vec::new();
    let mut public = Vec::new();
    for interface in if_addrs::get_if_addrs().unwrap_or_default() {
        let IpAddr::V4(ip) = interface.ip() else {
            continue;
        };
        let address = SocketAddr::from((ip, port));
        if is_public(ip) {
            public.push(address);
        } else if ip.is_private() || is_shared(ip) || ip.is_link_local() {
            lan.push(address);
        }
    }
    lan.sort();
    lan.dedup();
    public.sort();
    public.dedup();
    (lan, public)
}

/// In 100.64.0.0/10, the space carriers share behind their NAT (RFC 6598).
fn is_shared(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    a == 100 && (64..128).contains(&b)
}

/// An address the internet routes to: not private, shared, loopback, link-local, documentation,
/// benchmarking, multicast, broadcast, reserved or unspecified.
pub fn is_public(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let benchmarking = a == 198 && (b & 0xFE) == 18;
    let documentation = matches!((a, b, c), (192, 0, 2) | (198, 51, 100) | (203, 0, 113));
    let protocol_assignments = (a, b, c) == (192, 0, 0);
    !(ip.is_private()
        || is_shared(ip)
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_unspecified()
        || a == 0
        || a >= 240
        || benchmarking
        || documentation
        || protocol_assignments)
}

/// Whether a router's external address shows another NAT beyond it (RFC 1918 private space, or the
/// carriers' shared 100.64.0.0/10): then a mapping on this router would not reach the internet.
pub fn behind_another_nat(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => ip.is_private() || is_shared(ip),
        IpAddr::V6(_) => false,
    }
}

/// The address this host speaks to `peer` from (a connected UDP socket sends nothing).
pub async fn local_address_towards(peer: IpAddr) -> Option<IpAddr> {
    let bind = match peer {
        IpAddr::V4(_) => SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0)),
        IpAddr::V6(_) => SocketAddr::from((std::net::Ipv6Addr::UNSPECIFIED, 0)),
    };
    let socket = tokio::net::UdpSocket::bind(bind).await.ok()?;
    socket.connect((peer, 9)).await.ok()?;
    Some(socket.local_addr().ok()?.ip())
}

/// The IPv4 default gateway, read from the kernel's routing table (Linux); `None` elsewhere.
pub fn default_gateway() -> Option<Ipv4Addr> {
    let table = std::fs::read_to_string("/proc/net/route").ok()?;
    gateway_in_route_table(&table)
}

/// The gateway of the default route in `/proc/net/route`'s text: the first line whose destination
/// and mask are zero, its gateway in hexadecimal, in the kernel's (little-endian) byte order.
fn gateway_in_route_table(table: &str) -> Option<Ipv4Addr> {
    table.lines().skip(1).find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (destination, gateway, mask) = (fields.get(1)?, fields.get(2)?, fields.get(7)?);
        if *destination != "00000000" || *mask != "00000000" {
            return None;
        }
        let gateway = u32::from_str_radix(gateway, 16).ok()?;
        let gateway = Ipv4Addr::from(gateway.to_le_bytes());
        (!gateway.is_unspecified()).then_some(gateway)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_means_routed_on_the_internet() {
        for public in ["8.8.4.4", "81.2.69.142", "100.128.0.1", "198.20.0.1"] {
            assert!(is_public(public.parse().expect("an address")), "{public}");
        }
        for not in [
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.20",
            "100.64.0.1",
            "100.127.255.254",
            "127.0.0.1",
            "169.254.1.1",
            "203.0.113.5",
            "198.51.100.1",
            "192.0.2.1",
            "198.18.0.1",
            "224.0.0.251",
            "255.255.255.255",
            "240.0.0.1",
            "0.0.0.0",
            "0.1.2.3",
            "192.0.0.8",
        ] {
            assert!(!is_public(not.parse().expect("an address")), "{not}");
        }
    }

    #[test]
    fn another_nat_is_private_or_shared_space() {
        for behind in [
            "10.1.1.1",
            "172.31.0.1",
            "192.168.0.1",
            "100.64.0.1",
            "100.100.1.1",
        ] {
            assert!(
                behind_another_nat(behind.parse().expect("an address")),
                "{behind}"
            );
        }
        for not in ["8.8.4.4", "100.128.0.1", "100.63.255.255", "203.0.113.5"] {
            assert!(
                !behind_another_nat(not.parse().expect("an address")),
                "{not}"
            );
        }
    }

    #[test]
    fn the_default_gateway_is_read_from_the_route_table() {
        let table = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n\
                     eth0\t0001A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n\
                     eth0\t00000000\t0101A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n";
        assert_eq!(
            gateway_in_route_table(table),
            Some(Ipv4Addr::new(192, 168, 1, 1))
        );
        assert_eq!(gateway_in_route_table("Iface\tDestination\n"), None);
        assert_eq!(
            gateway_in_route_table("header\neth0 00000000 ZZ 0 0 0 0 00000000\n"),
            None
        );
    }
}
