//! [`BudgetArgs`]: Hard's search budget as command-line flags, shared by `briscola bot` and the
//! lab's commands so both read `--worlds` and `--budget-ms` alike.

use briscola::ai::Budget;
use clap::Args;

/// Hard's search budget on the command line (`briscola bot`, and the lab's `arena`, `bench-ai` and `bench-review`).
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Hard: worlds searched per decision — its race runs from half to eight times as many (alone: no
    /// clock, so runs are deterministic).
    #[arg(long)]
    worlds: Option<u32>,
    /// Hard: time budget per decision in milliseconds (`0` = no clock, worlds only).
    #[arg(long)]
    budget_ms: Option<u64>,
}

impl BudgetArgs {
    /// The budget: the defaults, with either part replaced.
    pub fn budget(&self) -> Budget {
        let mut budget = Budget::default();
        if let Some(worlds) = self.worlds {
            budget.worlds = worlds.max(1);
            budget.time_ms = None;
        }
        if let Some(ms) = self.budget_ms {
            budget.time_ms = (ms > 0).then_some(ms);
        }
        budget
    }
}
