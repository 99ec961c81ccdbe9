//! The operator's lists of the lobby: `quipu ratings` (per pool, by public
//! name, never by address; `--rebuild` from the finished games) and
//! `quipu tables` (the open tables).

use anyhow::{anyhow, bail, Result};
use chrono::{DateTime, Utc};
use quipu::games;
use quipu::service::Service;

/// `quipu ratings GAME [--json]` and `quipu ratings --rebuild`. Players
/// are named by their public name only, never by address.
pub fn ratings(svc: &Service, game: Option<&str>, json: bool, rebuild: bool) -> Result<i32> {
    if rebuild {
        let n = svc.store.in_transaction(|s| s.rebuild_ratings())?;
        println!("ratings rebuilt from {n} rated games");
        if game.is_none() {
            return Ok(0);
        }
    }
    let Some(name) = game else {
        bail!("name a game (quipu ratings GAME), or --rebuild");
    };
    let entry = games::find(name).ok_or_else(|| anyhow!("no game '{name}'"))?;
    let mut pools = Vec::new();
    for pool in svc.store.rating_pools(entry.name)? {
        let players: Vec<serde_json::Value> = svc
            .store
            .pool_ratings(&pool)?
            .iter()
            .map(|p| {
                serde_json::json!({
                    "name": p.name.as_ref().map(|n| n.to_string()),
                    "rating": p.rating.shown(),
                    "mu": p.rating.mu,
                    "sigma": p.rating.sigma,
                    "games": p.rating.games,
                    "provisional": p.rating.provisional(),
                })
            })
            .collect();
        let class = match pool.class {
            quipu::rating::SizeClass::TwoPlayers => "2",
            quipu::rating::SizeClass::ThreeOrFour => "3-4",
        };
        pools.push(
            serde_json::json!({"game": pool.game, "players_per_game": class, "players": players}),
        );
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&pools)?);
        return Ok(0);
    }
    for pool in &pools {
        println!(
            "{} ({} players)",
            pool["game"].as_str().unwrap_or(""),
            pool["players_per_game"].as_str().unwrap_or("")
        );
        for (i, p) in pool["players"].as_array().into_iter().flatten().enumerate() {
            println!(
                "{:>4}. {:<20} {:>5}{}  mu {:.2} sigma {:.2}  {} games",
                i + 1,
                p["name"].as_str().unwrap_or("(no public name)"),
                p["rating"],
                if p["provisional"] == true { "?" } else { " " },
                p["mu"].as_f64().unwrap_or(f64::NAN),
                p["sigma"].as_f64().unwrap_or(f64::NAN),
                p["games"],
            );
        }
    }
    Ok(0)
}

/// `quipu tables [--json]`: the open tables, oldest first.
pub fn tables(svc: &Service, json: bool, now: DateTime<Utc>) -> Result<i32> {
    let tables = svc
        .store
        .tables_with_status(quipu::store::TableStatus::Open, None)?;
    let mut rows = Vec::new();
    for t in &tables {
        let age_hours = (now - super::parse_time(&t.table.opened_at)?).num_hours();
        rows.push(serde_json::json!({
            "id": t.id,
            "game": t.table.game,
            "seats_taken": t.seated.len(),
            "seats_total": t.table.max_seats,
            "seats_min": t.table.min_seats,
            "options": t.table.options,
            "pace_hours": t.table.pace_hours,
            "rated": t.table.rated,
            "lang": t.table.lang,
            "fill": t.table.fill,
            "min_ontime": t.table.min_ontime,
            "age_hours": age_hours,
        }));
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(0);
    }
    for (t, row) in tables.iter().zip(&rows) {
        let options: Vec<String> = t
            .table
            .options
            .0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        println!(
            "{:>5}  {:<13} {}/{}  pace {}h  {}  {}  {}d{}h",
            t.id,
            t.table.game,
            t.seated.len(),
            t.table.max_seats,
            t.table.pace_hours,
            if t.table.rated { "rated" } else { "unrated" },
            options.join(" "),
            row["age_hours"].as_i64().unwrap_or(0) / 24,
            row["age_hours"].as_i64().unwrap_or(0) % 24,
        );
    }
    Ok(0)
}
