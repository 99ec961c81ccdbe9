//! Games made by mail, in two steps: `new GAME with ...` to the service
//! address stores a request and mails a confirmation to the From address;
//! only a reply carrying that request's token makes the game and sends the
//! invitations. A forged From therefore invites nobody.

use super::verdict::{Reason, Verdict};
use super::{stamp, NewGameRequest, Result, Service, ServiceError};
use crate::engine::Text;
use crate::games::{self, option_words};
use crate::store::{InboundOutcome, MailKind, RequestStatus};
use chrono::{DateTime, Utc};

/// Words that confirm a request.
const YES: [&str; 4] = ["confirm", "yes", "확인", "예"];

/// A `new` request split into its parts.
fn parse_request(creator: &str, rest: &str) -> NewGameRequest {
    let mut words = rest.split_whitespace();
    let game = words.next().unwrap_or("").to_lowercase();
    let mut players = vec![creator.to_string()];
    let mut options = Vec::new();
    for w in words {
        let w = w.trim_matches(',');
        if w.eq_ignore_ascii_case("with") || w.eq_ignore_ascii_case("and") || w.is_empty() {
            continue;
        }
        if w.contains('=') {
            options.push(w.to_string());
        } else {
            players.extend(w.split(',').filter(|p| !p.is_empty()).map(str::to_string));
        }
    }
    NewGameRequest {
        game,
        players,
        seed: None,
        options,
        invited_by: Some(creator.to_string()),
    }
}

/// The requested game's title in both languages, and every option it will
/// be made with: those the request sets, and the others at their defaults.
fn request_terms(req: &NewGameRequest) -> (Text, Text) {
    let Some(entry) = games::find(&req.game) else {
        return (Text::same(req.game.clone()), Text::default());
    };
    let info = (entry.info)();
    let title = crate::engine::game_title(entry.name, info.title);
    let set = crate::engine::Options::parse_pairs(&req.options).unwrap_or_default();
    // Each option in words, in the reader's language: "Category of
    // monument M13: holy (default)", never the raw key.
    let named = |key: &str, value: &str, default: bool| {
        let name = option_words::option_name(entry.name, key).unwrap_or_else(|| Text::same(key));
        let v = option_words::value_words(entry.name, key, value);
        let (d_en, d_ko) = if default {
            (" (default)", " (기본값)")
        } else {
            ("", "")
        };
        Text::new(
            format!("{}: {}{d_en}", name.en, v.en),
            format!("{}: {}{d_ko}", name.ko, v.ko),
        )
    };
    let mut lines = Vec::new();
    for doc in &info.options {
        match set.get(doc.key) {
            Some(v) => lines.push(named(doc.key, v, false)),
            None if !doc.default.is_empty() => lines.push(named(doc.key, doc.default, true)),
            None => {}
        }
    }
    // Options of the service (the clock's) that the game does not document.
    for (k, v) in &set.0 {
        if !info.options.iter().any(|d| d.key == k) {
            lines.push(named(k, v, false));
        }
    }
    let options = if lines.is_empty() {
        Text::new("Options: none.", "옵션: 없음.")
    } else {
        let list = Text::join(&lines, "\n- ");
        Text::new(
            format!("Options:\n- {}", list.en),
            format!("옵션:\n- {}", list.ko),
        )
    };
    (title, options)
}

