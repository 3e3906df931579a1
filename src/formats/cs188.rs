//! CS188 multi-agent autograder cases (`.test` files of class
//! `GraphGameTreeTest`).
//!
//! A case is a graph over states: `successors` lines `state action next`,
//! `evaluation` lines `state value`, a start state, win and lose states,
//! a number of agents (agent 0 is MAX, the others MIN ghosts, or chance
//! nodes moving uniformly at random for `ExpectimaxAgent`) and a depth
//! in rounds of all agents. The reader unfolds the graph into the tree the
//! case's search sees: `depth × num_agents` plies deep, a win or lose state
//! or a state at the horizon a leaf valued by its evaluation, the actions
//! as labels. A state reached twice becomes two nodes; a node is named by
//! its state where the state is reached once, and every node's state is
//! kept beside the tree ([`Case::states`]).

use std::collections::{HashMap, HashSet};

use super::{FormatError, Node, ReadOptions};
use crate::syntax::{SourceText, names};
use crate::text::quoted;
use crate::tree::MAX_DEPTH;
use crate::tree::{GameTree, Location, NodeId, Tree};
use crate::value::{Kind, Value};

/// The most nodes a case is unfolded into (a lower node limit lowers it):
/// a small graph with cycles unfolds into a tree exponential in its depth.
pub const MAX_UNFOLDED: usize = 1_000_000;

/// The agent class a case grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// `MinimaxAgent`: plain minimax.
    Minimax,
    /// `AlphaBetaAgent`: alpha-beta, pruning only on strict inequality.
    AlphaBeta,
    /// `ExpectimaxAgent`: the ghosts are chance nodes, moving uniformly at
    /// random.
    Expectimax,
}

/// What a case says besides its tree.
#[derive(Clone, Debug)]
pub struct Case {
    /// The agent class graded.
    pub agent: Agent,
    /// The case's depth, in rounds of all agents.
    pub depth: usize,
    /// The rounds unfolded: the case's depth unless another was asked.
    pub rounds: usize,
    /// How many agents move in turn (Pac-Man and the ghosts).
    pub agents: usize,
    /// The state of every node of the tree.
    pub states: HashMap<NodeId, String>,
}

impl Case {
    /// The plies the tree is unfolded to: rounds times agents.
    pub fn plies(&self) -> usize {
        self.rounds.saturating_mul(self.agents)
    }

    /// The `.solution` file the autograder expects of a search that chose
    /// `best` at the root and generated `generated` (the nodes it entered
    /// or evaluated): the root's action, and the states generated, sorted
    /// and once each.
    pub fn solution(&self, tree: &Tree, best: Option<NodeId>, generated: &[NodeId]) -> String {
        let action = best.and_then(|n| tree.label(n)).unwrap_or_default();
        let mut states: Vec<&str> = generated
            .iter()
            .filter_map(|n| self.states.get(n).map(String::as_str))
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        states.sort_unstable();
        format!(
            "action: \"{action}\"\ngenerated: \"{}\"\n",
            states.join(" ")
        )
    }
}

/// The agent class a case's text names (`alg: "MinimaxAgent"`), if it
/// reads that far: a caller may choose its search before reading the case.
pub fn agent(text: &str) -> Option<Agent> {
    let source = SourceText::new("", text);
    let fields = fields(&source).ok()?;
    agent_named(fields.get("alg")?.value)
}

fn agent_named(name: &str) -> Option<Agent> {
    match name {
        "MinimaxAgent" => Some(Agent::Minimax),
        "AlphaBetaAgent" => Some(Agent::AlphaBeta),
        "ExpectimaxAgent" => Some(Agent::Expectimax),
        _ => None,
    }
}

/// One `key: "value"` of the file, with the line its value starts on.
struct Field<'a> {
    value: &'a str,
    line: usize,
}

