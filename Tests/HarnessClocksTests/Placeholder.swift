// Tests for HarnessClocks.
