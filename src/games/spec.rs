//! Game specs as users write them: `random:branching=3,depth=4,seed=7`.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use super::billes::BillesSpec;
use super::random::{ChildOrder, RandomSpec};
use super::tictactoe::TicTacToeBoard;
use crate::text::{listed, quoted};

/// A game named on the command line (`--game SPEC`).
#[derive(Clone, Debug, PartialEq)]
pub enum GameSpec {
    /// `random:branching=B,depth=D,seed=S[,noise=E][,order=O]`.
    Random(RandomSpec),
    /// `tictactoe` (the empty board) or `tictactoe:POSITION` (nine
    /// characters `x`, `o`, `.`, row by row).
    TicTacToe(TicTacToeBoard),
    /// `billes:n=N,k=K`: the marble game.
    Billes(BillesSpec),
}

/// Why a game spec was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SpecError {
    /// The name before `:` is not a game.
    #[error("unknown game `{}`: expected {games}", quoted(.0), games = games())]
    UnknownGame(String),
    /// A parameter the game does not take.
    #[error(
        "{game}: unknown parameter `{}`: expected {}",
        quoted(name),
        expected.join(", ")
    )]
    UnknownParameter {
        /// The game.
        game: &'static str,
        /// The parameter as written.
        name: String,
        /// The parameters the game takes.
        expected: &'static [&'static str],
    },
    /// A parameter given twice.
    #[error("{game}: parameter `{}` is given twice", quoted(name))]
    Duplicate {
        /// The game.
        game: &'static str,
        /// The parameter.
        name: String,
    },
    /// A required parameter left out.
    #[error("{game}: missing parameter `{name}` (write {usage})")]
    Missing {
        /// The game.
        game: &'static str,
        /// The parameter.
        name: &'static str,
        /// How the spec is written.
        usage: &'static str,
    },
    /// A parameter whose value cannot be read.
    #[error("{game}: `{}={}`: expected {expected}", quoted(name), quoted(value))]
    BadValue {
        /// The game.
        game: &'static str,
        /// The parameter.
        name: String,
        /// The value as written.
        value: String,
        /// What the value should be.
        expected: &'static str,
    },
    /// Parameters that read well but do not make a game.
    #[error("{game}: {reason}")]
    Invalid {
        /// The game.
        game: &'static str,
        /// Why.
        reason: InvalidGame,
    },
}

/// Why parameters that read well do not make a game.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum InvalidGame {
    /// A random tree's branching is 0, or its range is upside down.
    #[error(
        "branching must be at least 1, and a range LOW..HIGH needs LOW <= HIGH (got {low}..{high})"
    )]
    BranchingRange {
        /// The fewest children.
        low: usize,
        /// The most children.
        high: usize,
    },
    /// A random tree's branching is over [`MAX_BRANCHING`](super::random::MAX_BRANCHING).
    #[error("branching {0} is too large: at most {max}", max = super::random::MAX_BRANCHING)]
    BranchingTooLarge(usize),
    /// A random tree's depth is over [`MAX_DEPTH`](super::random::MAX_DEPTH).
    #[error("depth {0} is too large: at most {max}", max = super::random::MAX_DEPTH)]
    DepthTooLarge(usize),
    /// A random tree whose child paths would not fit in 64 bits.
    #[error(
        "branching {branching} and depth {depth} give more than 2^64 leaves; every node's child \
         path must fit in 64 bits"
    )]
    TooManyLeaves {
        /// The branching.
        branching: usize,
        /// The depth.
        depth: usize,
    },
    /// Noise out of its range.
    #[error("noise {0:?} must be a number from 0 to 1e9")]
    Noise(f64),
    /// A marble game deeper than the depth limit of every tree.
    #[error(
        "n={0} makes a game {0} moves deep: at most {max}, as for tree files",
        max = crate::tree::MAX_DEPTH
    )]
    TooDeep(usize),
    /// A marble game with no marbles or no move.
    #[error("n and k must be at least 1")]
    NoMarbles,
    /// A marble game whose child paths would not fit in 64 bits.
    #[error("n={n} k={k} is too large: min(k, n)^n must fit in 64 bits")]
    TooManyMarbles {
        /// Marbles at the start.
        n: usize,
        /// The most taken at once.
        k: usize,
    },
    /// A tic-tac-toe position of the wrong length.
    #[error("a position is nine characters, one per square row by row (x, o or .), not {0}")]
    PositionLength(usize),
    /// A character that is not a square.
    #[error("`{}` is not a square: write x, o or .", .0.escape_debug())]
    NotASquare(char),
    /// Marks that no game gives.
    #[error("X moves first, so X has as many marks as O or one more (here X {xs}, O {os})")]
    MarkCounts {
        /// X's marks.
        xs: u32,
        /// O's marks.
        os: u32,
    },
    /// Both players have a line.
    #[error("X and O cannot both have three in a row")]
    BothWin,
    /// O moved after X won.
    #[error("X has three in a row, so O cannot have moved after")]
    MovedAfterXWon,
    /// X moved after O won.
    #[error("O has three in a row, so X cannot have moved after")]
    MovedAfterOWon,
}

