//! What each kind of pending decision asks of a seat, in words: the
//! headline of every view says it.

use super::super::state::Ask;
use super::effects::ko_names;
use crate::engine::Text;

/// Bilingual text; seat and worker names in the Korean line are put in Korean.
fn t(en: impl Into<String>, ko: impl Into<String>) -> Text {
    Text::new(en, ko_names(ko.into()))
}

/// What an ask wants of the seat, in both languages (the headline says it).
pub fn ask_text(a: &Ask) -> Text {
    match a {
        Ask::Keep => t(
            "keep 3 of the 8 God cards dealt",
            "받은 신 카드 8장 중 3장을 고르기",
        ),
        Ask::UseCards {
            festival: false, ..
        } => t(
            "use the other God cards in hand for their benefits",
            "나머지 신 카드의 혜택을 받기",
        ),
        Ask::UseCards {
            festival: true,
            left,
        } => t(
            format!("use up to {left} God cards (Festival)"),
            format!("신 카드를 최대 {left}장 사용 (축제)"),
        ),
        Ask::StartWeaving => t("choose a starting weaving", "시작 직조물을 고르기"),
        Ask::PriestStart => t(
            "place the High Priest on the Coricancha",
            "대제사장을 코리칸차에 놓기",
        ),
        Ask::Main => t(
            "place a worker, or take two different sub-actions",
            "일꾼 1명 배치 또는 서로 다른 부차 액션 2개",
        ),
        Ask::Hire => t("hire from the Village (or not)", "마을에서 고용 (선택)"),
        Ask::Tasks { count, .. } => t(
            format!("choose the order of up to {count} task(s)"),
            format!("업무 최대 {count}회의 순서를 고르기"),
        ),
        Ask::MoreTasks { count, done, .. } => t(
            format!(
                "choose the next task ({} of {count} done), or stop",
                done.len()
            ),
            format!(
                "다음 업무를 고르기 ({count}회 중 {}회 완료), 또는 중단",
                done.len()
            ),
        ),
        Ask::Food { food, potato } => t(
            format!(
                "pay {} food: say how many potatoes, corn and gold (e.g. `food 1 potato 1 corn`)",
                food + potato
            ),
            format!(
                "음식 {}개를 내기: 감자, 옥수수, 금덩이 개수 (예: `food 1 potato 1 corn`)",
                food + potato
            ),
        ),
        Ask::Feed => t(
            "feed the gods: 1 potato per God card in hand; `feed N` pays N gold for missing ones",
            "신에게 공양: 손의 신 카드마다 감자 1개; `feed N` = 부족분 중 N개를 금덩이로",
        ),
        Ask::Bonus { .. } => t(
            "take the statue bonus (all, part or none)",
            "조각상 보너스 받기 (전부, 일부, 또는 없음)",
        ),
        Ask::Conquer => t(
            "place a conquest marker (or pass)",
            "정복 마커 배치 (또는 패스)",
        ),
        Ask::Deploy { .. } | Ask::DeploySecret { .. } => t(
            "lay army cards face up for the conquest",
            "정복을 위해 군대 카드를 내려놓기",
        ),
        other => task_ask_text(other),
    }
}

/// What the asks inside a worker's tasks and the High Priest's actions want.
fn task_ask_text(a: &Ask) -> Text {
    match a {
        Ask::WarriorTake { .. } => t(
            "take a worker from a space next to the warrior",
            "전사 옆 칸의 일꾼 1명을 데려오기",
        ),
        Ask::StepSpace => t("choose where to build a step", "계단을 지을 곳을 고르기"),
        Ask::Build { .. } => t("choose a building to build", "지을 건물을 고르기"),
        Ask::Statue { .. } => t("choose a statue", "조각상을 고르기"),
        Ask::DropTile { left } => t(
            format!("put back {left} of the weavings drawn"),
            format!("뽑은 직조물 중 {left}개를 돌려놓기"),
        ),
        Ask::Buy => t("choose the weavings to buy", "살 직조물을 고르기"),
        Ask::PutTile { .. } => t(
            "add the weaving to a tapestry",
            "직조물을 태피스트리에 붙이기",
        ),
        Ask::Leftover => t("decide on the weavings left over", "남은 직조물을 처리하기"),
        Ask::TrainKeep { .. } => t(
            "keep army cards from those drawn",
            "뽑은 군대 카드 중 가질 것을 고르기",
        ),
        Ask::Produce1 | Ask::Produce { .. } => {
            t("use the production buildings", "생산 건물을 사용하기")
        }
        Ask::GodSource => t(
            "take a God card from the deck or the Offerings",
            "신 카드를 더미나 제물에서 가져오기",
        ),
        Ask::FreeWeaving => t("take a free weaving", "무료 직조물을 가져오기"),
        Ask::Nomad => t(
            "take a worker from the Nomads",
            "유목민에서 일꾼 1명을 데려오기",
        ),
        Ask::Recover { left, .. } => t(
            format!("turn face-down items face up ({left} more)"),
            format!("뒷면인 것을 앞면으로 뒤집기 ({left}개 더)"),
        ),
        Ask::Choice { .. } => t("choose one reward", "보상 하나를 고르기"),
        Ask::Z16Recover { .. } => t(
            "recover one item free (or not)",
            "하나를 무료로 회복 (선택)",
        ),
        Ask::Optional { .. } => t(
            "pay for the optional reward (or not)",
            "선택 보상의 값을 내기 (선택)",
        ),
        Ask::HpChoice { action } => t(
            format!("carry out the {} action, or take gold", action.word()),
            format!("{} 행동을 하거나 금덩이 받기", action.ko()),
        ),
        Ask::Worship { .. } => t("carry out Worship", "숭배를 하기"),
        Ask::Sacrifice { .. } => t("carry out Sacrifice", "공양을 하기"),
        Ask::Casualty => t("choose a casualty of war", "전쟁 사상자를 고르기"),
        Ask::Dismiss => t("dismiss a worker", "일꾼 1명을 내보내기"),
        _ => t("decide", "결정하기"),
    }
}
