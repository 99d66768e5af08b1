import Foundation
import HarnessDependencies
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct URLSessionTests {
  @Test func testValueFailsEveryRequestNamingTheDependency() async throws {
    @Dependency(\.urlSession) var urlSession
    let error = await #expect(throws: URLError.self) {
      _ = try await urlSession.data(from: URL(string: "https://example.com/todos")!)
    }
    let message = try #require(error?.userInfo[NSLocalizedDescriptionKey] as? String)
    #expect(message.contains("@Dependency(\\.urlSession) is unimplemented in tests"))
    #expect(message.contains("https://example.com/todos"))
    #expect(message.contains("withDependencies { $0.urlSession = … }"))
  }

  @Test func liveValueIsTheSharedSession() {
    withDependencies { $0.context = .live } operation: {
      #expect(DependencyValues.current.urlSession === URLSession.shared)
    }
  }
}
