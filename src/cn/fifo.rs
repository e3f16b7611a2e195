//! The event queue of `Cn`.

use crate::grid::{Cell, Digit};

/// The event queue: a FIFO of eliminations, drained completely by every run (so it is a
/// vector read from `head`, reset when empty, rather than a ring buffer).
#[derive(Clone, Debug, Default)]
pub(super) struct Fifo {
    events: Vec<(Cell, Digit)>,
    head: usize,
}

impl Fifo {
    pub(super) fn push(&mut self, event: (Cell, Digit)) {
        self.events.push(event);
    }

    pub(super) fn pop(&mut self) -> Option<(Cell, Digit)> {
        let event = self.events.get(self.head).copied();
        self.head += 1;
        if event.is_none() {
            self.clear();
        }
        event
    }

    pub(super) fn clear(&mut self) {
        self.events.clear();
        self.head = 0;
    }

    pub(super) fn reserve(&mut self, additional: usize) {
        self.events.reserve(additional);
    }
}
