import Foundation
import Harness

/// Reads and writes the game's files (saved games in progress).
public struct FileClient: Sendable {
  public var load: @Sendable (String) async throws -> Data
  public var save: @Sendable (String, Data) async throws -> Void

  public init(
    load: @escaping @Sendable (String) async throws -> Data,
    save: @escaping @Sendable (String, Data) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }
}

extension FileClient: DependencyKey {
  /// Files in the temporary folder.
  public static let liveValue = FileClient(
    load: { name in try Data(contentsOf: FileManager.default.temporaryDirectory.appendingPathComponent(name)) },
    save: { name, data in
      try data.write(to: FileManager.default.temporaryDirectory.appendingPathComponent(name), options: .atomic)
    }
  )

  public static let testValue = FileClient(
    load: unimplemented("FileClient.load"),
    save: unimplemented("FileClient.save")
  )

  /// Nothing saved, nothing kept.
  public static let noop = FileClient(load: { _ in throw CocoaError(.fileReadNoSuchFile) }, save: { _, _ in })

  public static var previewValue: FileClient { .noop }
}

extension DependencyValues {
  public var fileClient: FileClient {
    get { self[FileClient.self] }
    set { self[FileClient.self] = newValue }
  }
}
