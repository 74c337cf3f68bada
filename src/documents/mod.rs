//! Layer 5, documents: game books (`book`: a document model written as
//! HTML or PDF), the interactive viewer (`view`: one HTML page), and the
//! words both print in the reader's language (`messages`).
//!
//! May use: every layer below (`base`, the games, `files`, `verify`,
//! `drawing`).

pub mod book;
pub mod messages;
pub mod view;
