//! RFC 8785 (JCS) serialization straight from `Serialize`, byte for byte what `serde_json_canonicalizer` 0.4 writes,
//! with the same errors, at a fraction of its cost (ADR-190).
//!
//! The rules and every formatting decision are the crate's (MIT licence; this module is derived from its
//! `jcs.rs`): numbers of every Rust type are written as the IEEE double ECMAScript would show (`ryu-js`), a number
//! kept as text (`serde_json`'s `arbitrary_precision`) is read as a double first, a non-finite double is an error,
//! strings are escaped as `serde_json` escapes them with lower-case `\u00xx`, raw fragments are refused, object
//! properties are sorted by the UTF-16 code units of their unescaped names and a duplicate name is an error.
//! What differs is only the bookkeeping: the crate gives every property its own key and value buffers (a boxed
//! writer per write call, a `BTreeSet` per object, and a JSON parse of every key to sort it), so a nested value is
//! copied once per level into fresh allocations. Here an object's properties are written one after another into a
//! single scratch buffer, remembered as offsets, and rewritten in sorted order when the object closes; keys that are
//! plain ASCII (no escape) sort by their bytes, which for ASCII is their UTF-16 order.
//!
//! `tests::same_bytes_as_serde_json_canonicalizer` compares the two on generated JSON (unicode keys beyond the BMP,
//! escapes, exact numbers) and on every journal payload.

use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter, Serializer};
use std::cmp::Ordering;
use std::fmt::Display;
use std::io;

/// The canonical bytes of `value`.
pub(crate) fn to_vec<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    // Written out in one piece (the top-level object when it closes, or one scalar): one allocation.
    let mut out = Vec::new();
    value.serialize(&mut Jcs { inner: Serializer::with_formatter(&mut out, JcsFormatter::reusing()) })?;
    Ok(out)
}

/// The canonical bytes of `value` if every reader takes them back as written (ADR-372): no integer beyond
/// ±(2^53 − 1), which RFC 8785 writes as a rounded double that an integer field cannot hold, and no nesting deeper
/// than [`READABLE_DEPTH`]. What the journal holds is written this way: a door that sealed an event its own reader
/// refuses could never start again (attack 20 H1, attack 21 N1/N2).
pub(crate) fn to_vec_readable<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut formatter = JcsFormatter::reusing();
    formatter.readable = Some(0);
    value.serialize(&mut Jcs { inner: Serializer::with_formatter(&mut out, formatter) })?;
    Ok(out)
}

/// The deepest nesting [`to_vec_readable`] writes. `serde_json` reads at most 128 levels; a journal event's data is
/// read inside up to three more (an export line, a listing's array and its object), so 100 leaves room.
pub(crate) const READABLE_DEPTH: usize = 100;

fn unreadable(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, why)
}

/// Working buffers of a formatter that finished, kept per thread for the next (issue 14: a journal event grew its
/// scratch buffer, sorted buffer and property lists from empty each time, a realloc per doubling).
#[derive(Default)]
struct Buffers {
    spare: Vec<Frame>,
    scratch: Vec<u8>,
    sorted: Vec<u8>,
    keyed: Vec<(SortKey, usize, usize, usize)>,
}

/// Past this size a buffer is not kept: one huge value must not pin its memory to the thread.
const KEPT_BUFFER_BYTES: usize = 64 * 1024;

thread_local! {
    static BUFFERS: std::cell::Cell<Option<Buffers>> = const { std::cell::Cell::new(None) };
}

/// One open object: where its properties start in the scratch buffer, and each property's spans.
#[derive(Default)]
struct Frame {
    start: usize,
    key_start: usize,
    key_end: usize,
    /// `(key_start, key_end, value_end)`: the value runs from `key_end` to `value_end`.
    properties: Vec<(usize, usize, usize)>,
}

#[derive(Default)]
struct JcsFormatter {
    /// Open objects, innermost last. While any is open every write goes to `scratch`.
    frames: Vec<Frame>,
    /// Frames closed earlier, kept for their allocations.
    spare: Vec<Frame>,
    scratch: Vec<u8>,
    /// An object rewritten in sorted order before it is copied out.
    sorted: Vec<u8>,
    /// The closing object's properties with their sort keys.
    keyed: Vec<(SortKey, usize, usize, usize)>,
    /// `Some(open arrays and objects)` when only what every reader takes back may be written
    /// ([`to_vec_readable`]).
    readable: Option<usize>,
}

