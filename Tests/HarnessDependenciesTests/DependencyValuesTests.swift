import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

struct SmokeTests {
  @Dependency(\.uuid) var uuid
  init() {
    print("init test:", TestContext.current as Any)
  }
  @Test(.dependency(\.uuid, .incrementing)) func smoke() {
    print("body test:", TestContext.current as Any)
    #expect(uuid() == UUID(0))
    #expect(uuid() == UUID(1))
    @Dependency(\.context) var context
    #expect(context == .test)
  }
  @Test func missing() {
    withExpectedIssue {
      _ = uuid()
    } matching: { issue in
      print(issue.message)
      return issue.message.contains("@Dependency(\\.uuid)")
    }
  }
}
