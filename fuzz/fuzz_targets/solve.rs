//! Parse, then every algorithm under every option: never a panic, and when
//! minimax (the oracle) needs no `?`, every algorithm finds its value.

#![no_main]

use gametree::report::{SolveReport, trace_json, trace_lines};
use gametree::search::{Algorithm, Options, search};
use gametree::stack::with_stack_for_depth;
use gametree::trace::Trace;
use gametree::tree::Tree;
use gametree::value::Bound;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tree) = gametree::syntax::parse("fuzz", text) else {
        return;
    };
    with_stack_for_depth(tree.depth(), || check(&tree));
});

fn check(tree: &Tree) {
    let oracle = search(
        tree,
        Algorithm::Minimax,
        Options::default(),
        &mut Trace::new(),
    );
    for algorithm in Algorithm::ALL {
        for strict in [false, true] {
            for fail_hard in [false, true] {
                let options = Options { strict, fail_hard };
                let mut trace = Trace::new();
                let result = search(tree, algorithm, options, &mut trace);
                let Ok(result) = result else {
                    // Only a `?` can stop a search, and then the oracle
                    // needs one too.
                    assert!(oracle.is_err(), "{algorithm} failed where minimax did not");
                    continue;
                };
                if let Ok(oracle) = &oracle {
                    assert_eq!(
                        result.score.value, oracle.score.value,
                        "{algorithm} {options:?}"
                    );
                    assert_eq!(result.score.bound, Bound::Exact, "{algorithm} {options:?}");
                }
                let cuts: Vec<_> = trace.cuts().cloned().collect();
                let report = SolveReport::new(tree, &result, &cuts, options, Some(20));
                let _ = report.to_text();
                let _ = serde_json::to_string(&report).unwrap();
                let _ = trace_lines(tree, &trace, strict);
                let _ = serde_json::to_string(&trace_json(tree, &trace)).unwrap();
            }
        }
    }
}
