//! The home demo: a small MCP tool server built on `rmcp` whose effects are simulated in a file ([`server`]),
//! and the `foureyes demo home` walkthrough that drives it through the MCP proxy ([`demo`]).
//!
//! The server is served by the `foureyes` binary itself (`foureyes home-mcp-server --state FILE`, hidden), so the
//! demo needs no second executable.

pub mod demo;
pub mod server;

/// `foureyes demo home`: runs the walkthrough in a fresh temporary directory (kept, so the database and the house
/// can be inspected afterwards). Returns the exit code, or the code and message of a failure.
pub async fn demo_command() -> Result<u8, (u8, String)> {
    let exe = std::env::current_exe().map_err(|e| (8, format!("cannot find the foureyes binary: {e}")))?;
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("foureyes-home-{}-{stamp:x}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| (8, format!("cannot create `{}`: {e}", dir.display())))?;
    demo::run(&exe, &dir).await.map_err(|e| (8, e.to_string()))?;
    Ok(0)
}

/// `foureyes home-mcp-server --state FILE` (hidden): the home MCP server over stdio.
pub async fn server_command(state: std::path::PathBuf) -> Result<u8, (u8, String)> {
    server::serve_stdio(state).await.map_err(|e| (8, e.to_string()))?;
    Ok(0)
}
