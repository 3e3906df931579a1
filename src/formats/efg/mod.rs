//! Gambit extensive-form games (`.efg`), as far as they are two-player
//! game trees: two players with perfect information (every information
//! set holds one node) and payoffs that sum to the same constant at every
//! terminal node (zero-sum, or constant-sum). Player 1 is MAX, player 2
//! MIN; a node's value is player 1's payoff (outcomes met on the way
//! down add up, as in Gambit).
//!
//! ```text
//! EFG 2 R "A game" { "Player 1" "Player 2" }
//! ""
//! p "A" 1 1 "" { "Left" "Right" } 0
//! p "B" 2 1 "" { "x" "y" } 0
//! t "" 1 "" { 3, -3 }
//! t "" 2 "" { 12, -12 }
//! t "C" 3 "" { 2, -2 }
//! ```
//!
//! Action names become labels on the edges, node names become names
//! where they are unique in the file. Gambit has no static values: the
//! writer puts an interior node's static value in its information set's
//! name (`"static 3"`, `"static +inf"`), which the reader takes back; a
//! name `static` followed by what starts as a number but is none gametree
//! holds (`"static 1e400"`) is refused. An outcome declared again must
//! give the payoffs it gave first.

mod write;

use std::collections::HashMap;

pub use write::write;

use super::{FormatError, Node};
use crate::syntax::names::{refuse_label, refuse_name};
use crate::syntax::{Limits, SourceText};
use crate::tree::Tree;
use crate::value::probability::{self, Sum};
use crate::value::{Kind, Value};

/// Reads a Gambit `.efg` game.
pub fn read(path: &str, text: &str, limits: &Limits) -> Result<Tree, FormatError> {
    let source = SourceText::new(path, text);
    let mut reader = Reader {
        source: &source,
        tokens: tokenize(text)
            .map_err(|at| FormatError::Syntax(source.error_at(at, "this `\"` is never closed")))?,
        next: 0,
        outcomes: HashMap::new(),
        infosets: HashMap::new(),
        names: HashMap::new(),
        sum: None,
        probabilities: Vec::new(),
        next_is_root: true,
    };
    reader.header()?;
    let mut root = reader.tree(limits)?;
    let names = std::mem::take(&mut reader.names);
    keep_unique_names(&mut root, &names);
    let tree = match reader.tokens.get(reader.next) {
        Some(token) => Err(reader.syntax(token.at, "the game's tree ends before this")),
        None => Node::build(&root, &source, limits).map_err(FormatError::Syntax),
    };
    root.drop_deep();
    tree
}

/// A token and its byte offset.
#[derive(Clone, Debug)]
struct Token<'a> {
    text: &'a str,
    at: usize,
}

impl Token<'_> {
    /// A quoted string's text, without quotes and with `\"` and `\\` read.
    fn string(&self) -> Option<String> {
        let inner = self.text.strip_prefix('"')?.strip_suffix('"')?;
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
        Some(out)
    }
}

/// Splits the text into quoted strings, `{`, `}` and words; blanks and
/// commas separate. Fails with the offset of an unclosed quote.
fn tokenize(text: &str) -> Result<Vec<Token<'_>>, usize> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        match bytes[at] {
            b' ' | b'\t' | b'\r' | b'\n' | b',' => {
                at += 1;
                continue;
            }
            b'{' | b'}' => at += 1,
            b'"' => {
                at += 1;
                loop {
                    match bytes.get(at) {
                        None => return Err(start),
                        Some(b'\\') => at += 2,
                        Some(b'"') => break,
                        Some(_) => at += 1,
                    }
                }
                at += 1;
            }
            _ => {
                while at < bytes.len()
                    && !matches!(
                        bytes[at],
                        b' ' | b'\t' | b'\r' | b'\n' | b',' | b'{' | b'}' | b'"'
                    )
                {
                    at += 1;
                }
            }
        }
        let at_end = at.min(bytes.len());
        tokens.push(Token {
            text: &text[start..at_end],
            at: start,
        });
    }
    Ok(tokens)
}

struct Reader<'s, 'a> {
    source: &'s SourceText<'a>,
    tokens: Vec<Token<'a>>,
    next: usize,
    /// Each outcome's payoffs, by number, and where they were declared.
    outcomes: HashMap<u64, (Vec<Value>, usize)>,
    /// Where each player's information set was first met, by (player, set).
    infosets: HashMap<(u64, u64), usize>,
    /// How many nodes bear each name.
    names: HashMap<String, usize>,
    /// The payoffs' sum at the first terminal node, and where.
    sum: Option<(Value, usize)>,
    /// The probabilities of the chance node just read.
    probabilities: Vec<Value>,
    /// Whether the next node read is the root.
    next_is_root: bool,
}

