//! The public_names table: the name strangers see instead of an address,
//! one per address, unique by its look-alike skeleton.

use super::{address_key, Result, Store};
use crate::public_name::PublicName;
use rusqlite::{params, OptionalExtension};

/// A name refused because another address holds it or a name that looks
/// like it (same skeleton).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the name '{wanted}' is taken (or looks like '{held}', which is)")]
pub struct NameTaken {
    pub wanted: String,
    /// The name already held that looks alike (never its holder's address).
    pub held: String,
}

/// A stored name that no longer passes the name rules is an error naming
/// the row's name, never a silent fallback.
fn checked(name: String) -> rusqlite::Result<PublicName> {
    PublicName::parse(&name).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(
            0,
            rusqlite::types::Type::Text,
            format!("public_names.name '{name}' is no longer a valid name: {e}").into(),
        )
    })
}

impl Store {
    /// Gives `email` the public name `name`, replacing its old one. Refused
    /// (nothing changed) when another address holds a name of the same
    /// skeleton; the same address may re-spell its own name.
    pub fn set_public_name(
        &self,
        email: &str,
        name: &PublicName,
        at: &str,
    ) -> Result<std::result::Result<(), NameTaken>> {
        let email = address_key(email);
        let skeleton = name.skeleton();
        let holder: Option<(String, String)> = self
            .conn
            .query_row(
                "SELECT email, name FROM public_names WHERE skeleton = ?1",
                [&skeleton],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        if let Some((holder, held)) = holder {
            if holder != email {
                return Ok(Err(NameTaken {
                    wanted: name.to_string(),
                    held,
                }));
            }
        }
        self.conn.execute(
            "INSERT INTO public_names(email, name, skeleton, set_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT(email) DO UPDATE SET name = ?2, skeleton = ?3, set_at = ?4",
            params![email, name.as_str(), skeleton, at],
        )?;
        Ok(Ok(()))
    }

    /// The public name of `email`, if it has one.
    pub fn public_name(&self, email: &str) -> Result<Option<PublicName>> {
        let name: Option<String> = self
            .conn
            .query_row(
                "SELECT name FROM public_names WHERE email = ?1",
                [address_key(email)],
                |r| r.get(0),
            )
            .optional()?;
        Ok(name.map(checked).transpose()?)
    }

    /// True when a name of this skeleton is held by someone other than `email`.
    pub fn name_taken_by_other(&self, name: &PublicName, email: &str) -> Result<bool> {
        let holder: Option<String> = self
            .conn
            .query_row(
                "SELECT email FROM public_names WHERE skeleton = ?1",
                [name.skeleton()],
                |r| r.get(0),
            )
            .optional()?;
        Ok(holder.is_some_and(|h| h != address_key(email)))
    }
}
