//! How much work one search may do ([`SearchLimit`]): positions, time,
//! threads and the bytes of its transposition table, and optionally a
//! [`SharedLimit`] that several searches draw on together. A search that
//! reaches a limit stops at once and says which ([`LimitKind`]) and how far
//! it got, so no input keeps a caller busy for longer than it allowed.
//!
//! In the solver "limit" is the word for work allowed; "budget" means only
//! the attacker's moves left in a search.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::memory::Memory;
use super::{TABLE_BYTES, Tuning};

/// The limits of one search: positions, time, threads, the bytes of its
/// transposition table; and what it may draw on besides (a
/// [`SharedLimit`]) or start from (a [`Memory`]). Built from
/// [`SearchLimit::positions`] and the `with_` methods. Each search made
/// with it gets the whole limit afresh; its clock starts when the search
/// does.
#[derive(Debug, Clone)]
pub struct SearchLimit {
    positions: u64,
    time: Option<Duration>,
    threads: usize,
    table_bytes: usize,
    shared: Option<SharedLimit>,
    memory: Option<Memory>,
    tuning: Tuning,
}

impl SearchLimit {
    /// At most `positions` positions, no time limit: the answer depends on
    /// the input alone. One thread, a table of [`TABLE_BYTES`].
    pub fn positions(positions: u64) -> SearchLimit {
        SearchLimit {
            positions,
            time: None,
            threads: 1,
            table_bytes: TABLE_BYTES,
            shared: None,
            memory: None,
            tuning: Tuning::default(),
        }
    }

    /// The same limit with `positions` and `time` instead, and no memory:
    /// the part of it one stage of a search may use.
    pub fn part(&self, positions: u64, time: Option<Duration>) -> SearchLimit {
        SearchLimit {
            positions,
            time,
            memory: None,
            ..self.clone()
        }
    }

    /// The same limit with at most `time` of wall-clock time a search.
    pub fn with_time(mut self, time: Duration) -> SearchLimit {
        self.time = Some(time);
        self
    }

    /// The same limit, each search sharing the first moves of its longer
    /// rounds (and, checking a move of a solution, the defender's replies;
    /// for a secure connection, the root's moves) among `threads` threads
    /// (at least one). The answers are the same with any number; the
    /// positions visited, and so the counts reported, vary from run to run
    /// with more than one (docs/engine.md and docs/solver.md, "Threads").
    pub fn with_threads(mut self, threads: usize) -> SearchLimit {
        self.threads = threads.max(1);
        self
    }

    /// The same limit with a transposition table of at most `bytes` bytes
    /// (a table shared by threads is cut into shards of its own size each;
    /// in a secure connection's search each move of the root has a table of
    /// its own of at most that size, and each thread deciding cooks one).
    /// The answers are the same; a small table makes room more often.
    pub fn with_table_bytes(mut self, bytes: usize) -> SearchLimit {
        self.table_bytes = bytes;
        self
    }

    /// The same limit, each search also drawing its positions and time on
    /// `shared`, which other searches draw on too: the search stops at
    /// whichever runs out first.
    pub fn sharing(mut self, shared: &SharedLimit) -> SearchLimit {
        self.shared = Some(shared.clone());
        self
    }

    /// The same limit, each search starting from what the searches
    /// before it with this `memory` learnt, and leaving what it learns
    /// there (for the questions one puzzle asks: its claim, its cooks,
    /// each move of its solution). A search for another player or under
    /// other rules than the memory's starts from nothing, as without one.
    /// The answers are the same; fewer positions are searched.
    pub fn with_memory(mut self, memory: Memory) -> SearchLimit {
        self.memory = Some(memory);
        self
    }

    /// The same limit with the effort shared as `tuning` says. For tests:
    /// every tuning gives the same answers.
    #[doc(hidden)]
    pub fn with_tuning(mut self, tuning: Tuning) -> SearchLimit {
        self.tuning = tuning;
        self
    }

    /// Positions one search may visit.
    pub fn max_positions(&self) -> u64 {
        self.positions
    }

    /// Wall-clock time one search may take (`None`: no time limit).
    pub fn time(&self) -> Option<Duration> {
        self.time
    }

    /// Threads one search may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Bytes the transposition table of one search may hold.
    pub fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// The limit shared with other searches, if any.
    pub fn shared(&self) -> Option<&SharedLimit> {
        self.shared.as_ref()
    }

    /// The memory searches with this limit share, if any.
    pub fn memory(&self) -> Option<&Memory> {
        self.memory.as_ref()
    }

    pub(crate) fn tuning(&self) -> Tuning {
        self.tuning
    }

    /// A meter for one search: its clock starts now.
    pub fn meter(&self) -> Meter {
        Meter {
            used: 0,
            own: Arc::new(Pool::new(self.positions, self.time)),
            shared: self.shared.as_ref().map(|s| Arc::clone(&s.pool)),
            drawn: 0,
            stopped: None,
        }
    }
}

/// Positions and time that several searches draw on together (as all the
/// searches of one task may). Clones share them; the clock starts when it
/// is made.
#[derive(Debug, Clone)]
pub struct SharedLimit {
    pool: Arc<Pool>,
}

impl SharedLimit {
    /// At most `positions` positions and `time` (`None`: no time limit)
    /// for all the searches drawing on it.
    pub fn new(positions: u64, time: Option<Duration>) -> SharedLimit {
        SharedLimit {
            pool: Arc::new(Pool::new(positions, time)),
        }
    }

