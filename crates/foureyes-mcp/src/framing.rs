//! Newline-delimited framing of a byte stream (the MCP stdio transport): one message per line, kept as the exact
//! bytes that arrived, with a size cap. Nothing here parses JSON, except [`scan_id`], a best-effort look at the
//! first bytes of an oversized line for its JSON-RPC `id` so that its error can name the request.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// Largest client message the proxy accepts by default (one line, without its newline).
pub const DEFAULT_MAX_LINE_BYTES: usize = 4 * 1024 * 1024;
/// How much of an oversized line is kept for [`scan_id`].
const PREFIX_BYTES: usize = 4096;

/// One framed unit read from a stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// A complete line without its `\n` (a `\r` before it is kept: it is JSON whitespace, and the bytes are
    /// forwarded as they came). The last line of a stream may end without a newline.
    Line(Vec<u8>),
    /// A line longer than the cap: only its first bytes were kept and the rest was read and dropped, so one
    /// huge message costs at most the cap in memory and never desynchronizes the framing.
    Oversized { prefix: Vec<u8>, len: usize },
}

/// Reads [`Frame`]s from a buffered stream.
pub struct LineReader<R> {
    inner: R,
    max_line_bytes: usize,
}

impl<R: AsyncBufRead + Unpin> LineReader<R> {
    pub fn new(inner: R, max_line_bytes: usize) -> LineReader<R> {
        LineReader { inner, max_line_bytes }
    }

    /// The next frame, or `None` at the end of the stream.
    pub async fn next_frame(&mut self) -> std::io::Result<Option<Frame>> {
        let mut line: Vec<u8> = Vec::new();
        let mut len = 0usize;
        let mut oversized = false;
        loop {
            let chunk = self.inner.fill_buf().await?;
            if chunk.is_empty() {
                // End of stream: a final line without a newline is still a line; nothing at all is the end.
                return Ok(match (len, oversized) {
                    (0, _) => None,
                    (_, true) => Some(Frame::Oversized { prefix: line, len }),
                    (_, false) => Some(Frame::Line(line)),
                });
            }
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            len = len.saturating_add(take);
            if !oversized && len > self.max_line_bytes {
                oversized = true;
                line.truncate(PREFIX_BYTES);
            }
            let room = if oversized { PREFIX_BYTES.saturating_sub(line.len()) } else { take };
            line.extend_from_slice(&chunk[..take.min(room)]);
            let consumed = if done { take + 1 } else { take };
            self.inner.consume(consumed);
            if done {
                return Ok(Some(if oversized { Frame::Oversized { prefix: line, len } } else { Frame::Line(line) }));
            }
        }
    }
}

/// Whether a line carries no message at all (empty, or only JSON whitespace).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// The first byte that is not JSON whitespace.
pub fn first_significant(line: &[u8]) -> Option<u8> {
    line.iter().copied().find(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// Best effort: the top-level `"id"` of a JSON object whose text starts with `prefix` (the rest may be cut off),
/// when it is a number or a string. Used only to address the error for a message too large to parse.
pub fn scan_id(prefix: &[u8]) -> Option<serde_json::Value> {
    let mut depth = 0usize;
    let mut i = 0usize;
    let mut last_string: Option<(usize, usize)> = None;
    while i < prefix.len() {
        match prefix[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < prefix.len() && prefix[i] != b'"' {
                    i += if prefix[i] == b'\\' { 2 } else { 1 };
                }
                if i >= prefix.len() {
                    return None;
                }
                last_string = Some((start, i + 1));
                i += 1;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b':' if depth == 1 => {
                if let Some((s, e)) = last_string
                    && &prefix[s..e] == b"\"id\""
                {
                    return value_at(&prefix[i + 1..]);
                }
            }
            _ => {}
        }
        if !matches!(prefix[i], b' ' | b'\t' | b'\r' | b'\n') {
            // Only a string directly before the colon is a key.
            if prefix[i] != b':' {
                last_string = None;
            }
        }
        i += 1;
    }
    None
}

/// A complete number or string at the start of `rest` (after whitespace), ending before `,` or `}`.
fn value_at(rest: &[u8]) -> Option<serde_json::Value> {
    let start = rest.iter().position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))?;
    let rest = &rest[start..];
    let end = if rest.first() == Some(&b'"') {
        let mut i = 1;
        while i < rest.len() && rest[i] != b'"' {
            i += if rest[i] == b'\\' { 2 } else { 1 };
        }
        if i >= rest.len() {
            return None;
        }
        i + 1
    } else {
        rest.iter().position(|b| matches!(b, b',' | b'}' | b' ' | b'\t' | b'\r' | b'\n'))?
    };
    match serde_json::from_slice::<serde_json::Value>(&rest[..end]).ok()? {
        v @ (serde_json::Value::Number(_) | serde_json::Value::String(_)) => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    async fn frames(input: &[u8], max: usize) -> Vec<Frame> {
        // A tiny buffer makes every line span several reads.
        let reader = tokio::io::BufReader::with_capacity(7, input);
        let mut r = LineReader::new(reader, max);
        let mut out = Vec::new();
        while let Some(f) = r.next_frame().await.unwrap() {
            out.push(f);
        }
        out
    }

    #[tokio::test]
    async fn lines_are_split_on_newlines_and_keep_their_bytes() {
        let got = frames(b"{\"a\":1}\r\n\n{\"b\":2}\nlast", 100).await;
        assert_eq!(
            got,
            vec![
                Frame::Line(b"{\"a\":1}\r".to_vec()),
                Frame::Line(Vec::new()),
                Frame::Line(b"{\"b\":2}".to_vec()),
                Frame::Line(b"last".to_vec()),
            ]
        );
    }

    #[tokio::test]
    async fn an_oversized_line_is_cut_and_the_next_line_is_intact() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\nok\n");
        let got = frames(&input, 10).await;
        assert_eq!(got, vec![Frame::Oversized { prefix: vec![b'x'; 50], len: 50 }, Frame::Line(b"ok".to_vec())]);
        let mut input = vec![b'y'; PREFIX_BYTES * 3];
        input.push(b'\n');
        match &frames(&input, 10).await[0] {
            Frame::Oversized { prefix, len } => assert_eq!((prefix.len(), *len), (PREFIX_BYTES, PREFIX_BYTES * 3)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_top_level_id_is_found_in_a_prefix() {
        assert_eq!(scan_id(br#"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"id":7"#), Some(json!(42)));
        assert_eq!(scan_id(br#"{"params":{"id":7},"id" : "a\"b","#), Some(json!("a\"b")));
        assert_eq!(scan_id(br#"{"method":"x","params":{"arguments":{"content":"aaaa"#), None);
        assert_eq!(scan_id(br#"{"id":null,"#), None);
        assert_eq!(scan_id(br#"{"x":"id","id":5}"#), Some(json!(5)));
        assert_eq!(scan_id(br#"["id", {"id": 3}]"#), None);
    }
}