/// Reads a case: its tree, unfolded, and what it says besides.
pub fn read(path: &str, text: &str, options: &ReadOptions) -> Result<(Tree, Case), FormatError> {
    let source = SourceText::new(path, text);
    let fields = fields(&source)?;
    let get = |key: &str| {
        fields.get(key).ok_or_else(|| {
            let end = source.location(text.len());
            let message = format!("the case has no `{key}`: a GraphGameTreeTest case needs it");
            FormatError::Syntax(source.error_at_location(end, &message))
        })
    };
    let at = |field: &Field<'_>, message: &str| {
        FormatError::Unsupported(source.error_at(offset_in(text, field.value), message))
    };
    let class = get("class")?;
    if class.value != "GraphGameTreeTest" {
        let message = format!(
            "a {} case holds no game tree: gametree reads GraphGameTreeTest cases",
            quoted(class.value)
        );
        return Err(at(class, &message));
    }
    let alg = get("alg")?;
    let Some(agent) = agent_named(alg.value) else {
        let message = format!(
            "unknown agent `{}`: alg is MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent",
            quoted(alg.value)
        );
        return Err(at(alg, &message));
    };
    let depth = count(get("depth")?, &source)?;
    let agents = count(get("num_agents")?, &source)?;
    if agents == 0 {
        return Err(at(get("num_agents")?, "a case needs at least one agent"));
    }
    let graph = Graph::read(&source, &get)?;
    let case = Case {
        agent,
        depth,
        rounds: options.rounds.unwrap_or(depth),
        agents,
        states: HashMap::new(),
    };
    if case.plies() > MAX_DEPTH {
        // The rounds are the case's depth, or else were asked for: the
        // number of agents is then the file's share of the plies.
        let field = get(if options.rounds.is_none() {
            "depth"
        } else {
            "num_agents"
        })?;
        let message = format!(
            "{} plies ({} rounds of {agents} agents) is deeper than gametree searches \
             ({MAX_DEPTH})",
            case.plies(),
            case.rounds
        );
        return Err(at(field, &message));
    }
    let max_nodes = options.limits.max_nodes.min(MAX_UNFOLDED);
    let ghosts = match agent {
        Agent::Expectimax => Kind::Chance,
        Agent::Minimax | Agent::AlphaBeta => Kind::Min,
    };
    let (root, states) = graph.unfold(&source, case.plies(), (agents, ghosts), max_nodes)?;
    let tree = Node::build(&root, &source, &options.limits).map_err(FormatError::Syntax);
    root.drop_deep();
    let tree = tree?;
    let states = tree.nodes().zip(states).collect();
    Ok((tree, Case { states, ..case }))
}

/// The first column of `line`.
fn line_start(line: usize) -> Location {
    Location { line, column: 1 }
}

/// The byte offset of `part`, a slice of `text`, in `text`.
fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// A field's value as a whole number.
fn count(field: &Field<'_>, source: &SourceText<'_>) -> Result<usize, FormatError> {
    field.value.trim().parse().map_err(|_| {
        let message = format!("`{}` is not a whole number", quoted(field.value));
        FormatError::Syntax(source.error_at(offset_in(source.text(), field.value), &message))
    })
}

/// Refuses a state or an action holding a control or bidirectional
/// character (it would name a node or label an edge), at that character.
fn refuse_hidden(source: &SourceText<'_>, word: &str, what: &str) -> Result<(), FormatError> {
    match names::refuse_hidden(word, what) {
        None => Ok(()),
        Some(refusal) => {
            let at = offset_in(source.text(), word) + refusal.offset.unwrap_or(0);
            Err(FormatError::Syntax(source.error_at(at, &refusal.message)))
        }
    }
}

/// An evaluation's value: a number, exact as in the tree language (an
/// infinity, `inf`, as Python writes it, too).
fn evaluation_value(word: &str) -> Option<Result<Value, String>> {
    let unsigned = word.trim_start_matches(['+', '-']).to_ascii_lowercase();
    if unsigned == "inf" || unsigned == "infinity" {
        let negative = word.starts_with('-');
        return Some(Ok(if negative {
            Value::NEG_INF
        } else {
            Value::POS_INF
        }));
    }
    word.parse::<f64>().ok().filter(|x| !x.is_nan())?;
    Some(crate::syntax::parse_number(word).map_err(|too_large| too_large.to_string()))
}

