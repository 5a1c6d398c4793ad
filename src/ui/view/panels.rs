//! The side panels: players and the side to move, check and result, the
//! cell under the cursor, the computer's thinking and the hint, captured
//! pieces, the variant's notes, and the move list in rounds.
//!
//! Every line is laid out for the panel's width here, so nothing is cut:
//! sentences break between words ([`wrap_words`]), and the move list puts
//! as many of a round's moves on a line as fit, one column per move as wide
//! as an ordinary move of the variant (a longer one takes two), continuing
//! a round on the next line when the panel is narrow, each move then
//! tagged with its army where a round has more than two: every seat's move
//! is always shown.

use super::wrap::{wrap_items, wrap_words};
use super::{Look, plain};
use crate::session::app::Playing;
use crate::session::computer::{Purpose, Thinking};
use crate::session::describe;
use crate::session::speech::Voice;
use crate::session::table::TableGame;
use crate::session::words::capitalise;
use crate::ui::glyphs::GlyphDrawing;
use catboard::ai::score;
use catboard::core::{Game, Piece, Seat};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph};
use unicode_width::UnicodeWidthStr;

/// The narrowest panel drawn beside a board (its borders included).
pub const PANEL_MIN: u16 = 34;

/// The widest panel: more would only spread a round of four seats' moves.
pub const PANEL_MAX: u16 = 64;

/// Columns a panel's borders and padding take.
const FRAME: u16 = 4;

/// The result as a score (`1-0`, `1/2-1/2`), for two-seat games only.
fn result_score(table: &TableGame, outcome: catboard::core::Outcome) -> Option<&'static str> {
    (table.players().len() == 2).then(|| outcome.score())
}

/// The fewest columns a written move is given in the move list.
const MOVE_COLUMN: usize = 7;

/// How the move list is laid out at one width: the round number's
/// columns, each move's column and how many moves share a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveGrid {
    /// Columns of the round number and its dot (`  12.`).
    pub number: usize,
    /// Columns of one move: a space, the current-move mark, the move.
    pub slot: usize,
    /// Moves on one line (a round longer than that goes on over lines).
    pub per_line: usize,
    /// Seats in a round.
    pub seats: usize,
    /// Columns of the army's tag before each move (`R:`), when a round of
    /// more than two seats does not fit a line; 0 otherwise.
    pub tag: usize,
    /// Whether the list opens with the seats' names over their columns
    /// (more than two seats, a round to a line).
    pub header: bool,
}

impl MoveGrid {
    /// The grid for `p`'s moves in a panel whose text is `width` columns.
    ///
    /// The columns are the same all game long, whatever is played: as wide
    /// as an ordinary move of the variant ([`nominal_move_width`]); a
    /// longer entry (Cat Chess's "Cats pass", a flag falling) takes as many
    /// columns as it needs, so the panel never widens and the board never
    /// moves.
    pub fn of(p: &Playing, width: usize) -> MoveGrid {
        MoveGrid::with_marks(p, width, mark_room(p))
    }

