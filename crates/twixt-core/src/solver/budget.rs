//! How much work a search may do: a number of positions and a time, for
//! each claim and for all the claims of one file together. A search that
//! reaches a limit stops at once and says how far it got, so no input can
//! keep a run busy for minutes.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::memory::Memory;

/// Positions one claim may visit by default (each is one move played on a
/// copy of the board: a few microseconds on a 12×12 window).
pub const CLAIM_POSITIONS: u64 = 2_000_000;
/// Time one claim may take by default.
pub const CLAIM_TIME: Duration = Duration::from_secs(10);
/// Positions all the claims of one file may visit together by default.
pub const FILE_POSITIONS: u64 = 10 * CLAIM_POSITIONS;
/// Time all the claims of one file may take together by default.
pub const FILE_TIME: Duration = Duration::from_secs(100);

/// A limit in positions and, optionally, in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimit {
    /// Positions the search may visit.
    pub positions: u64,
    /// Wall-clock time the search may take (`None`: no time limit).
    pub time: Option<Duration>,
}

impl SearchLimit {
    /// The default limit of one claim.
    pub const CLAIM: SearchLimit = SearchLimit {
        positions: CLAIM_POSITIONS,
        time: Some(CLAIM_TIME),
    };
    /// The default limit of one file.
    pub const FILE: SearchLimit = SearchLimit {
        positions: FILE_POSITIONS,
        time: Some(FILE_TIME),
    };
    /// Positions only, no time limit: the answer depends on the input alone.
    pub fn positions(positions: u64) -> SearchLimit {
        SearchLimit {
            positions,
            time: None,
        }
    }
}

/// Which limit stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// The claim's limit of positions.
    ClaimPositions(u64),
    /// The claim's time limit.
    ClaimTime(Duration),
    /// The file's limit of positions (shared by its claims).
    FilePositions(u64),
    /// The file's time limit (shared by its claims).
    FileTime(Duration),
}

impl LimitKind {
    /// The command-line flag that sets this limit.
    pub fn flag(&self) -> &'static str {
        match self {
            LimitKind::ClaimPositions(_) | LimitKind::FilePositions(_) => "--search-limit",
            LimitKind::ClaimTime(_) | LimitKind::FileTime(_) => "--search-time",
        }
    }
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitKind::ClaimPositions(n) => write!(f, "the limit of {n} positions a claim"),
            LimitKind::ClaimTime(t) => write!(f, "the time limit of {} a claim", seconds(*t)),
            LimitKind::FilePositions(n) => write!(f, "the limit of {n} positions a file"),
            LimitKind::FileTime(t) => write!(f, "the time limit of {} a file", seconds(*t)),
        }
    }
}

fn seconds(t: Duration) -> String {
    let ms = t.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{} ms", ms)
    }
}

/// A budget shared by several meters: the file's, drawn on by its claims
/// (and the threads that check its games), or one claim's, drawn on by
/// the threads of its search. What is left of its positions, and its
/// deadline.
#[derive(Debug)]
struct Shared {
    limit: SearchLimit,
    left: AtomicU64,
    deadline: Option<Instant>,
}

impl Shared {
    fn new(limit: SearchLimit) -> Shared {
        Shared {
            limit,
            left: AtomicU64::new(limit.positions),
            deadline: limit.time.map(|t| Instant::now() + t),
        }
    }

    /// Takes up to `n` positions; how many it got (0 when none are left).
    fn draw(&self, n: u64) -> u64 {
        self.left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                (left > 0).then(|| left - left.min(n))
            })
            .map_or(0, |left| left.min(n))
    }

    fn give_back(&self, n: u64) {
        if n > 0 {
            self.left.fetch_add(n, Ordering::Relaxed);
        }
    }

    fn past_deadline(&self, now: Instant) -> bool {
        self.deadline.is_some_and(|d| now >= d)
    }
}

