//! Attack 45's minor holes (F1452): M1, a token shown to a device that keeps nothing (`/dev/zero`, `/dev/urandom`)
//! stayed active; M2, the read doors advised "a door that writes upgrades it" over a negative `user_version` every
//! door refuses.
#![allow(clippy::unwrap_used)]

use crate::support::Env;
use std::process::Stdio;

const POLICY: &str = "version: 1\nactions:\n  t.act: { tier: 0 }\n";

/// M1 (red on main `90e8b61a`: exit 0, the token active): stdout on a character device that is not a terminal is
/// read by no one, as `/dev/null` is (ADR-1511): revoked, exit 18.
#[test]
fn attack45_m1_a_token_shown_to_a_device_no_one_reads_is_revoked() {
    let env = Env::new(POLICY);
    for (name, sink) in [("z1", "/dev/zero"), ("z2", "/dev/urandom")] {
        let device = std::fs::OpenOptions::new().write(true).open(sink).unwrap();
        let out = env
            .command()
            .args(["token", "create", "--name", name, "--role", "agent"])
            .stdout(Stdio::from(device))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(18), "{sink}: {err}");
        assert!(err.contains("revoked"), "{sink}: {err}");
    }
    let list = String::from_utf8(env.cli(&["token", "list"]).stdout).unwrap();
    for name in ["z1", "z2"] {
        let row = list.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_default();
        assert!(row.contains("revoked"), "{name}: {list}");
    }
}

/// M2 (red on main: "… A door that writes (`foureyes serve`, `token create`) upgrades it", while `token create`
/// refuses it): a read door says what every door says of a negative `user_version`.
#[test]
fn attack45_m2_a_negative_user_version_is_told_alike_at_read_doors() {
    let env = Env::new(POLICY);
    env.cli(&["token", "create", "--name", "bot", "--role", "agent"]);
    rusqlite::Connection::open(&env.db).unwrap().pragma_update(None, "user_version", -3).unwrap();
    for args in [&["decisions", "list"][..], &["journal", "verify"], &["token", "list"]] {
        let out = env.command().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(8), "{args:?}: {err}");
        assert!(!err.contains("upgrades it") && err.contains("backup") && err.contains("-3"), "{args:?}: {err}");
    }
}
