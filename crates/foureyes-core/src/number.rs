//! Exact numbers. Money and limits are compared as decimals, never as binary floating point.
//!
//! A JSON number is read from its text: serde_json keeps that text (`arbitrary_precision`, ADR-110), so
//! `500.0000000000000001` is that decimal, not the double `500` it would round to. A YAML number in a policy arrives
//! as an `f64` and is read through its shortest round-trip text, which is the literal the author wrote for every
//! literal of up to 15 significant digits (the loader refuses longer ones).
//!
//! The digest's canonical form is RFC 8785, which writes every number as the shortest text of the nearest IEEE
//! double. A number whose value that text does not name exactly ([`names_exactly`] is false) would share its
//! digest with a different number, so the door refuses it before judging (`RequestError::InexactNumber`).

use rust_decimal::Decimal;
use serde_json::{Number, Value};

/// Why a JSON value is not an acceptable number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// Not a JSON number at all (a string such as `"12"`, a boolean, null, an object…).
    NotANumber,
    /// A number, but outside what a decimal can hold exactly (e.g. `1e300`, or more than 28 significant digits).
    NotRepresentable,
}

/// Most significant digits a decimal literal may have and still be read exactly (a `Decimal` mantissa holds 28).
pub const MAX_DIGITS: usize = 28;

/// A decimal number's value as text parts: `negative`, significant `digits` (no leading or trailing zeros; empty
/// for zero) and a power-of-ten `exponent`, so `-12.50e1` is `(true, "125", 0)`. Two texts name the same value
/// exactly when their parts are equal (the sign of zero aside).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecimalParts {
    pub negative: bool,
    pub digits: String,
    pub exponent: i64,
}

impl DecimalParts {
    /// Parses JSON number grammar, also the `{:e}` form Rust prints (`5e2`, `1.5e-7`). `None` for anything else.
    pub fn parse(text: &str) -> Option<DecimalParts> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, text),
        };
        let (mantissa, exp) = match rest.find(['e', 'E']) {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let (int, frac) = match mantissa.split_once('.') {
            Some((i, f)) => (i, f),
            None => (mantissa, ""),
        };
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !all_digits(int) || !all_digits(frac) || (mantissa.contains('.') && frac.is_empty()) {
            return None;
        }
        let mut exponent: i64 = match exp {
            None => 0,
            Some(e) => {
                let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
                if digits.is_empty() || !all_digits(digits) {
                    return None;
                }
                // Saturate: an exponent this long names no decimal anyone can hold; it stays unequal and too large.
                let magnitude = digits.trim_start_matches('0');
                let value: i64 = if magnitude.len() > 15 { i64::MAX / 4 } else { magnitude.parse().unwrap_or(0) };
                if e.starts_with('-') { -value } else { value }
            }
        };
        exponent -= frac.len() as i64;
        let mut digits: String = format!("{int}{frac}").trim_start_matches('0').to_string();
        while digits.ends_with('0') {
            digits.pop();
            exponent += 1;
        }
        if digits.is_empty() {
            return Some(DecimalParts { negative: false, digits, exponent: 0 });
        }
        Some(DecimalParts { negative, digits, exponent })
    }

    /// The exact decimal, or `NotRepresentable` when it has more than [`MAX_DIGITS`] significant digits, more than
    /// 28 decimal places, or is too large.
    pub fn to_decimal(&self) -> Result<Decimal, NumberError> {
        if self.digits.is_empty() {
            return Ok(Decimal::ZERO);
        }
        if self.digits.len() > MAX_DIGITS {
            return Err(NumberError::NotRepresentable);
        }
        let mut mantissa: i128 = self.digits.parse().map_err(|_| NumberError::NotRepresentable)?;
        if self.negative {
            mantissa = -mantissa;
        }
        let d = if self.exponent >= 0 {
            let scale = u32::try_from(self.exponent).map_err(|_| NumberError::NotRepresentable)?;
            let factor = 10i128.checked_pow(scale).ok_or(NumberError::NotRepresentable)?;
            let whole = mantissa.checked_mul(factor).ok_or(NumberError::NotRepresentable)?;
            Decimal::try_from_i128_with_scale(whole, 0)
        } else {
            let scale = u32::try_from(-self.exponent).map_err(|_| NumberError::NotRepresentable)?;
            Decimal::try_from_i128_with_scale(mantissa, scale)
        };
        d.map(|d| d.normalize()).map_err(|_| NumberError::NotRepresentable)
    }
}

/// Converts a JSON value to an exact decimal, read from the number's text. Only JSON numbers are accepted:
/// numeric strings and booleans are not numbers, on purpose.
pub fn json_to_decimal(value: &Value) -> Result<Decimal, NumberError> {
    match value {
        Value::Number(n) => number_to_decimal(n),
        _ => Err(NumberError::NotANumber),
    }
}

