//! `foureyes`: the command-line door. `main` alone turns errors into exit codes (see `cli::EXIT_CODES`).

mod bench;
mod bench_floor;
mod bench_load;
mod bench_soak;
mod cli;
mod commands;
mod demo;
mod execute;
mod output;
mod serve;
mod telemetry;

use clap::Parser;
use std::io::Write as _;
use std::process::ExitCode;

/// Every allocation of the process, SQLite's included (the `override` feature), goes to mimalloc: glibc's malloc
/// was the largest cost in a decision that no guarantee pays for (ADR-820).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A failure with the exit code it maps to.
#[derive(Debug)]
pub struct Exit {
    pub code: u8,
    pub message: String,
}

impl Exit {
    pub fn new(code: u8, message: impl Into<String>) -> Exit {
        Exit { code, message: message.into() }
    }
}

/// A usage error (as clap exits on an unknown flag).
pub const EXIT_USAGE: u8 = 2;
pub const EXIT_REFUSED: u8 = 3;
pub const EXIT_CONFLICT: u8 = 4;
pub const EXIT_NOT_FOUND: u8 = 5;
pub const EXIT_INVALID_STATE: u8 = 6;
pub const EXIT_VERIFY_FAILED: u8 = 7;
pub const EXIT_STORAGE: u8 = 8;
pub const EXIT_POLICY: u8 = 9;
pub const EXIT_DENY: u8 = 10;
pub const EXIT_DEFER: u8 = 11;
pub const EXIT_DRY_RUN: u8 = 12;
/// `journal verify` (ADR-865): the journal replays, but this machine's clock reads before its newest time on record,
/// so a door started here refuses to decide (ADR-730).
pub const EXIT_CLOCK: u8 = 16;
/// A door that only reads (`journal verify`, `audit`, `export`, `tail`, `prove`, `decisions`) was given a SQLite path
/// with no FourEyes database: missing, an empty file, or a database without a journal (ADR-1210). Nothing is created.
pub const EXIT_NO_DATABASE: u8 = 17;
/// Stdout could not be written (`> /dev/full`, a closed file): the output is lost, what the door did before is done
/// (ADR-1431). Not a panic (it was exit 101).
pub const EXIT_OUTPUT: u8 = 18;

// Change control (`foureyes task …`, the `change-control` app's library) speaks the same exit codes.
const _: () = assert!(
    change_control::EXIT_REFUSED == EXIT_REFUSED
        && change_control::EXIT_CONFLICT == EXIT_CONFLICT
        && change_control::EXIT_NOT_FOUND == EXIT_NOT_FOUND
        && change_control::EXIT_INVALID_STATE == EXIT_INVALID_STATE
        && change_control::EXIT_VERIFY_FAILED == EXIT_VERIFY_FAILED
        && change_control::EXIT_STORAGE == EXIT_STORAGE
        && change_control::EXIT_POLICY == EXIT_POLICY
        && change_control::EXIT_DENY == EXIT_DENY
        && change_control::EXIT_DEFER == EXIT_DEFER
        && change_control::EXIT_DRY_RUN == EXIT_DRY_RUN
);

impl From<change_control::Exit> for Exit {
    fn from(e: change_control::Exit) -> Exit {
        Exit { code: e.code, message: e.message }
    }
}

impl From<foureyes_store::StoreError> for Exit {
    fn from(e: foureyes_store::StoreError) -> Exit {
        use foureyes_store::StoreError::*;
        let code = match &e {
            Refused { .. } | Unjournalable(_) => EXIT_REFUSED,
            Conflict { .. } => EXIT_CONFLICT,
            NotFound(_) => EXIT_NOT_FOUND,
            InvalidState(_) => EXIT_INVALID_STATE,
            Schema(_) | Backend(_) | Busy(_) => EXIT_STORAGE,
            // The journal lost events its doors committed (ADR-1440): what the witness's TRUNCATED exits with.
            Truncated(_) => EXIT_VERIFY_FAILED,
        };
        Exit::new(code, e.to_string())
    }
}

/// `foureyes … | head` closes stdout early; Rust ignores SIGPIPE, so `println!` would panic with a stack trace.
/// Like a classic Unix tool, stop quietly instead.
fn quiet_on_broken_pipe() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.contains("Broken pipe") {
            std::process::exit(0);
        }
        // Stdout could not be written (a full disk, a file closed under it): one line and exit 18, never a panic's
        // backtrace and exit 101 (attack 41, F1431, ADR-1431). What the door did before it printed is done: the line
        // says so. `token create` does not come here: it writes its once-shown token itself and revokes it when it
        // cannot (ADR-1431).
        if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
            let _ = writeln!(
                std::io::stderr(),
                "error: cannot write to stdout ({why}): the output is lost; what the command did before printing \
                 (a write, a journaled event) is done — check it with a read door once stdout can be written"
            );
            std::process::exit(i32::from(EXIT_OUTPUT));
        }
        default_hook(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version print as clap prints them; an argument error quotes what was typed, so it is printed
        // plain (no colours) through the hidden-character escape, as every other refusal is (attack 46's H3, F1453).
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        Err(e) => {
            let text = e.render().to_string();
            let lines: Vec<String> = text.trim_end().split('\n').map(foureyes_core::hidden::escaped).collect();
            eprintln!("{}", lines.join("\n"));
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(EXIT_STORAGE);
        }
    };
    let ran = runtime.block_on(commands::run(cli));
    // An anchor sealed for a store that had no event yet names the store now, if this process journaled its first
    // event (ADR-840).
    foureyes_store::clock_floor::settle();
    match ran {
        Ok(code) => ExitCode::from(code),
        Err(exit) => {
            // Every line of a refusal through the hidden-character escape: a refusal may quote what was typed or sent,
            // and no byte of it may act on the terminal (attack 45's H3, F1451; each message escapes the names it
            // quotes itself, this is the floor under all of them).
            let lines: Vec<String> = exit.message.split('\n').map(foureyes_core::hidden::escaped).collect();
            eprintln!("error: {}", lines.join("\n"));
            ExitCode::from(exit.code)
        }
    }
}
