//! Exact numbers. Money and limits are compared as decimals, never as binary floating point.
//!
//! A JSON or YAML number arrives as an `f64`, `i64` or `u64`. An `f64` is turned into a decimal through its
//! shortest round-trip text (Rust's `Display`), which is exactly the literal the caller wrote for every literal
//! with up to 15 significant digits: `500.10` becomes the decimal `500.1`, never `500.09999999999999`.

use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

/// Why a JSON value is not an acceptable number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// Not a JSON number at all (a string such as `"12"`, a boolean, null, an object…).
    NotANumber,
    /// A number, but outside what a decimal can hold exactly (e.g. `1e300`).
    NotRepresentable,
}

/// Converts a JSON value to an exact decimal. Only JSON numbers are accepted: numeric strings and booleans are not
/// numbers, on purpose.
pub fn json_to_decimal(value: &Value) -> Result<Decimal, NumberError> {
    match value {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(Decimal::from(i))
            } else if let Some(u) = n.as_u64() {
                Ok(Decimal::from(u))
            } else if let Some(f) = n.as_f64() {
                f64_to_decimal(f)
            } else {
                Err(NumberError::NotRepresentable)
            }
        }
        _ => Err(NumberError::NotANumber),
    }
}

/// Converts a finite `f64` to the decimal its shortest round-trip text names.
pub fn f64_to_decimal(f: f64) -> Result<Decimal, NumberError> {
    if !f.is_finite() {
        return Err(NumberError::NotRepresentable);
    }
    let text = format!("{f}");
    Decimal::from_str(&text)
        .or_else(|_| Decimal::from_scientific(&text))
        .map(|d| d.normalize())
        .map_err(|_| NumberError::NotRepresentable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn decimal_literals_are_exact() {
        let d = json_to_decimal(&serde_json::from_str::<Value>("500.10").unwrap()).unwrap();
        assert_eq!(d, Decimal::from_str("500.10").unwrap());
        let sum = json_to_decimal(&json!(0.1)).unwrap() + json_to_decimal(&json!(0.2)).unwrap();
        assert_eq!(sum, Decimal::from_str("0.3").unwrap());
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
    }
}