/// What a node line gives: the node, its actions, the payoffs summed
/// down to it.
type NodeLine = (Node, Vec<String>, Payoffs);

/// The payoffs of players 1 and 2.
type Payoffs = (Value, Value);

/// A player node read, with its children still to come.
struct Open {
    node: Node,
    /// Its actions: one a child, the child's label.
    actions: Vec<String>,
    /// A chance node's probabilities, one a child; none for a player.
    probabilities: Vec<Value>,
    /// The payoffs summed down to it, for players 1 and 2.
    payoffs: Payoffs,
}

impl<'a> Reader<'_, 'a> {
    fn syntax(&self, at: usize, message: &str) -> FormatError {
        FormatError::Syntax(self.source.error_at(at, message))
    }

    fn unsupported(&self, at: usize, message: &str) -> FormatError {
        FormatError::Unsupported(self.source.error_at(at, message))
    }

    /// The offset where the next token starts (the end of the text when
    /// none is left).
    fn here(&self) -> usize {
        self.tokens
            .get(self.next)
            .map_or(self.source.text().len(), |t| t.at)
    }

    fn token(&mut self, what: &str) -> Result<Token<'a>, FormatError> {
        match self.tokens.get(self.next) {
            Some(token) => {
                self.next += 1;
                Ok(token.clone())
            }
            None => Err(self.syntax(
                self.here(),
                &format!("expected {what}, found the end of the file"),
            )),
        }
    }

    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.next).map(|t| t.text)
    }

    fn string(&mut self, what: &str) -> Result<String, FormatError> {
        let token = self.token(what)?;
        token
            .string()
            .ok_or_else(|| self.syntax(token.at, &format!("expected {what} in double quotes")))
    }

    /// A node's name or an action's label (`is_name` tells which), the
    /// quoted `token`'s text, refused where the tree language refuses it.
    fn name_or_label(
        &self,
        token: &Token<'_>,
        is_name: bool,
        is_root: bool,
    ) -> Result<String, FormatError> {
        let text = token.string().ok_or_else(|| {
            let what = if is_name {
                "the node's name"
            } else {
                "an action's name"
            };
            self.syntax(token.at, &format!("expected {what} in double quotes"))
        })?;
        let refusal = match is_name && !text.is_empty() {
            true => refuse_name(&text, is_root),
            false => refuse_label(&text),
        };
        match refusal {
            None => Ok(text),
            Some(refusal) => {
                // The raw text is the read text but for `\` before `"` and
                // `\`, which hidden characters are not.
                let raw = &token.text[1..];
                let at = refusal.offset.map_or(token.at, |offset| {
                    let c = text[offset..].chars().next().expect("a character");
                    token.at + 1 + raw.find(c).unwrap_or(0)
                });
                Err(self.syntax(at, &refusal.message))
            }
        }
    }

    fn number(&mut self, what: &str) -> Result<(Value, usize), FormatError> {
        let token = self.token(what)?;
        let value = parse_number(token.text)
            .ok_or_else(|| self.syntax(token.at, &format!("expected {what}, a number")))?
            .map_err(|too_large| self.syntax(token.at, &too_large))?;
        Ok((value, token.at))
    }

    fn whole(&mut self, what: &str) -> Result<(u64, usize), FormatError> {
        let token = self.token(what)?;
        let value = token
            .text
            .parse()
            .map_err(|_| self.syntax(token.at, &format!("expected {what}, a whole number")))?;
        Ok((value, token.at))
    }

    fn open_brace(&mut self) -> Result<(), FormatError> {
        let token = self.token("`{`")?;
        match token.text {
            "{" => Ok(()),
            _ => Err(self.syntax(token.at, "expected `{`")),
        }
    }

    /// `EFG 2 R "title" { "Player 1" "Player 2" }` and the optional
    /// comment.
    fn header(&mut self) -> Result<(), FormatError> {
        let magic = self.token("`EFG 2 R`")?;
        if magic.text != "EFG" {
            return Err(self.syntax(magic.at, "a Gambit game starts with `EFG 2 R`"));
        }
        let version = self.token("the version `2`")?;
        if version.text != "2" {
            return Err(self.syntax(version.at, "only version 2 of the format is read"));
        }
        let numbers = self.token("`R` or `D`")?;
        if !matches!(numbers.text, "R" | "D") {
            return Err(self.syntax(numbers.at, "expected `R` or `D`"));
        }
        self.string("the game's title")?;
        self.open_brace()?;
        let mut players = 0;
        loop {
            let token = self.token("a player's name or `}`")?;
            if token.text == "}" {
                break;
            }
            if token.string().is_none() {
                return Err(self.syntax(token.at, "expected a player's name in double quotes"));
            }
            players += 1;
            if players > 2 {
                let message = "a third player: gametree reads two-player games";
                return Err(self.unsupported(token.at, message));
            }
        }
        if self.peek().is_some_and(|t| t.starts_with('"')) {
            self.string("the comment")?;
        }
        Ok(())
    }

    /// The nodes, in prefix order, assembled without recursion.
    fn tree(&mut self, limits: &Limits) -> Result<Node, FormatError> {
        let mut open: Vec<Open> = Vec::new();
        let mut count = 0usize;
        loop {
            let (payoffs, label, probability) = match open.last() {
                Some(parent) => {
                    let index = parent.node.children.len();
                    (
                        parent.payoffs,
                        parent.actions.get(index).cloned(),
                        parent.probabilities.get(index).copied(),
                    )
                }
                None => ((Value::ZERO, Value::ZERO), None, None),
            };
            let at = self.here();
            count += 1;
            if count > limits.max_nodes {
                let message = format!(
                    "the tree has more than {} nodes, the limit it is read with",
                    limits.max_nodes
                );
                return Err(self.syntax(at, &message));
            }
            if open.len() > crate::tree::MAX_DEPTH {
                let message = format!(
                    "the tree is nested more than {} levels deep",
                    crate::tree::MAX_DEPTH
                );
                return Err(self.syntax(at, &message));
            }
            let (mut node, actions, payoffs) = self.node_line(payoffs)?;
            node.label = label.filter(|l| !l.is_empty());
            node.probability = probability;
            let probabilities = std::mem::take(&mut self.probabilities);
            let mut done = match actions.is_empty() {
                true => Some(node),
                false => {
                    open.push(Open {
                        node,
                        actions,
                        probabilities,
                        payoffs,
                    });
                    None
                }
            };
            while let Some(finished) = done.take() {
                let Some(parent) = open.last_mut() else {
                    return Ok(finished);
                };
                parent.node.children.push(finished);
                if parent.node.children.len() == parent.actions.len() {
                    done = open.pop().map(|o| o.node);
                }
            }
        }
    }

    /// One node line: the node, its actions (none for a terminal node) and
    /// the payoffs summed down to it.
    fn node_line(&mut self, above: Payoffs) -> Result<NodeLine, FormatError> {
        let token = self.token("a node: `p`, `c` or `t`")?;
        let start = token.at;
        let mut node = Node {
            location: Some(self.source.location(start)),
            ..Node::default()
        };
        self.read_name(&mut node)?;
        let mut actions = Vec::new();
        match token.text {
            "p" => {
                let (player, player_at) = self.whole("the player's number")?;
                node.kind = Some(match player {
                    1 => Kind::Max,
                    2 => Kind::Min,
                    _ => {
                        let message = format!("player {player}: gametree reads players 1 and 2");
                        return Err(self.unsupported(player_at, &message));
                    }
                });
                let (set, set_at) = self.whole("the information set's number")?;
                if let Some(first) = self.infosets.insert((player, set), start) {
                    let line = self.source.location(first).line;
                    let message = format!(
                        "imperfect information: information set {set} of player {player} holds \
                         this node and the one on line {line}, and gametree reads games of \
                         perfect information"
                    );
                    return Err(self.unsupported(set_at, &message));
                }
                if !self.peek().is_some_and(|t| t.starts_with('"')) {
                    let message = "expected the information set's name and its actions";
                    return Err(self.syntax(self.here(), message));
                }
                node.static_value = self.static_value()?;
                actions = self.actions()?;
            }
            "c" => {
                let (set, set_at) = self.whole("the information set's number")?;
                if let Some(first) = self.infosets.insert((0, set), start) {
                    let line = self.source.location(first).line;
                    let message = format!(
                        "chance information set {set} holds this node and the one on line \
                         {line}: gametree reads games of perfect information"
                    );
                    return Err(self.unsupported(set_at, &message));
                }
                node.static_value = self.static_value()?;
                let (moves, probabilities) = self.chance_moves(start)?;
                actions = moves;
                node.kind = Some(Kind::Chance);
                node.normalised = probabilities.1;
                self.probabilities = probabilities.0;
            }
            "t" => {}
            _ => return Err(self.syntax(start, "expected a node: `p`, `c` or `t`")),
        }
        let payoffs = self.outcome(above)?;
        if actions.is_empty() {
            node.value = Some(self.terminal_value(payoffs, start)?);
        }
        Ok((node, actions, payoffs))
    }

    /// A node's name, `""` for none, into `node`, counted (names borne by
    /// several nodes are dropped).
    fn read_name(&mut self, node: &mut Node) -> Result<(), FormatError> {
        let token = self.token("the node's name")?;
        let name = self.name_or_label(&token, true, self.next_is_root)?;
        self.next_is_root = false;
        if !name.is_empty() {
            *self.names.entry(name.clone()).or_default() += 1;
            node.name = Some(name);
        }
        Ok(())
    }

    /// `{ "action" ... }`: a player node's actions, at least one.
    fn actions(&mut self) -> Result<Vec<String>, FormatError> {
        self.open_brace()?;
        let mut actions = Vec::new();
        loop {
            let token = self.token("an action's name or `}`")?;
            match token.text {
                "}" if actions.is_empty() => {
                    return Err(self.syntax(token.at, "a player node needs at least one action"));
                }
                "}" => return Ok(actions),
                _ => actions.push(self.name_or_label(&token, false, false)?),
            }
        }
    }

    /// `{ "action" 1/2 ... }`: a chance node's moves and their
    /// probabilities, which must sum to 1 (divided by their sum, which is
    /// returned, when they sum to 1 within the tolerance only).
    fn chance_moves(&mut self, start: usize) -> Result<ChanceMoves, FormatError> {
        self.open_brace()?;
        let (mut moves, mut probabilities) = (Vec::new(), Vec::new());
        while self.peek() != Some("}") {
            let token = self.token("a move's name or `}`")?;
            let name = self.name_or_label(&token, false, false)?;
            let (p, at) = self.number("the move's probability")?;
            if !(Value::ZERO..=Value::ONE).contains(&p) {
                return Err(self.syntax(at, "a probability lies between 0 and 1"));
            }
            moves.push(name);
            probabilities.push(p);
        }
        self.token("`}`")?;
        if moves.is_empty() {
            return Err(self.syntax(start, "a chance node needs at least one move"));
        }
        let sum = probability::normalise(&mut probabilities)
            .map_err(|e| self.syntax(start, &e.to_string()))?;
        let normalised = match sum {
            Sum::One => None,
            Sum::Normalised(sum) => Some(sum),
        };
        Ok((moves, (probabilities, normalised)))
    }

    /// An outcome: its number (0 for none), and at its first use its name
    /// and payoffs; returns the payoffs summed down to here.
    fn outcome(&mut self, above: Payoffs) -> Result<Payoffs, FormatError> {
        let (number, at) = self.whole("the outcome's number")?;
        if number == 0 {
            return Ok(above);
        }
        if self.peek().is_some_and(|t| t.starts_with('"')) {
            self.string("the outcome's name")?;
        }
        if self.peek() == Some("{") {
            self.declare(number)?;
        }
        let Some((payoffs, _)) = self.outcomes.get(&number) else {
            let message = format!("outcome {number} is used before its payoffs are given");
            return Err(self.syntax(at, &message));
        };
        let get = |i: usize| payoffs.get(i).copied().unwrap_or(Value::ZERO);
        match (above.0.checked_add(get(0)), above.1.checked_add(get(1))) {
            (Some(first), Some(second)) => Ok((first, second)),
            _ => Err(self.syntax(at, TOO_PRECISE_SUM)),
        }
    }

    /// `{ payoff payoff }`: outcome `number`'s payoffs, which a repeated
    /// declaration must give as the first did (Gambit's rule).
    fn declare(&mut self, number: u64) -> Result<(), FormatError> {
        let at = self.here();
        self.open_brace()?;
        let mut payoffs = Vec::new();
        while self.peek() != Some("}") {
            let (payoff, payoff_at) = self.number("a payoff")?;
            if payoffs.len() == 2 {
                let message = "a third payoff: gametree reads two-player games";
                return Err(self.unsupported(payoff_at, message));
            }
            payoffs.push(payoff);
        }
        self.token("`}`")?;
        match self.outcomes.get(&number) {
            Some((first, first_at)) if *first != payoffs => {
                let message = format!(
                    "outcome {number} is declared again with other payoffs ({}) than on line {} \
                     ({}): a repeated outcome must match its first declaration",
                    listed_payoffs(&payoffs),
                    self.source.location(*first_at).line,
                    listed_payoffs(first)
                );
                Err(self.syntax(at, &message))
            }
            Some(_) => Ok(()),
            None => {
                self.outcomes.insert(number, (payoffs, at));
                Ok(())
            }
        }
    }

    /// The static value an information set's name carries (`"static 3"`,
    /// `"static +inf"`). A name that reads `static` and then something
    /// that starts as a number must be one that gametree holds; `static`
    /// followed by a word (`"static defence"`) is a plain name.
    fn static_value(&mut self) -> Result<Option<Value>, FormatError> {
        let at = self.here();
        let name = self.string("the information set's name")?;
        let Some(written) = name.strip_prefix("static ").map(str::trim) else {
            return Ok(None);
        };
        match written.to_ascii_lowercase().as_str() {
            "+inf" => return Ok(Some(Value::POS_INF)),
            "-inf" => return Ok(Some(Value::NEG_INF)),
            _ => {}
        }
        if !written.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '+' | '-' | '.')) {
            return Ok(None);
        }
        match parse_number(written) {
            Some(Ok(value)) => Ok(Some(value)),
            Some(Err(refusal)) => Err(self.syntax(at, &format!("a static value: {refusal}"))),
            None => {
                let message = format!(
                    "the static value `{}` is not a number",
                    crate::text::quoted(written)
                );
                Err(self.syntax(at, &message))
            }
        }
    }

    /// A terminal node's value: player 1's payoff, once the sum of the
    /// payoffs is checked against the first terminal node's.
    fn terminal_value(&mut self, payoffs: Payoffs, at: usize) -> Result<Value, FormatError> {
        let sum =
            (payoffs.0.checked_add(payoffs.1)).ok_or_else(|| self.syntax(at, TOO_PRECISE_SUM))?;
        match self.sum {
            None => self.sum = Some((sum, at)),
            Some((first, first_at)) if sum != first => {
                let line = self.source.location(first_at).line;
                let message = format!(
                    "not zero-sum: the payoffs here sum to {sum}, those on line {line} to \
                     {first}, and gametree reads games whose payoffs always sum the same"
                );
                return Err(self.unsupported(at, &message));
            }
            Some(_) => {}
        }
        match payoffs.0.is_within_input_range() {
            true => Ok(payoffs.0),
            false => Err(self.syntax(at, "this payoff is too large a number")),
        }
    }
}