impl JcsFormatter {
    /// A formatter with the buffers the thread's last one left (none taken when a formatter is already running on
    /// this thread: it then starts empty).
    fn reusing() -> JcsFormatter {
        let Buffers { spare, mut scratch, mut sorted, mut keyed } = BUFFERS.take().unwrap_or_default();
        scratch.clear();
        sorted.clear();
        keyed.clear();
        JcsFormatter { frames: Vec::new(), spare, scratch, sorted, keyed, readable: None }
    }
}

impl Drop for JcsFormatter {
    fn drop(&mut self) {
        if self.scratch.capacity() > KEPT_BUFFER_BYTES || self.sorted.capacity() > KEPT_BUFFER_BYTES {
            return;
        }
        self.spare.append(&mut self.frames);
        self.keyed.clear();
        BUFFERS.set(Some(Buffers {
            spare: std::mem::take(&mut self.spare),
            scratch: std::mem::take(&mut self.scratch),
            sorted: std::mem::take(&mut self.sorted),
            keyed: std::mem::take(&mut self.keyed),
        }));
    }
}

impl JcsFormatter {
    /// In readable mode, refuses an integer a double does not hold exactly.
    fn exact_integer(&self, magnitude: Option<u128>, value: &dyn Display) -> io::Result<()> {
        if self.readable.is_some() && magnitude.is_none_or(|m| m > u128::from(crate::types::MAX_SAFE_INTEGER)) {
            return Err(unreadable(format!(
                "the integer {value} is beyond ±(2^53 − 1): RFC 8785 writes it rounded, and an integer field cannot take it back"
            )));
        }
        Ok(())
    }

    /// In readable mode, counts one more open array or object and refuses one past [`READABLE_DEPTH`].
    fn open(&mut self) -> io::Result<()> {
        if let Some(depth) = &mut self.readable {
            *depth += 1;
            if *depth > READABLE_DEPTH {
                return Err(unreadable(format!(
                    "nested more than {READABLE_DEPTH} levels deep: a JSON reader refuses it"
                )));
            }
        }
        Ok(())
    }

    fn close(&mut self) {
        if let Some(depth) = &mut self.readable {
            *depth = depth.saturating_sub(1);
        }
    }

    fn out<W: ?Sized + io::Write>(&mut self, writer: &mut W, bytes: &[u8]) -> io::Result<()> {
        if self.frames.is_empty() {
            writer.write_all(bytes)
        } else {
            self.scratch.extend_from_slice(bytes);
            Ok(())
        }
    }
}

/// How a property name sorts: by the UTF-16 code units of the unescaped name.
enum SortKey {
    /// A name without escapes and without non-ASCII bytes: its bytes are its UTF-16 units.
    Ascii(usize, usize),
    Units(Vec<u16>),
}

fn sort_key(scratch: &[u8], start: usize, end: usize) -> io::Result<SortKey> {
    // The name as written, quotes included.
    let written = &scratch[start..end];
    let inner = written.get(1..written.len().saturating_sub(1)).unwrap_or_default();
    if inner.iter().all(|&b| b != b'\\' && b < 0x80) {
        return Ok(SortKey::Ascii(start + 1, end - 1));
    }
    // As the crate does: read the name back through JSON to undo its escapes.
    let name: serde_json::Value = serde_json::from_slice(written)?;
    let name = name.as_str().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "Invalid UTF8 sequence"))?;
    Ok(SortKey::Units(name.encode_utf16().collect()))
}

fn compare(scratch: &[u8], a: &SortKey, b: &SortKey) -> Ordering {
    match (a, b) {
        (SortKey::Ascii(a0, a1), SortKey::Ascii(b0, b1)) => scratch[*a0..*a1].cmp(&scratch[*b0..*b1]),
        (SortKey::Ascii(a0, a1), SortKey::Units(b)) => {
            scratch[*a0..*a1].iter().map(|&x| u16::from(x)).cmp(b.iter().copied())
        }
        (SortKey::Units(a), SortKey::Ascii(b0, b1)) => {
            a.iter().copied().cmp(scratch[*b0..*b1].iter().map(|&x| u16::from(x)))
        }
        (SortKey::Units(a), SortKey::Units(b)) => a.cmp(b),
    }
}

