//! Checking a RON certificate as it is parsed, without building its step list.
//!
//! [`check`](crate::check) takes a parsed [`Proof`](crate::format::Proof): every step, with
//! its premises, in memory at once — about 130 bytes per step besides the text. A
//! depth-first 25×25 certificate holds 15–30 million steps, so [`check_ron`] instead hands
//! each step to the kernel's pass as the parser produces it and drops it once checked; the
//! pass keeps a small record per step (what a later premise may ask of it). Memory is then
//! the text plus 24 bytes per step (measured with the 48-byte records of before: 1.22 times
//! the file for the engine's certificates).
//!
//! The steps can only be checked once the header (format, version, order, puzzle) is known.
//! The engine writes the header first; a certificate whose `steps` come earlier is still
//! checked — its steps are kept until the header arrives, as [`check`](crate::check) would.
//! Either way the verdict and every rejection are those of [`check`](crate::check) on the
//! same text: both run the same pass (tested on every crafted case, every mutant of the mutation
//! test, and `checker/tests/streaming.rs`).

use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::canonical::check_canonical;
use crate::error::CheckError;
use crate::format::{Claim, Proof, Step};
use crate::kernel::{check, check_header, Pass};
use crate::ron_io::{options, parse_error};
use crate::Verified;

/// Parses and checks a RON certificate in one pass, against the caller's givens when they
/// are supplied; the same verdict as [`parse_ron`](crate::parse_ron) then
/// [`check`](crate::check), in less memory.
pub fn check_ron(text: &str, givens: Option<&str>) -> Result<Verified, CheckError> {
    // The writer's layout is read by hand, anything else by ron (crate::canonical).
    if let Some(verdict) = check_canonical(text, givens) {
        return verdict;
    }
    let mut rejected = None;
    let outcome = options().from_str_seed(text, ProofSeed { givens, rejected: &mut rejected });
    match (outcome, rejected) {
        // The kernel's own rejection, not the parser's note that it stopped there.
        (_, Some(error)) => Err(error),
        (Ok(verified), None) => Ok(verified),
        (Err(e), None) => Err(parse_error(&e)),
    }
}

/// The fields of a certificate, in the order the engine writes them.
const FIELDS: &[&str] = &["format", "version", "order", "puzzle", "claim", "steps"];

/// A field name of [`Proof`](crate::format::Proof); any other is an error.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Format,
    Version,
    Order,
    Puzzle,
    Claim,
    Steps,
}

/// Reads a certificate, checking its steps as they come; yields the verdict.
struct ProofSeed<'g, 'r> {
    givens: Option<&'g str>,
    /// Where a rejection by the kernel waits while the parser unwinds.
    rejected: &'r mut Option<CheckError>,
}

impl<'de> DeserializeSeed<'de> for ProofSeed<'_, '_> {
    type Value = Verified;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Verified, D::Error> {
        deserializer.deserialize_struct("Proof", FIELDS, self)
    }
}

/// The header fields read so far.
#[derive(Default)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
    order: Option<u8>,
    puzzle: Option<String>,
    claim: Option<Claim>,
}

/// The `steps` field: checked as read (the header came first) or kept until it comes.
enum Steps {
    Checked(Pass),
    Kept(Vec<Step>),
}

impl<'de> Visitor<'de> for ProofSeed<'_, '_> {
    type Value = Verified;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a deduku proof")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Verified, A::Error> {
        let ProofSeed { givens, rejected } = self;
        let (mut header, mut steps) = (Header::default(), None);
        while let Some(key) = map.next_key::<Field>()? {
            match key {
                Field::Format => set(&mut header.format, map.next_value()?, "format")?,
                Field::Version => set(&mut header.version, map.next_value()?, "version")?,
                Field::Order => set(&mut header.order, map.next_value()?, "order")?,
                Field::Puzzle => set(&mut header.puzzle, map.next_value()?, "puzzle")?,
                Field::Claim => set(&mut header.claim, map.next_value()?, "claim")?,
                Field::Steps if steps.is_some() => return Err(de::Error::duplicate_field("steps")),
                Field::Steps => steps = Some(read_steps(&header, givens, rejected, &mut map)?),
            }
        }
        let steps = steps.ok_or_else(|| de::Error::missing_field("steps"))?;
        let verdict = match steps {
            Steps::Checked(pass) => {
                let claim = header.claim.ok_or_else(|| de::Error::missing_field("claim"))?;
                pass.finish(&claim)
            }
            // The whole proof was read after all: check it as `check` does.
            Steps::Kept(steps) => {
                check(&header.into_proof(steps).map_err(de::Error::missing_field)?, givens)
            }
        };
        verdict.map_err(|e| reject(rejected, e))
    }
}

impl Header {
    /// Format, version, order and puzzle, once all four are read.
    fn complete(&self) -> Option<(&str, u32, u8, &str)> {
        Some((self.format.as_deref()?, self.version?, self.order?, self.puzzle.as_deref()?))
    }

    /// The whole proof, with the steps kept; `Err` names the first field missing.
    fn into_proof(self, steps: Vec<Step>) -> Result<Proof, &'static str> {
        Ok(Proof {
            format: self.format.ok_or("format")?,
            version: self.version.ok_or("version")?,
            order: self.order.ok_or("order")?,
            puzzle: self.puzzle.ok_or("puzzle")?,
            claim: self.claim.ok_or("claim")?,
            steps,
        })
    }
}

/// The `steps` field: checked step by step if the header is complete, else kept whole.
fn read_steps<'de, A: MapAccess<'de>>(
    header: &Header,
    givens: Option<&str>,
    rejected: &mut Option<CheckError>,
    map: &mut A,
) -> Result<Steps, A::Error> {
    let Some((format, version, order, puzzle)) = header.complete() else {
        return Ok(Steps::Kept(map.next_value()?));
    };
    let (geo, values) =
        check_header(format, version, order, puzzle, givens).map_err(|e| reject(rejected, e))?;
    let mut pass = Pass::new(geo, values, 0);
    map.next_value_seed(StepsSeed { pass: &mut pass, rejected })?;
    Ok(Steps::Checked(pass))
}

/// The step list, each step checked as soon as it is parsed, then dropped.
struct StepsSeed<'p> {
    pass: &'p mut Pass,
    rejected: &'p mut Option<CheckError>,
}

impl<'de> DeserializeSeed<'de> for StepsSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for StepsSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of steps")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<(), S::Error> {
        while let Some(step) = seq.next_element::<Step>()? {
            self.pass.check_step(&step).map_err(|e| reject(self.rejected, e))?;
        }
        Ok(())
    }
}

/// Keeps the kernel's rejection and stops the parser with an error that stands for it.
fn reject<E: de::Error>(slot: &mut Option<CheckError>, error: CheckError) -> E {
    *slot = Some(error);
    E::custom("rejected by the kernel")
}

/// Stores a header field read once; a second one is an error, as for any struct.
fn set<T, E: de::Error>(slot: &mut Option<T>, value: T, name: &'static str) -> Result<(), E> {
    if slot.replace(value).is_some() {
        return Err(E::duplicate_field(name));
    }
    Ok(())
}
