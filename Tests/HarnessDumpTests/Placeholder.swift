// Tests for HarnessDump.
