//! Puzzle text input (placeholder until the parser lands).
