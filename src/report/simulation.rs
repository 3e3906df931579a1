//! The figures of simulated parallel searches, as `solve` prints them: a
//! paragraph for one number of processors, a table for several.

use std::fmt::Write;

use crate::search::SimulationSummary;

/// The figures of simulations of one search on different numbers of
/// processors, as text: a paragraph for one, a table for several.
pub fn simulation_text(summaries: &[SimulationSummary]) -> String {
    match summaries {
        [] => String::new(),
        [one] => paragraph(one),
        many => table(many),
    }
}

fn paragraph(s: &SimulationSummary) -> String {
    format!(
        "simulated on {} processors (one time step a node): {} steps, sequential alpha-beta {} \
         steps\nspeed-up {:.2}, efficiency {:.1}%, overhead {:+} nodes, {} idle processor-steps\n",
        s.processors,
        s.steps,
        s.sequential_steps,
        s.speedup,
        s.efficiency * 100.0,
        s.overhead_nodes,
        s.idle_steps
    )
}

fn table(summaries: &[SimulationSummary]) -> String {
    let sequential = summaries[0].sequential_steps;
    let mut text = format!(
        "simulated parallel search (one time step a node; sequential alpha-beta: {sequential} \
         steps)\n"
    );
    text.push_str("processors  steps  speed-up  efficiency  overhead nodes  idle steps\n");
    for s in summaries {
        let _ = writeln!(
            text,
            "{:>10}  {:>5}  {:>8.2}  {:>9.1}%  {:>14}  {:>10}",
            s.processors,
            s.steps,
            s.speedup,
            s.efficiency * 100.0,
            format!("{:+}", s.overhead_nodes),
            s.idle_steps
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(processors: usize, steps: u64) -> SimulationSummary {
        let speedup = 100.0 / steps as f64;
        SimulationSummary {
            processors,
            steps,
            sequential_steps: 100,
            speedup,
            efficiency: speedup / processors as f64,
            overhead_nodes: 4,
            idle_steps: processors as u64 * steps - 104,
        }
    }

    #[test]
    fn one_is_a_paragraph_several_a_table() {
        let one = simulation_text(&[summary(2, 52)]);
        assert!(one.contains("simulated on 2 processors"), "{one}");
        assert!(one.contains("speed-up 1.92, efficiency 96.2%, overhead +4 nodes"));
        let table = simulation_text(&[summary(1, 104), summary(4, 26)]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4, "{table}");
        assert_eq!(
            lines[3],
            "         4     26      3.85       96.2%              +4           0"
        );
    }
}
