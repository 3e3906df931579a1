//! Numbers as the grammar accepts them, turned into exact [`Value`]s.

use crate::value::{MAX_FINITE, Value};

/// A number gametree cannot hold exactly as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// Beyond ±2^53.
    #[error(
        "the number {} is too large: finite values must lie between -{MAX_FINITE} and {MAX_FINITE} \
         (write +inf or -inf for infinities)",
        crate::text::quoted(.0)
    )]
    TooLarge(String),
    /// More digits than a fraction of 64-bit integers holds.
    #[error(
        "the number `{}` has more digits than gametree holds exactly (at most 18 decimal places, \
         and fewer for large numbers): round it, or write it as a fraction such as 1/3",
        crate::text::quoted(.0)
    )]
    TooPrecise(String),
    /// Text that is no number at all (`0x10`, `5.`, `1/3 `): read from a
    /// format whose grammar is not the tree language's.
    #[error(
        "`{}` is not a number: write an integer, a decimal (`-2.5`, `1e3`) or a fraction (`1/3`)",
        crate::text::quoted(.0)
    )]
    NotANumber(String),
    /// A fraction over zero.
    #[error("the fraction `{}` divides by zero", crate::text::quoted(.0))]
    DividesByZero(String),
}

/// Reads a number token (`3`, `-2.5`, `1e3`, `1/3`, `+inf`) exactly. Fails
/// for a number beyond ±2^53, one with more digits than a value holds, or
/// text of another shape (which the tree language's grammar never lets
/// through, but other formats' readers may).
pub fn parse_number(text: &str) -> Result<Value, NumberError> {
    let lower = text.to_ascii_lowercase();
    match lower.as_str() {
        "+inf" => return Ok(Value::POS_INF),
        "-inf" => return Ok(Value::NEG_INF),
        _ => {}
    }
    let shaped = match lower.split_once('/') {
        Some((top, bottom)) => is_decimal(top) && is_decimal(bottom),
        None => is_decimal(&lower),
    };
    if !shaped {
        return Err(NumberError::NotANumber(text.to_string()));
    }
    let value = match lower.split_once('/') {
        Some((_, bottom)) if Value::from_decimal(bottom) == Some(Value::ZERO) => {
            return Err(NumberError::DividesByZero(text.to_string()));
        }
        Some((top, bottom)) => fraction(top, bottom),
        None => Value::from_decimal(&lower),
    };
    match value {
        Some(v) if v.is_within_input_range() => Ok(v),
        Some(_) => Err(NumberError::TooLarge(text.to_string())),
        None if magnitude_digits(&lower) > 16 => Err(NumberError::TooLarge(text.to_string())),
        None => Err(NumberError::TooPrecise(text.to_string())),
    }
}

/// The fraction `top / bottom` of two decimals; `None` when either does
/// not fit or `bottom` is zero.
fn fraction(top: &str, bottom: &str) -> Option<Value> {
    Value::from_decimal(top)?.checked_div(Value::from_decimal(bottom)?)
}

/// Whether `text` is a decimal: `[+-]digits[.digits][e[+-]digits]`, in
/// lower case.
fn is_decimal(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mantissa, exponent) = unsigned.split_once('e').unwrap_or((unsigned, "0"));
    let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, "0"));
    digits(whole) && digits(fraction) && digits(exponent)
}

/// Roughly how many digits the number's integer part has (its order of
/// magnitude), to tell a number too large from one too precise.
fn magnitude_digits(lower: &str) -> i64 {
    let unsigned = lower.trim_start_matches(['+', '-']);
    let unsigned = unsigned.split('/').next().unwrap_or(unsigned);
    let (mantissa, exponent) = unsigned.split_once('e').unwrap_or((unsigned, "0"));
    let exponent: i64 = exponent.parse().unwrap_or(0);
    let whole = mantissa
        .split('.')
        .next()
        .unwrap_or("")
        .trim_start_matches('0');
    whole.len() as i64 + exponent
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_forms_of_the_language() {
        let read = |t| parse_number(t).unwrap().to_string();
        assert_eq!(read("3"), "3");
        assert_eq!(read("-2.5"), "-2.5");
        assert_eq!(read("+4"), "4");
        assert_eq!(read("1e3"), "1000");
        assert_eq!(read("+INF"), "+inf");
        assert_eq!(read("-inf"), "-inf");
        assert_eq!(read("2/3"), "0.6667");
        assert_eq!(parse_number("0.1").unwrap(), parse_number("1/10").unwrap());
    }

    #[test]
    fn refuses_numbers_beyond_the_exact_range() {
        for too_large in [
            "9007199254740993",
            "9007199254740993.0",
            "9.007199254740993e15",
            "-9007199254740992.5",
            "1e400",
            "-99999999999999999999999",
        ] {
            assert!(
                matches!(parse_number(too_large), Err(NumberError::TooLarge(_))),
                "{too_large}"
            );
        }
        for exact in [
            "9007199254740992.000",
            "9.007199254740992E15",
            "-900719925474099200e-2",
        ] {
            assert_eq!(
                parse_number(exact).unwrap().to_f64().abs(),
                MAX_FINITE,
                "{exact}"
            );
        }
    }

    #[test]
    fn refuses_numbers_too_precise_to_hold() {
        assert!(matches!(
            parse_number("1/0"),
            Err(NumberError::DividesByZero(_))
        ));
        for not_a_number in [
            "0x10", "5.", "1/3 ", ".5", "1e", "--1", "1/-", "nan", "1_000",
        ] {
            assert!(
                matches!(parse_number(not_a_number), Err(NumberError::NotANumber(_))),
                "{not_a_number}"
            );
        }
        for too_precise in ["0.1234567890123456789", "1e-300", "1/3.0000000000000000001"] {
            assert!(
                matches!(parse_number(too_precise), Err(NumberError::TooPrecise(_))),
                "{too_precise}"
            );
        }
    }
}