impl Formatter for JcsFormatter {
    fn write_null<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.out(writer, b"null")
    }

    fn write_bool<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: bool) -> io::Result<()> {
        self.out(writer, if value { b"true" } else { b"false" })
    }

    // Every number is written as the double ECMAScript would show.
    fn write_i8<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: i8) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }
    fn write_i16<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: i16) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }
    fn write_i32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: i32) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }
    #[allow(clippy::cast_precision_loss)]
    fn write_i64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: i64) -> io::Result<()> {
        self.exact_integer(Some(u128::from(value.unsigned_abs())), &value)?;
        self.write_f64(writer, value as f64)
    }
    #[allow(clippy::cast_precision_loss)]
    fn write_i128<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: i128) -> io::Result<()> {
        self.exact_integer(Some(value.unsigned_abs()), &value)?;
        self.write_f64(writer, value as f64)
    }
    fn write_u8<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: u8) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }
    fn write_u16<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: u16) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }
    fn write_u32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: u32) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }
    #[allow(clippy::cast_precision_loss)]
    fn write_u64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: u64) -> io::Result<()> {
        self.exact_integer(Some(u128::from(value)), &value)?;
        self.write_f64(writer, value as f64)
    }
    #[allow(clippy::cast_precision_loss)]
    fn write_u128<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: u128) -> io::Result<()> {
        self.exact_integer(Some(value), &value)?;
        self.write_f64(writer, value as f64)
    }
    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        self.write_f64(writer, f64::from(value))
    }

    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        if value.is_finite() {
            let mut buffer = ryu_js::Buffer::new();
            let text = buffer.format_finite(value);
            self.out(writer, text.as_bytes())
        } else {
            Err(io::Error::new(io::ErrorKind::InvalidInput, "NaN and +/-Infinity are not permitted in JSON"))
        }
    }

    fn write_number_str<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: &str) -> io::Result<()> {
        let number: f64 =
            value.parse().map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "Cannot parse str to f64"))?;
        // A number kept as its text (ADR-110) is an integer when it has no fraction and no exponent.
        if self.readable.is_some() && !value.contains(['.', 'e', 'E']) {
            self.exact_integer(value.trim_start_matches('-').parse().ok(), &value)?;
        }
        self.write_f64(writer, number)
    }

    fn begin_string<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.out(writer, b"\"")
    }

    fn end_string<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.out(writer, b"\"")
    }

    fn write_string_fragment<W: ?Sized + io::Write>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()> {
        self.out(writer, fragment.as_bytes())
    }

    fn write_char_escape<W: ?Sized + io::Write>(&mut self, writer: &mut W, escape: CharEscape) -> io::Result<()> {
        static HEX_DIGITS: [u8; 16] = *b"0123456789abcdef";
        let control;
        let bytes: &[u8] = match escape {
            CharEscape::Quote => b"\\\"",
            CharEscape::ReverseSolidus => b"\\\\",
            // As the reference implementation: "\/" is "/".
            CharEscape::Solidus => b"/",
            CharEscape::Backspace => b"\\b",
            CharEscape::FormFeed => b"\\f",
            CharEscape::LineFeed => b"\\n",
            CharEscape::CarriageReturn => b"\\r",
            CharEscape::Tab => b"\\t",
            CharEscape::AsciiControl(byte) => {
                control =
                    [b'\\', b'u', b'0', b'0', HEX_DIGITS[(byte >> 4) as usize], HEX_DIGITS[(byte & 0xF) as usize]];
                &control
            }
        };
        self.out(writer, bytes)
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open()?;
        self.out(writer, b"[")
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close();
        self.out(writer, b"]")
    }

    fn begin_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { self.out(writer, b",") }
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.open()?;
        let mut frame = self.spare.pop().unwrap_or_default();
        frame.properties.clear();
        frame.start = self.scratch.len();
        self.frames.push(frame);
        Ok(())
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close();
        let frame = self
            .frames
            .pop()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "end_object called before start_object"))?;
        let mut keyed = std::mem::take(&mut self.keyed);
        keyed.clear();
        for &(key_start, key_end, value_end) in &frame.properties {
            keyed.push((sort_key(&self.scratch, key_start, key_end)?, key_start, key_end, value_end));
        }
        let scratch = &self.scratch;
        // A map (`serde_json`'s is a `BTreeMap`) arrives sorted already: checking costs one comparison per property.
        if !keyed.windows(2).all(|w| compare(scratch, &w[0].0, &w[1].0) == Ordering::Less) {
            keyed.sort_by(|a, b| compare(scratch, &a.0, &b.0));
            if keyed.windows(2).any(|w| compare(scratch, &w[0].0, &w[1].0) == Ordering::Equal) {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "duplicate object key"));
            }
        }
        let mut sorted = std::mem::take(&mut self.sorted);
        sorted.clear();
        sorted.push(b'{');
        for (i, (_, key_start, key_end, value_end)) in keyed.iter().enumerate() {
            if i > 0 {
                sorted.push(b',');
            }
            sorted.extend_from_slice(&scratch[*key_start..*key_end]);
            sorted.push(b':');
            sorted.extend_from_slice(&scratch[*key_end..*value_end]);
        }
        sorted.push(b'}');
        self.keyed = keyed;
        self.scratch.truncate(frame.start);
        self.spare.push(frame);
        let written = self.out(writer, &sorted);
        self.sorted = sorted;
        written
    }

    fn begin_object_key<W: ?Sized + io::Write>(&mut self, _writer: &mut W, _first: bool) -> io::Result<()> {
        let at = self.scratch.len();
        let frame = self.frames.last_mut().ok_or_else(|| io::Error::other("object key outside an object"))?;
        frame.key_start = at;
        Ok(())
    }

    fn end_object_key<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        let at = self.scratch.len();
        let frame = self.frames.last_mut().ok_or_else(|| io::Error::other("object key outside an object"))?;
        frame.key_end = at;
        Ok(())
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        let at = self.scratch.len();
        let frame = self
            .frames
            .last_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "end_object_value called before start_object"))?;
        frame.properties.push((frame.key_start, frame.key_end, at));
        Ok(())
    }

    fn write_raw_fragment<W: ?Sized + io::Write>(&mut self, _writer: &mut W, _fragment: &str) -> io::Result<()> {
        Err(io::Error::new(io::ErrorKind::InvalidInput, "Raw values are not supported for JCS serialization"))
    }
}

