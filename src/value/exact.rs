//! [`Value`]: an exact number (a fraction of 64-bit integers), one of the
//! two infinities, or a number nudged by an infinitesimal, which only a
//! search's null window holds.
//!
//! Every leaf value a tree states is a decimal or a fraction, and so is
//! every probability; a chance node's value is their weighted sum. Kept as
//! fractions, `1/3 * 90 + 1/3 * 90 + 1/3 * 90` is 90, a chance node's value
//! equals a leaf's when it should, and a window's edge lies exactly where
//! the arithmetic puts it: what the search compares is what a person
//! working by hand compares. A result that a 64-bit fraction cannot hold
//! is refused (`None` from the checked operations), never rounded.

use std::cmp::Ordering;
use std::fmt;
use std::num::NonZeroU64;
use std::ops::Rem;

/// The largest magnitude a value read from a tree may have, 2^53: every
/// integer up to it is also exact as a JSON number or an `f64`.
pub const MAX_FINITE: f64 = 9_007_199_254_740_992.0; // 2^53

/// [`MAX_FINITE`] as an integer.
const MAX_INPUT: i128 = 1 << 53;

/// The denominator's bits; the two above them say whether the value is
/// nudged up or down by an infinitesimal.
const DENOMINATOR: u64 = (1 << 62) - 1;
/// The tag of `x + ε`: above `x`, below every number greater than `x`.
const ABOVE: u64 = 1 << 62;
/// The tag of `x - ε`.
const BELOW: u64 = 2 << 62;
/// The numerator of the infinities (over 1); no finite value reaches it.
const INFINITE: i64 = i64::MAX;

/// A node value: an exact fraction, or one of the two infinities.
///
/// A finite value is `num / den` in lowest terms with `den > 0`; equal
/// values have equal representations, so equality, hashing and order are
/// those of the numbers. Comparing two values of the same denominator (all
/// integers, the common case) compares their numerators alone.
///
/// A search's null window may also hold `x + ε` or `x - ε` (see
/// [`Value::above`]): it compares as lying strictly between `x` and every
/// other number on its side. No tree, trace or report holds one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    num: i64,
    /// The denominator, with the infinitesimal's tag in its top two bits.
    den: NonZeroU64,
}

/// The greatest common divisor of `a` and `b` (`b` when `a` is 0), on 64
/// or 128 bits: on 64 the remainder is one machine instruction, on 128 a
/// call into the division routine.
fn gcd<T: Copy + Default + PartialEq + Rem<Output = T>>(mut a: T, mut b: T) -> T {
    while a != T::default() {
        (a, b) = (b % a, a);
    }
    b
}

impl Value {
    /// Minus infinity: below every value.
    pub const NEG_INF: Value = Value::raw(-INFINITE, 1);
    /// Plus infinity: above every value.
    pub const POS_INF: Value = Value::raw(INFINITE, 1);
    /// Zero.
    pub const ZERO: Value = Value::raw(0, 1);
    /// One.
    pub const ONE: Value = Value::raw(1, 1);

    const fn raw(num: i64, den: u64) -> Value {
        match NonZeroU64::new(den) {
            Some(den) => Value { num, den },
            None => panic!("a denominator is never zero"),
        }
    }

    /// The fraction `num / den` in lowest terms; `None` when `den` is 0 or
    /// the reduced fraction does not fit (a numerator beyond 63 bits, a
    /// denominator beyond 62).
    pub fn ratio(num: i128, den: i128) -> Option<Value> {
        if den == 0 {
            return None;
        }
        let (num, den) = if den < 0 {
            (num.checked_neg()?, -den)
        } else {
            (num, den)
        };
        if let (Ok(n), Ok(d)) = (i64::try_from(num), u64::try_from(den))
            && n.unsigned_abs() < INFINITE as u64
            && d <= DENOMINATOR
        {
            // Both fit already, so the reduced fraction fits too: reduced
            // on 64 bits, the common case (a static value in hundredths).
            let g = gcd(n.unsigned_abs(), d);
            return Some(Value::raw(n / g as i64, d / g));
        }
        let g = gcd(num.unsigned_abs(), den as u128) as i128;
        let (num, den) = (num / g, den / g);
        let num = i64::try_from(num)
            .ok()
            .filter(|n| n.unsigned_abs() < INFINITE as u64)?;
        let den = u64::try_from(den).ok().filter(|d| *d <= DENOMINATOR)?;
        Some(Value::raw(num, den))
    }

