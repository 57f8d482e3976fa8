//! The JSON Lines bot loop: one observation in, one action out; bad lines get an error line and the
//! loop goes on; a whole hand can be played through it.

use std::io::Cursor;

use briscola::ai::bot::{self, BotConfig};
use briscola::ai::{Budget, Level};
use briscola::{Action, Deal, Game, Phase, Preset, Ruleset};

fn config(level: Level) -> BotConfig {
    BotConfig {
        level,
        seed: 4,
        budget: Budget::worlds(4),
    }
}

fn serve(input: impl AsRef<[u8]>, level: Level) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    bot::serve(Cursor::new(input.as_ref()), &mut out, config(level)).expect("io");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each reply is one JSON object"))
        .collect()
}

/// The message of an error reply.
fn error(reply: &serde_json::Value) -> &str {
    reply["error"]
        .as_str()
        .unwrap_or_else(|| panic!("not an error: {reply}"))
}

#[test]
fn a_whole_hand_is_played_through_the_protocol() {
    for (preset, players) in [
        (Preset::Briscola, 2),
        (Preset::Brisca, 4),
        (Preset::Chiamata, 5),
    ] {
        let rules = Ruleset::preset(preset, players).expect("preset");
        let mut game = Game::new(rules, 0, &Deal::Seed(11)).expect("deal");
        while game.phase() != Phase::Finished {
            let obs = game.observation(game.to_move());
            let line = serde_json::to_string(&obs).expect("serializes");
            let replies = serve(format!("{line}\n"), Level::Medium);
            assert_eq!(replies.len(), 1);
            let action: Action = replies[0]["action"]
                .as_str()
                .expect("an action")
                .parse()
                .expect("action text");
            assert!(!replies[0]["hint"].as_str().expect("a hint").is_empty());
            game.apply(action).expect("legal");
        }
    }
}

#[test]
fn errors_are_reported_and_the_loop_goes_on() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
    let to_move = serde_json::to_string(&game.observation(1)).expect("json");
    let waiting = serde_json::to_string(&game.observation(0)).expect("json");
    let mut broken = game.observation(1);
    broken.hand_sizes[0] = 2;
    let broken = serde_json::to_string(&broken).expect("json");
    let input = format!("not json\n\n{waiting}\n{broken}\n{to_move}\n");
    let replies = serve(&input, Level::Hard);
    assert_eq!(replies.len(), 4, "{replies:?}");
    assert!(error(&replies[0]).contains("not an observation"));
    assert!(error(&replies[1]).contains("nothing to do"));
    assert!(replies[2]["error"].is_string(), "{:?}", replies[2]);
    assert!(replies[3]["action"].is_string(), "{:?}", replies[3]);
}

#[test]
fn a_session_replays_from_its_seed() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let game = Game::new(rules, 0, &Deal::Seed(8)).expect("deal");
    let line = serde_json::to_string(&game.observation(1)).expect("json");
    let input = format!("{line}\n{line}\n{line}\n");
    assert_eq!(serve(&input, Level::Hard), serve(&input, Level::Hard));
}

#[test]
fn non_utf8_and_over_long_lines_get_an_error_and_the_loop_goes_on() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
    let to_move = serde_json::to_string(&game.observation(1)).expect("json");
    let mut input = b"\xff\xfe{\n".to_vec();
    input.extend(vec![b' '; bot::MAX_LINE_BYTES]);
    input.extend(format!("{to_move}\n{to_move}\n").as_bytes());
    let replies = serve(input, Level::Easy);
    assert_eq!(replies.len(), 3, "{replies:?}");
    assert_eq!(replies[0]["error"], "line is not UTF-8");
    assert!(error(&replies[1]).starts_with("line longer than"));
    assert!(replies[2]["action"].is_string(), "{:?}", replies[2]);
}
