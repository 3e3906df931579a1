//! The yardstick: what a hand-written program does with the same file. A
//! byte scanner fills arrays in preorder (each node's value, whether it is
//! a leaf, and where its next sibling starts), and alpha-beta runs over the
//! arrays. No error messages, no names, no trace: a lower bound on the cost.

use std::path::Path;
use std::time::Instant;

use super::Phases;

/// Nodes in preorder: a node's first child is the next node, and
/// `next[i]` is the index just past its subtree.
struct Arrays {
    value: Vec<i64>,
    next: Vec<u32>,
}

/// Reads, scans and searches the file; returns the phases and root value.
pub(crate) fn measure(path: &Path) -> (Phases, String) {
    let start = Instant::now();
    let bytes = std::fs::read(path).unwrap();
    let read = start.elapsed();
    let arrays = scan(&bytes);
    let parse = start.elapsed() - read;
    drop(bytes);
    let value = alphabeta(&arrays, 0, true, i64::MIN, i64::MAX);
    let search = start.elapsed() - read - parse;
    let phases = Phases {
        read,
        parse,
        build: Default::default(),
        search,
    };
    (phases, value.to_string())
}

fn scan(bytes: &[u8]) -> Arrays {
    let mut arrays = Arrays {
        value: Vec::new(),
        next: Vec::new(),
    };
    let mut open: Vec<u32> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'[' => {
                open.push(arrays.value.len() as u32);
                arrays.value.push(0);
                arrays.next.push(0);
                at += 1;
            }
            b']' => {
                let node = open.pop().unwrap() as usize;
                arrays.next[node] = arrays.value.len() as u32;
                at += 1;
            }
            b'=' => {
                // A static value: alpha-beta does not use it.
                at += 1;
                while bytes[at] == b' ' {
                    at += 1;
                }
                while !matches!(bytes[at], b' ' | b'[') {
                    at += 1;
                }
            }
            b'-' | b'0'..=b'9' => {
                let negative = bytes[at] == b'-';
                at += negative as usize;
                let mut n = 0i64;
                while at < bytes.len() && bytes[at].is_ascii_digit() {
                    n = n * 10 + i64::from(bytes[at] - b'0');
                    at += 1;
                }
                arrays.value.push(if negative { -n } else { n });
                arrays.next.push(arrays.value.len() as u32);
            }
            _ => at += 1,
        }
    }
    arrays
}

fn alphabeta(t: &Arrays, node: usize, max: bool, mut alpha: i64, mut beta: i64) -> i64 {
    let end = t.next[node] as usize;
    if end == node + 1 {
        return t.value[node];
    }
    let mut best = if max { i64::MIN } else { i64::MAX };
    let mut child = node + 1;
    while child < end {
        let v = alphabeta(t, child, !max, alpha, beta);
        if max {
            best = best.max(v);
            alpha = alpha.max(best);
        } else {
            best = best.min(v);
            beta = beta.min(best);
        }
        if alpha >= beta {
            break;
        }
        child = t.next[child] as usize;
    }
    best
}