    /// The grid with `marks` columns after each move for its class mark
    /// (`?!`): the panel's width is reckoned without them, so showing an
    /// analysis never moves the board (a round may take more lines).
    fn with_marks(p: &Playing, width: usize, marks: usize) -> MoveGrid {
        let table = &p.table;
        let seats = table.players().len().max(1);
        let rounds = table.ply() + table.undone_notation().count() + seats;
        let last_round = usize::from(table.first_round()) + rounds / seats;
        let number = last_round.to_string().len().max(3) + 1;
        let slot = nominal_move_width(table.game()) + marks + 2;
        let fits_round = number + seats * slot <= width;
        let tag = if seats > 2 && !fits_round {
            army_tags(table.game())
                .iter()
                .map(|t| t.width())
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let slot = slot + tag;
        let per_line = (width.saturating_sub(number) / slot).clamp(1, seats);
        MoveGrid {
            number,
            slot,
            per_line,
            seats,
            tag,
            header: seats > 2 && fits_round,
        }
    }

    /// The text width that puts a whole round on one line.
    pub fn one_line_width(self) -> usize {
        self.number + self.seats * self.slot
    }
}

/// The columns of an ordinary move of `game`'s variant: a piece's two
/// letters, two cell names, a capture mark and a check or promotion mark
/// (`+Dxa10-b11`, `Qxh8+`), at least [`MOVE_COLUMN`]. It depends on the
/// board alone, so the move list's columns (and the panel's width) stay
/// the same all game.
pub fn nominal_move_width(game: &impl Game) -> usize {
    let geo = game.geometry();
    let cell = geo.cells().map(|c| geo.name(c).width()).max().unwrap_or(2);
    (2 * cell + 3).max(MOVE_COLUMN)
}

/// Each seat's tag in a move list of more than two seats that is too
/// narrow for a round on a line: the seats' initials and a colon (`R:`),
/// or their whole names where two initials are the same.
fn army_tags(game: &impl Game) -> Vec<String> {
    let names = game.seat_names();
    let initials: Vec<String> = names
        .iter()
        .map(|n| capitalise(n).chars().take(1).collect())
        .collect();
    let distinct = initials
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .len()
        == initials.len();
    if distinct {
        initials.into_iter().map(|i| format!("{i}:")).collect()
    } else {
        names
            .iter()
            .map(|n| format!("{}:", capitalise(n)))
            .collect()
    }
}

/// The columns a move's class mark (`?!`, `?`, `??`) may add: two when
/// the game's analysis is shown.
fn mark_room(p: &Playing) -> usize {
    if p.shown_analysis().is_some() { 2 } else { 0 }
}

/// The width the panels want: room for a round of moves on one line, and
/// for the longest player line. It is the same all game long (the move
/// list's columns are the variant's, not the moves').
pub fn wanted_width(p: &Playing) -> u16 {
    let grid = MoveGrid::with_marks(p, usize::MAX / 2, 0);
    let players = p
        .table
        .players()
        .iter()
        .map(|pl| 2 + 8 + pl.label().width())
        .max()
        .unwrap_or(0);
    (grid.one_line_width().max(players) as u16 + FRAME).clamp(PANEL_MIN, PANEL_MAX)
}

/// The fewest rows the move box needs: its borders and the current
/// round's lines (a move longer than a column, or a round broken over
/// lines, takes more than one).
pub fn moves_box_min(look: &Look, p: &Playing, width: u16) -> u16 {
    let laid = lay_out_moves(look, p, width.saturating_sub(FRAME) as usize);
    let (start, end) = laid.round;
    (end - start).max(1) as u16 + 2 + u16::from(laid.header.is_some())
}

/// Draws the panels into `area`: the game box on top, the moves below.
pub fn draw(look: &Look, p: &Playing, frame: &mut Frame<'_>, area: Rect) {
    draw_with(look, p, frame, area, false);
}

/// Draws the panels; for the screen reader view (`still`), nothing in
/// them follows the cursor or the search's progress, so they redraw only
/// when the game changes.
pub fn draw_with(look: &Look, p: &Playing, frame: &mut Frame<'_>, area: Rect, still: bool) {
    let text_width = area.width.saturating_sub(FRAME) as usize;
    let moves_min = moves_box_min(look, p, area.width);
    let room = area.height.saturating_sub(moves_min).saturating_sub(2) as usize;
    let game_lines = game_lines(look, p, text_width, room, still);
    let game_height = (game_lines.len() as u16 + 2).min(area.height);
    let top = Rect {
        height: game_height,
        ..area
    };
    let bottom = Rect {
        y: area.y + game_height,
        height: area.height - game_height,
        ..area
    };
    let block = |title: String| {
        Block::bordered()
            .border_set(look.glyphs.border())
            .border_style(look.dim())
            .padding(Padding::horizontal(1))
            .title(Span::styled(title, look.accent()))
    };
    frame.render_widget(
        Paragraph::new(game_lines).block(block(format!(" {} ", p.table.variant().name()))),
        top,
    );
    if bottom.height < 3 {
        return;
    }
    if p.cell_list && !still {
        let cell_block = block(" Cell ".to_string());
        let inner = cell_block.inner(bottom);
        frame.render_widget(cell_block, bottom);
        let mut lines = super::cell_list::lines(look, p, inner.width as usize);
        lines.truncate(inner.height as usize);
        frame.render_widget(Paragraph::new(lines), inner);
        return;
    }
    let bottom_graph = graph_rows(p, bottom.height, moves_min);
    let bottom = match bottom_graph {
        Some(rows) => {
            let moves = Rect {
                height: bottom.height - rows,
                ..bottom
            };
            let graph = Rect {
                y: moves.bottom(),
                height: rows,
                ..bottom
            };
            super::eval_graph::draw(look, p, frame, graph);
            moves
        }
        None => bottom,
    };
    // With no room for the graph, the move box's title says how far the
    // analysis under way has got.
    let moves_title = match (&bottom_graph, p.analysing()) {
        (None, Some(_)) => format!(" Moves ·{}", super::eval_graph::title(p)),
        _ => " Moves ".to_string(),
    };
    let moves_block = block(moves_title);
    let inner = moves_block.inner(bottom);
    frame.render_widget(moves_block, bottom);
    frame.render_widget(
        Paragraph::new(move_lines(
            look,
            p,
            inner.width as usize,
            inner.height as usize,
            p.move_list_scroll,
        )),
        inner,
    );
}

/// The rows of the evaluation graph under the move list, when there is
/// an analysis to show and room for it beside the move box's `moves_min`
/// rows in `height`: half the room, within the graph's least and most.
pub fn graph_rows(p: &Playing, height: u16, moves_min: u16) -> Option<u16> {
    use super::eval_graph::{GRAPH_MAX, GRAPH_MIN, wanted};
    let room = height.checked_sub(moves_min)?;
    (wanted(p) && room >= GRAPH_MIN).then(|| (height / 2).clamp(GRAPH_MIN, GRAPH_MAX).min(room))
}

/// A node count for people: `812`, `41k`, `1.3M`.
fn count(nodes: u64) -> String {
    match nodes {
        0..1_000 => nodes.to_string(),
        1_000..1_000_000 => format!("{}k", nodes / 1_000),
        _ => format!("{:.1}M", nodes as f64 / 1e6),
    }
}

/// `text` broken between words to `width`, each line in `style`.
fn wrapped(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    wrap_words(text, width)
        .into_iter()
        .map(|l| Line::styled(l, style))
        .collect()
}

/// What the search under way has found: who thinks and at what level, the
/// depth, evaluation and nodes, and the expected line.
fn thinking_lines(look: &Look, p: &Playing, t: &Thinking, width: usize) -> Vec<Line<'static>> {
    let game = p.table.game();
    let seat = capitalise(game.seat_name(t.seat));
    let dots = plain(look, "…");
    let head = match t.purpose {
        Purpose::Move => format!("{seat} thinks{dots}"),
        Purpose::Hint => format!("Finding a hint{dots}"),
        Purpose::DrawOffer => format!("Weighing the draw{dots}"),
        Purpose::Requested => format!("The computer chooses {seat}'s move{dots}"),
    };
    let mut lines = wrapped(&head, width, look.accent());
    match &t.progress {
        Some(progress) => {
            let figures = format!(
                "Depth {}  eval {}  {} nodes",
                progress.depth,
                score::describe(progress.score),
                count(progress.nodes)
            );
            lines.extend(wrapped(&figures, width, look.text()));
            if !progress.line.is_empty() {
                let text = format!("Line {}", progress.line.join(" "));
                if let Some(first) = wrap_words(&text, width).into_iter().next() {
                    lines.push(Line::styled(first, look.dim()));
                }
            }
        }
        // Another engine's search has no figures to show.
        None if t.purpose == Purpose::Move && p.table.engine(t.seat).is_some() => {}
        None => lines.push(Line::styled("Depth 0", look.dim())),
    }
    lines
}

