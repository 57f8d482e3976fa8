//! `briscola rules`: the presets, the player counts they take, and the options with their defaults.

use briscola::{MatchFormat, Preset, Ruleset};
use serde_json::json;

/// The options every ruleset has, with a one-line explanation.
const OPTIONS: [(&str, &str); 14] = [
    ("players", "number of players"),
    (
        "partnerships",
        "with 4 or 6 players: fixed teams (seats alternate) instead of everyone alone",
    ),
    (
        "deck",
        "standard (40), catalan (48: adds 8s and 9s worth 0), rapida (20: aces, threes, courts)",
    ),
    (
        "removed_two",
        "which 2 leaves first when the deck does not divide by the players",
    ),
    (
        "order",
        "classic (A 3 K Q J 7…), bisca (A 7 K J Q…), seven-second (A 7 K Q J…), low-three",
    ),
    (
        "hand_size",
        "cards in each hand (Bisca dos Sete 7, dos Nove 9, Briscolone 5)",
    ),
    (
        "plays_per_trick",
        "cards each player plays per trick (2 in dupla briškula)",
    ),
    ("trump", "turned-up, no-trump, first-card-played, called"),
    (
        "follow",
        "free, follow-when-stock-empty (Valencian), follow-and-beat-when-stock-empty, follow-always",
    ),
    (
        "exchange",
        "never, two-before-first-trick, seven-and-two, seven-and-two-after-winning",
    ),
    (
        "mano_negra",
        "ace, three and king of trumps in hand win the hand at once",
    ),
    (
        "open_hands",
        "every hand face up and the next stock card visible",
    ),
    ("tie", "draw, or replay the hand"),
    ("forcing", "chiamata: raise the points keeping the bid card"),
];

/// Prints the presets.
pub fn run(as_json: bool) -> Result<(), String> {
    let mut presets = Vec::new();
    for preset in Preset::ALL {
        let counts = preset.player_counts();
        let default = Ruleset::preset(preset, counts[0]).map_err(|e| e.to_string())?;
        presets.push(json!({
            "id": preset.id(),
            "summary": preset.summary(),
            "players": counts,
            "usual_deck_style": preset.usual_deck_style(),
            "usual_match_format": MatchFormat::usual(&default),
            "defaults": default,
        }));
    }
    if as_json {
        let options: Vec<_> = OPTIONS
            .iter()
            .map(|(k, v)| json!({ "name": k, "meaning": v }))
            .collect();
        let out = json!({ "presets": presets, "options": options });
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    println!("Presets (id, players, summary):");
    for preset in Preset::ALL {
        println!(
            "  {:<11} {:<12} {}",
            preset.id(),
            format!("{:?}", preset.player_counts()),
            preset.summary()
        );
    }
    println!(
        "\nOptions of every ruleset (see docs/rules.md; `briscola rules --json` shows each preset's defaults):"
    );
    for (name, meaning) in OPTIONS {
        println!("  {name:<16} {meaning}");
    }
    Ok(())
}
