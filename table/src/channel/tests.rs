//! The channel on its own: a round trip, a wrong code on either side, frames tampered with in every
//! way, fresh keys per connection, and hostile bytes as a Hello.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::protocol::VERSION;
use crate::secret::{Entropy, TableCode};

fn code(text: &str) -> TableCode {
    TableCode::parse(text).expect("a code")
}

/// A whole handshake: the guest's and the host's directions, and the host's first plaintext.
fn handshake(guest_code: &TableCode, host_code: &TableCode) -> Result<Open, ChannelError> {
    let (guest, hello) = Guest::start(guest_code);
    let (reply, pending) = Hello::parse(&hello)?.answer(host_code)?;
    let (mut guest_sealer, guest_opener) = guest.finish(&reply)?;
    let first = guest_sealer.seal(b"join")?;
    let (host_sealer, host_opener, plaintext) = pending.confirm(&first)?;
    assert_eq!(plaintext, b"join");
    Ok(Open {
        guest_sealer,
        guest_opener,
        host_sealer,
        host_opener,
    })
}

struct Open {
    guest_sealer: Sealer,
    guest_opener: Opener,
    host_sealer: Sealer,
    host_opener: Opener,
}

#[test]
fn frames_go_both_ways_and_only_in_order() {
    let code = code("7KQ2M-XR4TD");
    let mut open = handshake(&code, &code).expect("the same code");
    for i in 0..100u32 {
        let text = format!("to the host {i}");
        let sealed = open.guest_sealer.seal(text.as_bytes()).expect("sealed");
        assert_eq!(sealed.len(), text.len() + SEAL_OVERHEAD);
        assert!(!sealed.windows(5).any(|w| w == b"to th"));
        assert_eq!(
            open.host_opener.open(&sealed).expect("opens"),
            text.as_bytes()
        );
        let back = open.host_sealer.seal(&i.to_le_bytes()).expect("sealed");
        assert_eq!(
            open.guest_opener.open(&back).expect("opens"),
            i.to_le_bytes()
        );
    }
}

#[test]
fn a_wrong_code_fails_on_both_sides() {
    let right = code("7KQ2M-XR4TD");
    let wrong = code("7KQ2M-XR4TE");
    // The guest with a wrong code: the host's confirmation does not open.
    let (guest, hello) = Guest::start(&wrong);
    let (reply, pending) = Hello::parse(&hello)
        .expect("a hello")
        .answer(&right)
        .expect("answered");
    assert_eq!(guest.finish(&reply).err(), Some(ChannelError::WrongCode));
    // A guest that goes on anyway (an attacker's): its first frame does not open at the host.
    let (guest, hello) = Guest::start(&wrong);
    let (reply, _) = Hello::parse(&hello)
        .expect("a hello")
        .answer(&right)
        .expect("answered");
    let mut forged = reply.clone();
    forged[REPLY_BYTES - 1] ^= 1;
    assert_eq!(guest.finish(&forged).err(), Some(ChannelError::WrongCode));
    let first = {
        let (guest, hello) = Guest::start(&right);
        let (reply, _) = Hello::parse(&hello)
            .expect("a hello")
            .answer(&right)
            .expect("answered");
        let (mut sealer, _) = guest.finish(&reply).expect("the same code");
        sealer.seal(b"join").expect("sealed")
    };
    assert_eq!(pending.confirm(&first).err(), Some(ChannelError::WrongCode));
    // A code for another nameplate is not even answered.
    let (_, hello) = Guest::start(&code("ABCDE-FGHJK"));
    assert_eq!(
        Hello::parse(&hello).expect("a hello").answer(&right).err(),
        Some(ChannelError::WrongCode)
    );
    assert!(handshake(&right, &right).is_ok());
}

