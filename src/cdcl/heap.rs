//! The variable order (VSIDS): activities bumped for the variables of each conflict and
//! decayed geometrically, the most active open variable decided next (a binary max-heap
//! with positions, so bumping is O(log n)).

/// Variables by activity.
pub(super) struct Heap {
    activity: Vec<f64>,
    heap: Vec<u32>,
    /// Per variable, its index in `heap`, or `usize::MAX` when absent.
    pos: Vec<usize>,
    inc: f64,
}

const ABSENT: usize = usize::MAX;

/// The factor the bump grows by each conflict (activities decay by its inverse).
const DECAY: f64 = 1.0 / 0.95;

impl Heap {
    /// Every variable in, all at activity 0.
    pub fn new(vars: usize) -> Heap {
        Heap {
            activity: vec![0.0; vars],
            heap: (0..vars as u32).collect(),
            pos: (0..vars).collect(),
            inc: 1.0,
        }
    }

    /// Raises `var`'s activity by the current bump.
    pub fn bump(&mut self, var: u32) {
        let v = var as usize;
        self.activity[v] += self.inc;
        if self.activity[v] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.inc *= 1e-100;
        }
        if self.pos[v] != ABSENT {
            self.up(self.pos[v]);
        }
    }

    /// Ages every activity (by growing the bump).
    pub fn decay(&mut self) {
        self.inc *= DECAY;
    }

    /// Puts `var` back (it was unassigned).
    pub fn insert(&mut self, var: u32) {
        if self.pos[var as usize] == ABSENT {
            self.pos[var as usize] = self.heap.len();
            self.heap.push(var);
            self.up(self.heap.len() - 1);
        }
    }

    /// Takes out the most active variable.
    pub fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.pos[top as usize] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize) {
        let var = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.activity[self.heap[parent] as usize] >= self.activity[var as usize] {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.pos[self.heap[i] as usize] = i;
            i = parent;
        }
        self.heap[i] = var;
        self.pos[var as usize] = i;
    }

    fn down(&mut self, mut i: usize) {
        let var = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let act = |k: usize| self.activity[self.heap[k] as usize];
            let child =
                if right < self.heap.len() && act(right) > act(left) { right } else { left };
            if act(child) <= self.activity[var as usize] {
                break;
            }
            self.heap[i] = self.heap[child];
            self.pos[self.heap[i] as usize] = i;
            i = child;
        }
        self.heap[i] = var;
        self.pos[var as usize] = i;
    }
}
