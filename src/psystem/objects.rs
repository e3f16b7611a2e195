//! Objects of a P system: an interned alphabet, and multisets as flat count vectors.

use std::collections::HashMap;
use std::fmt;

/// An object of the alphabet Γ, interned: an index into its [`Alphabet`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub u32);

impl ObjectId {
    /// The position of the object in count vectors.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "object#{}", self.0)
    }
}

/// The alphabet Γ. Each object is a *kind* (`s`, `box`, `k1`, …) with 1-based
/// indices, so that `s` with `[1, 2, 4]` is the paper's `s124`.
#[derive(Debug, Clone, Default)]
pub struct Alphabet {
    kinds: Vec<String>,
    objects: Vec<(usize, Vec<u8>)>,
    lookup: HashMap<(usize, Vec<u8>), ObjectId>,
}

impl Alphabet {
    /// The empty alphabet.
    pub fn new() -> Alphabet {
        Alphabet::default()
    }

    /// The object `kind` with `indices`, added if new.
    pub fn intern(&mut self, kind: &str, indices: &[u8]) -> ObjectId {
        let k = match self.kinds.iter().position(|name| name == kind) {
            Some(k) => k,
            None => {
                self.kinds.push(kind.to_string());
                self.kinds.len() - 1
            }
        };
        let key = (k, indices.to_vec());
        if let Some(&id) = self.lookup.get(&key) {
            return id;
        }
        let id = ObjectId(self.objects.len() as u32);
        self.objects.push(key.clone());
        self.lookup.insert(key, id);
        id
    }

    /// The object `kind` with `indices`, if it is in the alphabet.
    pub fn get(&self, kind: &str, indices: &[u8]) -> Option<ObjectId> {
        let k = self.kinds.iter().position(|name| name == kind)?;
        self.lookup.get(&(k, indices.to_vec())).copied()
    }

    /// Number of objects, `|Γ|`.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// Whether the alphabet has no object.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// Number of distinct kinds.
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// The name of kind number `kind`.
    pub fn kind_name(&self, kind: usize) -> &str {
        &self.kinds[kind]
    }

    /// The kind number of `id`.
    pub fn kind_of(&self, id: ObjectId) -> usize {
        self.objects[id.index()].0
    }

    /// The 1-based indices of `id`.
    pub fn indices(&self, id: ObjectId) -> &[u8] {
        &self.objects[id.index()].1
    }

    /// The paper's name of `id`: `s124`, or `s(12,3,14)` when an index has two digits.
    pub fn name(&self, id: ObjectId) -> String {
        let (kind, indices) = &self.objects[id.index()];
        let kind = &self.kinds[*kind];
        if indices.iter().all(|&i| i < 10) {
            let digits: String = indices.iter().map(std::string::ToString::to_string).collect();
            format!("{kind}{digits}")
        } else {
            let parts: Vec<String> = indices.iter().map(std::string::ToString::to_string).collect();
            format!("{kind}({})", parts.join(","))
        }
    }
}

/// A multiset over an alphabet: one count per object.
#[derive(Clone, Default)]
pub struct Multiset {
    counts: Vec<u32>,
}

impl Multiset {
    /// The empty multiset over an alphabet of `len` objects.
    pub fn new(len: usize) -> Multiset {
        Multiset { counts: vec![0; len] }
    }

    /// The multiplicity of `id`.
    pub fn count(&self, id: ObjectId) -> u32 {
        self.counts.get(id.index()).copied().unwrap_or(0)
    }

    /// Add `times` copies of `id` (growing the vector for an id beyond it).
    pub fn add(&mut self, id: ObjectId, times: u32) {
        if id.index() >= self.counts.len() {
            self.counts.resize(id.index() + 1, 0);
        }
        self.counts[id.index()] = self.counts[id.index()].saturating_add(times);
    }

    /// Remove `times` copies of `id` (down to zero at most).
    pub fn remove(&mut self, id: ObjectId, times: u32) {
        if let Some(count) = self.counts.get_mut(id.index()) {
            *count = count.saturating_sub(times);
        }
    }

    /// Add every object of `other`.
    pub fn add_all(&mut self, other: &Multiset) {
        for (id, k) in other.iter() {
            self.add(id, k);
        }
    }

    /// Remove every object (keeping the alphabet size).
    pub fn clear(&mut self) {
        self.counts.iter_mut().for_each(|c| *c = 0);
    }

    /// The objects present, with their multiplicities, by increasing id.
    pub fn iter(&self) -> impl Iterator<Item = (ObjectId, u32)> + '_ {
        let present = self.counts.iter().enumerate().filter(|(_, &k)| k > 0);
        present.map(|(i, &k)| (ObjectId(i as u32), k))
    }

    /// The total number of objects, multiplicities included.
    pub fn total(&self) -> u64 {
        self.counts.iter().map(|&k| u64::from(k)).sum()
    }

    /// Whether no object is present.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&k| k == 0)
    }

    /// Counts summed by kind (indexed by kind number of `alphabet`).
    pub fn kind_counts(&self, alphabet: &Alphabet) -> Vec<u64> {
        let mut sums = vec![0u64; alphabet.kind_count()];
        for (id, k) in self.iter() {
            sums[alphabet.kind_of(id)] += u64::from(k);
        }
        sums
    }

    /// The multiset in the paper's notation, e.g. `k1 r11^4 s124`.
    pub fn render(&self, alphabet: &Alphabet) -> String {
        let words: Vec<String> = self
            .iter()
            .map(|(id, k)| match k {
                1 => alphabet.name(id),
                _ => format!("{}^{k}", alphabet.name(id)),
            })
            .collect();
        words.join(" ")
    }
}

impl PartialEq for Multiset {
    /// Equal when every object has the same multiplicity (vector lengths aside).
    fn eq(&self, other: &Multiset) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Multiset {}

impl fmt::Debug for Multiset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.iter().map(|(id, k)| format!("#{}^{k}", id.0)).collect();
        write!(f, "{{{}}}", words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_stable_and_named_like_the_paper() {
        let mut gamma = Alphabet::new();
        let s124 = gamma.intern("s", &[1, 2, 4]);
        let k1 = gamma.intern("k1", &[]);
        assert_eq!(gamma.intern("s", &[1, 2, 4]), s124);
        assert_ne!(s124, k1);
        assert_eq!(gamma.name(s124), "s124");
        assert_eq!(gamma.name(k1), "k1");
        let big = gamma.intern("s", &[12, 3, 14]);
        assert_eq!(gamma.name(big), "s(12,3,14)");
        assert_eq!(gamma.get("s", &[1, 2, 5]), None);
        assert_eq!(gamma.kind_count(), 2);
    }

    #[test]
    fn multiset_counts_and_rendering() {
        let mut gamma = Alphabet::new();
        let r = gamma.intern("r", &[1, 1]);
        let k1 = gamma.intern("k1", &[]);
        let mut m = Multiset::new(gamma.len());
        m.add(r, 4);
        m.add(k1, 1);
        m.remove(r, 1);
        assert_eq!(m.count(r), 3);
        assert_eq!(m.total(), 4);
        assert_eq!(m.render(&gamma), "r11^3 k1");
        assert_eq!(m.kind_counts(&gamma), vec![3, 1]);
        m.remove(k1, 5);
        assert_eq!(m.count(k1), 0);
        let mut longer = Multiset::new(10);
        longer.add(r, 3);
        assert_eq!(longer, m);
        longer.add(ObjectId(20), 1);
        assert_eq!((longer.count(ObjectId(20)), longer.total()), (1, 4));
    }
}
