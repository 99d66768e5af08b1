import Foundation
import HarnessDependencies
import HarnessIssues
import HarnessTesting
import Testing

struct OpenURLTests {
  @Test func testValueReportsEachUseAndOpensNothing() async {
    @Dependency(\.openURL) var openURL
    await withExpectedIssue {
      let opened = await openURL(URL(string: "https://example.com")!)
      #expect(!opened)
    } matching: { issue in
      issue.message.contains("@Dependency(\\.openURL) is unimplemented in tests")
        && issue.location.fileID == "HarnessDependenciesTests/OpenURLTests.swift"
    }
  }

  @Test func overriddenInATest() async {
    let opened = LockIsolated<[URL]>([])
    await withDependencies {
      $0.openURL = OpenURLEffect { url in
        opened.withValue { $0.append(url) }
        return true
      }
    } operation: {
      @Dependency(\.openURL) var openURL
      #expect(await openURL(URL(string: "https://example.com/help")!))
    }
    #expect(opened.value == [URL(string: "https://example.com/help")!])
  }
}
