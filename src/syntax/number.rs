//! Numbers as the grammar accepts them, turned into [`Value`]s.

use crate::value::{MAX_FINITE, Value};

/// A number too large to be a value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the number {} is too large: finite values must lie between -{MAX_FINITE} and {MAX_FINITE} \
     (write +inf or -inf for infinities)",
    crate::text::quoted(.0)
)]
pub struct NumberTooLarge(pub String);

/// Reads a number token (`3`, `-2.5`, `1e3`, `+inf`); the grammar has
/// already checked its shape. Fails only for a number too large.
pub(crate) fn parse_number(text: &str) -> Result<Value, NumberTooLarge> {
    let lower = text.to_ascii_lowercase();
    match lower.as_str() {
        "+inf" => return Ok(Value::POS_INF),
        "-inf" => return Ok(Value::NEG_INF),
        _ => {}
    }
    let too_large = || NumberTooLarge(text.to_string());
    if !lower.contains(['.', 'e']) {
        let n: i128 = lower.parse().map_err(|_| too_large())?;
        return i64::try_from(n)
            .ok()
            .and_then(Value::from_int)
            .ok_or_else(too_large);
    }
    let x: f64 = lower.parse().map_err(|_| too_large())?;
    // 2^53 is the one value at the limit that a larger decimal rounds to.
    if x.is_infinite() || (x.abs() == MAX_FINITE && !is_max_finite(&lower)) {
        return Err(too_large());
    }
    Value::new(x).ok_or_else(too_large)
}

/// Whether a decimal (`9007199254740992.0`, `9.007199254740992e15`) is
/// exactly plus or minus 2^53, read digit by digit.
fn is_max_finite(lower: &str) -> bool {
    let unsigned = lower.trim_start_matches(['+', '-']);
    let (mantissa, exponent) = unsigned.split_once('e').unwrap_or((unsigned, "0"));
    let Ok(exponent) = exponent.parse::<i64>() else {
        return false;
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    // The decimal point falls after `point` digits.
    let point = whole.len() as i64 + exponent;
    let Ok(point) = usize::try_from(point) else {
        return false;
    };
    let (integer, rest) = digits.split_at(point.min(digits.len()));
    let zeros = point.saturating_sub(digits.len());
    let integer = format!("{integer}{}", "0".repeat(zeros.min(20)));
    rest.bytes().all(|b| b == b'0') && integer.trim_start_matches('0') == "9007199254740992"
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
    }

    #[test]
    fn refuses_numbers_beyond_the_exact_range() {
        assert!(parse_number("9007199254740993").is_err());
        for rounded in [
            "9007199254740993.0",
            "9.007199254740993e15",
            "-9007199254740992.5",
        ] {
            assert!(parse_number(rounded).is_err(), "{rounded}");
        }
        for exact in [
            "9007199254740992.000",
            "9.007199254740992E15",
            "-900719925474099200e-2",
        ] {
            assert_eq!(
                parse_number(exact).unwrap().get().abs(),
                MAX_FINITE,
                "{exact}"
            );
        }
        assert!(parse_number("1e400").is_err());
        assert!(parse_number("-99999999999999999999999").is_err());
    }
}