/// The line of one seat: the to-move mark, its name and who plays it,
/// the player's words on the next line when the panel is narrow.
fn seat_lines(look: &Look, p: &Playing, seat: Seat, width: usize) -> Vec<Line<'static>> {
    let game = p.shown_game();
    let moving = seat == game.to_move() && p.shown_outcome().is_none();
    let mark = if moving {
        look.glyphs.marks().to_move
    } else {
        " "
    };
    let style = if moving { look.accent() } else { look.text() };
    let name = format!("{:<7}", capitalise(game.seat_name(seat)));
    let label = p
        .table
        .players()
        .get(seat.index())
        .map(|pl| match p.people.get(seat.index()) {
            Some(Some(name)) if pl.level().is_none() => name.clone(),
            _ => p.table.player_label(seat),
        })
        .unwrap_or_default();
    let head = 2 + name.width();
    if head + label.width() <= width {
        return vec![Line::from(vec![
            Span::styled(format!("{mark} "), style),
            Span::styled(name, style),
            Span::styled(label, look.dim()),
        ])];
    }
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{mark} "), style),
        Span::styled(name.trim_end().to_string(), style),
    ])];
    for part in wrap_words(&label, width.saturating_sub(4)) {
        lines.push(Line::styled(format!("    {part}"), look.dim()));
    }
    lines
}

