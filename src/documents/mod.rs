//! Layer 5, documents: game books (`book`: a document model written as
//! HTML or PDF) and the interactive viewer (`view`: one HTML page), in the
//! reader's language (`drawing::messages`).
//!
//! May use: every layer below (`base`, the games, `files`, `verify`,
//! `drawing`).

pub mod book;
pub mod view;
