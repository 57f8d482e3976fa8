// The app's IPC commands, in one list shared by `build.rs` (which declares them to Tauri's
// access control) and the crate (which checks the capability file and the generated
// TypeScript client against it). `build.rs` includes it with `include!`, so it holds only this
// constant.

/// Every command the web UI may invoke; each is granted in `capabilities/default.json`.
pub const COMMANDS: &[&str] = &[
    "get_preferences",
    "set_preferences",
    "store_warnings",
    "list_history",
    "history_stats",
    "get_match_record",
    "delete_match",
    "list_presets",
    "edit_ruleset",
    "start_match",
    "resume_match",
    "get_replay",
    "start_review",
    "review_progress",
    "cancel_review",
    "get_review",
    "review_stats",
    "friends_host",
    "friends_join",
    "friends_tables",
    "table_hint",
    "table_send",
    "table_invite",
    "table_leave",
    "kept_table",
    "forget_table",
    "table_return",
    "watch_invitations",
];
