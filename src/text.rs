//! Quoting the input's own words in messages.

use std::borrow::Cow;

/// The most characters of a name, id or number a message quotes.
pub const QUOTED_UP_TO: usize = 48;

/// `text` as a message quotes it: whole when short, otherwise its first and
/// last 20 characters around `...`, so that a 100,000-character name or the
/// id of a leaf 10,000 levels deep still gives a one-line message. Control
/// and bidirectional characters are written as [`escaped`] writes them.
pub fn quoted(text: &str) -> Cow<'_, str> {
    let count = text.chars().count();
    if count <= QUOTED_UP_TO {
        return escaped(text);
    }
    let head: String = text.chars().take(20).collect();
    let tail: String = text.chars().skip(count - 20).collect();
    Cow::Owned(format!("{}...{}", escaped(&head), escaped(&tail)))
}

/// Whether `c` would act on a terminal or a page rather than show: a
/// control character (C0, DEL, C1: ESC, NUL, tab, line ends...) or a
/// bidirectional embedding, override or isolate (U+202A to U+202E, U+2066
/// to U+2069), which reorder the text around them. No name or label may
/// hold one.
pub fn is_hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The Unicode code point of `c` as people write it: `U+001B`.
pub fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// What `c`, a [`is_hidden`] character, is, for a message: `the control
/// character U+001B`, `the bidirectional character U+202E`.
pub fn hidden_character(c: char) -> String {
    match c.is_control() {
        true => format!("the control character {}", code_point(c)),
        false => format!("the bidirectional character {}", code_point(c)),
    }
}

/// `text` with each [`is_hidden`] character written as its code point in
/// angle brackets (`a<U+001B>[31mb`), so that a message or an echoed line
/// never acts on the terminal that shows it.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match is_hidden(c) {
            true => {
                out.push('<');
                out.push_str(&code_point(c));
                out.push('>');
            }
            false => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The words of the tree language that cannot name a node unquoted.
const KEYWORDS: [&str; 4] = ["max", "min", "chance", "expect"];

/// The words an `expect` line reads as something else than a node, in
/// any case: `expect pruned none`, `expect value = 5`, `expect evaluated =
/// 9`, `expect best = inf` (a node `best` valued +inf). No name is one.
pub const RESERVED_WORDS: [&str; 6] = ["none", "nothing", "value", "evaluated", "inf", "infinity"];

/// `text` as the tree language writes a name (`is_name`) or an action
/// label: as it is when it is a word of the language (for a name, not a
/// keyword nor a reserved word either, so that an answer naming one reads
/// back as naming it), else in double quotes. A text holding `"` or a line
/// end cannot be quoted: its `"` become `'` and its line ends blanks.
pub fn word_or_quoted(text: &str, is_name: bool) -> Cow<'_, str> {
    let mut chars = text.chars();
    let word = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '\'')
        && text.chars().all(|c| c.is_ascii() || c.is_alphabetic());
    let keyword = KEYWORDS
        .iter()
        .chain(&RESERVED_WORDS)
        .any(|k| k.eq_ignore_ascii_case(text));
    if word && !(is_name && keyword) {
        return Cow::Borrowed(text);
    }
    let clean: String = text
        .chars()
        .map(|c| match c {
            '"' => '\'',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect();
    Cow::Owned(format!("\"{clean}\""))
}

/// `text` in Unicode's composed form (NFC), in which names and ids are
/// compared: `é` typed as one character or as `e` and a combining accent
/// (as some keyboards and systems write it) names the same node.
pub fn composed(text: &str) -> Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => Cow::Borrowed(text),
        _ => Cow::Owned(text.nfc().collect()),
    }
}

/// A node id as an `expect` line writes it: a child path (`@2.1`) as it
/// is, a name as [`word_or_quoted`] writes it.
pub fn written_id(id: &str) -> Cow<'_, str> {
    match id.starts_with('@') {
        true => Cow::Borrowed(id),
        false => word_or_quoted(id, true),
    }
}

/// `words` as a sentence lists them, the last two joined by `last`
/// (`and`, `or`): `a`, `a or b`, `a, b or c`. Messages list the choices
/// of an enum this way, from the enum itself.
pub fn listed<S: AsRef<str>>(words: impl IntoIterator<Item = S>, last: &str) -> String {
    let words: Vec<S> = words.into_iter().collect();
    let mut out = String::new();
    for (k, word) in words.iter().enumerate() {
        if k > 0 && k + 1 == words.len() {
            out.push(' ');
            out.push_str(last);
            out.push(' ');
        } else if k > 0 {
            out.push_str(", ");
        }
        out.push_str(word.as_ref());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_are_no_words_are_written_in_quotes() {
        assert_eq!(word_or_quoted("B1'", true), "B1'");
        assert_eq!(word_or_quoted("max", true), "\"max\"");
        assert_eq!(word_or_quoted("max", false), "max");
        assert_eq!(word_or_quoted("go 2", false), "\"go 2\"");
        assert_eq!(word_or_quoted("3", true), "\"3\"");
        assert_eq!(written_id("@2.1"), "@2.1");
        assert_eq!(written_id("min"), "\"min\"");
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(listed(["a", "b", "c"], "or"), "a, b or c");
        assert_eq!(listed(["a", "b"], "and"), "a and b");
        assert_eq!(listed(["a"], "or"), "a");
        assert_eq!(listed(Vec::<String>::new(), "or"), "");
    }

    #[test]
    fn short_words_are_quoted_whole() {
        assert_eq!(quoted("B"), "B");
        let limit = "x".repeat(QUOTED_UP_TO);
        assert_eq!(quoted(&limit), limit);
    }

    #[test]
    fn control_and_bidirectional_characters_are_written_as_code_points() {
        assert_eq!(quoted("zz\u{1}\u{1b}[2Jq"), "zz<U+0001><U+001B>[2Jq");
        assert_eq!(
            quoted("a\u{202e}b\u{2066}c\u{7f}\u{85}"),
            "a<U+202E>b<U+2066>c<U+007F><U+0085>"
        );
        assert_eq!(quoted("\0"), "<U+0000>");
        let long = format!("\u{1b}{}\u{9b}", "x".repeat(100));
        let shown = quoted(&long);
        assert!(
            shown.starts_with("<U+001B>xxx") && shown.ends_with("xxx<U+009B>"),
            "{shown}"
        );
        assert!(!shown.chars().any(is_hidden), "{shown}");
        for c in ['\u{200e}', 'é', '∞', '\u{feff}'] {
            assert!(!is_hidden(c), "{c:?} shows as itself");
        }
        assert_eq!(hidden_character('\u{1b}'), "the control character U+001B");
        assert_eq!(
            hidden_character('\u{202e}'),
            "the bidirectional character U+202E"
        );
    }

    #[test]
    fn long_words_keep_their_ends() {
        let id = format!("@{}", ["1"; 5000].join("."));
        assert_eq!(quoted(&id), "@1.1.1.1.1.1.1.1.1.1....1.1.1.1.1.1.1.1.1.1");
        let name = format!("é{}z", "a".repeat(100));
        assert_eq!(quoted(&name).chars().count(), 43);
    }
}
