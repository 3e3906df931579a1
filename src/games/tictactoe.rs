//! Tic-tac-toe as a game tree: the full game from the empty board, or from
//! a position written as nine characters.
//!
//! A position lists the squares row by row from the top left: `x` or `X`
//! for X, `o` or `O` for O, `.` for an empty square (`x.o......` is X in
//! the top-left corner and O in the top-right one). X moves first, so X is
//! to move when both have as many marks, O when X has one more. X is MAX and
//! values are X's: +1 when X wins, -1 when O wins, 0 for a draw, so a
//! position with O to move has a MIN root. A node's children are its moves
//! in square order; the game stops at three in a row or a full board.

use std::fmt;
use std::str::FromStr;

use super::InvalidGame;
use crate::tree::GameTree;
use crate::value::{Kind, Value};

/// The eight lines of three squares, as bit masks over squares 0..9.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

fn has_line(marks: u16) -> bool {
    LINES.iter().copied().any(|line| marks & line == line)
}

/// A tic-tac-toe position: the squares of X and of O, and the moves since
/// the start position (for ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToeBoard {
    x: u16,
    o: u16,
    /// The 0-based child positions since the start, as base-9 digits.
    path: u32,
    depth: u8,
}

impl TicTacToeBoard {
    /// The empty board, X to move.
    pub const EMPTY: TicTacToeBoard = TicTacToeBoard {
        x: 0,
        o: 0,
        path: 0,
        depth: 0,
    };

    /// The squares no one has marked.
    pub fn empty_squares(&self) -> u32 {
        9 - (self.x | self.o).count_ones()
    }

    fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// +1, -1 or 0 when the game is over; `None` while it goes on.
    fn outcome(&self) -> Option<i64> {
        if has_line(self.x) {
            Some(1)
        } else if has_line(self.o) {
            Some(-1)
        } else if self.x | self.o == FULL {
            Some(0)
        } else {
            None
        }
    }
}

impl fmt::Display for TicTacToeBoard {
    /// The nine characters of the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for square in 0..9 {
            let bit = 1 << square;
            let c = match (self.x & bit != 0, self.o & bit != 0) {
                (true, _) => 'x',
                (_, true) => 'o',
                _ => '.',
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for TicTacToeBoard {
    type Err = InvalidGame;

    /// Reads nine characters (`x`, `o`, `.`) and checks that the position
    /// can arise in a game.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let squares: Vec<char> = s.chars().collect();
        if squares.len() != 9 {
            return Err(InvalidGame::PositionLength(squares.len()));
        }
        let mut board = TicTacToeBoard::EMPTY;
        for (square, c) in squares.iter().enumerate() {
            match c {
                'x' | 'X' => board.x |= 1 << square,
                'o' | 'O' => board.o |= 1 << square,
                '.' => {}
                other => return Err(InvalidGame::NotASquare(*other)),
            }
        }
        check_reachable(&board)?;
        Ok(board)
    }
}

fn check_reachable(board: &TicTacToeBoard) -> Result<(), InvalidGame> {
    let (xs, os) = (board.x.count_ones(), board.o.count_ones());
    if xs != os && xs != os + 1 {
        return Err(InvalidGame::MarkCounts { xs, os });
    }
    if has_line(board.x) && has_line(board.o) {
        return Err(InvalidGame::BothWin);
    }
    if has_line(board.x) && xs == os {
        return Err(InvalidGame::MovedAfterXWon);
    }
    if has_line(board.o) && xs != os {
        return Err(InvalidGame::MovedAfterOWon);
    }
    Ok(())
}

/// The tic-tac-toe game tree from a start position.
#[derive(Clone, Copy, Debug)]
pub struct TicTacToe {
    start: TicTacToeBoard,
}

impl TicTacToe {
    /// The game from `start` (see the module documentation for positions).
    pub fn new(start: TicTacToeBoard) -> TicTacToe {
        TicTacToe {
            start: TicTacToeBoard {
                path: 0,
                depth: 0,
                ..start
            },
        }
    }

