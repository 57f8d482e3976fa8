//! Desktop entry point: everything lives in the library so mobile targets share it.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    briscola_app::run();
}
