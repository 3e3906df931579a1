//! `--stats`: the time of each phase, throughput and peak memory.

use serde::Serialize;

use super::input::Input;

/// Figures about one run, for `--stats`.
#[derive(Clone, Debug, Serialize)]
pub(super) struct RunStats {
    /// Seconds reading the file.
    pub read_s: f64,
    /// Seconds recognising the text.
    pub parse_s: f64,
    /// Seconds building the tree.
    pub build_s: f64,
    /// Seconds searching.
    pub search_s: f64,
    /// The file's size.
    pub bytes: usize,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Nodes the search visited.
    pub nodes_visited: u64,
    /// Megabytes (10^6 bytes) read, parsed and built per second.
    pub load_mb_per_s: f64,
    /// Nodes visited per second of search.
    pub nodes_per_s: f64,
    /// The process's peak resident memory, when the system tells it.
    pub peak_memory_bytes: Option<u64>,
    /// Peak memory divided by the number of nodes.
    pub peak_bytes_per_node: Option<f64>,
}

impl RunStats {
    /// The figures of a finished run.
    pub(super) fn new(input: &Input, nodes_visited: u64) -> RunStats {
        let t = input.times;
        let load = (t.read + t.parse + t.build).as_secs_f64();
        let peak = peak_memory();
        let nodes = input.tree.len();
        RunStats {
            read_s: t.read.as_secs_f64(),
            parse_s: t.parse.as_secs_f64(),
            build_s: t.build.as_secs_f64(),
            search_s: t.search.as_secs_f64(),
            bytes: input.bytes,
            nodes,
            nodes_visited,
            load_mb_per_s: input.bytes as f64 / 1e6 / load.max(1e-9),
            nodes_per_s: nodes_visited as f64 / t.search.as_secs_f64().max(1e-9),
            peak_memory_bytes: peak,
            peak_bytes_per_node: peak.map(|p| p as f64 / nodes.max(1) as f64),
        }
    }

    /// The figures as lines for a person.
    pub(super) fn to_text(&self) -> String {
        let memory = match (self.peak_memory_bytes, self.peak_bytes_per_node) {
            (Some(p), Some(per)) => format!("{:.1} MB ({per:.1} bytes per node)", p as f64 / 1e6),
            _ => "unknown on this system".to_string(),
        };
        format!(
            "read: {:.3} s\nparse: {:.3} s\nbuild: {:.3} s\nsearch: {:.3} s\n\
             load (read + parse + build): {:.1} MB/s, {} bytes, {} nodes\n\
             search speed: {:.0} nodes/s\npeak memory: {memory}\n",
            self.read_s,
            self.parse_s,
            self.build_s,
            self.search_s,
            self.load_mb_per_s,
            self.bytes,
            self.nodes,
            self.nodes_per_s,
        )
    }
}

/// The peak resident memory of this process (Linux's `VmHWM`), in bytes.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

/// Figures about the search of a generated game, for `--stats`: there is
/// no file to read.
#[derive(Clone, Debug, Serialize)]
pub(super) struct SearchStats {
    /// Seconds searching.
    pub search_s: f64,
    /// Nodes the search visited.
    pub nodes_visited: u64,
    /// Nodes visited per second of search.
    pub nodes_per_s: f64,
    /// The process's peak resident memory, when the system tells it.
    pub peak_memory_bytes: Option<u64>,
}

impl SearchStats {
    /// The figures of a finished search.
    pub(super) fn new(search: std::time::Duration, nodes_visited: u64) -> SearchStats {
        SearchStats {
            search_s: search.as_secs_f64(),
            nodes_visited,
            nodes_per_s: nodes_visited as f64 / search.as_secs_f64().max(1e-9),
            peak_memory_bytes: peak_memory(),
        }
    }

    /// The figures as lines for a person.
    pub(super) fn to_text(&self) -> String {
        let memory = match self.peak_memory_bytes {
            Some(p) => format!("{:.1} MB", p as f64 / 1e6),
            None => "unknown on this system".to_string(),
        };
        format!(
            "search: {:.3} s\nsearch speed: {:.0} nodes/s\npeak memory: {memory}\n",
            self.search_s, self.nodes_per_s
        )
    }
}
