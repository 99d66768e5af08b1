#if canImport(Foundation)
  import Foundation
#endif

/// Whether this process runs tests.
///
/// True when `HarnessTesting` is linked (it says so explicitly when the test binary loads) or,
/// failing that, when the process looks like a test runner: an `.xctest` executable, a
/// `--testing-library` argument, or the XCTest environment variables Xcode sets.
/// Computed once: reading it is free.
public var isTesting: Bool { TestEnvironment.isTesting }

enum TestEnvironment {
  static let isTesting: Bool = {
    if TestFrameworkBridge.installed != nil { return true }
    let arguments = CommandLine.arguments
    if let executable = arguments.first, executable.hasSuffix(".xctest") { return true }
    if arguments.contains("--testing-library") { return true }
    #if canImport(Foundation)
      let environment = ProcessInfo.processInfo.environment
      if environment["XCTestConfigurationFilePath"] != nil { return true }
      if environment["XCTestBundlePath"] != nil { return true }
      if environment["XCTestSessionIdentifier"] != nil { return true }
    #endif
    return false
  }()
}
