//! The console marks exactly the characters the core calls hidden (ADR-391): the page's `HIDDEN` regular expression,
//! run by a real JavaScript engine (Node's V8, the engine family Chromium runs the page in), against
//! `foureyes_core::hidden::is_hidden`, over every code point both assign. A hand-kept list in the page missed
//! U+FE0F and an approved release sent `ACME\u{FE0F} Ltd` (attack 32 H1); a regular expression drifting from the
//! core's definition is this test's failure, not an approver's.

use std::process::Command;

/// The `const HIDDEN = /…/gu;` line of the page the server serves.
fn console_hidden_regex() -> String {
    let page = include_str!("../assets/console.html");
    let line = page.lines().find(|l| l.starts_with("const HIDDEN = /")).expect("the console defines HIDDEN");
    line.trim_start_matches("const HIDDEN = ").trim_end_matches(';').to_string()
}

#[test]
fn attack32_h1_the_console_marks_every_character_the_core_calls_hidden() {
    let regex = console_hidden_regex();
    // For each code point (surrogates excepted): `1` when the page marks it, else `u` when the engine's Unicode leaves
    // it unassigned, `0` otherwise (a reserved default-ignorable code point is marked though unassigned). The `g` flag is dropped so `test` keeps no state between calls.
    let script = format!(
        "const re = new RegExp({regex}.source, 'u'); const un = /\\p{{Cn}}/u; const out = [];\n\
         for (let cp = 0; cp <= 0x10FFFF; cp++) {{\n\
           if (cp >= 0xD800 && cp <= 0xDFFF) {{ out.push('s'); continue; }}\n\
           const ch = String.fromCodePoint(cp);\n\
           out.push(re.test(ch) ? '1' : un.test(ch) ? 'u' : '0');\n\
         }}\n\
         process.stdout.write(out.join(''));"
    );
    let out = Command::new("node").arg("-e").arg(&script).output().unwrap_or_else(|e| {
        panic!("`node` is needed to run the console's regular expression ({e}); install Node.js (Debian: nodejs)")
    });
    assert!(out.status.success(), "node failed: {}", String::from_utf8_lossy(&out.stderr));
    let marks = out.stdout;
    assert_eq!(marks.len(), 0x110000, "one mark per code point");
    let (mut compared, mut differ) = (0u32, Vec::new());
    for (cp, mark) in marks.iter().enumerate() {
        let Some(c) = char::from_u32(cp as u32) else { continue };
        if *mark == b'u' || !foureyes_core::hidden::is_assigned(c) && !foureyes_core::hidden::is_hidden(c) {
            continue;
        }
        compared += 1;
        // The page lays out tab and newline as themselves; the core escapes them on a terminal.
        let core = foureyes_core::hidden::is_hidden(c) && c != '\t' && c != '\n';
        if core != (*mark == b'1') {
            differ.push(format!("U+{cp:04X} core {core} page {}", *mark == b'1'));
        }
    }
    assert!(compared > 100_000, "only {compared} code points compared");
    assert!(differ.is_empty(), "{} code points differ: {:?}", differ.len(), &differ[..differ.len().min(20)]);
    // The characters attack 32 found unmarked are marked now.
    for c in ['\u{FE0F}', '\u{1D173}', '\u{E0080}', '\u{0600}', '\u{2065}', '\u{13430}', '\u{1BCA0}'] {
        assert_eq!(marks[c as usize], b'1', "U+{:04X} unmarked by the page", c as u32);
    }
}
