//! `Premises`: the premise ids of one step, held without a heap allocation when the list is
//! short.
//!
//! A certificate of an easy 9×9 puzzle has about 450 steps, nearly all citing at most eight
//! earlier steps (an Exclusion one, a single eight). Held as a `Vec<u64>` each, building and
//! dropping a proof cost one allocation and one free per step — more than checking the step.
//! `Premises` keeps up to [`INLINE`] ids in place and moves longer lists to the heap. It reads
//! as a slice (`Deref<Target = [u64]>`) and serializes and deserializes exactly as a
//! `Vec<u64>` (a sequence of ids), so the file format cannot tell the difference.

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// How many ids a [`Premises`] holds in place: enough for every rule of a 9×9 grid except
/// EmptyCell, NoPlace and subsets (`N` or more premises), which are rare.
pub const INLINE: usize = 8;

/// The ids of the earlier steps a step cites, in the order the certificate lists them.
///
/// Build one with `collect`, `From<Vec<u64>>`, `From<&[u64]>` or [`Premises::push`]; read it
/// as a `&[u64]`. Equality, `Debug` and (de)serialization are those of the id list alone.
#[derive(Clone)]
pub struct Premises(Repr);

/// Inline while at most [`INLINE`] ids were ever pushed, on the heap after.
#[derive(Clone)]
enum Repr {
    /// The first `len` entries of `ids` are the list.
    Inline { len: u8, ids: [u64; INLINE] },
    /// A list longer than [`INLINE`] at some point.
    Heap(Vec<u64>),
}

impl Premises {
    /// No premises.
    #[inline]
    pub const fn new() -> Premises {
        Premises(Repr::Inline { len: 0, ids: [0; INLINE] })
    }

    /// Appends `id` at the end (moving the list to the heap when it outgrows [`INLINE`]).
    #[inline]
    pub fn push(&mut self, id: u64) {
        match &mut self.0 {
            Repr::Inline { len, ids } => match ids.get_mut(usize::from(*len)) {
                Some(slot) => {
                    *slot = id;
                    *len += 1;
                }
                None => {
                    let mut heap = Vec::with_capacity(2 * INLINE);
                    heap.extend_from_slice(ids);
                    heap.push(id);
                    self.0 = Repr::Heap(heap);
                }
            },
            Repr::Heap(heap) => heap.push(id),
        }
    }

    /// The first `len` ids of `ids` (the rest is ignored), in place; `None` if `len` is more
    /// than [`INLINE`]. For a producer that fills a fixed array whatever the count, without a
    /// loop whose end depends on it.
    #[inline]
    pub fn from_first(ids: [u64; INLINE], len: usize) -> Option<Premises> {
        let len = u8::try_from(len).ok().filter(|&len| usize::from(len) <= INLINE)?;
        Some(Premises(Repr::Inline { len, ids }))
    }

    /// Removes and returns the last id, if any.
    pub fn pop(&mut self) -> Option<u64> {
        match &mut self.0 {
            Repr::Inline { len, ids } => {
                *len = len.checked_sub(1)?;
                ids.get(usize::from(*len)).copied()
            }
            Repr::Heap(heap) => heap.pop(),
        }
    }

    /// The ids, as a slice (what `Deref` gives).
    pub fn as_slice(&self) -> &[u64] {
        self
    }

    /// Removes and returns the id at `index`, shifting the later ones down.
    ///
    /// # Panics
    ///
    /// If `index` is out of bounds, as [`Vec::remove`] does.
    pub fn remove(&mut self, index: usize) -> u64 {
        let mut ids = self.to_vec();
        let id = ids.remove(index);
        *self = Premises::from(ids);
        id
    }
}

impl Default for Premises {
    fn default() -> Premises {
        Premises::new()
    }
}

impl Deref for Premises {
    type Target = [u64];

    #[inline]
    fn deref(&self) -> &[u64] {
        match &self.0 {
            Repr::Inline { len, ids } => ids.get(..usize::from(*len)).unwrap_or(&[]),
            Repr::Heap(heap) => heap,
        }
    }
}

impl DerefMut for Premises {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u64] {
        match &mut self.0 {
            Repr::Inline { len, ids } => ids.get_mut(..usize::from(*len)).unwrap_or(&mut []),
            Repr::Heap(heap) => heap,
        }
    }
}

impl From<Vec<u64>> for Premises {
    fn from(ids: Vec<u64>) -> Premises {
        if ids.len() > INLINE {
            Premises(Repr::Heap(ids))
        } else {
            Premises::from(ids.as_slice())
        }
    }
}

impl From<&[u64]> for Premises {
    fn from(ids: &[u64]) -> Premises {
        ids.iter().copied().collect()
    }
}

impl<const K: usize> From<[u64; K]> for Premises {
    fn from(ids: [u64; K]) -> Premises {
        ids.into_iter().collect()
    }
}

