//! `foureyes mcp-proxy --listen 127.0.0.1:P -- <stdio server>`: a stdio upstream (the real filesystem server, npm)
//! behind the proxy's Streamable HTTP listener, driven by the MCP Inspector CLI over HTTP (each call is a new
//! session, so a new child process). Approvals go through the `foureyes` CLI, as a person would give them.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::json;
use std::path::Path;
use std::process::Stdio;
use support::{Env, KillOnDrop, announced, filesystem_server, free_port, fs_policy, text};

/// One `tools/call` through the MCP Inspector CLI over Streamable HTTP.
fn inspector(url: &str, tool: &str, args: &[(&str, &str)]) -> serde_json::Value {
    support::inspector(&[url, "--transport", "http"], tool, args)
}

#[test]
fn the_inspector_over_http_reaches_a_stdio_server_through_the_gate() {
    let env = Env::new(&fs_policy(""));
    let root = &env.root;
    std::fs::write(root.join("a.txt"), "alpha").unwrap();
    let port = free_port();
    let mut child = env
        .command()
        .args(["mcp-proxy", "--name", "fs", "--listen", &format!("127.0.0.1:{port}"), "--"])
        .arg(filesystem_server())
        .arg(root)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _proxy = KillOnDrop(child);
    let url = announced(stderr, "the proxy did not start listening", |line| {
        Some(line.strip_prefix("foureyes mcp-proxy: serving ")?.split(' ').next().unwrap().to_string())
    });
    assert_eq!(url, format!("http://127.0.0.1:{port}/mcp"));

    let read = inspector(&url, "read_text_file", &[("path", &root.join("a.txt").display().to_string())]);
    assert_eq!(text(&read), "alpha", "{read}");

    let file = root.join("b.txt").display().to_string();
    let write = [("path", file.as_str()), ("content", "bravo")];
    let held = inspector(&url, "write_file", &write);
    assert_eq!(held["isError"], json!(true), "{held}");
    assert!(!Path::new(&file).exists());
    let meta = &held["_meta"]["dev.foureyes/decision"];
    let approval = meta["approval_id"].as_i64().unwrap().to_string();
    env.cli(&["approvals", "approve", &approval, "--as", "alice", "--digest", meta["digest"].as_str().unwrap()]);

    let released = inspector(&url, "write_file", &write);
    assert_ne!(released["isError"], json!(true), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "bravo");
    std::fs::write(&file, "edited").unwrap();
    let again = inspector(&url, "write_file", &write);
    assert!(text(&again).starts_with("NOT EXECUTED AGAIN"), "{again}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited");
}
