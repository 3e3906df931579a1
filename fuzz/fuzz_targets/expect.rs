//! `expect` lines on arbitrary text after a fixed tree: never a panic, and
//! an accepted line keeps its line number.

#![no_main]

use gametree::syntax;
use libfuzzer_sys::fuzz_target;

const TREE: &str = "A [ B [ C = 3 D = 12 ] E min [ F = ? G = -inf ] ]\n";

fuzz_target!(|data: &[u8]| {
    let lines = String::from_utf8_lossy(data);
    let text = format!("{TREE}expect {lines}");
    if let Ok(parsed) = syntax::parse_file("fuzz", &text) {
        let count = text.lines().count();
        for expectation in &parsed.expectations {
            assert!(expectation.line >= 2 && expectation.line <= count);
            let _ = format!("{:?}", expectation.claim);
        }
    }
});
