#if Macros
import HarnessIssues
import HarnessMacros
import HarnessTesting
import XCTest

// The same generated values under XCTest: a DependencyTestCase, whose expected issues are
// checked by message.
final class DependencyClientXCTests: DependencyTestCase {
  func testTheUnimplementedValueReportsAndThrows() async {
    let client = UserClient()
    await withExpectedIssue {
      do {
        _ = try await client.fetch(id: 7)
        XCTFail("fetch returned")
      } catch {
        XCTAssertEqual(error as? Unimplemented, Unimplemented("UserClient.fetch"))
      }
    } matching: { issue in
      issue.message.hasPrefix("Unimplemented: 'UserClient.fetch'") && issue.message.contains("Invoked with:\n    7")
    }
  }

  func testTheUnimplementedValueReturnsTheDefault() {
    let client = UserClient()
    withExpectedIssue {
      XCTAssertEqual(client.count(), 7)
    } matching: { $0.message.hasPrefix("Unimplemented: 'UserClient.count'") }
  }

  func testNoopAndLabelledCalls() async throws {
    var client = UserClient.noop
    client.nickname = { id in "user \(id)" }
    XCTAssertEqual(client.nickname(id: 5), "user 5")
    let users = await client.search(query: "a", limit: 1)
    XCTAssertEqual(users, [])
  }
}
#endif
