import Harness

/// The issues `body` reports, in order (none reaches the test): for tests that check exactly
/// what is reported, and how often.
func collectIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [ReportedIssue] {
  let collector = IssueCollector()
  await withIssueReporters([collector]) { await body() }
  return collector.issues
}