/// The line of a seat's clock, in a timed game: `  Clock 4:58`, with
/// tenths under ten seconds (the low time told by the figures, not only
/// by colour), `out of time` once its flag has fallen.
fn clock_line(look: &Look, p: &Playing, seat: Seat) -> Option<Line<'static>> {
    // Under review, the clocks as the reviewed position had them.
    let reviewed = p.review.as_ref().map(|r| r.ply);
    let left = match reviewed {
        Some(ply) => *p.table.clocks_at(ply)?.get(seat.index())?,
        None => *p.clock_faces.get(seat.index())?,
    };
    let game = p.shown_game();
    let gone = game.retirements().of(seat) == Some(catboard::core::Departure::Flagged);
    let running = reviewed.is_none()
        && seat == game.to_move()
        && p.table.outcome().is_none()
        && p.timer.is_running();
    let text = if gone {
        "  Clock 0:00.0, out of time".to_string()
    } else {
        format!("  Clock {}", catboard::clock::shown(left))
    };
    let style = if gone || (running && left < catboard::clock::LOW_TIME) {
        look.error()
    } else if running {
        look.accent()
    } else {
        look.dim()
    };
    Some(Line::styled(text, style))
}

/// A group of the game box's lines and how much it matters: when the
/// panel is short, the least important groups are left out whole.
struct Group {
    lines: Vec<Line<'static>>,
    priority: u8,
}