    /// The start position.
    pub fn start(&self) -> TicTacToeBoard {
        self.start
    }
}

/// The moves from a position, in square order.
#[derive(Debug)]
pub struct Moves {
    board: TicTacToeBoard,
    /// Empty squares not yet played, lowest first.
    free: u16,
    next_position: u32,
}

impl Iterator for Moves {
    type Item = TicTacToeBoard;

    fn next(&mut self) -> Option<TicTacToeBoard> {
        if self.free == 0 {
            return None;
        }
        let bit = self.free & self.free.wrapping_neg();
        self.free &= !bit;
        let mut child = self.board;
        match self.board.x_to_move() {
            true => child.x |= bit,
            false => child.o |= bit,
        }
        child.path = self.board.path * 9 + self.next_position;
        child.depth += 1;
        self.next_position += 1;
        Some(child)
    }
}

impl GameTree for TicTacToe {
    type Node = TicTacToeBoard;
    type Children<'a> = Moves;

    fn root(&self) -> TicTacToeBoard {
        self.start
    }

    fn kind(&self, board: TicTacToeBoard) -> Kind {
        match board.x_to_move() {
            true => Kind::Max,
            false => Kind::Min,
        }
    }

    fn children(&self, board: TicTacToeBoard) -> Moves {
        let free = match board.outcome() {
            Some(_) => 0,
            None => FULL & !(board.x | board.o),
        };
        Moves {
            board,
            free,
            next_position: 0,
        }
    }

    fn value(&self, board: TicTacToeBoard) -> Option<Value> {
        board.outcome().and_then(Value::from_int)
    }

    fn static_value(&self, _board: TicTacToeBoard) -> Option<Value> {
        None
    }

    fn height(&self) -> Option<usize> {
        Some(9)
    }

    fn id(&self, board: TicTacToeBoard) -> String {
        // At most 9 plies: never deep enough to be numbered.
        let unreached = || None;
        super::node_id(board.depth.into(), board.path.into(), 9, unreached)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, Options, search};
    use crate::trace::NoRecorder;

    fn solve(position: &str) -> String {
        let game = TicTacToe::new(position.parse().unwrap());
        let result = search(
            &game,
            Algorithm::AlphaBeta,
            Options::default(),
            &mut NoRecorder,
        );
        result.unwrap().score.to_string()
    }

    #[test]
    fn the_full_tree_has_the_known_size_and_is_a_draw() {
        let game = TicTacToe::new(TicTacToeBoard::EMPTY);
        let (mut nodes, mut leaves) = (0, 0);
        let mut stack = vec![game.root()];
        while let Some(board) = stack.pop() {
            nodes += 1;
            let before = stack.len();
            stack.extend(game.children(board));
            leaves += usize::from(stack.len() == before);
        }
        assert_eq!((nodes, leaves), (549_946, 255_168));
        assert_eq!(solve("........."), "0");
    }

    #[test]
    fn positions_say_whose_move_it_is() {
        // X threatens the top row and it is X's move: X wins.
        assert_eq!(solve("xx.oo...."), "1");
        // The same with O to move: O completes its own row first.
        assert_eq!(solve("xx.oo..x."), "-1");
        let game = TicTacToe::new("x........".parse().unwrap());
        assert_eq!(game.kind(game.root()), Kind::Min);
        assert_eq!(game.root().to_string(), "x........");
    }

    #[test]
    fn ids_are_child_paths() {
        let game = TicTacToe::new(TicTacToeBoard::EMPTY);
        let centre = game.children(game.root()).nth(4).unwrap();
        assert_eq!(centre.to_string(), "....x....");
        let reply = game.children(centre).nth(4).unwrap();
        assert_eq!(game.id(reply), "@5.5");
        assert_eq!(reply.to_string(), "....xo...");
    }

    #[test]
    fn impossible_positions_are_refused() {
        let error = |p: &str| p.parse::<TicTacToeBoard>().unwrap_err().to_string();
        assert!(error("xx.......").contains("as many marks as O or one more"));
        assert!(error("xxxooo...").contains("both"));
        assert!(error("x.o").contains("nine characters"));
        assert!(error("x.o.....?").contains("`?` is not a square"));
        assert!(error("xxxoo.o..").contains("O cannot have moved after"));
    }
}
