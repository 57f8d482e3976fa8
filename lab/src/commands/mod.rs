//! The subcommands of `briscola-lab`, one module each (thin: the work is in the library).

pub mod arena;
pub mod bench_ai;
pub mod bench_channel;
pub mod bench_relay;
pub mod bench_review;
pub mod bench_serve;
pub mod bench_solver;
pub mod relay_tables;
pub mod train;
