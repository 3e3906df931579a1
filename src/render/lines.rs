//! A short list kept inline: a node's few lines of text, without an
//! allocation for each of a large drawing's nodes.

/// At most `N` values, kept in place; seen as a slice.
#[derive(Clone, Copy, Debug)]
pub(super) struct Short<T, const N: usize> {
    values: [T; N],
    /// How many are kept: a byte, so that a list of two bytes takes
    /// three (a large drawing keeps a few such lists for every node).
    len: u8,
}

impl<T: Copy + Default, const N: usize> Default for Short<T, N> {
    fn default() -> Self {
        Short {
            values: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy + Default, const N: usize> Short<T, N> {
    /// Appends `value`; a list already full keeps its `N` values (the
    /// callers never give more lines than a node has room for).
    pub(super) fn push(&mut self, value: T) {
        debug_assert!(usize::from(self.len) < N, "at most {N} lines");
        if let Some(slot) = self.values.get_mut(usize::from(self.len)) {
            *slot = value;
            self.len += 1;
        }
    }
}

impl<T, const N: usize> std::ops::Deref for Short<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.values[..usize::from(self.len)]
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a Short<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.values[..usize::from(self.len)].iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_is_pushed_in_order() {
        let mut list: Short<u8, 3> = Short::default();
        assert!(list.is_empty());
        list.push(4);
        list.push(7);
        assert_eq!(&list[..], &[4, 7]);
        assert_eq!(list.iter().count(), 2);
    }
}
