//! A chance node's probabilities, checked and made to sum to exactly 1.

use super::Value;

/// How far from 1 the stated probabilities of a chance node's children may
/// sum and still be taken as meant to sum to 1: 10^-9, as when a file
/// writes 1/3 as `0.3333333333` three times.
pub fn sum_tolerance() -> Value {
    Value::ratio(1, 1_000_000_000).expect("10^-9 fits")
}

/// What the stated probabilities of a chance node's children sum to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sum {
    /// Exactly 1: they stand as written.
    One,
    /// Within [`sum_tolerance`] of 1: each was divided by this sum, so
    /// that they now sum to exactly 1 (three `0.3333333333` become three
    /// 1/3).
    Normalised(Value),
}

/// Why a chance node's stated probabilities cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SumError {
    /// They sum to this, further from 1 than [`sum_tolerance`].
    #[error("the probabilities of this chance node's children sum to {}, not 1", .0.exact())]
    NotOne(Value),
    /// Their sum, or one of them divided by it, has more digits than a
    /// value holds.
    #[error(
        "the probabilities of this chance node's children have too many digits between them \
         to be summed exactly: write them with fewer digits, or as fractions"
    )]
    TooPrecise,
}

/// Checks the probabilities `ps` of a chance node's children (each in
/// [0, 1]) and, when they sum to 1 within [`sum_tolerance`] but not
/// exactly, divides each by their sum.
pub fn normalise(ps: &mut [Value]) -> Result<Sum, SumError> {
    let sum = ps
        .iter()
        .try_fold(Value::ZERO, |sum, p| sum.checked_add(*p))
        .ok_or(SumError::TooPrecise)?;
    if sum == Value::ONE {
        return Ok(Sum::One);
    }
    let off = sum.checked_sub(Value::ONE).ok_or(SumError::TooPrecise)?;
    if off.max(off.negate()) > sum_tolerance() {
        return Err(SumError::NotOne(sum));
    }
    for p in ps.iter_mut() {
        *p = p.checked_div(sum).ok_or(SumError::TooPrecise)?;
    }
    Ok(Sum::Normalised(sum))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        Value::from_decimal(text).unwrap()
    }

    #[test]
    fn thirds_written_as_decimals_become_thirds() {
        let mut ps = [v("0.3333333333"); 3];
        assert_eq!(normalise(&mut ps), Ok(Sum::Normalised(v("0.9999999999"))));
        assert_eq!(ps, [Value::ratio(1, 3).unwrap(); 3]);
    }

    #[test]
    fn exact_sums_stand_and_others_are_refused() {
        let mut ps = [v("0.25"), v("0.75")];
        assert_eq!(normalise(&mut ps), Ok(Sum::One));
        assert_eq!(ps, [v("0.25"), v("0.75")]);
        let mut ps = [v("0.5"), v("0.5000000009")];
        assert_eq!(normalise(&mut ps), Ok(Sum::Normalised(v("1.0000000009"))));
        let mut ps = [v("0.5"), v("0.4")];
        assert_eq!(normalise(&mut ps), Err(SumError::NotOne(v("0.9"))));
        let mut ps = [v("0.5"), v("0.50000001")];
        assert!(matches!(normalise(&mut ps), Err(SumError::NotOne(_))));
    }
}
