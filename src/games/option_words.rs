//! A game's options and their values in words, in both languages, for
//! every page a player reads them on (the new-game confirmation, the replay
//! page, the archive): "Category of monument M13: holy site (default)",
//! never the raw `m13_category=holy` a file or the command line uses.

use crate::engine::Text;

/// The option `key` of `game` in words; `None` for a key this table does not
/// know (the confirmation then shows the key itself).
pub fn option_name(game: &str, key: &str) -> Option<Text> {
    let (en, ko) = match (game, key) {
        (_, "deadline") => ("Time to answer", "답할 시간"),
        (_, "weekends") => ("Weekends", "주말"),
        (_, "timeout") => ("When time runs out", "시간이 다 되면"),
        (_, "reminders") => ("Reminders", "알림"),
        ("tzolkin", "data") => ("Component data", "구성물 데이터"),
        ("tzolkin", "corn_points") => ("Final corn points", "마지막 옥수수 점수"),
        ("tzolkin", "theo_chi9") => (
            "Theology 1 on Chichen Itza 9 may use space 10",
            "신학 1로 치첸 이차 9에서 10번 칸 사용",
        ),
        ("tzolkin", "dummies_block") => (
            "Dummy workers forbid the double advance",
            "더미 일꾼이 이틀 전진을 막음",
        ),
        ("tzolkin", "m13_category") => ("Category of monument M13", "기념비 M13의 종류"),
        ("tzolkin", "s05_wood") => ("Wood on starting tile S05", "시작 타일 S05의 나무"),
        ("tzolkin", "a2_04_cost") => ("Cost of building A2-04", "건물 A2-04의 비용"),
        ("tzolkin", "a2_14_vp") => ("Points of building A2-14", "건물 A2-14의 점수"),
        ("tzolkin", "a1_farm_cost") => ("Cost of farms A1-04/05", "농장 A1-04/05의 비용"),
        ("tikal", "auction") => ("Auction version", "경매판"),
        ("tikal", "mini") => ("Mini-Tikal", "미니 티칼"),
        ("tikal", "camp") => ("A camp needs", "캠프에 필요한 것"),
        ("tikal", "guarded") => ("A guarded temple scores for", "경비된 사원의 득점자"),
        ("tikal", "final_start") => ("Final round starts with", "마지막 라운드 시작"),
        ("tikal", "final_tie") => ("Auction final round ties", "경매판 마지막 라운드 동점"),
        ("tikal", "volcano_link") => ("Stone towards a volcano connects", "화산 쪽 돌길 연결"),
        ("tikal", "opener") => ("Auction round opener", "경매 라운드 시작"),
        ("tikal", "tiles") => ("Tiles", "타일"),
        ("tikal" | "cuzco", "board") => ("Board", "보드"),
        ("tawantinsuyu", "components") => ("Component set", "구성물"),
        ("tawantinsuyu", "coricancha") => ("Coricancha layout", "코리칸차 배치"),
        ("tawantinsuyu", "porter") => ("Porter's bonus needs", "짐꾼 보너스 조건"),
        ("tawantinsuyu", "priest_card") => ("Priest's God card", "사제의 신 카드"),
        ("tawantinsuyu", "priest_start") => ("High Priests placed", "대제사장 배치 시점"),
        ("tawantinsuyu", "deploy") => ("Conquest army cards laid", "정복 군대 카드 내려놓기"),
        ("tawantinsuyu", "level") => ("Axomama's difficulty", "악소마마 난이도"),
        ("cuzco", "build_markers") => (
            "A temple built at 4 or more takes",
            "4층 이상 사원이 가져가는 마커",
        ),
        ("cuzco", "deck_empty") => ("Empty festival deck", "빈 축제 더미"),
        ("cuzco", "sun_limit") => ("Festivals need a sun marker", "축제에 태양 마커 필요"),
        ("cuzco", "stacked_outside") => {
            ("A tile stacked outside the region", "지역 밖에 쌓은 타일")
        }
        ("cuzco", "jammed") => (
            "A player who cannot place a tile",
            "타일을 놓을 수 없는 플레이어",
        ),
        ("cuzco", "outside_incas") => ("Incas outside the region", "지역 밖의 잉카족"),
        ("tta", "mode") => ("Game", "게임"),
        ("tta", "events") => ("Introductory events", "입문 이벤트"),
        ("tta", "start") => ("Start player", "시작 플레이어"),
        ("tta", "resign") => ("Resigning at the start of a turn", "차례 시작 때 기권"),
        ("tta", "corruption_variant") => ("Corruption variant", "부패 변형 규칙"),
        ("tta", "cards") => ("Cards", "카드"),
        _ => return None,
    };
    Some(Text::new(en, ko))
}

