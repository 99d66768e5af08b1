import Foundation
import Harness
import HarnessTesting
import Testing

// The README's unimplemented-client pattern, written as there.
struct User: Equatable, Sendable { var id: Int }

struct APIClient: Sendable {
  var fetch: @Sendable (Int) async throws -> User
  var count: @Sendable () -> Int
}

extension APIClient: TestDependencyKey {
  static let testValue = APIClient(
    fetch: unimplemented("APIClient.fetch"),  // reports, then throws
    count: unimplemented("APIClient.count", placeholder: 0)  // reports, then returns 0
  )
}

/// A client that follows the `.unimplemented` naming convention: a static named like the
/// function hides it in the type's extensions, so calls there say which one they mean.
struct SearchClient: Sendable {
  var search: @Sendable (String) async throws -> [String]
  var recent: @Sendable () -> [String]
}

extension SearchClient {
  static let unimplemented = SearchClient(
    search: Harness.unimplemented("SearchClient.search"),
    recent: Harness.unimplemented("SearchClient.recent", placeholder: [])
  )
}

@Suite struct ReadmeUnimplementedClientTests {
  @Test func everyEndpointReportsByName() async {
    await withExpectedIssue {
      _ = try? await APIClient.testValue.fetch(42)
    } matching: { $0.message.contains("Unimplemented: 'APIClient.fetch'") }
    withExpectedIssue {
      #expect(APIClient.testValue.count() == 0)
    } matching: { $0.message.contains("Unimplemented: 'APIClient.count'") }
    withExpectedIssue {
      #expect(SearchClient.unimplemented.recent().isEmpty)
    } matching: { $0.message.contains("Unimplemented: 'SearchClient.recent'") }
  }
}
