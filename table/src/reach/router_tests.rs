//! The port mapping against a real router: Debian's `miniupnpd` (UPnP IGD, PCP, NAT-PMP), run in a
//! network namespace the test creates (a new user and network namespace, two veth pairs standing
//! for the router's LAN and WAN sides). No packet leaves the namespace: the WAN side's address is
//! on an interface with no link beyond it. It needs `unshare` (util-linux), `ip` (iproute2),
//! `miniupnpd` (with its nftables backend), `nft` (nftables) and leave to create namespaces; without them it fails,
//! it does not skip.
//!
//! The router's own word on which mappings it holds is its lease file. miniupnpd keeps a reserved
//! WAN address to itself, so double NAT as other routers show it is played by two fakes in the same
//! namespace: a UPnP IGD (SSDP answer, device description, `GetExternalIPAddress`) and a NAT-PMP
//! router, each telling a private or shared WAN address and recording what it was asked. The NAT-PMP
//! fake also plays a router without PCP, whose mapping is made, renewed and removed.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::*;

const IN_NAMESPACE: &str = "reach::router_tests::mapping_against_miniupnpd";
const ROUTER: Ipv4Addr = Ipv4Addr::new(192, 168, 77, 1);
const PORT: u16 = 7878;

#[test]
fn mapping_works_against_a_real_router_in_a_network_namespace() {
    crate::tests::namespace::run_in_network_namespace(IN_NAMESPACE);
}

/// Runs a command of the namespace's setup.
fn run(command: &str) {
    let status = Command::new("sh")
        .args(["-c", command])
        .status()
        .expect("sh runs");
    assert!(status.success(), "`{command}` failed");
}

/// The router's two sides: `lan0` (192.168.77.1/24, where this host is too) and `wan0` with
/// `wan_address`, each the end of a veth pair whose other end stays unused in the namespace.
fn set_up_interfaces(wan_address: &str) {
    run("ip link del wan0 2>/dev/null; ip link del lan0 2>/dev/null; true");
    run(&format!(
        "ip link add wan0 type veth peer name wan1 && ip link set wan1 up && \
         ip addr add {wan_address}/24 dev wan0 && ip link set wan0 up && \
         ip link add lan0 type veth peer name lan1 && ip link set lan1 up && \
         ip addr add {ROUTER}/24 dev lan0 && ip link set lan0 up && \
         ip route add 239.0.0.0/8 dev lan0"
    ));
}

/// The nftables chains miniupnpd's nftables backend adds its rules to (its defaults: table `filter`,
/// chains `miniupnpd`, `prerouting_miniupnpd`, `postrouting_miniupnpd`), as its `nft_init.sh` makes them.
const RULESET: &str = "table inet filter {
    chain forward { type filter hook forward priority 0; policy drop; jump miniupnpd; }
    chain miniupnpd { }
    chain prerouting { type nat hook prerouting priority -100; policy accept; jump prerouting_miniupnpd; }
    chain postrouting { type nat hook postrouting priority 100; policy accept; jump postrouting_miniupnpd; }
    chain prerouting_miniupnpd { }
    chain postrouting_miniupnpd { }
}
";

/// A miniupnpd run, killed when dropped (each run starts from an empty lease file).
struct Router {
    child: Child,
    lease_file: PathBuf,
    log: PathBuf,
}

