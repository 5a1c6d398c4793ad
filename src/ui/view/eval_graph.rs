//! The evaluation graph under the move list: the game's analysis as
//! winning chances (−1 to +1 on the variant's scale) ply by ply, drawn by
//! ratatui's `Chart` — one line for a game of two seats (the first seat's;
//! the other's is its mirror), one a seat for three or four, each seat in
//! a marker of its own so that it reads without colour — with the ply the
//! board shows marked by a column, and the analysis under way in the title.
//! In the ASCII glyphs every drawn character is an ASCII one.

use super::Look;
use crate::session::analysing::ShownAnalysis;
use crate::session::app::Playing;
use crate::session::look::GlyphSet;
use crate::ui::glyphs::GlyphDrawing;
use catboard::analysis::chances::chances;
use catboard::core::{Game, Seat};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Padding, Paragraph};

/// The fewest rows the graph's box takes: its borders, three rows of
/// graph and the legend.
pub const GRAPH_MIN: u16 = 6;

/// The most rows it takes.
pub const GRAPH_MAX: u16 = 12;

/// Each seat's marker in a game of three or four seats, and the character
/// standing for it in the legend (Unicode, ASCII).
const SEAT_MARKERS: [(Marker, &str, &str); 4] = [
    (Marker::Braille, "⠿", "."),
    (Marker::Dot, "•", "o"),
    (Marker::Bar, "▄", "_"),
    (Marker::Block, "█", "#"),
];

/// Whether `p` has an analysis to show (done, partly done, or begun).
pub fn wanted(p: &Playing) -> bool {
    p.analysis
        .as_ref()
        .is_some_and(|a| a.running.is_some() || p.shown_analysis().is_some())
}

/// The box's title: the analysis under way and how far it has got, or
/// the score of the position shown.
pub fn title(p: &Playing) -> String {
    let Some(shown) = p.analysis.as_ref() else {
        return String::new();
    };
    if shown.running.is_some() {
        return match shown.progress {
            Some(pr) => {
                let left = pr
                    .left
                    .map_or(String::new(), |t| format!(", {} s left", t.as_secs()));
                format!(" Analysing {}/{}{left} ", pr.done, pr.total)
            }
            None => " Analysing ".to_string(),
        };
    }
    " Evaluation ".to_string()
}

/// Draws the graph's box into `area`.
pub fn draw(look: &Look, p: &Playing, frame: &mut Frame<'_>, area: Rect) {
    let block = Block::bordered()
        .border_set(look.glyphs.border())
        .border_style(look.dim())
        .padding(Padding::horizontal(1))
        .title(Span::styled(title(p), look.accent()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.height < 2 || inner.width < 4 {
        return;
    }
    let ascii = look.glyphs == GlyphSet::Ascii;
    let game = p.table.game();
    let seats = game.seat_names().len();
    let Some(shown) = p.shown_analysis() else {
        return;
    };
    let curves = seat_curves(shown, seats);
    let legend: Vec<Span<'static>> = if curves.len() == 1 {
        vec![Span::styled(
            format!("{} ahead above the line", name_of(game, Seat(0))),
            look.dim(),
        )]
    } else {
        (0..curves.len())
            .flat_map(|s| {
                let (_, uni, asc) = SEAT_MARKERS[s % SEAT_MARKERS.len()];
                let sign = if ascii { asc } else { uni };
                [
                    Span::styled(format!("{sign} "), look.text()),
                    Span::styled(format!("{} ", name_of(game, Seat(s as u8))), look.dim()),
                ]
            })
            .collect()
    };
    let plot = Rect {
        x: inner.x + 1,
        width: inner.width - 1,
        height: inner.height - 1,
        ..inner
    };
    frame.render_widget(
        Paragraph::new(Line::from(legend)),
        Rect {
            y: inner.bottom() - 1,
            height: 1,
            ..inner
        },
    );
    let last = shown.moves.len().max(1) as f64;
    // The first seat's line drawn last, over the others where they meet.
    let datasets: Vec<Dataset<'_>> = curves
        .iter()
        .enumerate()
        .rev()
        .map(|(s, points)| {
            let marker = if curves.len() == 1 {
                Marker::Braille
            } else {
                SEAT_MARKERS[s % SEAT_MARKERS.len()].0
            };
            Dataset::default()
                .marker(marker)
                .graph_type(GraphType::Line)
                .style(look.text())
                .data(points)
        })
        .collect();
    let chart = Chart::new(datasets)
        .x_axis(Axis::default().bounds([0.0, last]))
        .y_axis(Axis::default().bounds([-1.0, 1.0]));
    frame.render_widget(chart, plot);
    let buf = frame.buffer_mut();
    // The scale: ahead above, even in the middle, behind below.
    for (row, sign) in [
        (plot.y, "+"),
        (plot.y + plot.height / 2, "="),
        (plot.bottom() - 1, "-"),
    ] {
        buf[(inner.x, row)].set_symbol(sign).set_style(look.dim());
    }
    let middle = plot.y + plot.height / 2;
    let column =
        plot.x + ((p.shown_ply() as f64 / last) * f64::from(plot.width - 1)).round() as u16;
    for y in plot.y..plot.bottom() {
        for x in plot.x..plot.right() {
            let cell = &mut buf[(x, y)];
            if ascii && !cell.symbol().is_ascii() {
                let plain = ascii_of(cell.symbol());
                cell.set_symbol(plain);
            }
            let blank = cell.symbol() == " ";
            if x == column {
                if blank {
                    cell.set_symbol(if ascii { "|" } else { "│" });
                }
                cell.set_style(look.accent().add_modifier(Modifier::BOLD));
            } else if y == middle && blank {
                cell.set_symbol(if ascii { "-" } else { "·" })
                    .set_style(look.dim());
            }
        }
    }
}

/// The points of each line: the first seat's alone in a game of two.
fn seat_curves(shown: &ShownAnalysis, seats: usize) -> Vec<Vec<(f64, f64)>> {
    let lines = if seats <= 2 { 1 } else { seats };
    (0..lines)
        .map(|s| {
            shown
                .analysis
                .positions
                .iter()
                .enumerate()
                .map(|(ply, pos)| (ply as f64, chances(pos.score(Seat(s as u8)), shown.scale)))
                .collect()
        })
        .collect()
}

/// A seat's name, capitalised.
fn name_of(game: &catboard::variants::AnyGame, seat: Seat) -> String {
    crate::session::words::capitalise(game.seat_name(seat))
}

/// The ASCII character standing for a character the chart draws.
fn ascii_of(symbol: &str) -> &'static str {
    match symbol.chars().next() {
        None | Some(' ' | '\u{2800}') => " ",
        Some('\u{2800}'..='\u{28ff}') => ".",
        Some('•') => "o",
        Some('▄') => "_",
        Some('█' | '▀' | '▌' | '▐') => "#",
        Some(_) => "*",
    }
}
