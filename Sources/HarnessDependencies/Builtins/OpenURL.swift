import Foundation

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#elseif canImport(UIKit)
  import UIKit
#endif

extension DependencyValues {
  /// Opens a URL with the system: a web page in the browser, a `mailto:` in the mail app.
  ///
  /// - live value: the system's opener (`NSWorkspace`, `UIApplication`, `xdg-open` on Linux)
  /// - test value: unimplemented — each use reports an issue naming `@Dependency(\.openURL)`
  ///   and opens nothing (`false`)
  /// - preview value: the live value
  ///
  /// ```swift
  /// final class HelpModel {
  ///   @Dependency(\.openURL) var openURL
  ///   func helpTapped() async { await openURL(URL(string: "https://example.com/help")!) }
  /// }
  ///
  /// @Test func helpOpensTheHelpPage() async {
  ///   let opened = LockIsolated<[URL]>([])
  ///   let model = withDependencies {
  ///     $0.openURL = OpenURLEffect { url in opened.withValue { $0.append(url) }; return true }
  ///   } operation: {
  ///     HelpModel()
  ///   }
  ///   await model.helpTapped()
  ///   #expect(opened.value == [URL(string: "https://example.com/help")!])
  /// }
  /// ```
  public var openURL: OpenURLEffect {
    get { self[OpenURLKey.self] }
    set { self[OpenURLKey.self] = newValue }
  }
}

/// Opens URLs: `await openURL(url)`, which says whether one was opened.
public struct OpenURLEffect: Sendable {
  private let open: @Sendable (URL) async -> Bool
  private let unimplemented: UnimplementedBuiltin?

  /// An effect that hands each URL to `open`, which returns whether it opened it.
  public init(_ open: @escaping @Sendable (URL) async -> Bool) {
    self.open = open
    self.unimplemented = nil
  }

  private init(unimplemented: UnimplementedBuiltin) {
    self.open = { _ in false }
    self.unimplemented = unimplemented
  }

  /// Opens `url`; returns whether it was opened.
  @discardableResult
  public func callAsFunction(
    _ url: URL,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    unimplemented?.report(fileID, filePath, line, column)
    return await open(url)
  }

  /// The system's opener.
  public static let system = OpenURLEffect { url in
    #if canImport(AppKit) && !targetEnvironment(macCatalyst)
      return await MainActor.run { NSWorkspace.shared.open(url) }
    #elseif canImport(UIKit) && !os(watchOS)
      return await UIApplication.shared.open(url)
    #elseif os(Linux)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["xdg-open", url.absoluteString]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      return await withCheckedContinuation { continuation in
        process.terminationHandler = { process in
          continuation.resume(returning: process.terminationStatus == 0)
        }
        do { try process.run() } catch { continuation.resume(returning: false) }
      }
    #else
      return false
    #endif
  }

  static let unimplemented = OpenURLEffect(
    unimplemented: UnimplementedBuiltin(
      property: "openURL", example: "OpenURLEffect { url in …; return true }")
  )
}

private enum OpenURLKey: DependencyKey {
  static let liveValue = OpenURLEffect.system
  static let testValue = OpenURLEffect.unimplemented
}