/// The game box: each seat and its player, the side to move, check or the
/// result, the computer's thinking, the hint, captured pieces and the
/// variant's notes; as many groups as `room` lines hold, the least
/// important left out first.
pub(super) fn game_lines(
    look: &Look,
    p: &Playing,
    width: usize,
    room: usize,
    still: bool,
) -> Vec<Line<'static>> {
    // Everything here is of the position shown: the reviewed one in
    // review, else the live one.
    let game = p.shown_game();
    let outcome = p.shown_outcome();
    let to_move = game.to_move();
    let mut groups: Vec<Group> = Vec::new();
    let mut group =
        |lines: Vec<Line<'static>>, priority: u8| groups.push(Group { lines, priority });
    for i in 0..p.table.players().len() {
        // Each seat's group is its name and player, and its clock in a
        // timed game, kept or left out together.
        let seat = Seat(i as u8);
        let mut lines = seat_lines(look, p, seat, width);
        lines.extend(clock_line(look, p, seat));
        group(lines, 10);
    }
    if let Some(r) = &p.review {
        let text = format!("Reviewing move {} of {}; Esc returns", r.ply, p.table.ply());
        group(wrapped(&text, width, look.accent()), 10);
    }
    match outcome {
        Some(o) => {
            let mut lines = Vec::new();
            if let Some(score) = result_score(&p.table, o) {
                lines.push(Line::styled(format!("Result {score}"), look.accent()));
            }
            let why = plain(look, &p.table.outcome_words(o));
            lines.extend(wrapped(&why, width, look.accent()));
            group(lines, 10);
        }
        None if game.in_check() => group(
            wrapped(
                &format!("{} is in check!", capitalise(game.seat_name(to_move))),
                width,
                look.error(),
            ),
            9,
        ),
        // The thinking line below says who is to move.
        None if p.review.is_none()
            && p.thinking
                .as_ref()
                .is_some_and(|t| t.purpose == Purpose::Move) => {}
        None => group(
            wrapped(
                &format!("{} to move", capitalise(game.seat_name(to_move))),
                width,
                look.text(),
            ),
            9,
        ),
    }
    // The search and the hint are of the live position: not shown in
    // review.
    if outcome.is_none() && p.review.is_none() {
        if let Some(t) = &p.thinking {
            let mut said = thinking_lines(look, p, t, width);
            if still {
                said.truncate(1);
            }
            group(said, 8);
        } else if p.paused && p.table.player_to_move().level().is_some() {
            group(wrapped("Computer paused (s resumes)", width, look.dim()), 8);
        }
    }
    if let Some(mv) = p.hint.filter(|_| p.review.is_none()) {
        let text = format!("Hint: {}", game.move_notation(mv));
        group(labelled_lines(look, "Hint", &text[6..], width), 7);
    }
    // The cell under the cursor in words, for magnifiers and a quick look
    // (the cell list says more, when it is shown).
    if !p.cell_list && !still {
        group(
            wrapped(
                &describe::cell(game, Voice::SCREEN, p.cursor),
                width,
                look.dim(),
            ),
            3,
        );
    }
    for i in 0..p.table.players().len() {
        let seat = Seat(i as u8);
        let taken: Vec<String> = p
            .table
            .captured_by_at(seat, p.shown_ply())
            .into_iter()
            .map(|piece: Piece| look.glyphs.piece_text(game, piece))
            .collect();
        if !taken.is_empty() {
            let label = format!("{} took", capitalise(game.seat_name(seat)));
            group(labelled_lines(look, &label, &taken.join(""), width), 4);
        }
    }
    for note in game.annotations().notes {
        group(
            labelled_lines(look, note.label, &note.value.to_string(), width),
            5,
        );
    }
    group(series_lines(look, &p.table, width), 6);
    // Leave out the least important groups until the rest fit.
    let mut total: usize = groups.iter().map(|g| g.lines.len()).sum();
    while total > room {
        let Some(lowest) = groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.priority < 10 && !g.lines.is_empty())
            .min_by_key(|(i, g)| (g.priority, usize::MAX - i))
            .map(|(i, _)| i)
        else {
            break;
        };
        total -= groups[lowest].lines.len();
        groups[lowest].lines.clear();
    }
    groups.into_iter().flat_map(|g| g.lines).collect()
}

/// The series, for a variant that scores points once a game of it has
/// ended: "Series: game 2" and each seat's total, this game counted when
/// it is over.
fn series_lines(look: &Look, table: &TableGame, width: usize) -> Vec<Line<'static>> {
    if !table.shows_series() {
        return Vec::new();
    }
    let mut lines = labelled_lines(
        look,
        "Series",
        &format!("game {}", table.series().current_game()),
        width,
    );
    let totals = describe::series_totals(table.game(), &table.series_with_this_game());
    lines.extend(labelled_lines(look, "Totals", &totals, width));
    lines
}

