//! Mail in and out: reading players' replies (`inbound`) and the IMAP and
//! SMTP connections and outgoing messages.

pub mod address;
pub mod imap;
pub mod inbound;
pub mod outbound;
pub mod smtp;
