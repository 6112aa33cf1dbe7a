//! A game's variations (docs/RULES.md §6.4): other moves tried at its earlier positions, kept
//! with the game and written in its record as `( … )` (see [`crate::record`]).
//!
//! Two shapes of the same thing: a [`Line`] is how a record writes it (moves in order, with the
//! variations that replace each), a [`Node`] tree is how a reader walks it (each move with the
//! moves that may follow it, the first the line's own). [`Game::tree`] and [`Game::set_tree`]
//! convert between them.

use crate::game::Game;
use crate::line::Line;
use crate::record::{checked_variations, GameRecord, RecordError};

/// A move of a game tree with what may follow it. The root stands for the start: its `mv` is
/// empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move, as the rules core writes it.
    pub mv: String,
    /// The comments after the move (at the root: before the first move).
    pub comments: Vec<String>,
    /// The moves that may follow: the first continues this node's line, the others are its
    /// variations, in order.
    pub children: Vec<Node>,
}

/// Hangs `line`'s moves under `parent`, each with the variations that replace the move after it.
/// The comments before a variation's first move are kept with that move (`lead`); the main
/// line's are the root's. Built from the last move back, so that a long line takes no deep
/// recursion: only variations in variations do.
fn attach(parent: &mut Node, line: &Line, lead: bool) {
    let mut next: Option<Node> = None;
    for (i, mv) in line.moves.iter().enumerate().rev() {
        let mut node = Node {
            mv: mv.clone(),
            comments: comments_at(line, i + 1),
            children: Vec::new(),
        };
        if i == 0 && lead {
            node.comments.splice(0..0, comments_at(line, 0));
        }
        node.children.extend(next.take());
        for (_, v) in line.variations.iter().filter(|(at, _)| *at == i + 1) {
            attach(&mut node, v, true);
        }
        next = Some(node);
    }
    parent.children.extend(next);
    for (_, v) in line.variations.iter().filter(|(at, _)| *at == 0) {
        attach(parent, v, true);
    }
}

fn comments_at(line: &Line, at: usize) -> Vec<String> {
    line.comments
        .iter()
        .filter(|(n, _)| *n == at)
        .map(|(_, c)| c.clone())
        .collect()
}

/// The line that starts at `first` and follows each node's first child, with the other children
/// as its variations.
fn line_from(first: &Node) -> Line {
    let mut line = Line::default();
    let mut node = first;
    loop {
        line.moves.push(node.mv.clone());
        let n = line.moves.len();
        line.comments
            .extend(node.comments.iter().map(|c| (n, c.clone())));
        let Some((next, others)) = node.children.split_first() else {
            return line;
        };
        for v in others {
            line.variations.push((n, line_from(v)));
        }
        node = next;
    }
}

impl Game {
    /// The game as a tree: from the start, the moves played (each node's first child) with the
    /// variations tried at each.
    pub fn tree(&self) -> Node {
        let played = self.moves().len();
        let main = Line {
            moves: self.moves().iter().map(|m| m.to_string()).collect(),
            comments: self
                .comments
                .iter()
                .filter(|(at, _)| *at <= played)
                .cloned()
                .collect(),
            variations: self
                .variations
                .iter()
                .filter(|(at, _)| *at < played)
                .cloned()
                .collect(),
        };
        let mut root = Node {
            comments: comments_at(&main, 0),
            ..Node::default()
        };
        attach(&mut root, &main, false);
        root
    }

    /// Makes `tree` the game's: its first line the moves played, the rest its variations, every
    /// move checked. When the first line is the game's own moves only the variations and
    /// comments change (the moves to redo stay); otherwise the game is replayed along it, its
    /// tags kept and any ending the players declared dropped with the moves it ended.
    pub fn set_tree(&mut self, tree: &Node) -> Result<(), RecordError> {
        let main = match tree.children.first() {
            Some(first) => {
                let mut line = line_from(first);
                line.variations
                    .extend(tree.children[1..].iter().map(|v| (0, line_from(v))));
                line
            }
            None => Line::default(),
        };
        let mut comments: Vec<(usize, String)> =
            tree.comments.iter().map(|c| (0, c.clone())).collect();
        comments.extend(main.comments);
        let same = self.moves().len() == main.moves.len()
            && self
                .moves()
                .iter()
                .zip(&main.moves)
                .all(|(m, t)| m.to_string() == *t);
        if same {
            self.variations = checked_variations(self, &main.variations)?;
            self.comments = comments;
            return Ok(());
        }
        let mut record = GameRecord::from_game(self);
        record.tags.retain(|(name, _)| {
            !name.eq_ignore_ascii_case("Termination") && !name.eq_ignore_ascii_case("Result")
        });
        record.result = "*".into();
        record.moves = main.moves;
        record.comments = comments;
        record.variations = main.variations;
        *self = record.to_game()?;
        Ok(())
    }

    /// The variations of the record the game was read from, or set with [`Game::set_tree`],
    /// each with the index of the move it replaces. Those from a move taken back on belong to
    /// the moves taken back, as [`Game::comments`] do.
    pub fn variations(&self) -> &[(usize, Line)] {
        &self.variations
    }
}
