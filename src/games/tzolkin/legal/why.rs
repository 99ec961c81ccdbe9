//! Why the rules refuse a line that reads as one of a seat's Tzolk'in
//! commands but is not legal now: the reason a refused turn's answer gives.

use super::*;

/// Why the rules refuse a line written as one of `seat`'s commands (its
/// words read by the vocabulary) that is no legal command of it now, for
/// the answer to a refused turn; `None` where the legal commands say it.
pub fn why_illegal(s: &State, seat: usize, words: &[&str]) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    let p = s.players.get(seat)?;
    let verb = *words.first()?;
    if s.phase() == Phase::Choose {
        return (verb != "keep").then(|| {
            Text::new(
                "First keep two of your four starting wealth tiles.",
                "먼저 시작 자원 타일 네 장 중 두 장을 고르세요.",
            )
        });
    }
    if s.phase() != Phase::Turn || seat != s.active() {
        return None;
    }
    if verb == "keep" {
        return Some(Text::new(
            "The starting wealth tiles were chosen at the start of the game.",
            "시작 자원 타일은 게임을 시작할 때 이미 골랐습니다.",
        ));
    }
    if s.owed().is_some() && matches!(verb, "place" | "retrieve" | "beg" | "end") {
        return Some(Text::new(
            "First finish the action in progress (the mail's first line says what it asks).",
            "먼저 진행 중인 행동을 마치세요(메일 첫 줄에 무엇을 정할지 나옵니다).",
        ));
    }
    match verb {
        "beg" => why_not_beg(s, p),
        "place" => why_not_place(s, p, words.get(1).copied()),
        "retrieve" => why_not_retrieve(s, seat, words.get(1).copied()),
        "end" if s.mode == Mode::Start => Some(Text::new(
            "A turn places or retrieves at least one worker before it ends.",
            "차례를 끝내기 전에 일꾼을 한 명 이상 놓거나 회수해야 합니다.",
        )),
        "advance" if !s.took_start => Some(Text::new(
            "Only the player who took the starting player space chooses how far the calendar advances.",
            "시작 플레이어 칸을 차지한 플레이어만 달력을 얼마나 돌릴지 정합니다.",
        )),
        _ => None,
    }
}

fn why_not_beg(s: &State, p: &Player) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    let max = s.data.general.beg_max_corn;
    if s.begged {
        Some(Text::new(
            "You have begged already this turn.",
            "이번 차례에 이미 구걸했습니다.",
        ))
    } else if s.mode != Mode::Start {
        Some(Text::new(
            "Begging comes before placing or retrieving, and you have started your turn.",
            "구걸은 일꾼을 놓거나 회수하기 전에만 할 수 있는데, 이미 차례를 시작했습니다.",
        ))
    } else if p.corn > max {
        Some(Text::new(
            format!("Begging needs {max} corn or fewer; you have {}.", p.corn),
            format!(
                "구걸하려면 옥수수가 {max}개 이하여야 합니다. 지금 {}개 있습니다.",
                p.corn
            ),
        ))
    } else if p.temple.iter().all(|&t| t == 0) {
        Some(Text::new(
            "Your markers are at the bottom of every temple, so no god can be angered by begging.",
            "모든 신전에서 표시 마커가 맨 아래에 있어 구걸로 신의 노여움을 살 수 없습니다.",
        ))
    } else {
        None
    }
}

/// The name of a placement target (a gear or the starting player space).
fn target_words(s: &State, t: u8) -> crate::engine::Text {
    match s.data.gears.get(t as usize) {
        Some(g) if t != START => crate::engine::Text::new(g.name.clone(), g.ko.clone()),
        _ => crate::engine::Text::new("the starting player space", "시작 플레이어 칸"),
    }
}

fn why_not_place(s: &State, p: &Player, target: Option<&str>) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    let placed = match s.mode {
        Mode::Retrieving => return Some(Text::new(
            "You are retrieving workers this turn; a turn either places or retrieves, never both.",
            "이번 차례에는 일꾼을 회수하고 있습니다. 한 차례에는 놓기와 회수 중 하나만 합니다.",
        )),
        Mode::Placing { pity: true, .. } => {
            return Some(Text::new(
                "The gods' pity places exactly one worker; end your turn.",
                "신의 자비로는 일꾼을 딱 한 명만 놓습니다. 차례를 끝내세요.",
            ))
        }
        Mode::Placing { placed, .. } => placed,
        Mode::Start => 0,
    };
    if p.hand == 0 {
        return Some(Text::new(
            "You have no worker left to place.",
            "놓을 일꾼이 남아 있지 않습니다.",
        ));
    }
    const TARGETS: [&str; 6] = ["pal", "yax", "tik", "uxm", "chi", "start"];
    let t = TARGETS.iter().position(|w| Some(*w) == target)? as u8;
    let name = target_words(s, t);
    match target_cost(s, t, placed) {
        None => Some(Text::new(
            format!("There is no free space on {} now.", name.en),
            format!("지금 {}에는 빈 칸이 없습니다.", name.ko),
        )),
        Some(c) if c > p.corn => Some(Text::new(
            format!(
                "A worker on {} now costs {c} corn; you have {}.",
                name.en, p.corn
            ),
            format!(
                "지금 {}에 일꾼을 놓으려면 옥수수 {c}개가 듭니다. 지금 {}개 있습니다.",
                name.ko, p.corn
            ),
        )),
        Some(_) => None,
    }
}

fn why_not_retrieve(s: &State, seat: usize, space: Option<&str>) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    if matches!(s.mode, Mode::Placing { .. }) {
        return Some(Text::new(
            "You are placing workers this turn; a turn either places or retrieves, never both.",
            "이번 차례에는 일꾼을 놓고 있습니다. 한 차례에는 놓기와 회수 중 하나만 합니다.",
        ));
    }
    if s.on_gears(seat) == 0 {
        return Some(Text::new(
            "You have no worker on the gears to retrieve.",
            "톱니바퀴 위에 회수할 일꾼이 없습니다.",
        ));
    }
    let space = space?;
    let at = space.find(|c: char| c.is_ascii_digit())?;
    let (gear, pos) = space.split_at(at);
    let g = super::super::command::GEAR_IDS
        .iter()
        .position(|w| *w == gear)?;
    let pos: usize = pos.parse().ok()?;
    let mine = s.gears[g].get(pos) == Some(&(seat as u8 + 1));
    let name = target_words(s, g as u8);
    (!mine).then(|| {
        Text::new(
            format!("You have no worker on {} {pos}.", name.en),
            format!("{} {pos}번 칸에는 당신의 일꾼이 없습니다.", name.ko),
        )
    })
}
