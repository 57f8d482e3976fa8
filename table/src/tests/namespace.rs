//! Running one of this crate's ignored tests in a network namespace of its own (a new user and
//! network namespace with only its loopback interface, brought up), so what it sends — multicast, a
//! router's protocols — never leaves this machine. It needs `unshare` (util-linux), `ip`
//! (iproute2) and leave to create namespaces; without them the test fails, it does not skip.

use std::process::Command;

/// Runs the ignored test named `exact` in a network namespace and asserts it passed.
pub(crate) fn run_in_network_namespace(exact: &str) {
    let test_binary = std::env::current_exe().expect("the test binary's path");
    let output = Command::new("unshare")
        .args(["--map-root-user", "--net", "--", "sh", "-c"])
        .arg(r#"ip link set lo up && exec "$0" "$@""#)
        .arg(test_binary)
        .args([
            "--exact",
            exact,
            "--ignored",
            "--test-threads=1",
            "--nocapture",
        ])
        .output()
        .expect("`unshare` (util-linux) runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("test result: ok. 1 passed;"),
        "the test in a network namespace did not pass ({}):\n{stdout}\n{stderr}",
        output.status
    );
}