/// "`label`: `value`" broken between words into lines of at most `width`
/// columns, the label dimmed; a list (`Red 0, Orange 0`) only between its
/// items. A value with no spaces (captured pieces) is broken between its
/// characters.
fn labelled_lines(look: &Look, label: &str, value: &str, width: usize) -> Vec<Line<'static>> {
    let prefix = format!("{label}: ");
    let spaced = if value.contains(' ') || value.width() + prefix.width() <= width {
        value.to_string()
    } else {
        // A run of glyphs is broken anywhere: each glyph is a word.
        let glyphs: Vec<String> = value.chars().map(String::from).collect();
        return chunked(look, &prefix, &glyphs, width);
    };
    // A list (`Red 0, Orange 0`) breaks between its items, other words
    // between words; the label stays with the first.
    let mut items: Vec<String> = if spaced.contains(", ") {
        let parts: Vec<&str> = spaced.split(", ").collect();
        let last = parts.len() - 1;
        parts
            .iter()
            .enumerate()
            .map(|(i, item)| {
                if i < last {
                    format!("{item},")
                } else {
                    item.to_string()
                }
            })
            .collect()
    } else {
        spaced.split_whitespace().map(str::to_string).collect()
    };
    match items.first_mut() {
        Some(first) => first.insert_str(0, &prefix),
        None => items.push(prefix.clone()),
    }
    wrap_items(&items, width)
        .into_iter()
        .enumerate()
        .map(
            |(i, part)| match part.strip_prefix(&prefix).filter(|_| i == 0) {
                Some(rest) => Line::from(vec![
                    Span::styled(prefix.clone(), look.dim()),
                    Span::styled(rest.to_string(), look.text()),
                ]),
                None => Line::styled(part, look.text()),
            },
        )
        .collect()
}

/// `prefix` then `items` run together, broken between items at `width`.
fn chunked(look: &Look, prefix: &str, items: &[String], width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut first = true;
    for item in items {
        let used = if first { prefix.width() } else { 0 } + current.width();
        if used + item.width() > width.max(1) && !current.is_empty() {
            lines.push(std::mem::take(&mut current));
            first = false;
        }
        current.push_str(item);
    }
    lines.push(current);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            if i == 0 {
                Line::from(vec![
                    Span::styled(prefix.to_string(), look.dim()),
                    Span::styled(text, look.text()),
                ])
            } else {
                Line::styled(text, look.text())
            }
        })
        .collect()
}

/// The move list at `width` × `height`, numbered by rounds, scrolled so
/// the current move shows (or `scroll` lines further back, when the list
/// was scrolled by the mouse wheel); moves taken back (that redo would
/// replay) follow, dimmed.
pub fn move_lines(
    look: &Look,
    p: &Playing,
    width: usize,
    height: usize,
    scroll: usize,
) -> Vec<Line<'static>> {
    let MoveList {
        header,
        mut lines,
        current_line,
        round,
    } = lay_out_moves(look, p, width);
    // The seats' names stay over their columns however far the list runs.
    let (header, height) = match header {
        Some(h) if height >= 2 => (Some(h), height - 1),
        _ => (None, height),
    };
    // Keep the current move's line in view with one line after it when
    // there is one, and its round's first line when there is room (or as
    // far back as the wheel scrolled).
    let height = height.max(1);
    let end = lines
        .len()
        .min((current_line + 2).max(height))
        .min(round.0 + height)
        .max(current_line + 1)
        .saturating_sub(scroll)
        .max(height.min(lines.len()));
    lines.drain(..end.saturating_sub(height));
    lines.truncate(height);
    header.into_iter().chain(lines).collect()
}

/// The whole move list laid out at one width, before scrolling.
struct MoveList {
    /// The seats' names over their columns, when the grid has them.
    header: Option<Line<'static>>,
    /// Every line of moves.
    lines: Vec<Line<'static>>,
    /// The line of the current move.
    current_line: usize,
    /// The first line of the current move's round, and the line after it.
    round: (usize, usize),
}

