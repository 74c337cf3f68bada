//! Layer 0, shared text and safety: the lexical rules of every text reader as
//! nom combinators (`grammar`), located messages and the trait every
//! error explains itself by (`diagnostic`), every size limit and bounded
//! reading (`limits`), a seeded pseudo-random generator (`split_mix`), safe writing of output files (`output`) and the removal of temporary files
//! dead runs left (`stale_temporary`), and the
//! YAML reader's messages in an editor's words (`yaml_words`).
//!
//! May use: nothing else of the crate. Everything above uses it.

pub mod diagnostic;
pub(crate) mod grammar;
pub mod limits;
pub mod output;
pub(crate) mod split_mix;
pub(crate) mod stale_temporary;
pub(crate) mod yaml_words;