/// The search budget of a run over one file: each claim gets the claim
/// limit, and all of them together the file limit. Cloning shares the file
/// part. The file's clock starts when the budget is made. It also says
/// how many threads one search may use ([`SearchBudget::with_threads`]).
#[derive(Debug, Clone)]
pub struct SearchBudget {
    claim: SearchLimit,
    file: Arc<Shared>,
    threads: usize,
    memory: Option<Memory>,
}

impl Default for SearchBudget {
    fn default() -> SearchBudget {
        SearchBudget::new(SearchLimit::CLAIM, SearchLimit::FILE)
    }
}

impl SearchBudget {
    /// A budget of `claim` a claim and `file` for all claims together, each
    /// search on one thread.
    pub fn new(claim: SearchLimit, file: SearchLimit) -> SearchBudget {
        SearchBudget {
            claim,
            file: Arc::new(Shared::new(file)),
            threads: 1,
            memory: None,
        }
    }

    /// One claim's limit, with no file limit beyond it.
    pub fn claim_only(claim: SearchLimit) -> SearchBudget {
        SearchBudget::new(
            claim,
            SearchLimit {
                positions: u64::MAX,
                time: None,
            },
        )
    }

    /// The same budget, each search sharing the first moves of its longer
    /// rounds (and, checking a move of a solution, the defender's replies)
    /// among `threads` threads (at least one). The answers are the same
    /// with any number; the positions visited, and so the counts reported,
    /// vary from run to run with more than one (docs/engine.md,
    /// "Threads").
    pub fn with_threads(mut self, threads: usize) -> SearchBudget {
        self.threads = threads.max(1);
        self
    }

    /// The same budget, each search starting from what the searches
    /// before it with this `memory` learnt, and leaving what it learns
    /// there (for the questions one puzzle asks: its claim, its cooks,
    /// each move of its solution). A search for another player or under
    /// other rules than the memory's starts from nothing, as without one.
    /// The answers are the same; fewer positions are searched.
    pub fn with_memory(mut self, memory: Memory) -> SearchBudget {
        self.memory = Some(memory);
        self
    }

    /// The memory searches with this budget share, if any.
    pub fn memory(&self) -> Option<&Memory> {
        self.memory.as_ref()
    }

    /// Threads one search may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The limit of each claim.
    pub fn claim_limit(&self) -> SearchLimit {
        self.claim
    }

    /// A meter for one claim's search.
    pub fn meter(&self) -> Meter {
        Meter {
            used: 0,
            claim: Arc::new(Shared::new(self.claim)),
            file: Arc::clone(&self.file),
            drawn: 0,
            stopped: None,
        }
    }
}

/// How many positions a claim's search has visited, checked against the
/// claim's and the file's limits. Positions are drawn from both in blocks,
/// so threads seldom touch the shared counters; a search's threads each
/// have a meter of its own drawing on the claim's ([`Meter::worker`]).
#[derive(Debug)]
pub struct Meter {
    used: u64,
    claim: Arc<Shared>,
    file: Arc<Shared>,
    /// Positions taken from the claim's and the file's budgets and not
    /// used yet.
    drawn: u64,
    stopped: Option<LimitKind>,
}

/// Positions drawn from the budgets at a time; the clocks are read once a
/// block too.
const BLOCK: u64 = 1024;

impl Meter {
    /// Counts one position; `Err` with the limit reached when it may not.
    #[inline]
    pub fn tick(&mut self) -> Result<(), LimitKind> {
        if let Some(k) = self.stopped {
            return Err(k);
        }
        if self.drawn == 0 {
            self.refill()?;
        }
        self.drawn -= 1;
        self.used += 1;
        Ok(())
    }

