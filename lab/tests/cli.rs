//! The `briscola-lab` binary as a user runs it: `arena` prints its table and saves and pairs its
//! deal sets, `pool` joins saved runs, `bench-ai` and `bench-solver` print their rates, `train`
//! writes the playout network (resuming), and bad flags are refused.

use std::process::Command;

fn lab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_briscola-lab"))
}

#[test]
fn arena_and_bench_ai_print_their_reports_and_refuse_bad_flags() {
    let out = lab()
        .args([
            "arena",
            "--a",
            "medium",
            "--b",
            "easy",
            "--pairs",
            "10",
            "--ruleset",
            "brisca-2p",
        ])
        .output()
        .expect("arena runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("score rate"), "{text}");
    let out = lab()
        .args(["bench-ai", "--level", "easy", "--hands", "2"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("decisions/s"));
    let out = lab()
        .args(["bench-solver", "--stock", "2", "--hands", "3"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(stock 2, 6 solves)") && text.contains("nodes/s"),
        "{text}"
    );
    let bad = lab()
        .args(["bench-solver", "--ruleset", "poker-2p"])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    let bad = lab()
        .args(["arena", "--a", "genius", "--b", "easy"])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    let bad = lab()
        .args([
            "arena",
            "--a",
            "easy",
            "--b",
            "easy",
            "--ruleset",
            "poker-2p",
        ])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("poker"));
}

#[test]
fn arena_saves_its_deal_sets_and_pairs_a_later_run_on_the_same_deals() {
    let dir = std::env::temp_dir().join(format!("briscola-lab-sets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let (saved, fresh) = (dir.join("medium.txt"), dir.join("easy.txt"));
    let arena = |a: &str, seed: &str, extra: &[&std::path::Path]| {
        let mut cmd = lab();
        cmd.args([
            "arena", "--a", a, "--b", "easy", "--pairs", "12", "--seed", seed,
        ]);
        for (flag, path) in ["--sets", "--paired-with"].iter().zip(extra) {
            cmd.arg(flag).arg(path);
        }
        cmd.output().expect("arena runs")
    };
    let out = arena("medium", "5", &[&saved]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&saved).expect("sets written");
    assert!(
        text.starts_with(
            "briscola arena sets 2\nruleset briscola-2p\nseed 5\nsets 12\na medium\nb easy\n"
        ),
        "{text}"
    );
    // The same deals: easy against easy, paired with medium against easy.
    let out = arena("easy", "5", &[&fresh, &saved]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("paired on the same 12 deal sets: easy vs easy minus medium vs easy: -"),
        "{stdout}"
    );
    // An existing file is not replaced, and other deals are not paired — both before any game.
    let before = std::fs::read_to_string(&saved).expect("saved");
    for (seed, files, says) in [
        ("5", [&saved, &fresh], "the file exists"),
        ("6", [&dir.join("new.txt"), &saved], "different deals"),
    ] {
        let out = arena("medium", seed, &[files[0], files[1]]);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{out:?}"
        );
        assert!(out.stdout.is_empty(), "no games were played");
    }
    assert_eq!(std::fs::read_to_string(&saved).expect("saved"), before);
    assert!(!dir.join("new.txt").exists());
    // Another seed's run of the same players pools with the first: 24 sets in all.
    let more = dir.join("medium-6.txt");
    assert!(arena("medium", "6", &[&more]).status.success());
    let pool = |files: &[&std::path::Path]| lab().arg("pool").args(files).output();
    let out = pool(&[&saved, &more]).expect("pool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        stdout.contains("medium vs easy on briscola-2p: 24 deal sets from 2 runs (seeds 5, 6)")
            && stdout.contains("score rate 0.")
            && stdout.contains("mean diff +"),
        "{stdout}"
    );
    // Pooled runs compared with saved runs of the same seeds: easy against easy, seed 5, minus
    // medium against easy on those deals (as `--paired-with` printed above).
    let out = lab()
        .arg("pool")
        .arg(&fresh)
        .arg("--paired-with")
        .args([&saved, &more])
        .output()
        .expect("pool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("paired on the same 12 deal sets: easy vs easy minus medium vs easy: -"),
        "{stdout}"
    );
    // The same deals twice, or other players, are refused.
    for files in [[&saved, &saved], [&saved, &fresh]].map(|f| f.map(|p| p.as_path())) {
        let out = pool(&files).expect("pool runs");
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("cannot be pooled"),
            "{out:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `briscola-lab train` as a user runs it: a tiny run writes loadable weights and prints their checksum;
/// run again it resumes from its checkpoints and writes the same bytes, as does a fresh run on one
/// thread; a directory made with other options (or another preset, or another teacher) is refused and
/// nothing is written; `--from` goes on from trained weights and refuses anything else; a preset
/// without a network is refused.
#[test]
fn train_writes_weights_resumes_and_refuses_a_foreign_directory() {
    let dir = std::env::temp_dir().join(format!("briscola-lab-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("net.bin");
    // A tiny run: `worlds` per decision, on `threads` threads, checkpoints in `run`, weights to `out`.
    let train = |worlds: &str, threads: &str, run: &str, out: &std::path::Path| {
        let mut cmd = lab();
        cmd.args(["train", "--hands", "3", "--epochs", "2", "--hidden", "8"])
            .args(["--threads", threads, "--worlds", worlds, "--dir"])
            .arg(dir.join(run))
            .arg("--out")
            .arg(out);
        cmd
    };
    let args = |worlds: &str| train(worlds, "2", "run", &out);
    let first = args("2").output().expect("train runs");
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = String::from_utf8(first.stdout).expect("UTF-8");
    assert!(text.contains("epoch 2"), "{text}");
    assert!(text.contains("checksum"), "{text}");
    let weights = std::fs::read(&out).expect("weights written");
    assert!(briscola::ai::net::Mlp::from_bytes(&weights).is_ok());

    let again = args("2").output().expect("train runs");
    assert!(again.status.success());
    let text = String::from_utf8(again.stdout).expect("UTF-8");
    assert!(text.contains("0 chunks labelled now"), "{text}");
    assert!(
        !text.contains("epoch 1:"),
        "resumed after the last epoch: {text}"
    );
    assert_eq!(std::fs::read(&out).expect("weights"), weights);

    // A fresh directory on one thread: the same weights (the result does not depend on threads).
    let single = train("2", "1", "single", &dir.join("single.bin"))
        .output()
        .expect("train runs");
    assert!(single.status.success());
    assert_eq!(
        std::fs::read(dir.join("single.bin")).expect("weights"),
        weights
    );

    std::fs::remove_file(&out).expect("remove");
    let foreign = args("3").output().expect("train runs");
    assert!(!foreign.status.success());
    assert!(String::from_utf8_lossy(&foreign.stderr).contains("other options"));
    assert!(!out.exists());
    // Another preset's hands are not mixed into a Briscola directory either.
    let brisca = args("2")
        .args(["--ruleset", "brisca-2p"])
        .output()
        .expect("train runs");
    assert!(!brisca.status.success());
    assert!(String::from_utf8_lossy(&brisca.stderr).contains("other options"));
    assert!(!out.exists());
    // Nor a racing teacher's labels into a fixed teacher's directory.
    let racing = args("2").arg("--race").output().expect("train runs");
    assert!(!racing.status.success());
    assert!(String::from_utf8_lossy(&racing.stderr).contains("other options"));
    assert!(!out.exists());

    // Going on from trained weights with a racing teacher: a run of its own, other weights.
    let from = train("2", "2", "from", &dir.join("from.bin"))
        .args(["--race", "--from"])
        .arg(dir.join("single.bin"))
        .output()
        .expect("train runs");
    assert!(
        from.status.success(),
        "{}",
        String::from_utf8_lossy(&from.stderr)
    );
    let went_on = std::fs::read(dir.join("from.bin")).expect("weights");
    assert!(briscola::ai::net::Mlp::from_bytes(&went_on).is_ok());
    assert_ne!(went_on, weights);
    // `--from` must name weights: anything else is refused before a directory is made.
    let garbage = dir.join("garbage.bin");
    std::fs::write(&garbage, b"not a network").expect("write");
    for from in [garbage, dir.join("missing.bin")] {
        let fresh = dir.join("bad-from");
        let refused = train("2", "2", "bad-from", &dir.join("bad-from.bin"))
            .arg("--from")
            .arg(&from)
            .output()
            .expect("train runs");
        assert!(!refused.status.success());
        assert!(String::from_utf8_lossy(&refused.stderr).contains("--from"));
        assert!(!fresh.exists());
    }

    // Bad options are refused before anything is written.
    for bad in [
        ["--rate", "0"],
        ["--rounds", "0"],
        ["--hidden", "5000"],
        ["--ruleset", "brisca-4p"],
        ["--ruleset", "scoperta-2p"],
        ["--ruleset", "tressette"],
    ] {
        let fresh = dir.join("bad");
        let refused = lab()
            .args(["train", bad[0], bad[1], "--dir"])
            .arg(&fresh)
            .output()
            .expect("train runs");
        assert!(!refused.status.success(), "{bad:?}");
        assert!(!fresh.exists(), "{bad:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
