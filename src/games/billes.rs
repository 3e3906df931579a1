//! The lecture's marble game ("billes"): `n` marbles on the table, the
//! players take 1 to `k` of them in turn, and whoever takes the last marble
//! wins.
//!
//! The first player is MAX; values are MAX's: +1 when MAX takes the last
//! marble, -1 when MIN does. A node's children take 1, 2, ... marbles, in
//! that order; a leaf is an empty table, lost for the player to move there.

use super::InvalidGame;
use crate::tree::GameTree;
use crate::tree::MAX_DEPTH;
use crate::value::{Kind, Value};

/// The largest tables accepted: every node's child path must fit in 64
/// bits, so `min(k, n)^n` must.
fn path_fits(n: usize, k: usize) -> bool {
    let radix = k.min(n).max(1) as u64;
    u32::try_from(n).is_ok_and(|n| radix.checked_pow(n).is_some())
}

/// The parameters of a marble game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BillesSpec {
    /// Marbles on the table at the start.
    pub n: usize,
    /// The most marbles a player may take at once.
    pub k: usize,
}

impl BillesSpec {
    /// Checks that the game can be played and generated.
    pub fn validate(&self) -> Result<(), InvalidGame> {
        if self.n == 0 || self.k == 0 {
            return Err(InvalidGame::NoMarbles);
        }
        if self.n > MAX_DEPTH {
            return Err(InvalidGame::TooDeep(self.n));
        }
        if !path_fits(self.n, self.k) {
            return Err(InvalidGame::TooManyMarbles {
                n: self.n,
                k: self.k,
            });
        }
        Ok(())
    }

    /// The number of nodes of the game tree, if it fits in a `u64`.
    pub fn node_count(&self) -> Option<u64> {
        // count[r]: the nodes of the tree with r marbles left.
        let mut count: Vec<u64> = Vec::with_capacity(self.n + 1);
        for left in 0..=self.n {
            let below = (1..=self.k.min(left))
                .try_fold(1u64, |sum, take| sum.checked_add(count[left - take]))?;
            count.push(below);
        }
        count.last().copied()
    }
}

/// A position: marbles left, and the moves since the start (for ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    left: u32,
    depth: u32,
    /// The 0-based child positions since the start, in base `min(k, n)`.
    path: u64,
}

impl Table {
    /// The marbles left on the table.
    pub fn left(&self) -> usize {
        self.left as usize
    }
}

/// The marble game as a game tree.
#[derive(Clone, Copy, Debug)]
pub struct Billes {
    spec: BillesSpec,
}

impl Billes {
    /// The game `spec` describes.
    ///
    /// # Panics
    ///
    /// If the spec is invalid ([`BillesSpec::validate`]).
    pub fn new(spec: BillesSpec) -> Billes {
        if let Err(e) = spec.validate() {
            panic!("invalid marble game: {e}");
        }
        Billes { spec }
    }

    fn radix(&self) -> u64 {
        self.spec.k.min(self.spec.n) as u64
    }

    /// The position's preorder number (the root's 1), worked out from the
    /// moves that lead to it and the subtree sizes of the tables with fewer
    /// marbles.
    pub fn preorder_number(&self, table: Table) -> u128 {
        let depth = table.depth as usize;
        if self.radix() == 1 {
            return depth as u128 + 1;
        }
        // sizes[m]: the nodes of the tree with m marbles left. With two
        // moves or more, the tree is at most 63 deep and they fit.
        let mut sizes: Vec<u128> = Vec::with_capacity(self.spec.n + 1);
        for left in 0..=self.spec.n {
            let below: u128 = (1..=self.spec.k.min(left)).map(|t| sizes[left - t]).sum();
            sizes.push(1 + below);
        }
        // lefts[ply]: the marbles left before that ply's move.
        let takes = super::positions(depth, table.path, self.radix());
        let lefts: Vec<usize> = std::iter::once(self.spec.n)
            .chain(takes.iter().scan(self.spec.n, |left, &p| {
                *left -= p as usize + 1;
                Some(*left)
            }))
            .collect();
        super::preorder_number(depth, table.path, self.radix(), |ply, elder| {
            sizes[lefts[ply] - (elder as usize + 1)]
        })
    }
}

/// The moves from a position: take 1, 2, ... marbles.
#[derive(Debug)]
pub struct Takes {
    table: Table,
    radix: u64,
    next_take: u32,
    most: u32,
}