#[test]
fn replayed_reordered_dropped_truncated_and_flipped_frames_do_not_open() {
    let code = code("00000-00000");
    let seal_three = |open: &mut Open| -> Vec<Vec<u8>> {
        (0..3)
            .map(|i| open.guest_sealer.seal(&[i; 40]).expect("sealed"))
            .collect()
    };
    // Replayed.
    let mut open = handshake(&code, &code).expect("open");
    let frames = seal_three(&mut open);
    assert!(open.host_opener.open(&frames[0]).is_ok());
    assert_eq!(open.host_opener.open(&frames[0]), Err(ChannelError::Forged));
    // Reordered.
    let mut open = handshake(&code, &code).expect("open");
    let frames = seal_three(&mut open);
    assert_eq!(open.host_opener.open(&frames[1]), Err(ChannelError::Forged));
    // Dropped: the next one does not open either.
    let mut open = handshake(&code, &code).expect("open");
    let frames = seal_three(&mut open);
    assert!(open.host_opener.open(&frames[0]).is_ok());
    assert_eq!(open.host_opener.open(&frames[2]), Err(ChannelError::Forged));
    // Truncated, by every length.
    for cut in 0..frames[0].len() {
        let mut open = handshake(&code, &code).expect("open");
        let frames = seal_three(&mut open);
        assert_eq!(
            open.host_opener.open(&frames[0][..cut]),
            Err(ChannelError::Forged)
        );
    }
    // Every bit flipped, one at a time.
    let mut open = handshake(&code, &code).expect("open");
    let frame = seal_three(&mut open).remove(0);
    for bit in 0..frame.len() * 8 {
        let mut flipped = frame.clone();
        flipped[bit / 8] ^= 1 << (bit % 8);
        let mut fresh = handshake(&code, &code).expect("open");
        let _ = seal_three(&mut fresh);
        assert_eq!(open_as(&mut fresh, &flipped), Err(ChannelError::Forged));
    }
    // A frame from the other direction does not open either (each direction has its own key).
    let mut open = handshake(&code, &code).expect("open");
    let back = open.host_sealer.seal(b"view").expect("sealed");
    assert_eq!(open.host_opener.open(&back), Err(ChannelError::Forged));
}

/// Opens `frame` as the host's first frame after the handshake.
fn open_as(open: &mut Open, frame: &[u8]) -> Result<Vec<u8>, ChannelError> {
    open.host_opener.open(frame)
}

#[test]
fn two_connections_with_the_same_code_have_different_keys_and_messages() {
    let code = code("7KQ2M-XR4TD");
    let (_, first_hello) = Guest::start(&code);
    let (_, second_hello) = Guest::start(&code);
    assert_ne!(first_hello, second_hello);
    let mut first = handshake(&code, &code).expect("open");
    let mut second = handshake(&code, &code).expect("open");
    let a = first.guest_sealer.seal(b"the same words").expect("sealed");
    let b = second.guest_sealer.seal(b"the same words").expect("sealed");
    assert_ne!(a, b);
    assert_eq!(second.host_opener.open(&a), Err(ChannelError::Forged));
    assert!(first.host_opener.open(&a).is_ok());
}

#[test]
fn a_hello_carries_the_nameplate_and_no_more_of_the_code() {
    let code = code("7KQ2M-XR4TD");
    let (_, hello) = Guest::start(&code);
    assert_eq!(hello.len(), HELLO_BYTES);
    let parsed = Hello::parse(&hello).expect("a hello");
    assert_eq!(parsed.nameplate(), code.nameplate());
    assert!(hello.windows(3).any(|w| w == b"7KQ"));
    for part in [&b"2MXR"[..], b"XR4TD", b"2M-XR"] {
        assert!(!hello.windows(part.len()).any(|w| w == part));
    }
}