impl Service {
    /// Why a request from mail cannot be made, checked before anything is
    /// stored or sent: unknown game, an option a mail may not set, a bad
    /// address, an invitee who may not be invited now.
    fn request_problem(&self, req: &NewGameRequest, now: DateTime<Utc>) -> Result<Option<Text>> {
        let Some(entry) = games::find(&req.game) else {
            let names = Service::game_names();
            return Ok(Some(Text::new(
                format!("'{}' is not a game here; the games are {names}.", req.game),
                format!("'{}'은(는) 여기 없는 게임입니다. 게임: {names}.", req.game),
            )));
        };
        if let Some(why) = super::guard::refuse_mail_options(&(entry.info)(), &req.options) {
            return Ok(Some(why));
        }
        let players: Vec<String> = req
            .players
            .iter()
            .map(|p| p.trim().to_lowercase())
            .collect();
        let people = match super::bots::people_only(&players) {
            Ok(people) => people,
            Err(why) => return Ok(Some(why)),
        };
        if let Some(why) = self.players_problem(&people) {
            return Ok(Some(why));
        }
        if people.len() < players.len() {
            if let Some(why) = self.bot_games_barred(&req.players[0])? {
                return Ok(Some(why));
            }
        }
        for p in people.iter().skip(1) {
            if !crate::mail::outbound::valid_address(p) {
                return Ok(Some(Text::new(
                    format!("'{p}' is not a mail address quipu can write to."),
                    format!("'{p}'은(는) quipu가 메일을 보낼 수 있는 주소가 아닙니다."),
                )));
            }
            if let Some(why) = self.invitation_barred(p, now)? {
                return Ok(Some(why));
            }
        }
        Ok(None)
    }

    /// Why `creator` may not have one more game with bots now: they have
    /// the most a player may have forming or in play.
    fn bot_games_barred(&self, creator: &str) -> Result<Option<Text>> {
        let most = self.config.limits.bot_games_per_player;
        if self.store.bot_games_of(creator)? < most {
            return Ok(None);
        }
        Ok(Some(Text::new(
            format!("You already have {most} games with bots forming or in play, the most one player may have. Finish or resign one of them, then ask again; a game with people only is not limited."),
            format!("봇이 있는 게임이 이미 {most}개 준비 중이거나 진행 중입니다. 한 사람이 가질 수 있는 최대치입니다. 그중 하나를 끝내거나 기권한 뒤 다시 요청하세요. 사람만 있는 게임에는 이 제한이 없습니다."),
        )))
    }

    /// `new ...` from a mail: stores the request and asks the From address to confirm.
    pub(crate) fn request_game(
        &self,
        email: &str,
        rest: &str,
        now: DateTime<Utc>,
    ) -> Result<(InboundOutcome, String)> {
        let req = parse_request(email, rest);
        let example = Text::new(
            "Write e.g. 'new tzolkin with bob@example.org, carol@example.org deadline=48h'.",
            "예: 'new tzolkin with bob@example.org, carol@example.org deadline=48h'.",
        );
        if let Some(why) = self.request_problem(&req, now)? {
            let r = Reason::NoGame(why.en.clone());
            let words = r.to_string();
            self.answer(
                email,
                None,
                &[why, example],
                now,
                InboundOutcome::Rejected,
                r,
            )?;
            return Ok((InboundOutcome::Rejected, words));
        }
        let id = self.store.add_game_request(email, rest, &stamp(now))?;
        let (local, domain) = self.config.address_parts();
        let token = super::token::request_token(&self.secret, id, email);
        let others = req.players[1..].join(", ");
        let (title, options) = request_terms(&req);
        // The Subject, the mail's headline, in the reader's words too.
        let lang = match self.store.find_player(email)? {
            Some(p) => p.lang,
            None => "en".to_string(),
        };
        let words = [
            Text::new(
                format!("Someone, perhaps you, asked quipu from this address to start {} with {others}.", title.en),
                format!("누군가(아마 당신이) 이 주소로 {} 게임을 {others}님과 시작해 달라고 요청했습니다.", title.ko),
            ),
            options,
            Text::new(
                "Reply 'confirm' to this mail to make the game and invite them. If it was not you, ignore this mail: nothing happens.",
                "게임을 만들고 초대하려면 이 메일에 'confirm'이라고 답장하세요. 요청한 적이 없다면 무시하세요. 아무 일도 일어나지 않습니다.",
            ),
        ];
        if self.stranger_answer_spent(email, now)? || self.game_requests_spent(email, now)? {
            return Ok((
                InboundOutcome::Rejected,
                "game request not confirmed by mail: answer limit reached".into(),
            ));
        }
        self.mail_plain(
            email,
            None,
            Some(format!("{local}+{token}@{domain}")),
            Text::new("[quipu] new game?", "[quipu] 새 게임을 만들까요?").get(&lang),
            &words,
            MailKind::Answer,
            now,
        )?;
        Ok((
            InboundOutcome::Answered,
            format!("game request {id} awaits confirmation"),
        ))
    }