/// The exact decimal a JSON number's text names.
pub fn number_to_decimal(n: &Number) -> Result<Decimal, NumberError> {
    DecimalParts::parse(&n.to_string()).ok_or(NumberError::NotRepresentable)?.to_decimal()
}

/// Whether RFC 8785 names this number exactly: its text and the shortest text of its nearest IEEE double are the
/// same value. `0.1`, `1e-7`, `-0` and `9007199254740991` are; `500.0000000000000001`, `9007199254740993`, a
/// 28-digit amount and `1e400` are not (their canonical text, hence their digest, is another number's).
pub fn names_exactly(n: &Number) -> bool {
    let Some(f) = n.as_f64().filter(|f| f.is_finite()) else {
        return false;
    };
    match (DecimalParts::parse(&n.to_string()), DecimalParts::parse(&format!("{f:e}"))) {
        (Some(written), Some(double)) => written == double,
        _ => false,
    }
}

/// Converts a finite `f64` to the decimal its shortest round-trip text names.
pub fn f64_to_decimal(f: f64) -> Result<Decimal, NumberError> {
    if !f.is_finite() {
        return Err(NumberError::NotRepresentable);
    }
    DecimalParts::parse(&format!("{f:e}")).ok_or(NumberError::NotRepresentable)?.to_decimal()
}

/// How many significant digits the shortest round-trip text of `f` has (a policy literal longer than 15 may not
/// be what its author wrote).
pub fn f64_significant_digits(f: f64) -> usize {
    DecimalParts::parse(&format!("{f:e}")).map_or(0, |p| p.digits.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::str::FromStr;

    fn parsed(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn decimal_literals_are_exact() {
        let d = json_to_decimal(&parsed("500.10")).unwrap();
        assert_eq!(d, Decimal::from_str("500.10").unwrap());
        let sum = json_to_decimal(&json!(0.1)).unwrap() + json_to_decimal(&json!(0.2)).unwrap();
        assert_eq!(sum, Decimal::from_str("0.3").unwrap());
    }

    #[test]
    fn numbers_are_read_from_their_text_not_through_f64() {
        assert_eq!(
            json_to_decimal(&parsed("500.0000000000000001")).unwrap(),
            Decimal::from_str("500.0000000000000001").unwrap()
        );
        assert_eq!(json_to_decimal(&parsed("1e-7")).unwrap(), Decimal::from_str("0.0000001").unwrap());
        assert_eq!(json_to_decimal(&parsed("-0")).unwrap(), Decimal::ZERO);
        assert_eq!(json_to_decimal(&parsed("12.5E+1")).unwrap(), Decimal::from(125));
        let big = "1234567890123456789012345678";
        assert_eq!(json_to_decimal(&parsed(big)).unwrap(), Decimal::from_str(big).unwrap());
        assert_eq!(json_to_decimal(&parsed("12345678901234567890123456789012")), Err(NumberError::NotRepresentable));
    }

    #[test]
    fn the_canonical_form_names_only_ieee_exact_numbers() {
        for exact in ["0.1", "1e-7", "-0", "0", "500", "500.10", "9007199254740991", "1e300", "-2.5e-3"] {
            assert!(names_exactly(parsed(exact).as_number().unwrap()), "{exact}");
        }
        for inexact in ["500.0000000000000001", "9007199254740993", "1234567890123456789012345678", "1e400", "1e-400"] {
            assert!(!names_exactly(parsed(inexact).as_number().unwrap()), "{inexact}");
        }
    }

    #[test]
    fn the_canonical_form_stays_rfc_8785_with_exact_numbers() {
        let v = parsed(r#"{"b": 1.50, "a": [1e-7, -0, 100, 1E2, 0.1]}"#);
        assert_eq!(crate::canonical::to_canonical_string(&v), r#"{"a":[1e-7,0,100,100,0.1],"b":1.5}"#);
    }

    #[test]
    fn strings_and_booleans_are_not_numbers() {
        assert_eq!(json_to_decimal(&json!("12")), Err(NumberError::NotANumber));
        assert_eq!(json_to_decimal(&json!(true)), Err(NumberError::NotANumber));
        assert_eq!(json_to_decimal(&json!(null)), Err(NumberError::NotANumber));
    }

    #[test]
    fn huge_and_non_finite_numbers_are_refused() {
        assert_eq!(json_to_decimal(&json!(1e300)), Err(NumberError::NotRepresentable));
        assert_eq!(f64_to_decimal(f64::NAN), Err(NumberError::NotRepresentable));
        assert_eq!(f64_to_decimal(f64::INFINITY), Err(NumberError::NotRepresentable));
        assert_eq!(f64_to_decimal(f64::NEG_INFINITY), Err(NumberError::NotRepresentable));
        assert_eq!(json_to_decimal(&parsed("1e99999999999999999999999")), Err(NumberError::NotRepresentable));
    }
}
