import Foundation
import Harness

/// Reads and writes whole files. A struct of closures, so each test decides what it does.
public struct DataManager: Sendable {
  public var load: @Sendable (URL) throws -> Data
  public var save: @Sendable (Data, URL) throws -> Void

  public init(
    load: @escaping @Sendable (URL) throws -> Data,
    save: @escaping @Sendable (Data, URL) throws -> Void
  ) {
    self.load = load
    self.save = save
  }
}

/// Why a mock data manager failed (``DataManager/failToLoad`` and ``DataManager/failToWrite``).
public struct DataManagerFailure: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension DataManager: DependencyKey {
  /// The file system; a save is atomic, and a failed one says why in words.
  public static let liveValue = DataManager(
    load: { url in try Data(contentsOf: url) },
    save: { data, url in
      do {
        try data.write(to: url, options: .atomic)
      } catch {
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
          throw DataManagerFailure("there is no folder \(folder)")
        }
        throw DataManagerFailure(error.localizedDescription)
      }
    }
  )

  /// Fails the test on use.
  public static let testValue = DataManager(
    load: unimplemented("DataManager.load"),
    save: unimplemented("DataManager.save")
  )

  /// In memory, holding the sample standups.
  public static var previewValue: DataManager {
    .mock(initialData: try? JSONEncoder().encode([Standup.mock, .designMock]))
  }

  /// In memory: `load` returns what was last saved (at first `initialData`), whatever the URL;
  /// with nothing saved it fails as a missing file does (`CocoaError.fileReadNoSuchFile`).
  public static func mock(initialData: Data? = nil) -> DataManager {
    let data = LockIsolated(initialData)
    return DataManager(
      load: { _ in
        guard let loaded = data.value else { throw CocoaError(.fileReadNoSuchFile) }
        return loaded
      },
      save: { newData, _ in data.setValue(newData) }
    )
  }

  /// Loading always fails (a file that exists but cannot be read).
  public static let failToLoad = DataManager(
    load: { _ in throw DataManagerFailure("the file could not be read") },
    save: { _, _ in }
  )

  /// Loading finds nothing and every save fails (a folder that cannot be written to).
  public static let failToWrite = DataManager(
    load: { _ in throw CocoaError(.fileReadNoSuchFile) },
    save: { _, _ in throw DataManagerFailure("the folder cannot be written to") }
  )
}

extension DependencyValues {
  /// Where the standups are loaded from and saved to.
  public var dataManager: DataManager {
    get { self[DataManager.self] }
    set { self[DataManager.self] = newValue }
  }
}

extension URL {
  /// Where the standups live by default: `standups.json` in the working directory.
  public static var standups: URL {
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("standups.json")
  }
}
