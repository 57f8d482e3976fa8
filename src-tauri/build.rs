//! Declares the app's commands to Tauri's access control, so each one is denied unless a
//! capability grants `allow-<command>`.

include!("src/commands/names.rs");

fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .unwrap_or_else(|error| panic!("tauri-build failed: {error:#}"));
}