impl Router {
    /// Starts miniupnpd with `upnp` on or off and these permission rules, and waits until it listens.
    fn start(dir: &Path, upnp: bool, rules: &str) -> Router {
        let lease_file = dir.join("leases");
        let log = dir.join("miniupnpd.log");
        let _ = std::fs::remove_file(&lease_file);
        let config = dir.join("miniupnpd.conf");
        let upnp = if upnp { "yes" } else { "no" };
        std::fs::write(
            &config,
            format!(
                "ext_ifname=wan0\nlistening_ip=lan0\nhttp_port=5000\nenable_upnp={upnp}\n\
                 enable_natpmp=yes\nsecure_mode=yes\nsystem_uptime=yes\n\
                 uuid=A0C52788-CB96-4C76-9B56-FCDB1ED61437\nlease_file={}\n{rules}\n",
                lease_file.display()
            ),
        )
        .expect("the configuration is written");
        let child = Command::new("miniupnpd")
            .arg("-d")
            .arg("-f")
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("the log is created"))
            .spawn()
            .expect("miniupnpd (apt-get install miniupnpd) runs");
        let router = Router {
            child,
            lease_file,
            log,
        };
        for _ in 0..100 {
            if router.log().contains("Listening for NAT-PMP/PCP traffic") {
                return router;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("miniupnpd did not start:\n{}", router.log());
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The mappings the router holds, a line each: `TCP:EXTERNAL_PORT:CLIENT:PORT:…`.
    fn mappings(&self) -> Vec<String> {
        let text = std::fs::read_to_string(&self.lease_file).unwrap_or_default();
        text.lines().map(str::to_string).collect()
    }

    /// Waits (a few seconds at most) until the router holds no mapping.
    async fn until_empty(&self) -> Vec<String> {
        for _ in 0..50 {
            if self.mappings().is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.mappings()
    }
}

impl Drop for Router {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn options() -> MapOptions {
    MapOptions {
        ssdp: SocketAddr::from((ROUTER, 1900)),
        gateway: Some(IpAddr::V4(ROUTER)),
        wait: Duration::from_secs(2),
        lease: Duration::from_secs(600),
    }
}

const ALLOW: &str = "allow 1024-65535 192.168.77.0/24 1024-65535\ndeny 0-65535 0.0.0.0/0 0-65535";
const DENY: &str = "deny 0-65535 0.0.0.0/0 0-65535";

#[ignore = "run in its own network namespace by the test above"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mapping_against_miniupnpd() {
    // The namespace's own interfaces (`/sys/class/net` may still show the outer namespace's).
    let links = Command::new("ip")
        .args(["-o", "link", "show"])
        .output()
        .expect("`ip` (iproute2) runs");
    let links = String::from_utf8_lossy(&links.stdout);
    let interfaces: Vec<&str> = links
        .lines()
        .filter_map(|line| line.split(": ").nth(1))
        .collect();
    assert_eq!(interfaces, ["lo"], "run only in a fresh network namespace");
    let dir = std::env::temp_dir().join(format!("briscola-reach-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the router");
    let ruleset = dir.join("ruleset.nft");
    std::fs::write(&ruleset, RULESET).expect("the ruleset is written");
    run(&format!("nft -f {}", ruleset.display()));
    // An address outside every reserved range, on an interface with nothing beyond it.
    set_up_interfaces("100.128.0.1");
    let public = IpAddr::V4(Ipv4Addr::new(100, 128, 0, 1));

    // No router: nothing answers, in time.
    let outcome = mapping::request(PORT, &options()).await.err();
    assert_eq!(outcome, Some(MappingOutcome::NoRouter));

    // UPnP: mapped, listed by the router, renewed, removed at close.
    let router = Router::start(&dir, true, ALLOW);
    // (This host has the router's public WAN address too: the probe needs no mapping.)
    let (report, mapped) = probe(PORT, &ProbeOptions::default()).await;
    assert!(mapped.is_none());
    assert_eq!(report.mapping, MappingOutcome::NotNeeded);
    let direct = SocketAddr::new(public, PORT);
    assert_eq!(report.outside.route, Route::Direct { address: direct });
    assert_eq!(router.mappings(), Vec::<String>::new());
    let mapped = match mapping::request(PORT, &options()).await {
        Ok(mapped) => mapped,
        Err(outcome) => panic!("{outcome:?}\n{}", router.log()),
    };
    assert_eq!(mapped.protocol(), MappingProtocol::Upnp);
    assert_eq!(mapped.external().ip(), public);
    let held = router.mappings();
    let expected = format!("TCP:{}:{ROUTER}:{PORT}:", mapped.external().port());
    assert!(
        held.len() == 1 && held[0].starts_with(&expected),
        "{held:?} {expected}"
    );
    mapped.renew_now().await.expect("renewed");
    assert_eq!(router.mappings().len(), 1, "{}", router.log());
    mapped.remove().await.expect("removed");
    assert_eq!(router.mappings(), Vec::<String>::new());

    // Dropped without `remove`: removed all the same.
    let mapped = mapping::request(PORT, &options()).await.expect("mapped");
    assert_eq!(router.mappings().len(), 1);
    drop(mapped);
    assert_eq!(router.until_empty().await, Vec::<String>::new());
    drop(router);

    // PCP when UPnP is off.
    let router = Router::start(&dir, false, ALLOW);
    let mapped = mapping::request(PORT, &options()).await.expect("mapped");
    assert_eq!(mapped.protocol(), MappingProtocol::Pcp);
    assert_eq!(mapped.external().ip(), public);
    let held = router.mappings();
    assert!(
        held.len() == 1 && held[0].contains(&format!(":{ROUTER}:{PORT}:")),
        "{held:?}"
    );
    mapped.renew_now().await.expect("renewed");
    mapped.remove().await.expect("removed");
    assert_eq!(router.mappings(), Vec::<String>::new());
    drop(router);

    // Refused: the router's rules allow no mapping.
    let router = Router::start(&dir, true, DENY);
    let outcome = mapping::request(PORT, &options()).await.err();
    // miniupnpd answers AddAnyPortMapping against its rules with "no port maps available".
    let reason = "the router has no port left to open".to_string();
    assert_eq!(outcome, Some(MappingOutcome::Refused { reason }));
    assert_eq!(router.mappings(), Vec::<String>::new());
    drop(router);

    // Double NAT behind miniupnpd: it keeps a reserved WAN address to itself and maps nothing.
    set_up_interfaces("100.64.0.2");
    let router = Router::start(&dir, true, ALLOW);
    let outcome = mapping::request(PORT, &options()).await.err();
    let reason = "the router's answer could not be read".to_string();
    assert_eq!(outcome, Some(MappingOutcome::Refused { reason }));
    assert_eq!(router.mappings(), Vec::<String>::new());
    drop(router);

    // Double NAT behind a NAT-PMP router that tells its shared WAN address: the mapping it made
    // is taken back.
    let (fake, heard) = fake_nat_pmp(Ipv4Addr::new(100, 64, 0, 2)).await;
    let outcome = mapping::request(PORT, &options()).await.err();
    assert_eq!(
        outcome,
        Some(MappingOutcome::BehindAnotherNat {
            address: "100.64.0.2".parse().expect("an address")
        })
    );
    fake.abort();
    // Its socket is closed once the task is gone (the next fake binds the same port).
    let _ = fake.await;
    let heard = heard.lock().expect("the requests heard").clone();
    assert_eq!(
        heard,
        [
            Heard::Pcp,
            Heard::Map {
                port: PORT,
                lifetime: 600
            },
            Heard::ExternalAddress,
            Heard::Map {
                port: PORT,
                lifetime: 0
            },
        ]
    );

    // NAT-PMP (a router without PCP) with a public WAN address: mapped, renewed by its task half
    // way through a two-second lease, renewed on demand, removed at close.
    let (fake, heard) = fake_nat_pmp(Ipv4Addr::new(100, 128, 0, 1)).await;
    let short = MapOptions {
        lease: Duration::from_secs(2),
        ..options()
    };
    let mapped = mapping::request(PORT, &short).await.expect("mapped");
    assert_eq!(mapped.protocol(), MappingProtocol::NatPmp);
    assert_eq!(mapped.external(), SocketAddr::new(public, PORT));
    let asked = Heard::Map {
        port: PORT,
        lifetime: 2,
    };
    let count = |heard: &[Heard]| heard.iter().filter(|h| **h == asked).count();
    for _ in 0..100 {
        if count(&heard.lock().expect("the requests heard")) >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    mapped.renew_now().await.expect("renewed");
    mapped.remove().await.expect("removed");
    fake.abort();
    // Its socket is closed once the task is gone (the next fake binds the same port).
    let _ = fake.await;
    let heard = heard.lock().expect("the requests heard").clone();
    assert_eq!(
        heard[..3],
        [Heard::Pcp, asked.clone(), Heard::ExternalAddress]
    );
    assert!(count(&heard) >= 3, "the task's renewal and ours: {heard:?}");
    let removal = Heard::Map {
        port: PORT,
        lifetime: 0,
    };
    assert_eq!(heard.last(), Some(&removal));

    // Double NAT behind a UPnP router that tells its private WAN address: nothing is mapped, and
    // the probe says why no route leads in.
    let (fake, heard) = fake_igd(Ipv4Addr::new(192, 168, 1, 1)).await;
    let probing = ProbeOptions {
        mapping: options(),
        ..ProbeOptions::default()
    };
    let (report, mapped) = probe(PORT, &probing).await;
    assert!(mapped.is_none());
    let behind = MappingOutcome::BehindAnotherNat {
        address: "192.168.1.1".parse().expect("an address"),
    };
    assert_eq!(report.mapping, behind);
    assert!(report.public.is_empty(), "{report:?}");
    assert!(
        report.lan.contains(&SocketAddr::from((ROUTER, PORT))),
        "{report:?}"
    );
    assert_eq!(report.outside.route, Route::None);
    assert_eq!(
        report.outside.passed_over,
        [
            PassedOver::NoPublicAddress,
            PassedOver::Mapping { outcome: behind },
            PassedOver::Relay {
                outcome: RelayOutcome::NotConfigured
            }
        ]
    );
    fake.abort();
    // Its socket is closed once the task is gone (the next fake binds the same port).
    let _ = fake.await;
    let heard = heard.lock().expect("the requests heard").clone();
    // igd-next searches with several M-SEARCH variants at once.
    assert!(heard.iter().any(|h| h == "M-SEARCH"), "{heard:?}");
    let asked: Vec<&String> = heard.iter().filter(|h| *h != "M-SEARCH").collect();
    assert_eq!(
        asked,
        [
            "GET /rootDesc.xml",
            "GET /scpd.xml",
            "POST GetExternalIPAddress"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The UPnP device description of a router with one WAN IP connection service.
const DESCRIPTION: &str = r#"<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0"><device>
<deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>
<deviceList><device><deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType>
<deviceList><device><deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
<serviceList><service>
<serviceType>urn:schemas-upnp-org:service:WANIPConnection:1</serviceType>
<serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId>
<controlURL>/ctl</controlURL><eventSubURL>/evt</eventSubURL><SCPDURL>/scpd.xml</SCPDURL>
</service></serviceList></device></deviceList></device></deviceList></device></root>"#;

/// The service's actions and their input arguments, as the UPnP IGD specification names them.
const SCPD: &str = r#"<?xml version="1.0"?>
<scpd xmlns="urn:schemas-upnp-org:service-1-0"><actionList>
<action><name>GetExternalIPAddress</name><argumentList>
<argument><name>NewExternalIPAddress</name><direction>out</direction></argument>
</argumentList></action>
<action><name>AddPortMapping</name><argumentList>
<argument><name>NewRemoteHost</name><direction>in</direction></argument>
<argument><name>NewExternalPort</name><direction>in</direction></argument>
<argument><name>NewProtocol</name><direction>in</direction></argument>
<argument><name>NewInternalPort</name><direction>in</direction></argument>
<argument><name>NewInternalClient</name><direction>in</direction></argument>
<argument><name>NewEnabled</name><direction>in</direction></argument>
<argument><name>NewPortMappingDescription</name><direction>in</direction></argument>
<argument><name>NewLeaseDuration</name><direction>in</direction></argument>
</argumentList></action>
<action><name>DeletePortMapping</name><argumentList>
<argument><name>NewRemoteHost</name><direction>in</direction></argument>
<argument><name>NewExternalPort</name><direction>in</direction></argument>
<argument><name>NewProtocol</name><direction>in</direction></argument>
</argumentList></action>
</actionList></scpd>"#;

/// A UPnP IGD on the namespace's router address (SSDP on port 1900, HTTP on 5000) whose WAN address
/// is `wan`: it answers the search, serves its description, and answers `GetExternalIPAddress`;
/// every other action gets a UPnP fault. It records what it heard.
async fn fake_igd(
    wan: Ipv4Addr,
) -> (
    tokio::task::JoinHandle<()>,
    std::sync::Arc<std::sync::Mutex<Vec<String>>>,
) {
    let ssdp = tokio::net::UdpSocket::bind((ROUTER, 1900))
        .await
        .expect("the SSDP port is free");
    let http = tokio::net::TcpListener::bind((ROUTER, 5000))
        .await
        .expect("the HTTP port is free");
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = heard.clone();
    let task = tokio::spawn(async move {
        let mut buffer = [0u8; 2048];
        loop {
            tokio::select! {
                Ok((n, from)) = ssdp.recv_from(&mut buffer) => {
                    let search = String::from_utf8_lossy(&buffer[..n]).to_string();
                    if !search.starts_with("M-SEARCH") {
                        continue;
                    }
                    record.lock().expect("the requests heard").push("M-SEARCH".to_string());
                    let reply = format!(
                        "HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=120\r\n\
                         ST: urn:schemas-upnp-org:device:InternetGatewayDevice:1\r\n\
                         USN: uuid:A0C52788::urn:schemas-upnp-org:device:InternetGatewayDevice:1\r\n\
                         EXT:\r\nLOCATION: http://{ROUTER}:5000/rootDesc.xml\r\n\r\n"
                    );
                    let _ = ssdp.send_to(reply.as_bytes(), from).await;
                }
                Ok((stream, _)) = http.accept() => {
                    let heard = answer(stream, wan).await;
                    record.lock().expect("the requests heard").push(heard);
                }
            }
        }
    });
    (task, heard)
}

/// A UPnP error answer (SOAP fault).
const FAULT: &str = r#"<?xml version="1.0"?>
<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault>
<faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>
<UPnPError xmlns="urn:schemas-upnp-org:control-1-0"><errorCode>401</errorCode>
<errorDescription>Invalid Action</errorDescription></UPnPError></detail></s:Fault></s:Body></s:Envelope>"#;

/// Reads one HTTP request of the fake IGD and answers it (then closes); what it heard, in a word.
async fn answer(mut stream: tokio::net::TcpStream, wan: Ipv4Addr) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut request = Vec::new();
    let mut chunk = [0u8; 4096];
    // The headers, then as much body as Content-Length says.
    let head = loop {
        let n = stream.read(&mut chunk).await.unwrap_or(0);
        if n == 0 {
            break String::new();
        }
        request.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&request).to_string();
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = header(&text[..end], "content-length")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            if request.len() >= end + 4 + length {
                break text[..end].to_string();
            }
        }
    };
    let path = head.split(' ').nth(1).unwrap_or_default().to_string();
    let action = header(&head, "soapaction")
        .and_then(|v| v.trim_matches('"').rsplit('#').next().map(str::to_string))
        .unwrap_or_default();
    let (heard, status, body) = match (path.as_str(), action.as_str()) {
        ("/rootDesc.xml", _) => (format!("GET {path}"), "200 OK", DESCRIPTION.to_string()),
        ("/scpd.xml", _) => (format!("GET {path}"), "200 OK", SCPD.to_string()),
        ("/ctl", "GetExternalIPAddress") => (
            format!("POST {action}"),
            "200 OK",
            format!(
                "<?xml version=\"1.0\"?>\
                 <s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body>\
                 <u:GetExternalIPAddressResponse \
                 xmlns:u=\"urn:schemas-upnp-org:service:WANIPConnection:1\">\
                 <NewExternalIPAddress>{wan}</NewExternalIPAddress>\
                 </u:GetExternalIPAddressResponse></s:Body></s:Envelope>"
            ),
        ),
        _ => (
            format!("POST {action}"),
            "500 Internal Server Error",
            FAULT.to_string(),
        ),
    };
    let reply = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/xml\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(reply.as_bytes()).await;
    let _ = stream.shutdown().await;
    heard
}

/// The value of an HTTP header (named in lower case) in a request's head.
fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim().eq_ignore_ascii_case(name)).then(|| value.trim().to_string())
    })
}

/// A request the fake NAT-PMP router heard.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Heard {
    /// A PCP request (answered: unsupported version, speak NAT-PMP).
    Pcp,
    /// NAT-PMP's external address request.
    ExternalAddress,
    /// NAT-PMP's TCP mapping request (lifetime 0: removal).
    Map { port: u16, lifetime: u32 },
}