impl FromIterator<u64> for Premises {
    /// Fills the inline array first and builds the list once (no per-id writes of the length
    /// into a half-built value), spilling to the heap only past [`INLINE`] ids.
    #[inline]
    fn from_iter<I: IntoIterator<Item = u64>>(iter: I) -> Premises {
        let mut iter = iter.into_iter();
        let mut ids = [0; INLINE];
        let mut len = 0;
        while let Some(id) = iter.next() {
            let Some(slot) = ids.get_mut(len) else {
                let mut heap = Vec::with_capacity(2 * INLINE);
                heap.extend_from_slice(&ids);
                heap.push(id);
                heap.extend(iter);
                return Premises(Repr::Heap(heap));
            };
            *slot = id;
            len += 1;
        }
        // `len ≤ INLINE`, which fits a u8.
        Premises(Repr::Inline { len: len as u8, ids })
    }
}

impl Extend<u64> for Premises {
    fn extend<I: IntoIterator<Item = u64>>(&mut self, iter: I) {
        for id in iter {
            self.push(id);
        }
    }
}

impl<'a> IntoIterator for &'a Premises {
    type Item = &'a u64;
    type IntoIter = std::slice::Iter<'a, u64>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Premises {
    type Item = &'a mut u64;
    type IntoIter = std::slice::IterMut<'a, u64>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl PartialEq for Premises {
    fn eq(&self, other: &Premises) -> bool {
        **self == **other
    }
}

impl Eq for Premises {}

impl fmt::Debug for Premises {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Premises {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Premises {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Premises, D::Error> {
        deserializer.deserialize_seq(IdsVisitor)
    }
}

/// Reads a sequence of ids, as serde reads a `Vec<u64>`.
struct IdsVisitor;

impl<'de> Visitor<'de> for IdsVisitor {
    type Value = Premises;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Premises, A::Error> {
        let mut out = Premises::new();
        while let Some(id) = seq.next_element()? {
            out.push(id);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_lists_read_alike_across_the_inline_limit() {
        for n in [0, 1, INLINE - 1, INLINE, INLINE + 1, 3 * INLINE] {
            let ids: Vec<u64> = (0..n as u64).map(|i| i * 7 + 1).collect();
            let mut pushed = Premises::new();
            for &id in &ids {
                pushed.push(id);
            }
            assert_eq!(&*pushed, ids.as_slice());
            assert_eq!(Premises::from(ids.clone()), pushed);
            assert_eq!(format!("{pushed:?}"), format!("{ids:?}"));
            let mut popped = pushed.clone();
            assert_eq!(popped.pop(), ids.last().copied());
            assert_eq!(&*popped, ids.get(..n.saturating_sub(1)).unwrap_or(&[]));
        }
    }

    #[test]
    fn a_filled_array_gives_its_first_ids_only() {
        let ids: [u64; INLINE] = std::array::from_fn(|i| 10 + i as u64);
        for len in 0..=INLINE {
            let mut p = Premises::from_first(ids, len).expect("at most INLINE");
            assert_eq!(&*p, &ids[..len]);
            assert_eq!(p, Premises::from(&ids[..len]));
            assert_eq!(ron::to_string(&p).ok(), ron::to_string(&ids[..len]).ok());
            p.push(99);
            assert_eq!(p.last(), Some(&99));
            assert_eq!(p.len(), len + 1);
        }
        assert!(Premises::from_first(ids, INLINE + 1).is_none());
    }

    #[test]
    fn edits_act_as_on_a_vec() {
        let mut p = Premises::from([5, 6, 7]);
        p[1] = 9;
        p.reverse();
        assert_eq!(p.remove(0), 7);
        for id in &mut p {
            *id += 1;
        }
        assert_eq!(p, Premises::from(vec![10, 6]));
        assert_eq!(Premises::new().pop(), None);
    }

    #[test]
    fn serializes_exactly_as_a_vec_of_ids() {
        for n in [0, 2, INLINE, INLINE + 3] {
            let ids: Vec<u64> = (100..100 + n as u64).collect();
            let p = Premises::from(ids.clone());
            assert_eq!(ron::to_string(&p).ok(), ron::to_string(&ids).ok());
            assert_eq!(serde_json::to_string(&p).ok(), serde_json::to_string(&ids).ok());
            let text = ron::to_string(&ids).unwrap_or_default();
            assert_eq!(ron::from_str::<Premises>(&text).ok(), Some(p.clone()));
            let json = serde_json::to_string(&ids).unwrap_or_default();
            assert_eq!(serde_json::from_str::<Premises>(&json).ok(), Some(p));
        }
        assert!(ron::from_str::<Premises>("[1, -2]").is_err());
        assert!(ron::from_str::<Premises>("7").is_err());
    }
}
