//! Refusals of the JSON and Gambit readers: what each says, and where.

use gametree::formats::{self, FormatError, ReadOptions, TreeFormat};

use super::common::gametree;

/// The error's line, column and message.
fn refused(format: TreeFormat, text: &str) -> (usize, usize, String) {
    match formats::read(format, "t", text, &ReadOptions::default()) {
        Ok(_) => panic!("{text} should be refused"),
        Err(FormatError::Syntax(e) | FormatError::Unsupported(e)) => (e.line, e.column, e.message),
        Err(other) => panic!("unexpected {other}"),
    }
}

const HEAD: &str = "EFG 2 R \"g\" { \"1\" \"2\" }\n\"\"\n";

#[test]
fn text_that_is_no_number_is_called_so() {
    let cases = [
        (
            TreeFormat::Json,
            "{\"children\": [{\"value\": \"0x10\"}, {\"value\": 1}]}".to_string(),
            (1, 31),
            "`0x10` is not a number",
        ),
        (
            TreeFormat::Json,
            "{\"kind\": \"chance\", \"children\": [\n{\"probability\": \"1/3 \", \"value\": 1}]}"
                .to_string(),
            (2, 22),
            "`1/3 ` is not a number",
        ),
        (
            TreeFormat::Efg,
            format!("{HEAD}p \"\" 1 1 \"\" {{ \"a\" }} 0\nt \"\" 1 \"\" {{ 5. -5 }}\n"),
            (4, 13),
            "`5.` is not a number",
        ),
    ];
    for (format, text, place, words) in cases {
        let (line, column, message) = refused(format, &text);
        assert_eq!((line, column), place, "{text}: {message}");
        assert!(message.starts_with(words), "{text}: {message}");
        assert!(!message.contains("more digits"), "{text}: {message}");
    }
    let outcome = gametree(["solve", "-", "--from", "json"])
        .stdin("{\"children\": [{\"value\": \"0x10\"}, {\"value\": 1}]}")
        .outcome();
    assert_eq!(outcome.code, 2);
    assert!(
        outcome
            .stderr
            .contains("<stdin>:1:31: `0x10` is not a number"),
        "{}",
        outcome.stderr
    );
}