/// The move list at `width`, numbered by rounds, every line of it.
fn lay_out_moves(look: &Look, p: &Playing, width: usize) -> MoveList {
    let grid = MoveGrid::of(p, width);
    let seats = grid.seats;
    let first = p.table.first_mover().index() % seats;
    let classes = p.shown_analysis().map(|a| a.classes()).unwrap_or_default();
    let played: Vec<String> = p
        .table
        .notation()
        .enumerate()
        .map(|(i, m)| {
            let mark = classes.get(i).copied().flatten().map_or("", |c| c.mark());
            format!("{m}{mark}")
        })
        .collect();
    let undone: Vec<&str> = p.table.undone_notation().collect();
    // The move last played, or in review the move of the position shown.
    let current = match &p.review {
        Some(r) => r.ply.checked_sub(1),
        None => played.len().checked_sub(1),
    };
    let all: Vec<(&str, Style, bool)> = played
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let is_current = Some(i) == current;
            let style = if is_current {
                look.highlight()
            } else {
                look.text()
            };
            (m.as_str(), style, is_current)
        })
        .chain(undone.iter().map(|m| (*m, look.dim(), false)))
        .collect();
    if all.is_empty() {
        return MoveList {
            header: None,
            lines: vec![Line::styled("No moves yet.", look.dim())],
            current_line: 0,
            round: (0, 1),
        };
    }
    let first_round = usize::from(p.table.first_round());
    let rounds = (first + all.len()).div_ceil(seats);
    let tags = if grid.tag > 0 {
        army_tags(p.table.game())
    } else {
        Vec::new()
    };
    let indent = || Span::raw(" ".repeat(grid.number));
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut header = None;
    if grid.header {
        // The seats' names over their columns.
        let game = p.table.game();
        let mut spans = vec![indent()];
        for seat in 0..seats {
            let name: String = capitalise(game.seat_name(Seat(seat as u8)))
                .chars()
                .take(grid.slot - 2)
                .collect();
            spans.push(Span::styled(
                format!("  {name:<w$}", w = grid.slot - 2),
                look.dim(),
            ));
        }
        header = Some(Line::from(spans));
    }
    let mut current_line = 0;
    let current_round = current.map_or(0, |i| (first + i) / seats);
    let mut round_lines = (0, 0);
    for round in 0..rounds {
        if round == current_round {
            round_lines.0 = lines.len();
        }
        let mut spans = vec![Span::styled(
            format!("{:>w$}.", round + first_round, w = grid.number - 1),
            look.dim(),
        )];
        // Slots filled on this line: an entry longer than a column takes
        // as many as it needs, starting a line of its own when the rest
        // of this one is too short.
        let mut on_line = 0;
        for slot in round * seats..(round + 1) * seats {
            let entry = slot.checked_sub(first).and_then(|i| all.get(i));
            let (text, style, is_current) = match entry {
                Some((m, style, is_current)) => (m.to_string(), *style, *is_current),
                None if slot < first => {
                    (look.glyphs.marks().ellipsis.to_string(), look.dim(), false)
                }
                None => break,
            };
            let mark = if is_current {
                look.glyphs.marks().pointer
            } else {
                " "
            };
            let tag = tags.get(slot % seats).map_or("", String::as_str);
            let whole = format!("{mark}{tag}{text}");
            let span = (whole.width() + 1).div_ceil(grid.slot).max(1);
            if on_line > 0 && on_line + span > grid.per_line {
                lines.push(Line::from(std::mem::take(&mut spans)));
                spans.push(indent());
                on_line = 0;
                if grid.per_line == seats && span <= grid.per_line {
                    // A round to a line: the entry keeps to its seat's
                    // column (under its name) as far as the line lets it.
                    let column = (slot % seats) * grid.slot;
                    let room = width.saturating_sub(grid.number + whole.width() + 1);
                    spans.push(Span::raw(" ".repeat(column.min(room))));
                    on_line = grid.per_line - span;
                }
            }
            if is_current {
                current_line = lines.len();
            }
            if span > grid.per_line {
                // Longer than a whole line: broken between its words.
                let room = width.saturating_sub(grid.number + 1).max(1);
                for (i, part) in wrap_words(&whole, room).into_iter().enumerate() {
                    if i > 0 {
                        lines.push(Line::from(std::mem::take(&mut spans)));
                        spans.push(indent());
                    }
                    spans.push(Span::raw(" "));
                    spans.push(Span::styled(part, style));
                }
                on_line = grid.per_line;
                continue;
            }
            spans.push(Span::raw(" "));
            let used: usize = spans.iter().map(Span::width).sum();
            let pad = (span * grid.slot - 1).min(width.saturating_sub(used));
            spans.push(Span::styled(format!("{whole:<pad$}"), style));
            on_line += span;
        }
        lines.push(Line::from(spans));
        if round == current_round {
            round_lines.1 = lines.len();
        }
    }
    MoveList {
        header,
        lines,
        current_line,
        round: round_lines,
    }
}
