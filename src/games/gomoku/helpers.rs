//! Lazy SMP helper threads that need not be joined before the move is answered.
//!
//! With many more threads than cores (`threads 64` on 2 cores), joining every helper after a
//! `stop` waits for each one to get a time slice and reach its next poll: hundreds of
//! milliseconds. So the search state the helpers share lives on the heap, owned by the helpers
//! as much as by the main thread; a stopped search answers at once and its helpers finish in the
//! background. The next search joins them first, so they never compete with it for the cores.

use std::sync::Arc;
use std::thread::JoinHandle;

use parking_lot::Mutex;

use super::search::Shared;
use super::tt::Tt;
use crate::search::SearchControl;

/// Helpers of a stopped search still finishing: joined before the next search starts.
static BACKGROUND: Mutex<Vec<JoinHandle<()>>> = Mutex::new(Vec::new());

/// The state one search shares between its threads, on the heap with what it borrows.
pub struct Detached {
    // Declared first, so dropped before what it points into.
    shared: Shared<'static>,
    _control: Box<SearchControl>,
    _tt: Arc<Tt>,
}

impl Detached {
    /// Shared state built by `make` over the table and a copy of the control, both kept alive
    /// as long as any thread holds the result.
    pub fn new(
        tt: &Arc<Tt>,
        control: &SearchControl,
        make: impl FnOnce(&'static Tt, &'static SearchControl) -> Shared<'static>,
    ) -> Arc<Detached> {
        let tt = Arc::clone(tt);
        let control = Box::new(control.clone());
        // SAFETY: both pointees are heap allocations owned by the `Detached` built below (moving
        // an `Arc` or a `Box` does not move its pointee) and are dropped after `shared`, the only
        // holder of these references; `shared()` hands them out only for as long as the
        // `Detached` is borrowed, never as `'static`.
        let (tt_ref, control_ref): (&'static Tt, &'static SearchControl) =
            unsafe { (&*Arc::as_ptr(&tt), &*(&*control as *const SearchControl)) };
        Arc::new(Detached {
            shared: make(tt_ref, control_ref),
            _control: control,
            _tt: tt,
        })
    }

    /// The shared state, for as long as `self` is borrowed.
    pub fn shared(&self) -> &Shared<'_> {
        &self.shared
    }
}

/// Joins the helpers of earlier searches (all already told to stop; they end within a poll).
pub fn join_background() {
    let handles = std::mem::take(&mut *BACKGROUND.lock());
    for h in handles {
        let _ = h.join();
    }
}

/// Ends a search's helpers: joined now when the search goes on without them (the shared stop
/// flag is about to be lowered for the safety net), left to finish in the background when the
/// search was stopped for good (`stopped`: its flag stays raised, so they end at their next poll).
pub fn finish(handles: Vec<JoinHandle<()>>, stopped: bool) {
    if stopped {
        BACKGROUND.lock().extend(handles);
    } else {
        for h in handles {
            let _ = h.join();
        }
    }
}
