//! The moves a turn mail offers a seat: grouped, marked where a follow-up
//! choice comes after them, in the reader's words, each a reply link.

use super::follow;
use crate::engine::{Seat, Table};
use crate::render;
use crate::service::Service;

impl Service {
    /// The moves offered to `seat` in a mail to `email`, ready to show.
    pub(super) fn offered_moves(
        &self,
        id: i64,
        email: &str,
        subject: &str,
        lang: &str,
        table: &dyn Table,
        seat: Seat,
    ) -> Vec<render::MoveGroup> {
        let offer = table.offer(seat);
        let asks = follow::follow_ups(table, seat, &offer.0);
        let mut groups = self.move_groups(id, email, subject, lang, offer);
        follow::mark(&mut groups, &asks, lang);
        if lang == "ko" {
            render::reader_words::in_korean(&mut groups, table.words());
        }
        groups
    }

    /// The moves a mail offers as links: the listed ones grouped, then each
    /// kind too many to list summarised with its examples as links.
    fn move_groups(
        &self,
        id: i64,
        email: &str,
        subject: &str,
        lang: &str,
        (listed, summaries): (Vec<String>, Vec<crate::engine::MoveSummary>),
    ) -> Vec<render::MoveGroup> {
        let reply = self.reply_address(id, email);
        let reply_subject = format!("Re: {subject}");
        let link = |c: &str| render::mailto(&reply, &reply_subject, c);
        // Leaving the game is never one tap: `resign` asks to confirm by
        // mail, and is named in the footer, not linked beside moves.
        let listed: Vec<String> = listed.into_iter().filter(|c| c != "resign").collect();
        let mut moves = render::group_commands(&listed, 40, link);
        moves.extend(summaries.iter().map(|m| {
            render::MoveGroup {
                title: m.title.get(lang).to_string(),
                note: m.how.get(lang).to_string(),
                moves: m
                    .examples
                    .iter()
                    .map(|c| render::MoveLink {
                        command: c.clone(),
                        mailto: link(c),
                    })
                    .collect(),
            }
        }));
        moves
    }
}