const RANDOM: &str = "random";
const RANDOM_USAGE: &str = "random:branching=B,depth=D,seed=S[,noise=E][,order=O]";
const RANDOM_PARAMETERS: [&str; 6] = ["branching", "depth", "seed", "noise", "order", "chance"];
const TICTACTOE: &str = "tictactoe";
const TICTACTOE_USAGE: &str = "tictactoe[:POSITION]";
const BILLES: &str = "billes";
const BILLES_USAGE: &str = "billes:n=N,k=K";
const BILLES_PARAMETERS: [&str; 2] = ["n", "k"];

/// The games as the unknown-game message lists them: each one's usage.
fn games() -> String {
    let usages = [RANDOM_USAGE, TICTACTOE_USAGE, BILLES_USAGE];
    listed(usages.map(|usage| format!("`{usage}`")), "or")
}

/// The child orders, as the message for an unknown one lists them.
static CHILD_ORDERS: LazyLock<String> =
    LazyLock::new(|| listed(ChildOrder::ALL.map(ChildOrder::name), "or"));

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, rest) = s.split_once(':').unwrap_or((s, ""));
        match name.trim() {
            RANDOM => parse_random(rest).map(GameSpec::Random),
            TICTACTOE => parse_tictactoe(rest).map(GameSpec::TicTacToe),
            BILLES => parse_billes(rest).map(GameSpec::Billes),
            other => Err(SpecError::UnknownGame(other.to_string())),
        }
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameSpec::Random(spec) => spec.fmt(f),
            GameSpec::TicTacToe(board) if *board == TicTacToeBoard::EMPTY => f.write_str(TICTACTOE),
            GameSpec::TicTacToe(board) => write!(f, "{TICTACTOE}:{board}"),
            GameSpec::Billes(spec) => write!(f, "{BILLES}:n={},k={}", spec.n, spec.k),
        }
    }
}

/// `key=value` pairs separated by commas, each key once.
fn parameters<'a>(
    game: &'static str,
    text: &'a str,
    known: &'static [&'static str],
) -> Result<Vec<(&'a str, &'a str)>, SpecError> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (key, value) = item.split_once('=').unwrap_or((item, ""));
        let (key, value) = (key.trim(), value.trim());
        if !known.contains(&key) {
            return Err(SpecError::UnknownParameter {
                game,
                name: key.to_string(),
                expected: known,
            });
        }
        if pairs.iter().any(|(k, _)| *k == key) {
            return Err(SpecError::Duplicate {
                game,
                name: key.to_string(),
            });
        }
        pairs.push((key, value));
    }
    Ok(pairs)
}

/// Reads one parameter's value with `FromStr`.
fn number<T: FromStr>(
    game: &'static str,
    (name, value): (&str, &str),
    expected: &'static str,
) -> Result<T, SpecError> {
    value.parse().map_err(|_| SpecError::BadValue {
        game,
        name: name.to_string(),
        value: value.to_string(),
        expected,
    })
}

/// `N` or `LOW..HIGH` (inclusive).
fn count_range(
    game: &'static str,
    (name, value): (&str, &str),
) -> Result<(usize, usize), SpecError> {
    const EXPECTED: &str = "a whole number or a range LOW..HIGH";
    match value.split_once("..") {
        Some((low, high)) => Ok((
            number(game, (name, low), EXPECTED)?,
            number(game, (name, high), EXPECTED)?,
        )),
        None => {
            let n = number(game, (name, value), EXPECTED)?;
            Ok((n, n))
        }
    }
}

fn parse_random(text: &str) -> Result<RandomSpec, SpecError> {
    let pairs = parameters(RANDOM, text, &RANDOM_PARAMETERS)?;
    let find = |name: &'static str| pairs.iter().copied().find(|(k, _)| *k == name);
    let required = |name: &'static str| {
        find(name).ok_or(SpecError::Missing {
            game: RANDOM,
            name,
            usage: RANDOM_USAGE,
        })
    };
    let (low, high) = count_range(RANDOM, required("branching")?)?;
    let depth = number(RANDOM, required("depth")?, "a whole number")?;
    let seed = number(RANDOM, required("seed")?, "a whole number from 0 to 2^64-1")?;
    let mut spec = RandomSpec::new(high, depth, seed).branching_between(low, high);
    if let Some(pair) = find("noise") {
        spec = spec.noise(number(RANDOM, pair, "a number from 0 to 1e9")?);
    }
    if let Some((name, value)) = find("order") {
        let order = ChildOrder::ALL
            .into_iter()
            .find(|o| o.name() == value)
            .ok_or_else(|| SpecError::BadValue {
                game: RANDOM,
                name: name.to_string(),
                value: value.to_string(),
                expected: &CHILD_ORDERS,
            })?;
        spec = spec.order(order);
    }
    if let Some(pair) = find("chance") {
        let layers: u8 = number(RANDOM, pair, "0 or 1 (chance layers between the players')")?;
        spec = spec.chance(layers == 1);
        if layers > 1 {
            return Err(SpecError::BadValue {
                game: RANDOM,
                name: pair.0.to_string(),
                value: pair.1.to_string(),
                expected: "0 or 1 (chance layers between the players')",
            });
        }
    }
    spec.validate().map_err(|reason| SpecError::Invalid {
        game: RANDOM,
        reason,
    })?;
    Ok(spec)
}

