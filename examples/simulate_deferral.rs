//! Young Brothers Wait on simulated processors, with and without deferring
//! the brothers of split nodes another processor is already in (ABDADA).
//!
//! `cargo run --example simulate_deferral -- GAME [static] [scout]
//! [width=W] [split=D] [min=M] [cost=C] [p=P] [off|busy|stealing]`
//! prints, for each rule of handing out brothers (or the one named) and
//! 1 to 64 processors (or P alone), the speed-up, the overhead in nodes and the
//! idle share of processor-steps, full brothers (scout with `scout`),
//! the children ordered by static value with `static`, at
//! most W brothers of one node at once, split depth D, a smallest split of
//! M nodes and C steps to take a brother when given (else the
//! simulation's defaults: the library's width and split depth, no
//! smallest split, sharing free).

use std::process::ExitCode;

use gametree::games::{GameSpec, GameVisitor};
use gametree::search::{Deferral, Model, Options, Order, YoungBrothers, simulate_with};
use gametree::trace::NoRecorder;
use gametree::tree::GameTree;

/// Prints the table for one tree.
struct Table {
    options: Options,
    split_cost: u64,
    processors: Option<usize>,
    deferral: Option<Deferral>,
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
        let rules = [Deferral::Off, Deferral::Busy, Deferral::Stealing];
        let rules = self
            .deferral
            .as_ref()
            .map_or(&rules[..], std::slice::from_ref);
        for &deferral in rules {
            let all = [1, 2, 4, 8, 16, 32, 64];
            let counts = self
                .processors
                .as_ref()
                .map_or(&all[..], std::slice::from_ref);
            for &p in counts {
                let model = Model {
                    deferral,
                    split_cost: self.split_cost,
                };
                let simulation = simulate_with(tree, self.options, model, p, &mut NoRecorder)
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
        eprintln!(
            "usage: simulate_deferral GAME [static] [scout] [width=W] [split=D] [min=M] [cost=C] [p=P] \
             [off|busy|stealing]"
        );
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
    let mut split_cost = 0;
    let mut processors = None;
    let mut deferral = None;
    for arg in &args[1..] {
        let number = arg.split_once('=').and_then(|(_, n)| n.parse::<u64>().ok());
        match (arg.split_once('='), number) {
            (None, _) if arg == "static" => options.order = Order::Static,
            (None, _) if arg == "scout" => options.young_brothers = Some(YoungBrothers::Scout),
            (None, _) if arg == "off" => deferral = Some(Deferral::Off),
            (None, _) if arg == "busy" => deferral = Some(Deferral::Busy),
            (None, _) if arg == "stealing" => deferral = Some(Deferral::Stealing),
            (Some(("p", _)), Some(n)) if n > 0 => processors = Some(n as usize),
            (Some(("width", _)), Some(n)) => options.width = Some(n as usize),
            (Some(("split", _)), Some(n)) => options.split_depth = Some(n as usize),
            (Some(("min", _)), Some(n)) => options.split_min_nodes = Some(n),
            (Some(("cost", _)), Some(n)) => split_cost = n,
            _ => {
                eprintln!("simulate_deferral: unknown or malformed argument {arg}");
                return ExitCode::from(2);
            }
        }
    }
    spec.visit(Table {
        options,
        split_cost,
        processors,
        deferral,
    });
    ExitCode::SUCCESS
}
