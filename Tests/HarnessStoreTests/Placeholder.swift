// Tests for HarnessStore.
