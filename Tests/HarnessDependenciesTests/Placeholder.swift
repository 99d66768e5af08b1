// Tests for HarnessDependencies.
