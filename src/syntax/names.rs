//! What a name or an action label may hold, in every format: one rule,
//! so that an id names one node and a name shows as itself.
//!
//! A node's id is its name; an unnamed node's id is `@` and its child path
//! (`@2.1`), the unnamed root's `root`. So a name never starts with `@`,
//! `root` names the root only, and a name is none of the words an `expect`
//! line reads in place of a node (`none`, `nothing`, `inf`, `infinity`) or
//! before `=` and a number (`value`, `evaluated`), in any case. No name or
//! label holds a control or bidirectional character
//! ([`crate::text::is_hidden`]), and no name a `"`, which the tree language
//! and `expect` lines cannot quote, or U+FFFD, which an answer file's byte
//! that is not UTF-8 becomes ([`super::answer_text`]).

use crate::text::{hidden_character, is_hidden, quoted};

pub use crate::text::RESERVED_WORDS;

/// Why a name cannot be, when it cannot: the message, and the character
/// at fault when it is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The byte offset in the text of the character at fault (a hidden
    /// one); `None` when the text as a whole is.
    pub offset: Option<usize>,
    /// What is wrong, in plain words.
    pub message: String,
}

/// Why `name` cannot name a node (the root when `is_root`), if it cannot.
pub fn refuse_name(name: &str, is_root: bool) -> Option<Refusal> {
    if let Some(refusal) = refuse_hidden(name, "name") {
        return Some(refusal);
    }
    if let Some(offset) = name.find(super::NOT_UTF8) {
        return Some(Refusal {
            offset: Some(offset),
            message: "this name holds U+FFFD, the replacement character, which stands in an \
                      answer file for a byte that is not UTF-8 (an answer could name the node \
                      by such a byte): choose another name"
                .to_string(),
        });
    }
    if let Some(offset) = name.find('"') {
        return Some(Refusal {
            offset: Some(offset),
            message: "this name holds `\"`, which no quoted name may hold (an answer key \
                      could not name the node): choose another name"
                .to_string(),
        });
    }
    let message = if name.starts_with('@') {
        format!(
            "the name `{}` starts with `@`, as the ids of unnamed nodes do (`@2.1`): choose \
             another name",
            quoted(name)
        )
    } else if name == "root" && !is_root {
        "`root` is reserved for the unnamed root: choose another name".to_string()
    } else if let Some(word) = RESERVED_WORDS.iter().find(|w| w.eq_ignore_ascii_case(name)) {
        format!(
            "`{}` cannot name a node: `expect` lines read `{word}` as a word of their own \
             (`{}`): choose another name",
            quoted(name),
            example(word)
        )
    } else {
        return None;
    };
    Some(Refusal {
        offset: None,
        message,
    })
}

/// Why an action label cannot be, if it cannot: it holds a hidden
/// character.
pub fn refuse_label(label: &str) -> Option<Refusal> {
    refuse_hidden(label, "label")
}

/// The first hidden character of `text`, a `what` (name, label, id), as a
/// refusal.
pub fn refuse_hidden(text: &str, what: &str) -> Option<Refusal> {
    let (offset, c) = text.char_indices().find(|(_, c)| is_hidden(*c))?;
    let message = format!(
        "this {what} holds {}, which no name or label may hold",
        hidden_character(c)
    );
    Some(Refusal {
        offset: Some(offset),
        message,
    })
}

/// An `expect` line that reads a reserved word as its own.
fn example(word: &str) -> &'static str {
    match word {
        "none" | "nothing" => "expect pruned none",
        "value" => "expect value = 5",
        "evaluated" => "expect evaluated = 9",
        _ => "expect B = inf",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_words_of_expect_lines_are_no_names() {
        for name in [
            "@2",
            "@1.1",
            "@",
            "@x",
            "root",
            "None",
            "NOTHING",
            "value",
            "Evaluated",
        ] {
            assert!(refuse_name(name, false).is_some(), "{name}");
        }
        for name in ["inf", "Infinity"] {
            let refusal = refuse_name(name, false).unwrap();
            assert!(refusal.message.contains("expect B = inf"), "{refusal:?}");
        }
        assert_eq!(refuse_name("root", true), None);
        for name in ["A", "a@2", "roots", "values", "pac man", "", "Ωmega"] {
            assert_eq!(refuse_name(name, false), None, "{name}");
        }
    }

    #[test]
    fn hidden_characters_are_refused_where_they_stand() {
        let refusal = refuse_name("é\u{1b}[31m", true).unwrap();
        assert_eq!(refusal.offset, Some(2));
        assert_eq!(
            refusal.message,
            "this name holds the control character U+001B, which no name or label may hold"
        );
        let label = refuse_label("go\u{202e}").unwrap();
        assert_eq!(label.offset, Some(2));
        assert!(label.message.contains("bidirectional character U+202E"));
        assert_eq!(refuse_label("go left"), None);
    }
}