    /// The positions it started with.
    pub fn max_positions(&self) -> u64 {
        self.pool.positions
    }

    /// The time it started with.
    pub fn time(&self) -> Option<Duration> {
        self.pool.time
    }
}

/// Which limit stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// The search's own limit of positions.
    Positions(u64),
    /// The search's own time limit.
    Time(Duration),
    /// The positions of the [`SharedLimit`] it drew on.
    SharedPositions(u64),
    /// The time of the [`SharedLimit`] it drew on.
    SharedTime(Duration),
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitKind::Positions(n) => write!(f, "the limit of {n} positions"),
            LimitKind::Time(t) => write!(f, "the time limit of {}", seconds(*t)),
            LimitKind::SharedPositions(n) => write!(f, "the shared limit of {n} positions"),
            LimitKind::SharedTime(t) => write!(f, "the shared time limit of {}", seconds(*t)),
        }
    }
}

/// `t` as a person writes it: `10 s`, `250 ms`.
fn seconds(t: Duration) -> String {
    let ms = t.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{} ms", ms)
    }
}

/// Positions and a deadline drawn on by several meters: one search's,
/// drawn on by its threads, or a [`SharedLimit`]'s, drawn on by several
/// searches. What is left of its positions, and its deadline.
#[derive(Debug)]
struct Pool {
    positions: u64,
    time: Option<Duration>,
    left: AtomicU64,
    deadline: Option<Instant>,
}

impl Pool {
    fn new(positions: u64, time: Option<Duration>) -> Pool {
        Pool {
            positions,
            time,
            left: AtomicU64::new(positions),
            deadline: time.map(|t| Instant::now() + t),
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

/// How many positions a search has visited, checked against its limit and
/// the shared one. Positions are drawn from both in blocks, so threads
/// seldom touch the shared counters; a search's threads each have a meter
/// of its own drawing on the search's ([`Meter::worker`]).
#[derive(Debug)]
pub struct Meter {
    used: u64,
    own: Arc<Pool>,
    shared: Option<Arc<Pool>>,
    /// Positions taken from the search's and the shared pools and not
    /// used yet.
    drawn: u64,
    stopped: Option<LimitKind>,
}

/// Positions drawn from the pools at a time; the clocks are read once a
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
        if let (true, Some(t)) = (self.own.past_deadline(now), self.own.time) {
            return Err(self.stop(LimitKind::Time(t)));
        }
        if let Some(shared) = &self.shared
            && let (true, Some(t)) = (shared.past_deadline(now), shared.time)
        {
            return Err(self.stop(LimitKind::SharedTime(t)));
        }
        let claimed = self.own.draw(BLOCK);
        if claimed == 0 {
            return Err(self.stop(LimitKind::Positions(self.own.positions)));
        }
        let got = match &self.shared {
            Some(shared) => shared.draw(claimed),
            None => claimed,
        };
        self.own.give_back(claimed - got);
        if got == 0 {
            let n = self.shared.as_ref().map_or(0, |s| s.positions);
            return Err(self.stop(LimitKind::SharedPositions(n)));
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
    /// same limits, and counts its own positions from 0.
    pub fn worker(&self) -> Meter {
        Meter {
            used: 0,
            own: Arc::clone(&self.own),
            shared: self.shared.clone(),
            drawn: 0,
            stopped: None,
        }
    }

    /// Gives the positions drawn and not used back to the search's and the
    /// shared pools, for the other meters drawing on them: before a search
    /// hands its work to workers, and when a worker has no more work (a
    /// block held by an idle meter would otherwise stop the busy ones
    /// short of the limit).
    pub fn return_unused(&mut self) {
        self.own.give_back(self.drawn);
        if let Some(shared) = &self.shared {
            shared.give_back(self.drawn);
        }
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
    fn a_search_stops_at_its_positions_and_the_shared_limit_at_the_sum() {
        let shared = SharedLimit::new(5, None);
        let limit = SearchLimit::positions(3).sharing(&shared);
        let mut a = limit.meter();
        for _ in 0..3 {
            a.tick().unwrap();
        }
        assert_eq!(a.tick(), Err(LimitKind::Positions(3)));
        drop(a);
        let mut b = limit.meter();
        b.tick().unwrap();
        b.tick().unwrap();
        assert_eq!(b.tick(), Err(LimitKind::SharedPositions(5)));
        assert_eq!(b.used(), 2);
    }

    /// A search's workers draw on its positions together: their counts add
    /// up to the limit, and one that stops leaves nothing for the others.
    #[test]
    fn a_searchs_workers_share_its_positions() {
        let limit = SearchLimit::positions(3000);
        let mut main = limit.meter();
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
            assert_eq!(w.tick(), Err(LimitKind::Positions(3000)));
        }
        assert_eq!(counted, 3000);
        for w in workers {
            main.take_in(w);
        }
        assert_eq!(main.used(), 3000);
        assert_eq!(main.tick(), Err(LimitKind::Positions(3000)));
    }

    #[test]
    fn a_time_limit_of_zero_stops_at_the_first_position() {
        let limit = SearchLimit::positions(10).with_time(Duration::ZERO);
        let mut m = limit.meter();
        assert_eq!(m.tick(), Err(LimitKind::Time(Duration::ZERO)));
        let shared = SharedLimit::new(10, Some(Duration::ZERO));
        let mut m = SearchLimit::positions(10).sharing(&shared).meter();
        assert_eq!(m.tick(), Err(LimitKind::SharedTime(Duration::ZERO)));
    }
}
