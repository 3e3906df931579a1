//! `expect` lines on arbitrary text after a fixed tree: never a panic, and
//! an accepted line keeps its line number (lines end at `\n`, `\r\n` or a
//! `\r` alone).

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