/// `serde_json`'s serializer with [`JcsFormatter`]; like the crate's, it refuses a non-finite `f32`/`f64` at the
/// top level (nested ones reach `serde_json`, which writes them as `null`, as with the crate).
struct Jcs<W: io::Write> {
    inner: Serializer<W, JcsFormatter>,
}

fn not_finite() -> serde_json::Error {
    serde_json::Error::io(io::Error::new(io::ErrorKind::InvalidInput, "NaN and +/-Infinity are not permitted in JSON"))
}

type Inner<'a, W> = &'a mut Serializer<W, JcsFormatter>;

impl<'a, W: io::Write> serde::Serializer for &'a mut Jcs<W> {
    type Ok = ();
    type Error = serde_json::Error;
    type SerializeSeq = <Inner<'a, W> as serde::Serializer>::SerializeSeq;
    type SerializeTuple = <Inner<'a, W> as serde::Serializer>::SerializeTuple;
    type SerializeTupleStruct = <Inner<'a, W> as serde::Serializer>::SerializeTupleStruct;
    type SerializeTupleVariant = <Inner<'a, W> as serde::Serializer>::SerializeTupleVariant;
    type SerializeMap = <Inner<'a, W> as serde::Serializer>::SerializeMap;
    type SerializeStruct = <Inner<'a, W> as serde::Serializer>::SerializeStruct;
    type SerializeStructVariant = <Inner<'a, W> as serde::Serializer>::SerializeStructVariant;