/// The value `value` of option `key` of `game` in the reader's words: the
/// game's own words for it where it has them, the common ones (on, off,
/// yes, no, random) for every option, and any other (a duration, a path)
/// as written.
pub fn value_words(game: &str, key: &str, value: &str) -> Text {
    if let Some((en, ko)) = game_value(game, key, value) {
        return Text::new(en, ko);
    }
    if let ("tta", "start", n @ ("1" | "2" | "3" | "4")) = (game, key, value) {
        return Text::new(format!("seat {n}"), format!("{n}번 자리"));
    }
    let (en, ko) = match value {
        "on" | "yes" => ("yes", "예"),
        "off" | "no" => ("no", "아니오"),
        "random" => ("random", "무작위"),
        "built-in substitute" => ("built-in substitute", "내장 대체품"),
        other => return Text::same(other),
    };
    Text::new(en, ko)
}

/// The words of a value that only one option of one game takes.
fn game_value(game: &str, key: &str, value: &str) -> Option<(&'static str, &'static str)> {
    Some(match (game, key, value) {
        ("tzolkin", "corn_points", "quarter") => {
            ("a quarter point for each corn", "옥수수마다 1/4점")
        }
        ("tzolkin", "corn_points", "floor") => ("whole points only", "온전한 점수만"),
        ("tzolkin", "theo_chi9", "allow") => ("allowed", "허용"),
        ("tzolkin", "theo_chi9", "deny") => ("not allowed", "허용 안 함"),
        ("tzolkin", "m13_category", "holy") => ("holy site", "성지"),
        ("tzolkin", "m13_category", "tomb") => ("tomb", "무덤"),
        ("tzolkin", "s05_wood", "1") => ("1 wood", "나무 1개"),
        ("tzolkin", "s05_wood", "0") => ("no wood", "나무 없음"),
        ("tzolkin", "a2_04_cost", "stone") => ("3 stone", "돌 3개"),
        ("tzolkin", "a2_04_cost", "gold") => ("3 gold", "금 3개"),
        ("tzolkin", "a2_14_vp", "3") => ("3 points", "3점"),
        ("tzolkin", "a2_14_vp", "0") => ("no points", "0점"),
        ("tzolkin", "a1_farm_cost", "wood") => ("4 wood", "나무 4개"),
        ("tzolkin", "a1_farm_cost", "corn") => ("4 corn", "옥수수 4개"),
        ("tawantinsuyu", "coricancha", "printed") => {
            ("the printed first-game layout", "인쇄된 첫 게임 배치")
        }
        ("tawantinsuyu", "porter", "first-ever") => (
            "the first worker ever in its segment",
            "구역에 처음 놓인 일꾼",
        ),
        ("tawantinsuyu", "porter", "empty-now") => ("its segment empty now", "지금 비어 있는 구역"),
        ("tawantinsuyu", "priest_card", "always") => ("always", "항상"),
        ("tawantinsuyu", "priest_card", "with-potato") => {
            ("only with the extra potato", "추가 감자를 낼 때만")
        }
        ("tawantinsuyu", "priest_start", "own-turn") => {
            ("at each owner's first turn", "각자 첫 차례에")
        }
        ("tawantinsuyu", "priest_start", "before-play") => {
            ("all before the first turn", "첫 차례 전에 모두")
        }
        ("tawantinsuyu", "deploy", "turn-order") => ("seat by seat in turn order", "차례 순서대로"),
        ("tawantinsuyu", "deploy", "simultaneous") => {
            ("all at once in secret", "모두 동시에 비밀로")
        }
        ("tawantinsuyu", "level", "easier") => ("easier", "쉬움"),
        ("tawantinsuyu", "level", "normal") => ("normal", "보통"),
        ("tawantinsuyu", "level", "harder") => ("harder", "어려움"),
        ("tikal", "camp", "member") => ("a member on its hex", "그 지형의 탐험대원"),
        ("tikal", "camp", "free") => ("no member", "탐험대원 없이"),
        ("tikal", "guarded", "owner") => ("the guard's owner only", "경비 주인만"),
        ("tikal", "guarded", "shared") => ("also the strongest force", "가장 강한 세력도"),
        ("tikal", "final_start", "next") => (
            "the player after the last placer",
            "마지막으로 놓은 사람의 다음 사람",
        ),
        ("tikal", "final_start", "placer") => ("the last placer", "마지막으로 놓은 사람"),
        ("tikal", "final_tie", "placer_last") => (
            "the last placer counts as last",
            "마지막으로 놓은 사람을 나중으로",
        ),
        ("tikal", "final_tie", "placer_first") => (
            "the last placer counts as first",
            "마지막으로 놓은 사람을 먼저로",
        ),
        ("tikal", "opener", "spoke") => {
            ("the first speaker's neighbour", "처음 말한 사람의 옆 사람")
        }
        ("tikal", "opener", "bid") => {
            ("the first bidder's neighbour", "처음 입찰한 사람의 옆 사람")
        }
        ("cuzco", "build_markers", "stack") => ("every lower marker too", "아래 마커 모두"),
        ("cuzco", "build_markers", "top") => ("only its own marker", "자기 마커만"),
        ("cuzco", "deck_empty", "reshuffle") => {
            ("refilled from the discards", "버린 카드로 다시 채움")
        }
        ("cuzco", "deck_empty", "none") => ("stays empty", "빈 채로 둠"),
        ("cuzco", "stacked_outside", "region") => {
            ("must still cover a region space", "지역 칸을 덮어야 함")
        }
        ("cuzco", "stacked_outside", "free") => ("may lie wholly outside", "완전히 밖에 놓아도 됨"),
        ("cuzco", "jammed", "end") => (
            "skips, and the end phase begins",
            "건너뛰고 마지막 단계 시작",
        ),
        ("cuzco", "jammed", "skip") => ("skips, and the game goes on", "건너뛰고 게임 계속"),
        ("tta", "mode", "intro") => ("the introductory game", "입문 게임"),
        ("tta", "mode", "advanced") => ("the advanced game", "숙련 게임"),
        ("tta", "mode", "full") => ("the full game", "본격 게임"),
        ("tta", "events", "round") => ("one each round", "라운드마다 하나"),
        ("tta", "events", "turn") => ("one each turn", "차례마다 하나"),
        ("tta", "events", "once") => ("only one, in round 3", "3라운드에 하나만"),
        (_, "timeout", "wait") => ("wait", "기다림"),
        (_, "timeout", "skip") => ("skip the turn", "차례 건너뛰기"),
        (_, "timeout", "bot") => ("a bot plays", "봇이 둠"),
        (_, "timeout", "drop") => ("the seat is dropped", "자리에서 빠짐"),
        (_, "weekends", "count") => ("count", "셈"),
        (_, "weekends", "skip") => ("do not count", "세지 않음"),
        _ => return None,
    })
}