    #[cold]
    fn refill(&mut self) -> Result<(), LimitKind> {
        let now = Instant::now();
        if let (true, Some(t)) = (self.claim.past_deadline(now), self.claim.limit.time) {
            return Err(self.stop(LimitKind::ClaimTime(t)));
        }
        if let (true, Some(t)) = (self.file.past_deadline(now), self.file.limit.time) {
            return Err(self.stop(LimitKind::FileTime(t)));
        }
        let claimed = self.claim.draw(BLOCK);
        if claimed == 0 {
            return Err(self.stop(LimitKind::ClaimPositions(self.claim.limit.positions)));
        }
        let got = self.file.draw(claimed);
        self.claim.give_back(claimed - got);
        if got == 0 {
            return Err(self.stop(LimitKind::FilePositions(self.file.limit.positions)));
        }
        self.drawn = got;
        Ok(())
    }

    fn stop(&mut self, k: LimitKind) -> LimitKind {
        self.stopped = Some(k);
        k
    }

    /// Positions visited so far (by this meter and the workers it took in).
    pub fn used(&self) -> u64 {
        self.used
    }

    /// A meter for another thread of the same search: it draws on the
    /// same claim and file, and counts its own positions from 0.
    pub fn worker(&self) -> Meter {
        Meter {
            used: 0,
            claim: Arc::clone(&self.claim),
            file: Arc::clone(&self.file),
            drawn: 0,
            stopped: None,
        }
    }

    /// Gives the positions drawn and not used back to the claim and the
    /// file, for the other meters drawing on them: before a search hands
    /// its work to workers, and when a worker has no more work (a block
    /// held by an idle meter would otherwise stop the busy ones short of
    /// the limit).
    pub fn return_unused(&mut self) {
        self.claim.give_back(self.drawn);
        self.file.give_back(self.drawn);
        self.drawn = 0;
    }

    /// Takes in a worker's count once its thread is done.
    pub fn take_in(&mut self, worker: Meter) {
        self.used += worker.used;
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.return_unused();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_stops_at_its_positions_and_the_file_at_the_sum() {
        let budget = SearchBudget::new(SearchLimit::positions(3), SearchLimit::positions(5));
        let mut a = budget.meter();
        for _ in 0..3 {
            a.tick().unwrap();
        }
        assert_eq!(a.tick(), Err(LimitKind::ClaimPositions(3)));
        drop(a);
        let mut b = budget.meter();
        b.tick().unwrap();
        b.tick().unwrap();
        assert_eq!(b.tick(), Err(LimitKind::FilePositions(5)));
        assert_eq!(b.used(), 2);
    }

    /// A claim's workers draw on its positions together: their counts add
    /// up to the limit, and one that stops leaves nothing for the others.
    #[test]
    fn a_claims_workers_share_its_positions() {
        let budget = SearchBudget::claim_only(SearchLimit::positions(3000));
        let mut main = budget.meter();
        // The search's first rounds, on its own thread, draw a block.
        for _ in 0..300 {
            main.tick().unwrap();
        }
        main.return_unused();
        let mut workers = [main.worker(), main.worker()];
        let mut counted = 300;
        'all: loop {
            for w in &mut workers {
                if w.tick().is_err() {
                    break 'all;
                }
                counted += 1;
            }
        }
        // The other worker still holds a block it drew: it may use it.
        // (Without the main meter's block given back, the workers stopped
        // after 3000 - 724 positions in all.)
        for w in &mut workers {
            while w.tick().is_ok() {
                counted += 1;
            }
            assert_eq!(w.tick(), Err(LimitKind::ClaimPositions(3000)));
        }
        assert_eq!(counted, 3000);
        for w in workers {
            main.take_in(w);
        }
        assert_eq!(main.used(), 3000);
        assert_eq!(main.tick(), Err(LimitKind::ClaimPositions(3000)));
    }

    #[test]
    fn a_time_limit_of_zero_stops_at_the_first_position() {
        let budget = SearchBudget::claim_only(SearchLimit {
            positions: 10,
            time: Some(Duration::ZERO),
        });
        let mut m = budget.meter();
        assert_eq!(m.tick(), Err(LimitKind::ClaimTime(Duration::ZERO)));
    }
}
