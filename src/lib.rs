//! quipu: a play-by-email service for slow board games.
//!
//! `engine` is the contract every game implements; `games` holds the games;
//! `store`, `mail`, `render` and `service` carry moves between mailboxes,
//! the database and the engines. See ARCHITECTURE.md.

pub mod archive;
pub mod config;
pub mod engine;
pub mod games;
pub mod lobby;
pub mod mail;
pub mod public_name;
pub mod rating;
pub mod render;
pub mod service;
pub mod store;