fn parse_tictactoe(text: &str) -> Result<TicTacToeBoard, SpecError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(TicTacToeBoard::EMPTY);
    }
    text.parse().map_err(|reason| SpecError::Invalid {
        game: TICTACTOE,
        reason,
    })
}

fn parse_billes(text: &str) -> Result<BillesSpec, SpecError> {
    let pairs = parameters(BILLES, text, &BILLES_PARAMETERS)?;
    let required = |name: &'static str| {
        let pair = pairs.iter().copied().find(|(k, _)| *k == name);
        let pair = pair.ok_or(SpecError::Missing {
            game: BILLES,
            name,
            usage: BILLES_USAGE,
        })?;
        number(BILLES, pair, "a whole number")
    };
    let spec = BillesSpec {
        n: required("n")?,
        k: required("k")?,
    };
    spec.validate().map_err(|reason| SpecError::Invalid {
        game: BILLES,
        reason,
    })?;
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(spec: &str) -> String {
        spec.parse::<GameSpec>().unwrap_err().to_string()
    }

    #[test]
    fn reads_a_random_spec_and_writes_it_back() {
        let spec: GameSpec = "random:branching=3,depth=4,seed=7".parse().unwrap();
        assert_eq!(spec, GameSpec::Random(RandomSpec::new(3, 4, 7)));
        let full = "random:branching=2..4,depth=5,seed=1,noise=0.5,order=best-first,chance=1";
        let spec: GameSpec = full.parse().unwrap();
        assert_eq!(spec.to_string(), full);
        let GameSpec::Random(random) = spec else {
            panic!("a random spec")
        };
        assert_eq!((random.min_branching, random.branching), (2, 4));
        assert_eq!(random.noise, 0.5);
        assert!(random.chance);
        assert!(error("random:branching=2,depth=2,seed=1,chance=2").contains("0 or 1"));
    }

    #[test]
    fn says_what_is_wrong_with_a_spec() {
        assert_eq!(
            error("chess"),
            "unknown game `chess`: expected `random:branching=B,depth=D,seed=S[,noise=E][,order=O]`, \
             `tictactoe[:POSITION]` or `billes:n=N,k=K`"
        );
        assert_eq!(
            error("random:branching=3,seed=1"),
            "random: missing parameter `depth` (write random:branching=B,depth=D,seed=S[,noise=E][,order=O])"
        );
        assert_eq!(
            error("random:branching=3,depth=x,seed=1"),
            "random: `depth=x`: expected a whole number"
        );
        assert_eq!(
            error("random:branching=3,depth=2,seed=1,width=4"),
            "random: unknown parameter `width`: expected branching, depth, seed, noise, order, chance"
        );
        assert_eq!(
            error("random:branching=3,depth=2,seed=1,seed=2"),
            "random: parameter `seed` is given twice"
        );
        assert_eq!(
            error("random:branching=0,depth=2,seed=1"),
            "random: branching must be at least 1, and a range LOW..HIGH needs LOW <= HIGH (got 0..0)"
        );
        assert!(error("random:branching=3,depth=2,seed=1,order=sideways").contains("best-first"));
        assert_eq!(
            error("billes:n=4"),
            "billes: missing parameter `k` (write billes:n=N,k=K)"
        );
        assert_eq!(
            error("billes:n=0,k=2"),
            "billes: n and k must be at least 1"
        );
        assert_eq!(
            error("tictactoe:xx"),
            "tictactoe: a position is nine characters, one per square row by row (x, o or .), not 2"
        );
    }

    #[test]
    fn reads_the_other_games() {
        for text in ["tictactoe", "tictactoe:x...o....", "billes:n=4,k=3"] {
            assert_eq!(text.parse::<GameSpec>().unwrap().to_string(), text);
        }
        let spec: GameSpec = "billes:k=2,n=5".parse().unwrap();
        assert_eq!(spec, GameSpec::Billes(BillesSpec { n: 5, k: 2 }));
    }
}
