//! Layer 0, shared safety: every size limit and bounded reading (`limits`),
//! safe writing of output files (`output`) and the removal of temporary
//! files dead runs left (`stale_temporary`). The lexical rules, located
//! messages and the YAML reader's words come from `twixt-core`.
//!
//! May use: nothing else of the crate. Everything above uses it.

pub mod limits;
pub mod output;
pub(crate) mod stale_temporary;
