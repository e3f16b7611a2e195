//! The end-of-batch summary: counts per verdict, time and size distributions, in
//! memory that does not grow with the number of puzzles.

use crate::record::{Record, VerdictKind};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

/// Values below this are counted exactly; above, with 1/`SUB` relative resolution.
const SUB: u64 = 128;
/// Buckets: `SUB` exact ones, then `SUB` per power of two from 2⁷ to 2⁶³.
const BUCKETS: usize = (SUB as usize) * 58;

/// A log-linear histogram (HDR style): quantiles within 1 % in fixed memory.
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Vec<u64>,
    count: u64,
    sum: u128,
    max: u64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram { counts: vec![0; BUCKETS], count: 0, sum: 0, max: 0 }
    }
}

/// The bucket of `v`: itself below `SUB`, else its exponent and top 7 mantissa bits.
fn bucket(v: u64) -> usize {
    if v < SUB {
        return v as usize;
    }
    let exp = 63 - u64::from(v.leading_zeros());
    let mantissa = (v >> (exp - 7)) & (SUB - 1);
    (SUB + (exp - 7) * SUB + mantissa) as usize
}

/// The middle of bucket `b`'s value range (the value itself for exact buckets).
fn bucket_value(b: usize) -> u64 {
    let b = b as u64;
    if b < SUB {
        return b;
    }
    let (exp, mantissa) = ((b - SUB) / SUB + 7, (b - SUB) % SUB);
    let low = (SUB + mantissa) << (exp - 7);
    low + ((1u64 << (exp - 7)) >> 1)
}

impl Histogram {
    /// Count one value.
    pub fn add(&mut self, v: u64) {
        self.counts[bucket(v)] += 1;
        self.count += 1;
        self.sum += u128::from(v);
        self.max = self.max.max(v);
    }

    /// Values counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Sum of the values.
    pub fn sum(&self) -> u128 {
        self.sum
    }

    /// Largest value (exact); 0 when empty.
    pub fn max(&self) -> u64 {
        self.max
    }

    /// Mean (exact); 0 when empty.
    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum as f64 / self.count as f64
        }
    }

    /// The `q`-quantile (0 ≤ q ≤ 1), within 1 % of the exact order statistic.
    pub fn quantile(&self, q: f64) -> u64 {
        let rank = ((q.clamp(0.0, 1.0) * self.count as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (b, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return bucket_value(b).min(self.max);
            }
        }
        self.max
    }

    fn figures(&self) -> Figures {
        Figures {
            count: self.count,
            mean: self.mean(),
            median: self.quantile(0.5),
            p99: self.quantile(0.99),
            max: self.max,
        }
    }
}

/// Mean, median, 99th percentile and maximum of a distribution.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Figures {
    /// Values counted.
    pub count: u64,
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: u64,
    /// 99th percentile.
    pub p99: u64,
    /// Maximum.
    pub max: u64,
}

/// What a whole batch came to.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Lines per verdict (`error` for unparsable puzzles).
    pub verdicts: BTreeMap<String, u64>,
    /// Solve times in µs.
    pub solve_us: Histogram,
    /// Check times in µs (`--check`).
    pub check_us: Histogram,
    /// Certificate steps.
    pub steps: Histogram,
    /// Certificate sizes in bytes (`--proofs`).
    pub bytes: Histogram,
    /// Certificates the checker rejected.
    pub rejected: u64,
    /// Puzzles whose certificate could not be written.
    pub write_errors: u64,
    /// Puzzles whose certificate `--resume` kept (not solved again, so not timed).
    pub resumed: u64,
}

impl Summary {
    /// Account for one line.
    pub fn add(&mut self, line: &Record) {
        *self.verdicts.entry(line.verdict.name().to_string()).or_default() += 1;
        if line.verdict == VerdictKind::Error {
            return;
        }
        if line.resumed == Some(true) {
            self.resumed += 1;
        } else {
            self.solve_us.add(line.solve_us);
        }
        self.steps.add(line.certificate_steps as u64);
        if let Some(us) = line.check_us {
            self.check_us.add(us);
        }
        if let Some(b) = line.proof_bytes {
            self.bytes.add(b);
        }
        self.rejected += u64::from(line.rejected());
        self.write_errors += u64::from(line.error.is_some());
    }

    /// Lines accounted for.
    pub fn puzzles(&self) -> u64 {
        self.verdicts.values().sum()
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts: Vec<String> = self.verdicts.iter().map(|(v, n)| format!("{v} {n}")).collect();
        writeln!(f, "{} puzzles: {}", self.puzzles(), counts.join(", "))?;
        let ms = |v: f64| format!("{:.3} ms", v / 1000.0);
        let mut row = |name: &str, h: &Histogram, time: bool| -> fmt::Result {
            if h.count() == 0 {
                return Ok(());
            }
            let fig = h.figures();
            let show = |v: f64| if time { ms(v) } else { format!("{v:.0}") };
            let mut s = String::new();
            let _ = write!(
                s,
                "{name}: mean {}, median {}, p99 {}, max {}",
                show(fig.mean),
                show(fig.median as f64),
                show(fig.p99 as f64),
                show(fig.max as f64)
            );
            if !time {
                let _ = write!(s, ", total {}", h.sum());
            }
            writeln!(f, "{s}")
        };
        row("solve", &self.solve_us, true)?;
        row("check", &self.check_us, true)?;
        row("certificate steps", &self.steps, false)?;
        row("certificate bytes", &self.bytes, false)?;
        if self.resumed > 0 {
            writeln!(
                f,
                "resumed {} (certificates of an earlier run, checked again)",
                self.resumed
            )?;
        }
        if self.rejected > 0 || self.write_errors > 0 {
            writeln!(f, "rejected {}, write errors {}", self.rejected, self.write_errors)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_round_trip_within_one_percent() {
        for v in [0u64, 1, 127, 128, 129, 1000, 65_432, 1 << 40, u64::MAX / 3] {
            let back = bucket_value(bucket(v));
            let err = back.abs_diff(v) as f64 / (v.max(1)) as f64;
            assert!(err <= 0.01, "{v} -> {back}");
        }
        assert!(bucket(u64::MAX) < BUCKETS);
    }

    #[test]
    fn quantiles_of_a_known_distribution() {
        let mut h = Histogram::default();
        for v in 1..=1000u64 {
            h.add(v * 10);
        }
        assert_eq!(h.max(), 10_000);
        assert!((h.mean() - 5005.0).abs() < 1e-9);
        let median = h.quantile(0.5) as f64;
        assert!((median - 5000.0).abs() / 5000.0 <= 0.01, "{median}");
        let p99 = h.quantile(0.99) as f64;
        assert!((p99 - 9900.0).abs() / 9900.0 <= 0.01, "{p99}");
        assert_eq!(Histogram::default().quantile(0.5), 0);
    }

    #[test]
    fn summary_counts_verdicts_and_skips_errors() {
        let mut s = Summary::default();
        let ok = Record {
            verdict: VerdictKind::Solution,
            solve_us: 40,
            certificate_steps: 60,
            ..Record::default()
        };
        s.add(&ok);
        s.add(&ok);
        s.add(&Record::parse_error("f", 3, 3, "bad".into()));
        assert_eq!(s.puzzles(), 3);
        assert_eq!(s.verdicts.get("solution"), Some(&2));
        assert_eq!(s.solve_us.count(), 2);
        let text = s.to_string();
        assert!(text.starts_with("3 puzzles: error 1, solution 2"), "{text}");
        assert!(text.contains("solve: mean 0.040 ms"), "{text}");
    }
}
