// Tests for HarnessTesting.
