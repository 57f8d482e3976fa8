//! `cardgen`: writes, checks and previews the generated card art.
//!
//! - `cardgen write` writes every generated SVG into `assets/cards/<style>/`.
//! - `cardgen check` exits non-zero if the committed files differ from the current output.
//! - `cardgen contact-sheet --out DIR` renders PNG contact sheets of every deck.
//! - `cardgen render CARD.svg… --out FILE.png` renders cards side by side, large.

use briscola_cardgen::{cards_dir, check_all, render, write_all};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Card art generator for Briscola.
#[derive(Parser)]
#[command(name = "cardgen", version, about)]
struct Cli {
    /// The `assets/cards` folder (defaults to the repository's).
    #[arg(long, global = true)]
    cards: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Write all generated SVGs (Italian, Italian F/C/R, Spanish).
    Write,
    /// Fail if the committed SVGs differ from the generator's current output.
    Check,
    /// Render PNG contact sheets of every deck at phone and desktop sizes.
    ContactSheet {
        /// Output folder for the PNGs.
        #[arg(long)]
        out: PathBuf,
    },
    /// Render one or more SVG cards side by side into a PNG (for a close look at details).
    Render {
        /// SVG files to render.
        #[arg(required = true)]
        svgs: Vec<PathBuf>,
        /// Output PNG.
        #[arg(long)]
        out: PathBuf,
        /// Width of each card in pixels.
        #[arg(long, default_value_t = 400)]
        width: u32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let dir = cli.cards.unwrap_or_else(cards_dir);
    match cli.cmd {
        Cmd::Write => match write_all(&dir) {
            Ok(n) => {
                println!("cardgen: {n} file(s) written under {}", dir.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("cardgen: {e}");
                ExitCode::FAILURE
            }
        },
        Cmd::Check => {
            let bad = check_all(&dir);
            if bad.is_empty() {
                println!("cardgen: all generated cards are up to date");
                ExitCode::SUCCESS
            } else {
                for p in &bad {
                    eprintln!("cardgen: out of date: {}", p.display());
                }
                eprintln!("cardgen: run `cargo run -p briscola-cardgen -- write`");
                ExitCode::FAILURE
            }
        }
        Cmd::Render { svgs, out, width } => match render::render_row(&svgs, width, &out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("cardgen: {e}");
                ExitCode::FAILURE
            }
        },
        Cmd::ContactSheet { out } => match render::write_contact_sheets(&dir, &out) {
            Ok(paths) => {
                for p in paths {
                    println!("{}", p.display());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("cardgen: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