/// A number as Gambit writes them: `3`, `-2.5`, `.80`, `1/3`, `1e3`,
/// read exactly; `None` for a word that is none. A number beyond 2^53 or
/// with more digits than a value holds is refused as in the tree language;
/// a fraction is judged by its value, as there, so that a probability
/// written in lowest terms with a large denominator reads back.
fn parse_number(text: &str) -> Option<Result<Value, String>> {
    let part = |part: &str| -> Option<String> {
        let unsigned = part.strip_prefix(['+', '-']).unwrap_or(part);
        let shape = unsigned.starts_with(|c: char| c.is_ascii_digit() || c == '.');
        part.parse::<f64>().ok().filter(|_| shape)?;
        Some(match unsigned.starts_with('.') {
            true => part.replacen('.', "0.", 1),
            false => part.to_string(),
        })
    };
    let number = match text.split_once('/') {
        Some((top, bottom)) => format!("{}/{}", part(top)?, part(bottom)?),
        None => part(text)?,
    };
    Some(crate::syntax::parse_number(&number).map_err(|e| e.to_string()))
}

/// Payoffs whose sum down a path has more digits than a value holds.
const TOO_PRECISE_SUM: &str =
    "the payoffs summed down to here have more digits than gametree holds exactly";

/// A chance node's moves, their probabilities, and the sum those were
/// divided by, when they summed to 1 within the tolerance only.
type ChanceMoves = (Vec<String>, (Vec<Value>, Option<Value>));

/// Payoffs as a declaration lists them: `1, -1`.
fn listed_payoffs(payoffs: &[Value]) -> String {
    let exact: Vec<String> = payoffs.iter().map(|p| p.exact().to_string()).collect();
    exact.join(", ")
}

/// Takes off the names borne by several nodes: gametree's names are
/// unique.
fn keep_unique_names(root: &mut Node, times: &HashMap<String, usize>) {
    let mut stack: Vec<&mut Node> = vec![root];
    while let Some(node) = stack.pop() {
        if node.name.as_ref().is_some_and(|n| times[n] > 1) {
            node.name = None;
        }
        stack.extend(node.children.iter_mut());
    }
}
