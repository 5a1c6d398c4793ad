//! An archived game analysed for the connection looking through it: `a`
//! there (or on the game in the lobby's list), or `analyse` in the line
//! mode, asks the hub ([`Shared::analyse_archived`]), within the server's
//! budget; a game analysed before shows its kept analysis at once. The
//! news comes by the mailbox and goes to the App as its own actions, so
//! the graph, the marks and the summary are the local screen's; in the
//! line mode each inaccuracy, mistake and blunder is said too. Leaving
//! the game (or the server) stops the analysis, what it did kept.
//!
//! [`Shared::analyse_archived`]: crate::serve::hub::Shared::analyse_archived

use super::{Connection, Place};
use crate::session::action::Action;
use crate::session::analysing::AnalysisFailure;
use crate::session::app::{Effect, Screen as AppScreen, update};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The analysis a connection asked for: stopped when dropped.
#[derive(Debug)]
pub(super) struct AnalysisUnderWay(Arc<AtomicBool>);

impl AnalysisUnderWay {
    fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Drop for AnalysisUnderWay {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Connection {
    /// Applies `action` to the archived game's App: an analysis it asks
    /// for is started within the server's budget (a refusal is said, the
    /// App left as it was), a stop raises the analysis's flag.
    pub(super) fn archived_act(&mut self, action: Action) {
        let Place::Archived(app, _, game) = &mut self.place else {
            return;
        };
        let game = *game;
        let asked = action == Action::Analyse;
        for effect in update(app, action) {
            match effect {
                Effect::Analyse(request) => {
                    let (id, kept) = (request.id, request.analysis.clone());
                    match self.shared.analyse_archived(
                        self.id,
                        game,
                        *request,
                        self.mailbox.clone(),
                    ) {
                        Ok(stop) => self.analysis = Some(AnalysisUnderWay(stop)),
                        Err(why) => {
                            let refused = Action::Analysed {
                                id,
                                analysis: Box::new(kept),
                                failure: Some(AnalysisFailure::Refused(why.to(&self.public))),
                            };
                            let _ = update(app, refused);
                        }
                    }
                }
                Effect::StopThinking(_) => {
                    if let Some(analysis) = &self.analysis {
                        analysis.stop();
                    }
                }
                // The archive's App keeps nothing itself.
                _ => {}
            }
        }
        if asked && self.line.is_some() && self.analysis.is_none() {
            self.say_events();
            self.say_verdicts();
        }
    }

    /// News of the analysis under way, for the App of the game it is of
    /// (a game left since hears nothing).
    pub(super) fn analysis_news(&mut self, news: Vec<Action>) {
        for action in news {
            let ended = matches!(action, Action::Analysed { .. });
            if let Place::Archived(app, ..) = &mut self.place {
                let _ = update(app, action);
                self.dirty = true;
            }
            if ended {
                self.analysis = None;
                if self.line.is_some() {
                    self.say_events();
                    self.say_verdicts();
                }
            }
        }
    }

    /// In the line mode, once the game's analysis is whole: a sentence on
    /// each inaccuracy, mistake and blunder (the summary is the App's).
    fn say_verdicts(&mut self) {
        let Place::Archived(app, ..) = &self.place else {
            return;
        };
        let AppScreen::Playing(p) = &app.screen else {
            return;
        };
        let Some(shown) = p.shown_analysis() else {
            return;
        };
        if shown.running.is_some() || !shown.analysis.is_complete(shown.moves.len()) {
            return;
        }
        let Ok(start) = crate::session::analysing::start_of(&p.table) else {
            return;
        };
        let said = crate::line::analysis::verdict_words(
            &shown.verdicts(),
            &start,
            &shown.moves,
            app.voice,
        );
        for line in said {
            self.say(&line);
        }
    }
}