/// An option as `key=value` in words: "Game: the full game".
pub fn option_in_words(game: &str, key: &str, value: &str) -> Text {
    let name = option_name(game, key).unwrap_or_else(|| Text::same(key));
    let v = value_words(game, key, value);
    Text::new(
        format!("{}: {}", name.en, v.en),
        format!("{}: {}", name.ko, v.ko),
    )
}

/// `help GAME`: what each option a mail may set decides, in words, with
/// the `key=value` to write and its default; `None` for no such game.
/// Options only the operator sets (files of other components) are left out.
pub fn options_help(game: &str) -> Option<Text> {
    let entry = super::find(game)?;
    let info = (entry.info)();
    let title = crate::engine::game_title(entry.name, info.title);
    let mut lines = vec![Text::new(
        format!(
            "Options of {} (write them after the players: new {} with ADDRESS key=value):",
            title.en, entry.name
        ),
        format!(
            "{}의 옵션 (플레이어 뒤에 씁니다: new {} with 주소 키=값):",
            title.ko, entry.name
        ),
    )];
    for doc in info.options.iter().filter(|d| !d.values.is_empty()) {
        let name = option_name(entry.name, doc.key).unwrap_or_else(|| Text::same(doc.key));
        let values = doc.values.join("|");
        let default = value_words(entry.name, doc.key, doc.default);
        let help = doc.help_words();
        lines.push(Text::new(
            format!(
                "- {} ({}={values}; default: {}): {}",
                name.en, doc.key, default.en, help.en
            ),
            format!(
                "- {} ({}={values}; 기본값: {}): {}",
                name.ko, doc.key, default.ko, help.ko
            ),
        ));
    }
    if lines.len() == 1 {
        lines.push(Text::new("None.", "없음."));
    }
    Some(Text::join(&lines, "\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `help tikal` explains each option in the reader's language.
    #[test]
    fn options_help_explains_each_option_in_both_languages() {
        let help = options_help("tikal").expect("tikal has options");
        assert!(
            help.en
                .contains("Auction version (auction=off|on; default: no)"),
            "{}",
            help.en
        );
        assert!(
            help.ko
                .contains("경매판 (auction=off|on; 기본값: 아니오): 경매판으로 하기(on)"),
            "{}",
            help.ko
        );
        assert!(
            !help.en.contains("tiles="),
            "operator-only options are left out"
        );
        assert!(options_help("chess").is_none());
    }

    /// Every option of every game has its words: no raw key in a confirmation.
    #[test]
    fn every_option_of_every_game_has_words() {
        for entry in crate::games::registry() {
            for doc in (entry.info)().options {
                assert!(
                    option_name(entry.name, doc.key).is_some(),
                    "{}: {}",
                    entry.name,
                    doc.key
                );
            }
        }
        for key in crate::service::clock::CLOCK_KEYS {
            assert!(option_name("tzolkin", key).is_some(), "{key}");
        }
        assert_eq!(value_words("tzolkin", "sun_limit", "on").ko, "예");
        assert_eq!(
            value_words("tzolkin", "m13_category", "holy").en,
            "holy site"
        );
    }

    fn has_hangul(s: &str) -> bool {
        s.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
    }

    /// Every value a player may choose is in words in both languages: the
    /// Korean has Hangul, the English is never a raw `placer_last` or
    /// `first-ever`.
    #[test]
    fn every_value_of_every_option_has_words_in_both_languages() {
        for entry in crate::games::registry() {
            for doc in (entry.info)().options {
                for v in doc.values {
                    let w = value_words(entry.name, doc.key, v);
                    assert!(
                        has_hangul(&w.ko),
                        "{} {}={v}: {}",
                        entry.name,
                        doc.key,
                        w.ko
                    );
                    assert!(
                        !w.en.contains('_') && (w.en != *v || !v.contains('-')),
                        "{} {}={v}: {}",
                        entry.name,
                        doc.key,
                        w.en
                    );
                }
            }
        }
    }

    /// Option help is what a player reads: no rulebook line (`L547`), no
    /// "rulebook"/"spec" reference, no file of the repository, and Korean
    /// text in Hangul.
    #[test]
    fn every_option_help_is_in_both_languages_without_rulebook_lines() {
        let line_ref = |s: &str| {
            s.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
                w.len() > 1 && w.starts_with('L') && w[1..].chars().all(|c| c.is_ascii_digit())
            })
        };
        for entry in crate::games::registry() {
            for doc in (entry.info)().options {
                let h = doc.help_words();
                for text in [&h.en, &h.ko] {
                    let lower = text.to_lowercase();
                    assert!(!line_ref(text), "{} {}: {text}", entry.name, doc.key);
                    for word in ["rulebook", "spec ", "data/", ".toml", ".txt", "java"] {
                        assert!(
                            !lower.contains(word),
                            "{} {}: {word} in {text}",
                            entry.name,
                            doc.key
                        );
                    }
                }
                assert!(has_hangul(&h.ko), "{} {}: {}", entry.name, doc.key, h.ko);
                assert!(!has_hangul(&h.en), "{} {}: {}", entry.name, doc.key, h.en);
            }
        }
    }
}
