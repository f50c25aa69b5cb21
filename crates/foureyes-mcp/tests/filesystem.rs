//! The proxy in front of the real `@modelcontextprotocol/server-filesystem` (npm), driven line by line: reads are
//! permitted, writes wait for a human and then run exactly once, denied calls never reach the server (the file
//! system is checked), the kill switch blocks an approved call, and an engine outage forwards nothing.
#![allow(clippy::unwrap_used)]

use crate::support::*;
use foureyes_core::{ApprovalStatus, DecisionStatus, Verdict};
use foureyes_mcp::GateConfig;
use foureyes_store::Store;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

fn approval_of(response: &Value) -> i64 {
    decision_meta(response)["approval_id"].as_i64().unwrap_or_else(|| panic!("no approval in {response}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_is_permitted_forwarded_and_reported_executed() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    std::fs::write(root.join("notes.txt"), "line one\nline two\n").unwrap();
    let mut proxy = fs_proxy(store.clone(), policy(FS_POLICY), GateConfig::new("fs"), &root);
    let init = proxy.initialize().await;
    assert_eq!(init["result"]["serverInfo"]["name"], json!("secure-filesystem-server"), "{init}");

    let path = root.join("notes.txt").display().to_string();
    for tool in ["read_text_file", "read_file", "read_text_file"] {
        let response = proxy.call(tool, json!({"path": path})).await;
        assert!(!is_error(&response), "{response}");
        assert!(text(&response).contains("line two"), "{response}");
        // The upstream's own answer, untouched: no FourEyes `_meta`.
        assert!(response["result"].get("_meta").is_none(), "{response}");
    }
    // Identical reads are separate decisions, each executed and reported.
    let executed = store.decisions(Default::default()).await.unwrap();
    assert_eq!(executed.len(), 3, "{executed:#?}");
    for d in &executed {
        assert_eq!((d.verdict, d.status, d.tier), (Verdict::Permit, DecisionStatus::Executed, 0));
        assert!(d.request.action.starts_with("mcp.fs.read"), "{}", d.request.action);
        assert!(d.report_detail.as_ref().unwrap()["result"].to_string().contains("line two"));
    }
    // A read the server refuses (outside its root) comes back `isError`, which does not prove nothing happened
    // (F60): reported unknown, its reservation kept.
    let response = proxy.call("read_text_file", json!({"path": "/etc/hostname"})).await;
    assert!(is_error(&response) && response["result"].get("_meta").is_none(), "{response}");
    let d = &store.decisions(Default::default()).await.unwrap()[0];
    assert_eq!(d.status, DecisionStatus::Unknown);
    assert_eq!(proxy.close().await, Some(0), "the upstream exits cleanly when the client closes");
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_write_runs_exactly_once_after_approval() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut proxy = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let file = root.join("hello.txt");
    let args = json!({"path": file.display().to_string(), "content": "hello, world"});

    let held = proxy.call("write_file", args.clone()).await;
    assert!(is_error(&held), "{held}");
    let approval = approval_of(&held);
    assert!(
        text(&held).starts_with(&format!(
            "NOT EXECUTED — awaiting human approval (approval {approval}). Ask the user to approve it, then retry the identical call."
        )),
        "{held}"
    );
    assert_eq!(decision_meta(&held)["verdict"], json!("defer"));
    assert!(!file.exists(), "a deferred call must not reach the server");

    // Retrying before the approval changes nothing and creates no second approval.
    let again = proxy.call("write_file", args.clone()).await;
    assert_eq!(approval_of(&again), approval, "{again}");
    assert!(!file.exists());
    assert_eq!(store.approvals(None, now_ms()).await.unwrap().len(), 1);

    // The agent cannot approve itself; a person can.
    assert!(store.approve(approval, "mcp:fs", None, now_ms()).await.is_err());
    let digest = decision_meta(&held)["digest"].as_str().unwrap().to_string();
    let vote = store.approve(approval, "alice", Some(&digest), now_ms()).await.unwrap();
    assert_eq!(vote.approval.status, ApprovalStatus::Approved);

    let released = proxy.call("write_file", args.clone()).await;
    assert!(!is_error(&released), "the approved retry is forwarded: {released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "hello, world");
    let decisions = store.decisions(Default::default()).await.unwrap();
    let release = &decisions[0];
    assert_eq!((release.verdict, release.status), (Verdict::Permit, DecisionStatus::Executed));
    assert_eq!(release.approval_id, Some(approval));
    assert_eq!(store.approval(approval, now_ms()).await.unwrap().unwrap().status, ApprovalStatus::Consumed);

    // A second identical retry does not write again (the file is changed behind the proxy's back to prove it).
    std::fs::write(&file, "changed since").unwrap();
    let twice = proxy.call("write_file", args.clone()).await;
    assert!(is_error(&twice), "{twice}");
    assert!(text(&twice).starts_with("NOT EXECUTED AGAIN"), "{twice}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "changed since");
    let forwarded = store
        .decisions(Default::default())
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.verdict == Verdict::Permit && d.request.action == "mcp.fs.write_file")
        .count();
    assert_eq!(forwarded, 1, "exactly one write was permitted");
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approval_survives_a_proxy_restart_and_is_used_once() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let file = root.join("after-restart.txt");
    let args = json!({"path": file.display().to_string(), "content": "once"});

    let mut first = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let approval = approval_of(&first.call("write_file", args.clone()).await);
    first.close().await;
    store.approve(approval, "alice", None, now_ms()).await.unwrap();

    // A new proxy (a restarted host) finds the deferral by the call's key and digest.
    let mut second = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let released = second.call("write_file", args.clone()).await;
    assert!(!is_error(&released), "{released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "once");
    let decisions = store.decisions(Default::default()).await.unwrap();
    assert_eq!(decisions[0].supersedes, Some(decisions[1].decision_id), "the release supersedes the deferral");
    second.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn denied_calls_never_reach_the_server() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut proxy = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let file = root.join("denied.txt");
    let path = file.display().to_string();

    // Bounds: content longer than the policy's max_len.
    let long = "x".repeat(65);
    let response = proxy.call("write_file", json!({"path": path, "content": long})).await;
    assert!(is_error(&response));
    assert_eq!(
        text(&response),
        "NOT EXECUTED — denied: param 'content'=\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\" is 65 \
         characters, above max_len 64. Retrying the identical call is denied again: change the arguments to fit the policy."
    );
    assert_eq!(decision_meta(&response)["reasons"][0]["code"], json!("bounds"));
    // An unknown param.
    let response = proxy.call("write_file", json!({"path": path, "content": "hi", "mode": "0777"})).await;
    assert!(text(&response).starts_with("NOT EXECUTED — denied: unknown param 'mode'"), "{response}");
    // A wrong type.
    let response = proxy.call("read_text_file", json!({"path": path, "head": "10"})).await;
    assert!(text(&response).starts_with("NOT EXECUTED — denied: param 'head'=\"10\" is not a number"), "{response}");
    // A tool the policy does not name: held for a human (default deny), never forwarded.
    let response = proxy.call("move_file", json!({"source": path, "destination": path})).await;
    assert!(text(&response).contains("'mcp.fs.move_file' is not in the policy"), "{response}");
    // A tool name that is not an action name: refused (and journaled), not forwarded.
    let response = proxy.call("no such tool!", json!({})).await;
    assert!(text(&response).starts_with("NOT EXECUTED — refused by FourEyes"), "{response}");

    assert!(!file.exists(), "nothing denied reached the file system");
    assert_eq!(std::fs::read_dir(&root).unwrap().count(), 0);
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_kill_switch_blocks_an_approved_call_until_released() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut proxy = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let file = root.join("kill.txt");
    let args = json!({"path": file.display().to_string(), "content": "after the switch"});
    let approval = approval_of(&proxy.call("write_file", args.clone()).await);
    store.approve(approval, "alice", None, now_ms()).await.unwrap();
    store.set_kill_switch(true, "ops", now_ms()).await.unwrap();

    let blocked = proxy.call("write_file", args.clone()).await;
    assert!(is_error(&blocked), "{blocked}");
    assert!(text(&blocked).contains("kill switch"), "{blocked}");
    assert!(!file.exists(), "the kill switch beats the approval");
    // Reads stay allowed under the kill switch.
    let read = proxy.call("list_allowed_directories", json!({})).await;
    assert!(!is_error(&read), "{read}");

    store.set_kill_switch(false, "ops", now_ms()).await.unwrap();
    let released = proxy.call("write_file", args.clone()).await;
    assert!(!is_error(&released), "the approval was kept through the block: {released}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "after the switch");
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_outage_forwards_nothing() {
    let (_dir, root) = fs_root();
    let mut proxy = fs_proxy_ready(Arc::new(DownStore), GateConfig::new("fs"), &root).await;
    let file = root.join("outage.txt");
    for (tool, args) in [
        ("write_file", json!({"path": file.display().to_string(), "content": "x"})),
        ("read_text_file", json!({"path": file.display().to_string()})),
    ] {
        let response = proxy.call(tool, args).await;
        assert!(is_error(&response), "{response}");
        assert!(
            text(&response).starts_with("NOT EXECUTED — FourEyes could not decide this call, so it was not forwarded:"),
            "{response}"
        );
        assert_eq!(decision_meta(&response)["error"], json!("engine_unavailable"));
    }
    assert!(!file.exists());
    // Everything that is not a tool call still passes, but with the tool pins unreadable a listing admits no tool
    // (ADR-161); without pinning, every tool is listed.
    let tools = proxy.request("tools/list", json!({})).await;
    assert_eq!(tools["result"]["tools"], json!([]), "{tools}");
    proxy.close().await;
    let mut config = GateConfig::new("fs");
    config.pin_tools = false;
    let mut proxy = fs_proxy_ready(Arc::new(DownStore), config, &root).await;
    let tools = proxy.request("tools/list", json!({})).await;
    assert!(tools["result"]["tools"].as_array().unwrap().len() > 5, "{tools}");
    proxy.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wait_holds_the_call_until_a_person_approves_then_forwards_it() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let config = holding("fs", Duration::from_secs(20), Duration::from_millis(50));
    let mut proxy = fs_proxy_ready(store.clone(), config, &root).await;
    let file = root.join("waited.txt");
    let args = json!({"path": file.display().to_string(), "content": "held, then written"});

    // A person approves while the call is held.
    let approver = {
        let store = store.clone();
        tokio::spawn(async move {
            loop {
                let pending = store.approvals(Some(ApprovalStatus::Pending), now_ms()).await.unwrap();
                if let Some(a) = pending.first() {
                    store.approve(a.approval_id, "alice", Some(&a.digest), now_ms()).await.unwrap();
                    return a.approval_id;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    proxy.next_id += 1;
    let id = proxy.next_id;
    let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "write_file", "arguments": args, "_meta": {"progressToken": "p1"}}});
    proxy.send(&call).await;
    let mut progress = 0;
    let response = loop {
        let message = proxy.recv().await;
        if message["method"] == json!("notifications/progress") {
            assert_eq!(message["params"]["progressToken"], json!("p1"));
            progress += 1;
            continue;
        }
        break message;
    };
    let approval = approver.await.unwrap();
    assert!(!is_error(&response), "{response}");
    assert!(progress >= 1, "a held call tells the client what it waits for");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "held, then written");
    assert_eq!(store.approval(approval, now_ms()).await.unwrap().unwrap().status, ApprovalStatus::Consumed);

    // A rejection ends the hold with the rejection.
    let other = json!({"path": root.join("rejected.txt").display().to_string(), "content": "no"});
    let rejecter = {
        let store = store.clone();
        tokio::spawn(async move {
            loop {
                let pending = store.approvals(Some(ApprovalStatus::Pending), now_ms()).await.unwrap();
                if let Some(a) = pending.first() {
                    store.reject(a.approval_id, "bob", Some("not today"), None, now_ms()).await.unwrap();
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    let response = proxy.call("write_file", other).await;
    rejecter.await.unwrap();
    assert!(text(&response).starts_with("NOT EXECUTED — denied:"), "{response}");
    assert!(text(&response).contains("rejected"), "{response}");
    assert!(!root.join("rejected.txt").exists());
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wait_gives_up_after_its_deadline_and_says_so() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let config = holding("fs", Duration::from_millis(600), Duration::from_millis(50));
    let mut proxy = fs_proxy_ready(store.clone(), config, &root).await;
    let args = json!({"path": root.join("never.txt").display().to_string(), "content": "x"});
    let response = proxy.call("write_file", args).await;
    assert!(text(&response).starts_with("NOT EXECUTED — still awaiting human approval (approval"), "{response}");
    assert!(!root.join("never.txt").exists());
    proxy.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hide_denied_and_trusted_read_only_hints() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    std::fs::write(root.join("a.txt"), "a").unwrap();
    let list = |response: &Value| -> Vec<String> {
        response["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };

    // Without opting in, annotations change nothing; --hide-denied shows only what the policy names.
    let mut config = GateConfig::new("fs");
    config.hide_denied = true;
    let mut proxy = fs_proxy_ready(store.clone(), config, &root).await;
    let tools = list(&proxy.request("tools/list", json!({})).await);
    assert_eq!(tools, ["read_file", "read_text_file", "write_file", "create_directory", "list_allowed_directories"]);
    let held = proxy.call("list_directory", json!({"path": root.display().to_string()})).await;
    assert_eq!(decision_meta(&held)["verdict"], json!("defer"), "an unnamed read-only tool is not trusted: {held}");
    proxy.close().await;

    // The policy opts in for `fs`: unnamed tools marked readOnlyHint become tier 0, if their schema is expressible.
    let trusting = format!("{FS_POLICY}mcp:\n  fs: {{ trust_read_only_hint: true }}\n");
    let mut config = GateConfig::new("fs");
    config.hide_denied = true;
    let mut proxy = fs_proxy(store.clone(), policy(&trusting), config, &root);
    proxy.initialize().await;
    let tools = list(&proxy.request("tools/list", json!({})).await);
    assert!(tools.contains(&"list_directory".to_string()) && tools.contains(&"get_file_info".to_string()), "{tools:?}");
    assert!(!tools.contains(&"read_multiple_files".to_string()), "an array param cannot be checked: {tools:?}");
    assert!(!tools.contains(&"move_file".to_string()), "not read-only: {tools:?}");
    let listed = proxy.call("list_directory", json!({"path": root.display().to_string()})).await;
    assert!(!is_error(&listed) && text(&listed).contains("a.txt"), "{listed}");
    let d = &store.decisions(Default::default()).await.unwrap()[0];
    assert_eq!((d.tier, d.status), (0, DecisionStatus::Executed));
    let loaded = store.journal(0, 1000).await.unwrap();
    let derived = loaded.iter().rev().find(|e| e.kind.as_str() == "policy_loaded").unwrap();
    assert!(derived.data["source"].as_str().unwrap().contains("mcp.fs.list_directory"), "{:?}", derived.data);
    assert_eq!(derived.data["sha256"], json!(d.policy_sha256), "the decision names the derived policy");
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_count_identical_calls_and_defer_the_overrun() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let mut proxy = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let args = json!({"path": root.join("d").display().to_string()});
    // create_directory is idempotent upstream, so the same call twice is fine; the third is over the limit.
    for _ in 0..2 {
        let response = proxy.call("create_directory", args.clone()).await;
        assert!(!is_error(&response), "{response}");
    }
    let third = proxy.call("create_directory", args.clone()).await;
    assert_eq!(decision_meta(&third)["verdict"], json!("defer"), "{third}");
    assert!(text(&third).contains("limit"), "{third}");
    proxy.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identical_retries_racing_in_two_proxies_forward_once() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    // The file records every write: `write_file` replaces it, so two writes would leave two different stamps in
    // the decisions; what counts is that exactly one call was permitted and reached the server.
    let file = root.join("once.txt");
    let args = json!({"path": file.display().to_string(), "content": "exactly once"});
    let mut a = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let mut b = fs_proxy_ready(store.clone(), GateConfig::new("fs"), &root).await;
    let approval = approval_of(&a.call("write_file", args.clone()).await);
    store.approve(approval, "alice", None, now_ms()).await.unwrap();

    // Both proxies (no shared memory, one store) and two calls each, all at once.
    for proxy in [&mut a, &mut b] {
        for id in [1, 2] {
            let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "write_file", "arguments": args}});
            proxy.send(&call).await;
        }
    }
    let mut executed = 0;
    let mut refused = Vec::new();
    for proxy in [&mut a, &mut b] {
        for _ in 0..2 {
            let response = proxy.recv().await;
            if is_error(&response) {
                refused.push(text(&response));
            } else {
                executed += 1;
            }
        }
    }
    assert_eq!(executed, 1, "exactly one of four racing retries runs; the others: {refused:#?}");
    for t in &refused {
        assert!(t.starts_with("NOT EXECUTED AGAIN"), "{t}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "exactly once");
    let permits = store
        .decisions(Default::default())
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.verdict == Verdict::Permit)
        .map(|d| d.status)
        .collect::<Vec<_>>();
    assert_eq!(permits, [DecisionStatus::Executed]);
    // The losers were told by their decide answers (`replayed`), not by a refused write: the journal holds no
    // refusal at all (a claim-by-report would leave `invalid_report` noise for every losing retry).
    let refusals = store
        .journal(0, 10_000)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.kind.as_str() == "refused")
        .map(|e| e.data)
        .collect::<Vec<_>>();
    assert!(refusals.is_empty(), "racing retries journaled refusals: {refusals:#?}");
    a.close().await;
    b.close().await;
    assert_consistent(store.as_ref()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_call_cancelled_by_the_client_is_never_forwarded_or_answered() {
    let Sandbox { dir: _dir, root, store } = sandbox();
    let config = holding("fs", Duration::from_secs(30), Duration::from_millis(50));
    let mut proxy = fs_proxy_ready(store.clone(), config, &root).await;
    let file = root.join("cancelled.txt");
    let call = json!({"jsonrpc": "2.0", "id": "w1", "method": "tools/call", "params": {"name": "write_file", "arguments": {"path": file.display().to_string(), "content": "x"}}});
    proxy.send(&call).await;
    // Wait until the call is held (its approval exists), then cancel it.
    let approval = loop {
        if let Some(a) = store.approvals(Some(ApprovalStatus::Pending), now_ms()).await.unwrap().first() {
            break a.approval_id;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "w1"}})).await;
    // Approving afterwards must not make the cancelled call run.
    store.approve(approval, "alice", None, now_ms()).await.unwrap();
    // Every message up to the ping's answer is read: an answer to `w1` among them (e.g. because the call was
    // never held) fails the test.
    proxy.send(&json!({"jsonrpc": "2.0", "id": "after-cancel", "method": "ping"})).await;
    loop {
        let message = proxy.recv().await;
        assert_ne!(message.get("id"), Some(&json!("w1")), "the cancelled call was answered: {message}");
        if message.get("id") == Some(&json!("after-cancel")) {
            assert_eq!(message["result"], json!({}), "the ping's answer: {message}");
            break;
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!file.exists(), "a cancelled call was forwarded");
    proxy.close().await;
    // The approval is still there to be used by a retry.
    assert_eq!(store.approval(approval, now_ms()).await.unwrap().unwrap().status, ApprovalStatus::Approved);
    assert_consistent(store.as_ref()).await;
}
