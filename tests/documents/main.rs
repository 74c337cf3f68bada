//! Documents (layer 5 of docs/architecture.md): game books as HTML and as
//! typeset PDF, and the PDF the drawing commands write, read back by poppler.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod book;
mod book_language;
mod book_typeset;
mod pdf_output;
mod pitch;
