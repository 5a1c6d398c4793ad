//! The quick game: a variant and a time control chosen on a small form,
//! then a wait for an opponent of about the same rating, the computer
//! offered when no one comes.

use super::{Choice, Lobby, Page, PageLines};
use crate::action::LobbyStep;
use catboard::ai::Level;
use catboard::clock::TimeControl;
use catboard::variants::Variant;
use std::time::Duration;

/// The time controls a quick game offers, the default marked by
/// [`QUICK_DEFAULT`].
pub const QUICK_CONTROLS: &[&str] = &[
    "1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0",
];

/// The time control a quick game starts from (`5+3`).
const QUICK_DEFAULT: usize = 5;

/// The level of the computer offered to someone who waited long.
pub const QUICK_COMPUTER: Level = Level::Club;

/// What the lobby shows of a wait.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeekStatus {
    /// The variant waited for.
    pub variant: Variant,
    /// The time control.
    pub control: TimeControl,
    /// How long so far.
    pub waited: Duration,
    /// How far in rating an opponent may be now.
    pub range: f64,
    /// Whether the computer is offered (the wait was long).
    pub computer_offered: bool,
}

impl Lobby {
    /// A step on the quick game's page: the form, or the wait.
    pub(super) fn quick_step(&mut self, step: LobbyStep) -> Choice {
        let variants = Variant::ALL.len();
        let controls = QUICK_CONTROLS.len();
        if let Some(wait) = self.seeking {
            return match step {
                LobbyStep::Back => Choice::CancelSeek,
                LobbyStep::PlayComputer if wait.computer_offered => {
                    Choice::PlayComputer(wait.variant, wait.control)
                }
                _ => Choice::Stay,
            };
        }
        match step {
            LobbyStep::Up | LobbyStep::Down => self.quick_clock_row = !self.quick_clock_row,
            LobbyStep::Left if self.quick_clock_row => {
                self.quick_control = (self.quick_control + controls - 1) % controls;
            }
            LobbyStep::Right if self.quick_clock_row => {
                self.quick_control = (self.quick_control + 1) % controls;
            }
            LobbyStep::Left => {
                self.quick_variant = (self.quick_variant + variants - 1) % variants;
            }
            LobbyStep::Right => self.quick_variant = (self.quick_variant + 1) % variants,
            LobbyStep::Choose => {
                let (variant, control) = self.quick_choice();
                if let Some(control) = control {
                    return Choice::Seek(variant, control);
                }
            }
            LobbyStep::Back => return self.turn_to(Page::Tables),
            _ => {}
        }
        Choice::Stay
    }

    /// The quick game chosen on the form: the variant and the time control.
    fn quick_choice(&self) -> (Variant, Option<TimeControl>) {
        let variant = Variant::ALL[self.quick_variant % Variant::ALL.len()];
        let text = QUICK_CONTROLS[(QUICK_DEFAULT + self.quick_control) % QUICK_CONTROLS.len()];
        (variant, TimeControl::parse(text).ok().flatten())
    }

    /// The quick game's page: the form, or how the wait stands.
    pub(super) fn quick_lines(&self) -> PageLines {
        let (variant, control) = self.quick_choice();
        let control = control.map_or_else(|| "?".to_string(), |c| c.text());
        let Some(wait) = self.seeking else {
            let marks = if self.quick_clock_row {
                ("  ", "> ")
            } else {
                ("> ", "  ")
            };
            return PageLines {
                title: "Quick game".to_string(),
                lines: vec![
                    "Choose a game; you are paired with whoever waits for the same game nearest your rating.".to_string(),
                    String::new(),
                    format!("{}Variant  ‹ {} ›", marks.0, variant.name()),
                    format!("{}Clock    ‹ {control} ›  (minutes + seconds a move)", marks.1),
                ],
                highlighted: Some(if self.quick_clock_row { 3 } else { 2 }),
                prose: true,
            };
        };
        let mut lines = vec![
            format!(
                "Waiting for a game of {} at {}: {} s so far, an opponent within {:.0} of your rating.",
                wait.variant.name(),
                wait.control,
                wait.waited.as_secs(),
                wait.range
            ),
            String::new(),
        ];
        if wait.computer_offered {
            lines.push(format!(
                "No one yet: press y to play the computer ({QUICK_COMPUTER}) instead, or keep waiting."
            ));
        } else {
            lines.push(
                "The range widens as you wait; the computer is offered after 30 s.".to_string(),
            );
        }
        PageLines {
            title: "Quick game".to_string(),
            lines,
            highlighted: None,
            prose: true,
        }
    }
}