    fn serialize_bool(self, v: bool) -> serde_json::Result<()> {
        self.inner.serialize_bool(v)
    }
    fn serialize_i8(self, v: i8) -> serde_json::Result<()> {
        self.inner.serialize_i8(v)
    }
    fn serialize_i16(self, v: i16) -> serde_json::Result<()> {
        self.inner.serialize_i16(v)
    }
    fn serialize_i32(self, v: i32) -> serde_json::Result<()> {
        self.inner.serialize_i32(v)
    }
    fn serialize_i64(self, v: i64) -> serde_json::Result<()> {
        self.inner.serialize_i64(v)
    }
    fn serialize_i128(self, v: i128) -> serde_json::Result<()> {
        self.inner.serialize_i128(v)
    }
    fn serialize_u8(self, v: u8) -> serde_json::Result<()> {
        self.inner.serialize_u8(v)
    }
    fn serialize_u16(self, v: u16) -> serde_json::Result<()> {
        self.inner.serialize_u16(v)
    }
    fn serialize_u32(self, v: u32) -> serde_json::Result<()> {
        self.inner.serialize_u32(v)
    }
    fn serialize_u64(self, v: u64) -> serde_json::Result<()> {
        self.inner.serialize_u64(v)
    }
    fn serialize_u128(self, v: u128) -> serde_json::Result<()> {
        self.inner.serialize_u128(v)
    }
    fn serialize_f32(self, v: f32) -> serde_json::Result<()> {
        if v.is_finite() { self.inner.serialize_f32(v) } else { Err(not_finite()) }
    }
    fn serialize_f64(self, v: f64) -> serde_json::Result<()> {
        if v.is_finite() { self.inner.serialize_f64(v) } else { Err(not_finite()) }
    }
    fn serialize_char(self, v: char) -> serde_json::Result<()> {
        self.inner.serialize_char(v)
    }
    fn serialize_str(self, v: &str) -> serde_json::Result<()> {
        self.inner.serialize_str(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> serde_json::Result<()> {
        self.inner.serialize_bytes(v)
    }
    fn serialize_none(self) -> serde_json::Result<()> {
        self.inner.serialize_none()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> serde_json::Result<()> {
        self.inner.serialize_some(value)
    }
    fn serialize_unit(self) -> serde_json::Result<()> {
        self.inner.serialize_unit()
    }
    fn serialize_unit_struct(self, name: &'static str) -> serde_json::Result<()> {
        self.inner.serialize_unit_struct(name)
    }
    fn serialize_unit_variant(self, name: &'static str, index: u32, variant: &'static str) -> serde_json::Result<()> {
        self.inner.serialize_unit_variant(name, index, variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> serde_json::Result<()> {
        self.inner.serialize_newtype_struct(name, value)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> serde_json::Result<()> {
        self.inner.serialize_newtype_variant(name, index, variant, value)
    }
    fn serialize_seq(self, len: Option<usize>) -> serde_json::Result<Self::SerializeSeq> {
        self.inner.serialize_seq(len)
    }
    fn serialize_tuple(self, len: usize) -> serde_json::Result<Self::SerializeTuple> {
        self.inner.serialize_tuple(len)
    }
    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> serde_json::Result<Self::SerializeTupleStruct> {
        self.inner.serialize_tuple_struct(name, len)
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> serde_json::Result<Self::SerializeTupleVariant> {
        self.inner.serialize_tuple_variant(name, index, variant, len)
    }
    fn serialize_map(self, len: Option<usize>) -> serde_json::Result<Self::SerializeMap> {
        self.inner.serialize_map(len)
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> serde_json::Result<Self::SerializeStruct> {
        self.inner.serialize_struct(name, len)
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> serde_json::Result<Self::SerializeStructVariant> {
        self.inner.serialize_struct_variant(name, index, variant, len)
    }
    fn collect_str<T: ?Sized + Display>(self, value: &T) -> serde_json::Result<()> {
        self.inner.collect_str(value)
    }
}

#[cfg(test)]
mod tests {
    use super::to_vec;
    use serde::ser::SerializeMap;
    use serde::{Serialize, Serializer};
    use serde_json::{Value, json};
    use std::collections::BTreeMap;

    fn reference<T: Serialize>(value: &T) -> Option<Vec<u8>> {
        serde_json_canonicalizer::to_vec(value).ok()
    }

    fn same<T: Serialize + std::fmt::Debug>(value: &T) {
        let ours = to_vec(value).ok();
        assert_eq!(
            ours.as_deref().map(String::from_utf8_lossy),
            reference(value).as_deref().map(String::from_utf8_lossy),
            "{value:?}"
        );
    }

    /// A small deterministic generator (xorshift), so a failure names its seed.
    struct Gen(u64);
    impl Gen {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
            from[(self.next() % from.len() as u64) as usize]
        }
        fn text(&mut self) -> String {
            const PIECES: &[&str] = &[
                "a",
                "b",
                "B",
                "aa",
                "",
                "é",
                "\u{e000}",
                "\u{ffff}",
                "\u{10000}",
                "\u{1f600}",
                "ﬀ",
                "\n",
                "\"",
                "\\",
                "/",
                "\u{7f}",
                "\u{1}",
                "\u{1f}",
                "\t",
                "\u{2028}",
                "z",
                "~",
                "0",
                "10",
                "1",
                "amount_eur",
            ];
            let n = self.next() % 4;
            (0..n).map(|_| self.pick(PIECES)).collect()
        }
        fn number(&mut self) -> Value {
            const NUMBERS: &[&str] = &[
                "0",
                "-0",
                "1",
                "-1",
                "1.0",
                "1.25",
                "12.50",
                "1e21",
                "1e20",
                "1e-7",
                "0.000001",
                "1E+2",
                "-1.5e300",
                "9007199254740993",
                "123456789012345678901234567890",
                "500.0000000000000001",
                "0.1",
                "5e-324",
                "1.7976931348623157e308",
                "100",
                "4.35",
                "2e-7",
            ];
            serde_json::from_str(self.pick(NUMBERS)).unwrap()
        }
        fn value(&mut self, depth: u32) -> Value {
            match self.next() % if depth == 0 { 5 } else { 7 } {
                0 => Value::Null,
                1 => Value::Bool(self.next().is_multiple_of(2)),
                2 | 3 => self.number(),
                4 => Value::String(self.text()),
                5 => Value::Array((0..self.next() % 4).map(|_| self.value(depth - 1)).collect()),
                _ => Value::Object((0..self.next() % 6).map(|_| (self.text(), self.value(depth - 1))).collect()),
            }
        }
    }

    #[test]
    fn same_bytes_as_serde_json_canonicalizer() {
        for seed in 1..3000u64 {
            let mut g = Gen(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
            let value = g.value(4);
            same(&value);
        }
        // Rust numbers of every width, including integers a double cannot hold.
        same(&json!({"i": i64::MIN, "u": u64::MAX, "f": 0.1f64, "g": 1e21f64, "s": -0.0f64}));
        same(&(u128::MAX, i128::MIN, 1.5f32, 'x', [1u8, 2, 3], ()));
        // Map keys that are not strings are written as strings.
        let mut keys = BTreeMap::new();
        keys.insert(10i64, "ten");
        keys.insert(9i64, "nine");
        same(&keys);
        // Non-finite doubles: an error at the top level, `null` when nested (as serde_json writes them).
        same(&f64::NAN);
        same(&f64::INFINITY);
        same(&vec![f64::NAN]);
        same(&BTreeMap::from([("n", f64::NEG_INFINITY)]));
        // A number beyond a double is an error (the caller writes it as text).
        same(&serde_json::from_str::<Value>(r#"{"n": 1e400}"#).unwrap());
    }

    /// A map that writes one key twice.
    #[derive(Debug)]
    struct Twice(&'static str, &'static str);
    impl Serialize for Twice {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(2))?;
            map.serialize_entry(self.0, &1)?;
            map.serialize_entry(self.1, &2)?;
            map.end()
        }
    }

    #[test]
    fn a_duplicate_key_is_an_error_as_in_the_reference() {
        same(&Twice("a", "a"));
        same(&Twice("\u{1f600}", "\u{1f600}"));
        same(&Twice("a", "b"));
        same(&Twice("\u{ffff}", "\u{10000}"));
        assert!(to_vec(&Twice("k", "k")).is_err());
    }

    #[test]
    fn keys_sort_by_utf16_code_units_not_bytes() {
        // U+10000 is D800 DC00 in UTF-16, before U+E000; in UTF-8 (and code points) it sorts after.
        let v = json!({"\u{e000}": 1, "\u{10000}": 2, "a": 3});
        assert_eq!(String::from_utf8(to_vec(&v).unwrap()).unwrap(), "{\"a\":3,\"\u{10000}\":2,\"\u{e000}\":1}");
        same(&v);
    }
}
