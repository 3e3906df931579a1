//! Quoting the input's own words in messages.

use std::borrow::Cow;

/// The most characters of a name, id or number a message quotes.
pub const QUOTED_UP_TO: usize = 48;

/// `text` as a message quotes it: whole when short, otherwise its first and
/// last 20 characters around `...`, so that a 100,000-character name or the
/// id of a leaf 10,000 levels deep still gives a one-line message.
pub fn quoted(text: &str) -> Cow<'_, str> {
    let count = text.chars().count();
    if count <= QUOTED_UP_TO {
        return Cow::Borrowed(text);
    }
    let head: String = text.chars().take(20).collect();
    let tail: String = text.chars().skip(count - 20).collect();
    Cow::Owned(format!("{head}...{tail}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_words_are_quoted_whole() {
        assert_eq!(quoted("B"), "B");
        let limit = "x".repeat(QUOTED_UP_TO);
        assert_eq!(quoted(&limit), limit);
    }

    #[test]
    fn long_words_keep_their_ends() {
        let id = format!("@{}", ["1"; 5000].join("."));
        assert_eq!(quoted(&id), "@1.1.1.1.1.1.1.1.1.1....1.1.1.1.1.1.1.1.1.1");
        let name = format!("é{}z", "a".repeat(100));
        assert_eq!(quoted(&name).chars().count(), 43);
    }
}
