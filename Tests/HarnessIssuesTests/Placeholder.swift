// Tests for HarnessIssues.
