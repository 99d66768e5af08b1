import Foundation
import HarnessDependencies
import HarnessIssues
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct URLSessionTests {
  @Test func testValueReportsEachRequestAndFailsIt() async throws {
    @Dependency(\.urlSession) var urlSession
    var thrown: URLError?
    await withExpectedIssue {
      do {
        _ = try await urlSession.data(from: URL(string: "https://example.com/todos")!)
      } catch let error as URLError {
        // Code that catches the error still fails the test: the issue was reported.
        thrown = error
      }
    } matching: { issue in
      issue.message.contains("@Dependency(\\.urlSession) is unimplemented in tests")
        && issue.message.contains("https://example.com/todos")
        && issue.message.contains("withDependencies { $0.urlSession = … }")
    }
    let message = try #require(thrown?.userInfo[NSLocalizedDescriptionKey] as? String)
    #expect(message.contains("@Dependency(\\.urlSession) is unimplemented in tests"))
  }

  @Test func liveValueIsTheSharedSession() {
    withDependencies { $0.context = .live } operation: {
      #expect(DependencyValues.current.urlSession === URLSession.shared)
    }
  }
}