/// The `key: "value"` and `key: """ ... """` fields of the file; `#`
/// lines are comments.
fn fields<'a>(source: &SourceText<'a>) -> Result<HashMap<&'a str, Field<'a>>, FormatError> {
    let text = source.text();
    let mut fields = HashMap::new();
    let mut lines = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .peekable();
    let mut offset = 0;
    let mut offsets = Vec::new();
    for line in text.split('\n') {
        offsets.push(offset);
        offset += line.len() + 1;
    }
    while let Some((number, raw)) = lines.next() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let refused = |message: &str| {
            FormatError::Syntax(source.error_at_location(line_start(number), message))
        };
        let Some((key, rest)) = line.split_once(':') else {
            return Err(refused("expected `key: \"value\"`"));
        };
        let rest = rest.trim();
        let field = if rest == "\"\"\"" {
            let start = offsets.get(number).copied().unwrap_or(text.len());
            let mut end = start;
            loop {
                let Some((_, inner)) = lines.next() else {
                    return Err(refused("this `\"\"\"` is never closed"));
                };
                if inner.trim_end_matches('\r') == "\"\"\"" {
                    break;
                }
                end += inner.len() + 1;
            }
            Field {
                value: &text[start..end.min(text.len())],
                line: number + 1,
            }
        } else if rest.len() >= 2 && rest.starts_with('"') && rest.ends_with('"') {
            Field {
                value: &rest[1..rest.len() - 1],
                line: number,
            }
        } else {
            return Err(refused(
                "expected a value in double quotes, or `\"\"\"` and lines",
            ));
        };
        fields.insert(key.trim(), field);
    }
    Ok(fields)
}

/// The case's graph: successors and evaluations, with where each is
/// written.
struct Graph<'a> {
    start: (&'a str, usize),
    terminal: HashSet<&'a str>,
    successors: HashMap<&'a str, Vec<(&'a str, &'a str, usize)>>,
    evaluation: HashMap<&'a str, Value>,
}