#[test]
fn another_version_or_anything_else_is_not_a_hello() {
    let code = code("7KQ2M-XR4TD");
    let (_, hello) = Guest::start(&code);
    let mut newer = hello.clone();
    newer[4..8].copy_from_slice(&(VERSION + 1).to_be_bytes());
    assert_eq!(
        Hello::parse(&newer),
        Err(ChannelError::Version { found: VERSION + 1 })
    );
    assert_eq!(
        Hello::parse(br#"{"v":1,"type":"join","code":"7KQ2M-XR4TD","name":"Ada"}"#),
        Err(ChannelError::NotHandshake)
    );
    assert_eq!(
        Hello::parse(&hello[..HELLO_BYTES - 1]),
        Err(ChannelError::NotHandshake)
    );
    let mut lower = hello.clone();
    lower[8] = b'7';
    lower[9] = b'k';
    assert_eq!(Hello::parse(&lower), Err(ChannelError::NotHandshake));
}

#[test]
fn ten_thousand_hostile_hellos_and_answers_never_panic() {
    let code = code("7KQ2M-XR4TD");
    let mut rng = StdRng::seed_from_u64(7);
    let (_, real) = Guest::start(&code);
    let mut entropy = Entropy::seeded(3);
    for i in 0..10_000usize {
        let frame: Vec<u8> = match i % 4 {
            // Random bytes of any length.
            0 => (0..rng.random_range(0..120))
                .map(|_| rng.random())
                .collect(),
            // A well-formed header with a random SPAKE2 message.
            1 => {
                let mut frame = real.clone();
                rng.fill(&mut frame[HELLO_BYTES - 33..]);
                frame
            }
            // The real Hello with a few bytes changed.
            2 => {
                let mut frame = real.clone();
                for _ in 0..rng.random_range(1..4) {
                    let at = rng.random_range(0..frame.len());
                    frame[at] = rng.random();
                }
                frame
            }
            // A random code's nameplate and message.
            _ => Guest::start(&TableCode::generate(&mut entropy).expect("seeded")).1,
        };
        if let Ok(hello) = Hello::parse(&frame)
            && let Ok((_, pending)) = hello.answer(&code)
        {
            let first: Vec<u8> = (0..rng.random_range(0..64)).map(|_| rng.random()).collect();
            assert_eq!(pending.confirm(&first).err(), Some(ChannelError::WrongCode));
        }
        // The same bytes as a host's answer to a real guest.
        let (guest, _) = Guest::start(&code);
        assert!(guest.finish(&frame).is_err());
    }
}

/// Candidate codes an attacker might try: random ones and the true one, all with its nameplate.
fn candidates(truth: &TableCode) -> Vec<TableCode> {
    let mut entropy = Entropy::seeded(11);
    let mut all: Vec<TableCode> = (0..200)
        .map(|_| {
            let random = TableCode::generate(&mut entropy).expect("seeded").display();
            code(&format!("{}{}", truth.nameplate().as_str(), &random[3..]))
        })
        .collect();
    all.insert(97, truth.clone());
    all
}

#[test]
fn an_impostor_learns_nothing_that_singles_out_the_true_code() {
    let truth = code("7KQ2M-XR4TD");
    // The guest types the true code at an impostor, which answers as it can (with a guess).
    let (guest, hello) = Guest::start(&truth);
    let (reply, _) = Hello::parse(&hello)
        .expect("a hello")
        .answer(&code("7KQ00-00000"))
        .expect("answered");
    assert_eq!(guest.finish(&reply).err(), Some(ChannelError::WrongCode));
    // The guest sent the Hello and nothing more: the recording. For each candidate, the impostor
    // runs the host's side against it; there is no frame of the guest's to open with any key, and a
    // guest's frame sealed for the true code's real host does not open either.
    let recorded_hello = Hello::parse(&hello).expect("a hello");
    let mut honest = handshake(&truth, &truth).expect("open");
    let sealed = honest
        .guest_sealer
        .seal(b"a guest's frame")
        .expect("sealed");
    for candidate in candidates(&truth) {
        let (_, pending) = recorded_hello.answer(&candidate).expect("answered");
        assert_eq!(
            pending.confirm(&sealed).err(),
            Some(ChannelError::WrongCode)
        );
    }
}

#[test]
fn an_eavesdroppers_recording_opens_under_no_candidate_code() {
    let truth = code("7KQ2M-XR4TD");
    // A real session: the Hello, the answer, the guest's first frames and the host's.
    let (guest, hello) = Guest::start(&truth);
    let (reply, pending) = Hello::parse(&hello)
        .expect("a hello")
        .answer(&truth)
        .expect("answered");
    let (mut guest_sealer, mut guest_opener) = guest.finish(&reply).expect("the same code");
    let first = guest_sealer.seal(b"join").expect("sealed");
    let (mut host_sealer, _, _) = pending.confirm(&first).expect("the same code");
    let answer = host_sealer.seal(b"welcome").expect("sealed");
    assert_eq!(guest_opener.open(&answer).expect("opens"), b"welcome");
    // For every candidate, either side's computation against the recording: nothing opens.
    let recorded_hello = Hello::parse(&hello).expect("a hello");
    for candidate in candidates(&truth) {
        let (_, pending) = recorded_hello.answer(&candidate).expect("answered");
        assert_eq!(pending.confirm(&first).err(), Some(ChannelError::WrongCode));
        let (guest, _) = Guest::start(&candidate);
        assert_eq!(guest.finish(&reply).err(), Some(ChannelError::WrongCode));
    }
}
