//! Young Brothers Wait on simulated processors, with and without deferring
//! the brothers of split nodes another processor is already in (ABDADA).
//!
//! `cargo run --example simulate_deferral -- GAME [static] [width=W]
//! [split=D]` prints, for 2 to 64 processors, the speed-up, the overhead
//! in nodes and the idle share of processor-steps, full brothers, the
//! children ordered by static value with `static`, at most W brothers of
//! one node at once and split depth D when given (else the defaults).

use std::process::ExitCode;

use gametree::games::{GameSpec, GameVisitor};
use gametree::search::{Deferral, Options, Order, YoungBrothers, simulate_deferring};
use gametree::trace::NoRecorder;
use gametree::tree::GameTree;

/// Prints the table for one tree.
struct Table {
    options: Options,
}

impl GameVisitor for Table {
    type Output = ();

    fn visit<T>(self, tree: &T)
    where
        T: GameTree + Sync,
        T::Node: Send + Sync + std::hash::Hash,
    {
        println!("| deferral | P | speed-up | overhead | idle |");
        println!("| --- | ---: | ---: | ---: | ---: |");
        for deferral in [Deferral::Off, Deferral::Busy] {
            for p in [2, 4, 8, 16, 32, 64] {
                let simulation =
                    simulate_deferring(tree, self.options, deferral, p, &mut NoRecorder)
                        .expect("a tree the simulation takes");
                let s = simulation.summary();
                let overhead = 100.0 * s.overhead_nodes as f64 / s.sequential_steps as f64;
                let idle = 100.0 * s.idle_steps as f64 / (s.steps * p as u64) as f64;
                println!(
                    "| {deferral:?} | {p} | {:.2} | {overhead:+.0}% | {idle:.1}% |",
                    s.speedup
                );
            }
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(game) = args.first() else {
        eprintln!("usage: simulate_deferral GAME [static] [width=W] [split=D]");
        return ExitCode::from(2);
    };
    let spec: GameSpec = match game.parse() {
        Ok(spec) => spec,
        Err(error) => {
            eprintln!("simulate_deferral: {error}");
            return ExitCode::from(2);
        }
    };
    let mut options = Options {
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    for arg in &args[1..] {
        match arg.split_once('=') {
            None if arg == "static" => options.order = Order::Static,
            Some(("width", n)) => options.width = n.parse().ok(),
            Some(("split", n)) => options.split_depth = n.parse().ok(),
            _ => {
                eprintln!("simulate_deferral: unknown argument {arg}");
                return ExitCode::from(2);
            }
        }
    }
    spec.visit(Table { options });
    ExitCode::SUCCESS
}