impl<'a> Graph<'a> {
    fn read(
        source: &SourceText<'_>,
        get: &dyn Fn(&str) -> Result<&'a Field<'a>, FormatError>,
    ) -> Result<Graph<'a>, FormatError> {
        let start = get("start_state")?;
        refuse_hidden(source, start.value.trim(), "state")?;
        let mut terminal = HashSet::new();
        for key in ["win_states", "lose_states"] {
            terminal.extend(get(key)?.value.split_whitespace());
        }
        let mut successors: HashMap<&str, Vec<_>> = HashMap::new();
        for (line, words) in lines(get("successors")?) {
            let [state, action, next] = words[..] else {
                let message = "a successor line is `state action next`";
                return Err(FormatError::Syntax(
                    source.error_at_location(line_start(line), message),
                ));
            };
            refuse_hidden(source, state, "state")?;
            refuse_hidden(source, action, "action")?;
            refuse_hidden(source, next, "state")?;
            successors
                .entry(state)
                .or_default()
                .push((action, next, line));
        }
        let mut evaluation = HashMap::new();
        for (line, words) in lines(get("evaluation")?) {
            let value = match words[..] {
                [_, value] => evaluation_value(value),
                _ => None,
            };
            let value = match value {
                Some(Ok(value)) => value,
                Some(Err(too_large)) => {
                    let at = offset_in(source.text(), words[1]);
                    return Err(FormatError::Syntax(source.error_at(at, &too_large)));
                }
                None => {
                    let message = "an evaluation line is `state value`, the value a number";
                    return Err(FormatError::Syntax(
                        source.error_at_location(line_start(line), message),
                    ));
                }
            };
            evaluation.insert(words[0], value);
        }
        Ok(Graph {
            start: (start.value.trim(), start.line),
            terminal,
            successors,
            evaluation,
        })
    }

    /// The tree of the search from the start state, `plies` deep, and the
    /// state of each node in preorder.
    fn unfold(
        &self,
        source: &SourceText<'_>,
        plies: usize,
        (agents, ghosts): (usize, Kind),
        max_nodes: usize,
    ) -> Result<(Node, Vec<String>), FormatError> {
        let mut made = 0usize;
        let mut preorder = Vec::new();
        let mut context = Context {
            source,
            plies,
            agents,
            ghosts,
            max_nodes,
            made: &mut made,
            preorder: &mut preorder,
        };
        let (state, line) = self.start;
        let mut root = crate::stack::with_stack_for_depth(plies, || {
            self.node(state, None, line, 0, &mut context)
        })?;
        let mut times: HashMap<&str, usize> = HashMap::new();
        for state in &preorder {
            *times.entry(state).or_default() += 1;
        }
        crate::stack::with_stack_for_depth(plies, || {
            name_unique_states(&mut root, &preorder, &times, &mut 0)
        });
        Ok((root, preorder))
    }

    fn node(
        &self,
        state: &str,
        action: Option<&str>,
        line: usize,
        ply: usize,
        context: &mut Context<'_, '_>,
    ) -> Result<Node, FormatError> {
        *context.made += 1;
        if *context.made > context.max_nodes {
            let message = format!(
                "the unfolded tree has more than {} nodes, the limit it is read with",
                context.max_nodes
            );
            return Err(context.refuse(line, &message));
        }
        context.preorder.push(state.to_string());
        let mut node = Node {
            label: action.map(str::to_string),
            location: Some(line_start(line)),
            ..Node::default()
        };
        let moves = self.successors.get(state).map_or(&[][..], Vec::as_slice);
        let leaf = self.terminal.contains(state) || ply >= context.plies || moves.is_empty();
        if leaf {
            let Some(value) = self.evaluation.get(state) else {
                let message = format!(
                    "the search evaluates state `{}` here (ply {ply}), but it has no \
                     evaluation line",
                    quoted(state)
                );
                return Err(context.refuse(line, &message));
            };
            node.value = Some(*value);
            return Ok(node);
        }
        node.kind = Some(match ply % context.agents {
            0 => Kind::Max,
            _ => context.ghosts,
        });
        for &(action, next, at) in moves {
            let child = self.node(next, Some(action), at, ply + 1, context)?;
            node.children.push(child);
        }
        Ok(node)
    }
}

/// What unfolding carries down.
struct Context<'s, 't> {
    source: &'s SourceText<'t>,
    plies: usize,
    agents: usize,
    /// The ghosts' kind: MIN, or chance for expectimax.
    ghosts: Kind,
    max_nodes: usize,
    made: &'s mut usize,
    preorder: &'s mut Vec<String>,
}

impl Context<'_, '_> {
    fn refuse(&self, line: usize, message: &str) -> FormatError {
        FormatError::Unsupported(self.source.error_at_location(line_start(line), message))
    }
}

/// Names each node by its state where the state is reached once and can
/// name a node (a state `@1`, `none` or `root` below the root cannot: its
/// node keeps its path as id); `index` counts nodes in preorder.
fn name_unique_states(
    node: &mut Node,
    preorder: &[String],
    times: &HashMap<&str, usize>,
    index: &mut usize,
) {
    let state = &preorder[*index];
    if times[state.as_str()] == 1 && names::refuse_name(state, *index == 0).is_none() {
        node.name = Some(state.clone());
    }
    *index += 1;
    for child in &mut node.children {
        name_unique_states(child, preorder, times, index);
    }
}

/// The non-blank lines of a multi-line field, split into words, with their
/// line numbers.
fn lines<'a>(field: &Field<'a>) -> impl Iterator<Item = (usize, Vec<&'a str>)> {
    let first = field.line;
    field
        .value
        .split('\n')
        .enumerate()
        .map(move |(i, l)| (first + i, l.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, words)| !words.is_empty())
}
