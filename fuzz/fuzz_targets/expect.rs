//! `expect` lines on arbitrary text after a fixed tree, and the same text as
//! an answer file read line by line: never a panic, an accepted line keeps
//! its line number, and an answer read back from its canonical form is the
//! same answer. Lines end at `\n`, `\r\n` or a `\r` alone.

#![no_main]

use gametree::syntax;
use libfuzzer_sys::fuzz_target;

const TREE: &str = "A [ B [ C = 3 D = 12 ] E min [ F = ? G = -inf ] ]\n";

fuzz_target!(|data: &[u8]| {
    let lines = String::from_utf8_lossy(data);
    let text = format!("{TREE}expect {lines}");
    if let Ok(parsed) = syntax::parse_file("fuzz", &text) {
        let count = line_count(&text);
        for expectation in &parsed.expectations {
            assert!(expectation.line >= 2 && expectation.line <= count);
            let _ = format!("{:?}", expectation.claim);
        }
    }
    let answers = format!("expect {lines}");
    if let Ok(read) = syntax::read_answers("fuzz", &answers) {
        let count = line_count(&answers);
        for answer in read.iter().flatten() {
            assert!(answer.line >= 1 && answer.line <= count);
            let again = syntax::parse_answers("again", &answer.to_string())
                .unwrap_or_else(|e| panic!("{answer} does not read back: {e}"));
            assert_eq!(again[0].claim, answer.claim, "{answer}");
        }
    }
});

/// The lines of `text` as the language counts them: a line ends at `\n`,
/// at `\r\n`, or at a `\r` alone.
fn line_count(text: &str) -> usize {
    let bytes = text.as_bytes();
    let ends = (0..bytes.len())
        .filter(|&at| match bytes[at] {
            b'\n' => true,
            b'\r' => bytes.get(at + 1) != Some(&b'\n'),
            _ => false,
        })
        .count();
    ends + 1
}