    /// A reply to a confirmation refused with `t` (and `reason` for the record).
    fn refuse_request(
        &self,
        email: &str,
        t: Text,
        reason: Reason,
        now: DateTime<Utc>,
    ) -> Result<Verdict> {
        self.answer(email, None, &[t], now, InboundOutcome::Rejected, reason)
    }

    /// A reply to a confirmation: `confirm` makes the game, anything else explains.
    pub(crate) fn confirm_request(
        &self,
        id: i64,
        email: &str,
        lines: &[String],
        now: DateTime<Utc>,
    ) -> Result<Verdict> {
        let Some(request) = self.store.game_request(id)? else {
            return Ok(Verdict::new(
                InboundOutcome::Rejected,
                Reason::NoSuchRequest,
                None,
            ));
        };
        if request.status != RequestStatus::Waiting {
            let t = Text::new(
                "That game request was answered already.",
                "그 게임 요청은 이미 처리되었습니다.",
            );
            return self.refuse_request(email, t, Reason::RequestAnswered, now);
        }
        // A request waits a week at most (housekeeping deletes it after).
        let made = super::parse_stamp("created_at", &request.created_at)
            .map_err(|e| ServiceError::BadStoredTime(format!("game request {id}"), e))?;
        if now - made > chrono::Duration::days(super::guard::STRANGER_KEEP_DAYS) {
            self.store
                .close_game_request(id, RequestStatus::Refused, None)?;
            let t = Text::new(
                "That game request has expired (a request waits 7 days); nothing was made. Send 'new ...' again to ask anew.",
                "그 게임 요청은 만료되었습니다(요청은 7일 동안 기다립니다). 아무것도 만들지 않았습니다. 다시 'new ...'를 보내세요.",
            );
            return self.refuse_request(email, t, Reason::RequestExpired, now);
        }
        let yes = lines
            .iter()
            .any(|l| YES.contains(&l.trim().to_lowercase().as_str()));
        if !yes {
            let t = Text::new(
                "Nothing was made. Reply 'confirm' to the confirmation mail to make the game.",
                "아무것도 만들지 않았습니다. 게임을 만들려면 확인 메일에 'confirm'이라고 답장하세요.",
            );
            return self.refuse_request(email, t, Reason::RequestNotConfirmed, now);
        }
        let req = parse_request(email, &request.request);
        // The world may have changed since the request (an invitee said stop).
        if let Some(why) = self.request_problem(&req, now)? {
            self.store
                .close_game_request(id, RequestStatus::Refused, None)?;
            let r = Reason::NoGame(why.en.clone());
            return self.answer(email, None, &[why], now, InboundOutcome::Rejected, r);
        }
        match self.create_game_inside(&req, now) {
            Ok(game) => {
                self.store
                    .close_game_request(id, RequestStatus::Confirmed, Some(game))?;
                Ok(Verdict::new(
                    InboundOutcome::Applied,
                    Reason::CreatedGame(game),
                    Some(game),
                ))
            }
            Err(e @ (ServiceError::UnknownGame(..) | ServiceError::Setup(_))) => {
                self.store
                    .close_game_request(id, RequestStatus::Refused, None)?;
                let t = Text::new(
                    format!("No game was made: {e}."),
                    format!("게임을 만들지 못했습니다: {e}."),
                );
                let r = Reason::Told(t.en.clone());
                self.answer(email, None, &[t], now, InboundOutcome::Rejected, r)
            }
            Err(e) => Err(e),
        }
    }
}
