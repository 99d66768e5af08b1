import Foundation
import Harness

/// Loads and saves the todo list. A struct of closures, so each test decides what it does.
public struct FileClient: Sendable {
  /// The saved todos; an empty list when nothing was saved yet.
  public var load: @Sendable () async throws -> [Todo.State]
  /// Replaces the saved todos.
  public var save: @Sendable ([Todo.State]) async throws -> Void

  public init(
    load: @escaping @Sendable () async throws -> [Todo.State],
    save: @escaping @Sendable ([Todo.State]) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }
}

/// Why the todos file could not be used.
public struct TodosFileError: Error, Equatable, CustomStringConvertible {
  public var url: URL
  public var reason: String

  public var description: String {
    """
    Could not read the todos in \(url.path): \(reason)
    The file was left as it is. Fix or move it, or choose another file with --file PATH.
    """
  }
}

/// Why the todos could not be saved, in words: which folder or file is the problem, and why.
public struct TodosSaveError: Error, Equatable, CustomStringConvertible {
  public var url: URL
  public var reason: String

  public init(url: URL, reason: String) {
    self.url = url
    self.reason = reason
  }

  public var description: String {
    "Could not save the todos to \(url.path): \(reason). Your changes are only in memory; choose another file with --file PATH."
  }

  /// Describes `error`, thrown while writing `url`, by looking at the file system: a missing
  /// folder, a folder where the file should be, a folder that cannot be written to.
  public init(url: URL, error: any Error) {
    let folder = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
      self.init(url: url, reason: "it is a folder, not a file")
    } else if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      self.init(url: url, reason: "the folder \(folder) does not exist")
    } else if !isDirectory.boolValue {
      self.init(url: url, reason: "\(folder) is a file, not a folder")
    } else if !FileManager.default.isWritableFile(atPath: folder) {
      self.init(url: url, reason: "the folder \(folder) is not writable (permission denied)")
    } else if let code = (error as NSError).underlyingPOSIXCode {
      self.init(url: url, reason: String(cString: strerror(code)).lowercased())
    } else {
      self.init(url: url, reason: (error as NSError).localizedDescription)
    }
  }
}

extension NSError {
  fileprivate var underlyingPOSIXCode: Int32? {
    if domain == NSPOSIXErrorDomain { return Int32(code) }
    return (userInfo[NSUnderlyingErrorKey] as? NSError)?.underlyingPOSIXCode
  }
}

/// Where the todos live by default: `todos.json` in the working directory.
public enum TodosFile {
  public static var defaultURL: URL {
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("todos.json")
  }
}

extension FileClient: DependencyKey {
  /// `todos.json` in the working directory.
  public static var liveValue: FileClient { .file(TodosFile.defaultURL) }

  /// Fails the test on use.
  public static let testValue = FileClient(
    load: unimplemented("FileClient.load"),
    save: unimplemented("FileClient.save")
  )

  /// In memory, starting with a few sample todos.
  public static var previewValue: FileClient { .inMemory(TodosSamples.todos) }

  /// Nothing saved, nothing kept.
  public static let noop = FileClient(load: { [] }, save: { _ in })

  /// A JSON file. A missing file is an empty list; a file that cannot be read or decoded is an
  /// error and is never overwritten (saves are refused after a failed load). Saves are atomic:
  /// a crash mid-save leaves the previous contents.
  public static func file(_ url: URL) -> FileClient {
    let loadFailed = LockedFlag()
    return FileClient(
      load: {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard !isDirectory.boolValue else {
          loadFailed.set()
          throw TodosFileError(url: url, reason: "it is a folder, not a file (give a file path such as \(url.path)/todos.json)")
        }
        do {
          let data = try Data(contentsOf: url)
          if data.isEmpty { return [] }
          return try JSONDecoder().decode([Todo.State].self, from: data)
        } catch let error as DecodingError {
          loadFailed.set()
          throw TodosFileError(url: url, reason: "it is not a todo list in JSON (\(describe(error)))")
        } catch {
          loadFailed.set()
          throw TodosFileError(url: url, reason: error.localizedDescription)
        }
      },
      save: { todos in
        guard !loadFailed.isSet else {
          throw TodosFileError(url: url, reason: "it could not be loaded, so it will not be overwritten")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
          try encoder.encode(todos).write(to: url, options: .atomic)
        } catch {
          throw TodosSaveError(url: url, error: error)
        }
      }
    )
  }

  /// Keeps the todos in memory, starting with `initial`.
  public static func inMemory(_ initial: [Todo.State]) -> FileClient {
    let storage = LockedValue(initial)
    return FileClient(load: { storage.value }, save: { storage.value = $0 })
  }
}

private func describe(_ error: DecodingError) -> String {
  switch error {
  case let .dataCorrupted(context), let .keyNotFound(_, context), let .typeMismatch(_, context),
    let .valueNotFound(_, context):
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
  @unknown default:
    return "\(error)"
  }
}

extension DependencyValues {
  /// Where the todos are loaded from and saved to.
  public var fileClient: FileClient {
    get { self[FileClient.self] }
    set { self[FileClient.self] = newValue }
  }
}
