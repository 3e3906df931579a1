//! What every algorithm tells the search about itself, and the macro that
//! turns the one list of algorithms (in `search/mod.rs`) into the
//! [`Algorithm`](super::Algorithm) enum: its names, its capabilities and
//! its dispatch. Adding an algorithm is one file that implements
//! [`Strategy`], its `mod` line and one line in that list.

use super::SearchError;
use super::context::Context;
use crate::trace::Recorder;
use crate::tree::GameTree;
use crate::value::Scored;

/// The options besides the tie and fail-hard rules that an algorithm
/// carries out; asking for another is refused before the search starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Support {
    /// Children ordered by static value.
    pub order: bool,
    /// A depth limit with static values at the horizon.
    pub depth: bool,
    /// Iterative deepening.
    pub iterative: bool,
}

/// What an algorithm takes besides [`Support`]: its [`Strategy`]'s
/// `WINDOW`, `FAIL_HARD`, `GUESS` and `CHANCE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Takes {
    pub window: bool,
    pub fail_hard: bool,
    pub guess: bool,
    pub chance: bool,
}

impl Takes {
    /// What `S` takes.
    pub(super) const fn of<S: Strategy>() -> Takes {
        Takes {
            window: S::WINDOW,
            fail_hard: S::FAIL_HARD,
            guess: S::GUESS,
            chance: S::CHANCE,
        }
    }
}

/// One algorithm, implemented in its own file under `search/`.
pub(super) trait Strategy {
    /// Whether it prunes (and so has windows and cuts).
    const PRUNES: bool;
    /// The options it carries out.
    const SUPPORTS: Support;
    /// Whether it searches the root with an aspiration window when asked.
    const WINDOW: bool = false;
    /// Whether it returns fail-hard values when asked (an algorithm that
    /// is defined fail-soft refuses them).
    const FAIL_HARD: bool = true;
    /// Whether it starts from a first guess (MTD(f)).
    const GUESS: bool = false;
    /// Whether it searches trees with chance nodes (the others refuse them
    /// when they meet one).
    const CHANCE: bool = true;

    /// Searches from `root`, reporting every step through `cx`; the value
    /// is in MAX's terms.
    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>;
}

/// Builds [`Algorithm`](super::Algorithm) from the list: one line per
/// algorithm, its doc comment, its variant, the name used on the command
/// line and in JSON, and the type in its module that implements
/// [`Strategy`]. Sequential algorithms come first; they are
/// [`Algorithm::ALL`](super::Algorithm::ALL). The modules themselves are
/// declared in `search/mod.rs` with plain `mod` lines, where rustfmt sees
/// them (it does not look inside a macro's arguments).
macro_rules! algorithms {
    (
        sequential { $( $(#[doc = $doc:literal])* $variant:ident = $name:literal in $module:ident :: $strategy:ident, )* }
        parallel { $( $(#[doc = $pdoc:literal])* $pvariant:ident = $pname:literal in $pmodule:ident :: $pstrategy:ident, )* }
    ) => {
        /// The algorithms `gametree` runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
        #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
        pub enum Algorithm {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $name)]
                #[cfg_attr(feature = "cli", value(name = $name))]
                $variant,
            )*
            $(
                $(#[doc = $pdoc])*
                #[serde(rename = $pname)]
                #[cfg_attr(feature = "cli", value(name = $pname))]
                $pvariant,
            )*
        }

        impl Algorithm {
            /// Every sequential algorithm, in the order the documentation
            /// lists them (the parallel search aside).
            pub const ALL: [Algorithm; [$($name),*].len()] = [$(Algorithm::$variant),*];

            /// The name used on the command line and in JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $( Algorithm::$variant => $name, )*
                    $( Algorithm::$pvariant => $pname, )*
                }
            }

            /// Whether the algorithm prunes (and so has windows and cuts).
            pub fn prunes(self) -> bool {
                match self {
                    $( Algorithm::$variant => <$module::$strategy as algorithm::Strategy>::PRUNES, )*
                    $( Algorithm::$pvariant => <$pmodule::$pstrategy as algorithm::Strategy>::PRUNES, )*
                }
            }

            /// Whether the algorithm runs on many threads.
            pub fn is_parallel(self) -> bool {
                match self {
                    $( Algorithm::$variant => false, )*
                    $( Algorithm::$pvariant => true, )*
                }
            }

            /// The options the algorithm carries out.
            fn supports(self) -> algorithm::Support {
                match self {
                    $( Algorithm::$variant => <$module::$strategy as algorithm::Strategy>::SUPPORTS, )*
                    $( Algorithm::$pvariant => <$pmodule::$pstrategy as algorithm::Strategy>::SUPPORTS, )*
                }
            }

            /// What the algorithm takes besides [`Self::supports`]: an
            /// aspiration window, fail-hard values, a first guess, chance
            /// nodes.
            fn takes(self) -> algorithm::Takes {
                match self {
                    $( Algorithm::$variant => algorithm::Takes::of::<$module::$strategy>(), )*
                    $( Algorithm::$pvariant => algorithm::Takes::of::<$pmodule::$pstrategy>(), )*
                }
            }

            /// Runs the algorithm from `root`.
            fn run<T, R>(
                self,
                cx: &mut context::Context<'_, T, R>,
                root: T::Node,
            ) -> Result<crate::value::Scored, SearchError>
            where
                T: GameTree + Sync,
                T::Node: Send + Sync,
                R: Recorder<T::Node>,
            {
                use algorithm::Strategy;
                match self {
                    $( Algorithm::$variant => $module::$strategy::run(cx, root), )*
                    $( Algorithm::$pvariant => $pmodule::$pstrategy::run(cx, root), )*
                }
            }
        }
    };
}