    /// An integer value; `None` beyond [`MAX_FINITE`].
    pub fn from_int(x: i64) -> Option<Value> {
        (i128::from(x).abs() <= MAX_INPUT).then(|| Value::raw(x, 1))
    }

    /// The number a decimal text writes (`3`, `-2.5`, `+4`, `1e3`,
    /// `1.5E-3`), exactly; `None` when the text is no such number or the
    /// fraction does not fit (see [`Value::ratio`]). No range limit: see
    /// [`Value::is_within_input_range`].
    pub fn from_decimal(text: &str) -> Option<Value> {
        super::decimal::parse(text)
    }

    /// The decimal number that `x` prints as (its shortest form that reads
    /// back as `x`: 0.1 is 1/10, not the binary fraction nearest it),
    /// infinities as themselves; `None` for NaN, a finite number beyond
    /// [`MAX_FINITE`], or one with too many digits to hold exactly.
    pub fn new(x: f64) -> Option<Value> {
        match x {
            x if x.is_nan() => None,
            f64::INFINITY => Some(Value::POS_INF),
            f64::NEG_INFINITY => Some(Value::NEG_INF),
            x => Value::from_decimal(&format!("{x:e}")).filter(|v| v.is_within_input_range()),
        }
    }

    /// Whether the value is an infinity or a finite number within
    /// [`MAX_FINITE`]: the values a tree may state.
    pub fn is_within_input_range(self) -> bool {
        self.is_infinite()
            || i128::from(self.num).abs() <= MAX_INPUT * i128::from(self.denominator())
    }

    /// Whether the value is an infinity.
    #[inline]
    pub fn is_infinite(self) -> bool {
        self.num.unsigned_abs() == INFINITE as u64 && self.den.get() == 1
    }

    /// Whether the value is an integer (infinities are not).
    pub fn is_integer(self) -> bool {
        self.den.get() == 1 && !self.is_infinite()
    }

    /// The numerator, in lowest terms (the sign is the value's).
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The denominator, in lowest terms (1 for integers and infinities).
    pub fn denominator(self) -> u64 {
        self.den.get() & DENOMINATOR
    }

    /// The infinitesimal: +1 for `x + ε`, -1 for `x - ε`, 0 for a number.
    fn nudge(self) -> i8 {
        match self.den.get() & !DENOMINATOR {
            ABOVE => 1,
            BELOW => -1,
            _ => 0,
        }
    }

    /// The value with the infinitesimal `nudge` (its sign alone counts);
    /// infinities take none.
    fn with_nudge(self, nudge: i64) -> Value {
        let tag = match nudge.signum() {
            _ if self.is_infinite() => 0,
            1 => ABOVE,
            -1 => BELOW,
            _ => 0,
        };
        Value::raw(self.num, self.denominator() | tag)
    }

    /// `x + ε` for a finite `x`: above `x` and below every number above
    /// `x`, as a null window's edge needs (`[x, x + ε]` asks whether a
    /// value exceeds `x`). Infinities stay as they are.
    pub fn above(self) -> Value {
        self.without_nudge().with_nudge(1)
    }

    /// `x - ε` for a finite `x`: the mirror of [`Value::above`].
    pub fn below(self) -> Value {
        self.without_nudge().with_nudge(-1)
    }

    /// The number itself, without an infinitesimal.
    pub fn without_nudge(self) -> Value {
        Value::raw(self.num, self.denominator())
    }

    /// The value seen from the other player (negamax's `-v`); never
    /// overflows.
    #[inline]
    pub fn negate(self) -> Value {
        match self.nudge() {
            0 => Value {
                num: -self.num,
                den: self.den,
            },
            n => Value::raw(-self.num, self.denominator()).with_nudge(-i64::from(n)),
        }
    }

    /// The value's two words, for a cell that shares it between threads
    /// (see [`Value::from_words`]).
    pub(crate) fn to_words(self) -> (i64, u64) {
        (self.num, self.den.get())
    }

    /// The value whose words [`Value::to_words`] gave.
    pub(crate) fn from_words(num: i64, den: u64) -> Value {
        Value::raw(num, den)
    }

    /// The nearest `f64`: for drawing and statistics, never for deciding.
    pub fn to_f64(self) -> f64 {
        match self {
            v if v.is_infinite() && v.num > 0 => f64::INFINITY,
            v if v.is_infinite() => f64::NEG_INFINITY,
            v => v.num as f64 / v.denominator() as f64,
        }
    }

    /// The sign of the value: -1, 0 or 1 (of the number, not of a nudge).
    fn signum(self) -> i64 {
        self.num.signum()
    }

