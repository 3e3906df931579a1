//! Room on the stack for deep trees.
//!
//! The parser and the searches recurse once per tree level. Rather than
//! limit trees to what a default thread stack holds, work on a deep tree
//! runs on a scoped thread whose stack is sized for its depth.

/// Stack bytes reserved per tree level: generous for the parser's nested
/// rule calls and for a search frame with a recorder, in an unoptimised
/// build too, whose alpha-beta frame takes about 10 KiB a level (only the
/// pages a search reaches are ever touched: the rest is address space).
const BYTES_PER_LEVEL: usize = 16 * 1024;

/// Depths up to this run on the caller's own stack.
const SHALLOW: usize = 64;

/// Runs `work` with enough stack for a tree `depth` levels deep.
pub fn with_stack_for_depth<T: Send>(depth: usize, work: impl FnOnce() -> T + Send) -> T {
    if depth <= SHALLOW {
        return work();
    }
    let size = stack_bytes_for_depth(depth);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("gametree-deep".into())
            .stack_size(size)
            .spawn_scoped(scope, work)
            .expect("a thread for a deep tree")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The stack a thread needs to search a tree `depth` levels deep (for the
/// worker threads of the parallel search).
pub fn stack_bytes_for_depth(depth: usize) -> usize {
    8 * 1024 * 1024 + depth * BYTES_PER_LEVEL
}
