//! Values as decimal text: reading a decimal exactly, rounding for people,
//! writing in full.

use super::Value;

/// The most digits a decimal's significand may have and still be read
/// (beyond it no fraction of 64-bit integers holds it anyway).
const MAX_DIGITS: usize = 38;

/// The most places [`rounded`] rounds to, and the most a decimal written
/// in full has: every reader takes a decimal of 18 places or fewer (with
/// a value within ±2^53), and refuses some with more.
const MAX_PLACES: u32 = 18;

/// `10^n` for `n <= 38`.
fn power_of_ten(n: u32) -> Option<i128> {
    10i128.checked_pow(n)
}

/// The digits and exponent of a decimal text: `-12.50e3` is
/// (negative, "125", 2) after trailing zeros move into the exponent.
struct Decimal {
    negative: bool,
    digits: String,
    scale: i64,
}

/// Splits `text` (`[+-]digits[.digits][(e|E)[+-]digits]`) into its parts;
/// `None` when it is not of that form.
fn split(text: &str) -> Option<Decimal> {
    let (negative, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    if mantissa.ends_with('.') {
        return None;
    }
    let exponent = match exponent {
        None => 0,
        Some(e) => parse_exponent(e)?,
    };
    let mut digits: String = whole.chars().chain(fraction.chars()).collect();
    let mut scale = exponent - fraction.len() as i64;
    while digits.ends_with('0') && digits.len() > 1 {
        digits.pop();
        scale += 1;
    }
    let digits = digits.trim_start_matches('0').to_string();
    Some(Decimal {
        negative,
        digits,
        scale,
    })
}

/// An exponent: optional sign and digits, kept small enough to add to.
fn parse_exponent(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude: i64 = digits.trim_start_matches('0').parse().unwrap_or(0);
    if digits.trim_start_matches('0').len() > 9 {
        return Some(if text.starts_with('-') {
            -1_000_000_000
        } else {
            1_000_000_000
        });
    }
    Some(if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    })
}

/// The exact value of a decimal text (see [`Value::from_decimal`]).
pub(super) fn parse(text: &str) -> Option<Value> {
    let decimal = split(text)?;
    if decimal.digits.is_empty() {
        return Some(Value::ZERO);
    }
    if decimal.digits.len() > MAX_DIGITS {
        return None;
    }
    let significand: i128 = decimal.digits.parse().ok()?;
    let significand = if decimal.negative {
        -significand
    } else {
        significand
    };
    let scale = i32::try_from(decimal.scale).ok()?;
    match scale {
        s if s >= 0 => Value::ratio(significand.checked_mul(power_of_ten(s as u32)?)?, 1),
        s => Value::ratio(significand, power_of_ten(s.unsigned_abs())?),
    }
}

/// The decimal places `value` needs to be written exactly: the larger of
/// the powers of 2 and 5 in its denominator; `None` when another prime
/// divides it.
pub(super) fn places(value: Value) -> Option<u32> {
    let mut den = value.denominator();
    let twos = den.trailing_zeros();
    den >>= twos;
    let mut fives = 0;
    while den.is_multiple_of(5) {
        den /= 5;
        fives += 1;
    }
    (den == 1).then_some(twos.max(fives))
}

/// `|num| / den` written with `places` decimal places (truncated), and
/// the remainder left over.
fn long_division(num: i64, den: u64, places: u32) -> (String, u128) {
    let den = u128::from(den);
    let magnitude = u128::from(num.unsigned_abs());
    let mut out = (magnitude / den).to_string();
    let mut rem = magnitude % den;
    if places > 0 {
        out.push('.');
    }
    for _ in 0..places {
        rem *= 10;
        out.push(char::from(b'0' + (rem / den) as u8));
        rem %= den;
    }
    (out, rem)
}

/// The value rounded half away from zero to `places` places (at most
/// [`MAX_PLACES`]).
pub(super) fn rounded(value: Value, places: u32) -> Option<Value> {
    if value.is_infinite() || places > MAX_PLACES {
        return (value.is_infinite()).then_some(value);
    }
    let value = value.without_nudge();
    let den = i128::from(value.denominator());
    let scaled = i128::from(value.numerator()).checked_mul(power_of_ten(places)?)?;
    let (mut quotient, rem) = (scaled / den, scaled % den);
    if 2 * rem.abs() >= den {
        quotient += scaled.signum();
    }
    Value::ratio(quotient, power_of_ten(places)?)
}

/// `text` without trailing zeros after its decimal point (and without the
/// point when nothing follows it); `-0` becomes `0`.
fn trimmed(text: &str) -> String {
    let text = match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.'),
        false => text,
    };
    match text {
        "-0" => "0".to_string(),
        t => t.to_string(),
    }
}

/// A finite value with `places` places, sign included (exact when the
/// value needs no more).
fn fixed(value: Value, places: u32) -> String {
    let (digits, _) = long_division(value.numerator(), value.denominator(), places);
    let sign = if value.numerator() < 0 { "-" } else { "" };
    trimmed(&format!("{sign}{digits}"))
}

/// The infinitesimal's suffix of a nudged value (`+ε`, `-ε`), else "".
fn nudge_suffix(value: Value) -> &'static str {
    match value.cmp(&value.without_nudge()) {
        std::cmp::Ordering::Greater => "+ε",
        std::cmp::Ordering::Less => "-ε",
        std::cmp::Ordering::Equal => "",
    }
}

/// The value as people read it (see `Display for Value`).
pub(super) fn shown(value: Value) -> String {
    if value.is_infinite() {
        return if value > Value::ZERO { "+inf" } else { "-inf" }.to_string();
    }
    let suffix = nudge_suffix(value);
    let base = value.without_nudge();
    let text = match base.is_integer() {
        true => base.numerator().to_string(),
        false => {
            let places = shown_places(base);
            match rounded(base, places) {
                Some(r) => fixed(r, places),
                None => exact(base),
            }
        }
    };
    format!("{text}{suffix}")
}

/// The places a value is shown with: [`SHOWN_DECIMALS`](super::SHOWN_DECIMALS),
/// or, for a value so small that it would show as 0, as many as bring out
/// its first four significant digits (`0.00002`, `0.00003333`), so that
/// no value but 0 reads as 0.
fn shown_places(value: Value) -> u32 {
    let usual = super::SHOWN_DECIMALS as u32;
    if rounded(value, usual) != Some(Value::ZERO) || value == Value::ZERO {
        return usual;
    }
    let first = (usual + 1..=MAX_PLACES)
        .find(|&k| rounded(value, k) != Some(Value::ZERO))
        .unwrap_or(MAX_PLACES);
    (first + 3).min(MAX_PLACES)
}

/// The value in full (see [`Value::exact`]): a decimal when it ends
/// within [`MAX_PLACES`] places, the most the readers take (a decimal with
/// more, such as 2^-39's 39 places, would be refused on reading back),
/// else a fraction.
pub(super) fn exact(value: Value) -> String {
    if value.is_infinite() {
        return shown(value);
    }
    let suffix = nudge_suffix(value);
    let base = value.without_nudge();
    let text = match places(base).filter(|&p| p <= MAX_PLACES) {
        Some(places) => fixed(base, places),
        None => format!("{}/{}", base.numerator(), base.denominator()),
    };
    format!("{text}{suffix}")
}
