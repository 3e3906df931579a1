//! Games that exist only as a function: generated trees searched through
//! the same [`GameTree`](crate::tree::GameTree) trait as files.

mod hash;
pub mod random;
mod spec;

pub use random::{ChildOrder, RandomSpec, RandomTree};
pub use spec::{GameSpec, SpecError};