impl Iterator for Takes {
    type Item = Table;

    fn next(&mut self) -> Option<Table> {
        if self.next_take > self.most {
            return None;
        }
        let take = self.next_take;
        self.next_take += 1;
        Some(Table {
            left: self.table.left - take,
            depth: self.table.depth + 1,
            path: self.table.path * self.radix + u64::from(take - 1),
        })
    }
}

impl GameTree for Billes {
    type Node = Table;
    type Children<'a> = Takes;

    fn root(&self) -> Table {
        Table {
            left: self.spec.n as u32,
            depth: 0,
            path: 0,
        }
    }

    fn kind(&self, table: Table) -> Kind {
        match table.depth % 2 {
            0 => Kind::Max,
            _ => Kind::Min,
        }
    }

    fn children(&self, table: Table) -> Takes {
        Takes {
            table,
            radix: self.radix(),
            next_take: 1,
            most: table.left.min(self.spec.k as u32),
        }
    }

    fn value(&self, table: Table) -> Option<Value> {
        // The player to move at an empty table lost: the other one took
        // the last marble.
        match (table.left, self.kind(table)) {
            (0, Kind::Min) => Value::from_int(1),
            (0, Kind::Max) => Value::from_int(-1),
            _ => None,
        }
    }

    fn static_value(&self, _table: Table) -> Option<Value> {
        None
    }

    fn height(&self) -> Option<usize> {
        Some(self.spec.n)
    }

    fn id(&self, table: Table) -> String {
        let preorder = || Some(self.preorder_number(table));
        super::node_id(table.depth as usize, table.path, self.radix(), preorder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, Options, search};
    use crate::trace::NoRecorder;

    fn value(n: usize, k: usize) -> String {
        let game = Billes::new(BillesSpec { n, k });
        let result = search(
            &game,
            Algorithm::Minimax,
            Options::default(),
            &mut NoRecorder,
        );
        result.unwrap().score.to_string()
    }

    #[test]
    fn the_lecture_examples() {
        assert_eq!(value(4, 3), "-1", "n=4 k=3: the first player loses");
        assert_eq!(value(4, 2), "1", "n=4 k=2: the first player wins");
    }

    #[test]
    fn the_first_player_loses_exactly_on_multiples_of_k_plus_one() {
        for k in 1..=4 {
            for n in 1..=10 {
                let expected = if n % (k + 1) == 0 { "-1" } else { "1" };
                assert_eq!(value(n, k), expected, "n={n} k={k}");
            }
        }
    }

    #[test]
    fn node_counts_match_the_tree() {
        let spec = BillesSpec { n: 7, k: 3 };
        let game = Billes::new(spec);
        let nodes = crate::tree::subtree(&game, game.root()).len() as u64;
        assert_eq!(spec.node_count(), Some(nodes));
    }

    #[test]
    fn preorder_numbers_follow_a_walk_of_the_tree() {
        for (n, k) in [(6, 3), (5, 2), (4, 1), (3, 5)] {
            let game = Billes::new(BillesSpec { n, k });
            let mut stack = vec![game.root()];
            let mut number = 0;
            while let Some(table) = stack.pop() {
                number += 1;
                assert_eq!(game.preorder_number(table), number, "n={n} k={k}");
                let children: Vec<Table> = game.children(table).collect();
                stack.extend(children.into_iter().rev());
            }
        }
    }

    #[test]
    fn ids_are_child_paths() {
        let game = Billes::new(BillesSpec { n: 4, k: 2 });
        let took_two = game.children(game.root()).nth(1).unwrap();
        let then_one = game.children(took_two).next().unwrap();
        assert_eq!(game.id(then_one), "@2.1");
        assert_eq!(then_one.left(), 1);
    }

    #[test]
    fn bad_games_are_refused() {
        assert!(BillesSpec { n: 0, k: 3 }.validate().is_err());
        assert!(BillesSpec { n: 100, k: 3 }.validate().is_err());
        assert!(BillesSpec { n: 40, k: 3 }.validate().is_ok());
        assert!(BillesSpec { n: MAX_DEPTH, k: 1 }.validate().is_ok());
        let deep = BillesSpec {
            n: MAX_DEPTH + 1,
            k: 1,
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert!(deep.contains("10001 moves deep: at most 10000"), "{deep}");
    }
}