    /// `self + other`; `None` for `+inf + -inf` or a sum that does not fit.
    pub fn checked_add(self, other: Value) -> Option<Value> {
        match (self.is_infinite(), other.is_infinite()) {
            (true, true) => (self.num == other.num).then_some(self),
            (true, false) => Some(self),
            (false, true) => Some(other),
            (false, false) => {
                let (a, b) = (
                    i128::from(self.denominator()),
                    i128::from(other.denominator()),
                );
                let num = i128::from(self.num) * b + i128::from(other.num) * a;
                let nudge = i64::from(self.nudge()) + i64::from(other.nudge());
                Some(Value::ratio(num, a * b)?.with_nudge(nudge))
            }
        }
    }

    /// `self - other`, as [`Value::checked_add`].
    pub fn checked_sub(self, other: Value) -> Option<Value> {
        self.checked_add(other.negate())
    }

    /// `self * other`; `None` for an infinity times 0 or a product that
    /// does not fit.
    pub fn checked_mul(self, other: Value) -> Option<Value> {
        if self.is_infinite() || other.is_infinite() {
            let sign = self.signum() * other.signum();
            return match sign {
                0 => None,
                s if s > 0 => Some(Value::POS_INF),
                _ => Some(Value::NEG_INF),
            };
        }
        let num = i128::from(self.num) * i128::from(other.num);
        let den = i128::from(self.denominator()) * i128::from(other.denominator());
        let nudge =
            i64::from(self.nudge()) * other.signum() + i64::from(other.nudge()) * self.signum();
        Some(Value::ratio(num, den)?.with_nudge(nudge))
    }

    /// `self / other` for a finite, nonzero `other`; `None` otherwise or
    /// when the quotient does not fit.
    pub fn checked_div(self, other: Value) -> Option<Value> {
        if other.is_infinite() || other.num == 0 {
            return None;
        }
        let inverse = Value::ratio(i128::from(other.denominator()), i128::from(other.num))?;
        self.checked_mul(inverse)
    }
}

impl From<i32> for Value {
    /// Every `i32` is well within [`MAX_FINITE`].
    #[inline]
    fn from(x: i32) -> Value {
        Value::raw(i64::from(x), 1)
    }
}

impl Ord for Value {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        let left = i128::from(self.num) * i128::from(other.denominator());
        let right = i128::from(other.num) * i128::from(self.denominator());
        left.cmp(&right).then(self.nudge().cmp(&other.nudge()))
    }
}

impl PartialOrd for Value {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Value({})", self.exact())
    }
}

impl fmt::Display for Value {
    /// Integers without a decimal point, infinities as `+inf` and `-inf`,
    /// other numbers rounded (half away from zero) to
    /// [`SHOWN_DECIMALS`](super::SHOWN_DECIMALS) places without trailing
    /// zeros (`2.5`, `7.6667` for 23/3), as people read them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::decimal::shown(*self))
    }
}

impl Value {
    /// The value in full, as it reads back exactly: integers and decimals
    /// that end as themselves (`8.4`, `0.00002`), other fractions as
    /// `23/3`; for answer keys, JSON and other text read by a program.
    pub fn exact(self) -> impl fmt::Display {
        ExactValue(self)
    }

    /// How many decimal places the value needs to be written exactly
    /// (0 for integers); `None` when no decimal ends (1/3).
    pub fn decimal_places(self) -> Option<u32> {
        super::decimal::places(self)
    }

    /// The value rounded half away from zero to `places` decimal places;
    /// `None` if that does not fit.
    pub fn rounded(self, places: u32) -> Option<Value> {
        super::decimal::rounded(self, places)
    }
}

/// A value shown in full: see [`Value::exact`].
struct ExactValue(Value);

impl fmt::Display for ExactValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::decimal::exact(self.0))
    }
}

impl serde::Serialize for Value {
    /// A JSON number when the number reads back exactly (integers, and
    /// decimals such as `8.4` whose `f64` prints as themselves), the
    /// strings `"+inf"` and `"-inf"` for infinities, and otherwise the
    /// exact decimal or fraction as a string (`"23/3"`), so that no value
    /// in JSON is ever rounded.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_infinite() {
            return serializer.serialize_str(&self.to_string());
        }
        if self.is_integer() && i128::from(self.num).abs() <= MAX_INPUT {
            return serializer.serialize_i64(self.num);
        }
        let x = self.to_f64();
        match Value::new(x) == Some(*self) {
            true => serializer.serialize_f64(x),
            false => serializer.serialize_str(&self.exact().to_string()),
        }
    }
}