/// A NAT-PMP router (RFC 6886) on the namespace's router address, port 5351, whose WAN address is
/// `wan`: it answers PCP with "unsupported version" as RFC 6887 asks of a NAT-PMP-only router, maps
/// any TCP port to the same external port, and records what it heard.
async fn fake_nat_pmp(
    wan: Ipv4Addr,
) -> (
    tokio::task::JoinHandle<()>,
    std::sync::Arc<std::sync::Mutex<Vec<Heard>>>,
) {
    let socket = tokio::net::UdpSocket::bind((ROUTER, crab_nat::GATEWAY_PORT))
        .await
        .expect("the NAT-PMP port is free");
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = heard.clone();
    let task = tokio::spawn(async move {
        let epoch = [0, 0, 0, 9];
        let mut buffer = [0u8; 1100];
        while let Ok((n, from)) = socket.recv_from(&mut buffer).await {
            let request = &buffer[..n];
            let (event, reply): (Heard, Vec<u8>) = match request {
                [2, op, ..] => (Heard::Pcp, [&[0, op | 0x80, 0, 1][..], &epoch].concat()),
                [0, 0] => (
                    Heard::ExternalAddress,
                    [&[0, 128, 0, 0][..], &epoch, &wan.octets()].concat(),
                ),
                [0, 2, 0, 0, i0, i1, _, _, l0, l1, l2, l3] => {
                    let lifetime = u32::from_be_bytes([*l0, *l1, *l2, *l3]);
                    let external = if lifetime == 0 { [0, 0] } else { [*i0, *i1] };
                    let reply = [
                        &[0, 130, 0, 0][..],
                        &epoch,
                        &[*i0, *i1],
                        &external,
                        &lifetime.to_be_bytes(),
                    ];
                    (
                        Heard::Map {
                            port: u16::from_be_bytes([*i0, *i1]),
                            lifetime,
                        },
                        reply.concat(),
                    )
                }
                _ => continue,
            };
            record.lock().expect("the requests heard").push(event);
            let _ = socket.send_to(&reply, from).await;
        }
    });
    (task, heard)
}
