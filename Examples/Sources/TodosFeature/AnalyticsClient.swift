import Foundation
import Harness

/// Sends analytics events. A struct of closures, so each test decides what it does.
public struct AnalyticsClient: Sendable {
  /// An analytics event: a name and string properties.
  public struct Event: Equatable, Codable, Sendable {
    public var name: String
    public var properties: [String: String]

    public init(name: String, properties: [String: String] = [:]) {
      self.name = name
      self.properties = properties
    }

    /// A todo was deleted; `editMode` tells whether the list was being rearranged.
    public static func todoDeleted(editMode: EditMode) -> Self {
      Self(name: "Todo Deleted", properties: ["editMode": editMode.rawValue])
    }

    /// The completed todos were cleared.
    public static func clearedCompletedTodos(count: Int) -> Self {
      Self(name: "Cleared Completed Todos", properties: ["count": "\(count)"])
    }
  }

  /// Records `event`.
  public var track: @Sendable (Event) async -> Void

  public init(track: @escaping @Sendable (Event) async -> Void) {
    self.track = track
  }
}

extension AnalyticsClient: DependencyKey {
  /// Appends each event as a JSON line to `analytics.jsonl` next to the todos file.
  public static var liveValue: AnalyticsClient { .jsonLines(next: TodosFile.defaultURL) }

  /// Fails the test on use: a test that expects events overrides it with ``capturing(_:)``.
  public static let testValue = AnalyticsClient(track: unimplemented("AnalyticsClient.track"))

  /// Previews track nothing.
  public static let previewValue = AnalyticsClient.noop

  /// Does nothing.
  public static let noop = AnalyticsClient(track: { _ in })

  /// Keeps every event in `events`, for tests that assert on them.
  public static func capturing(into events: LockedValue<[Event]>) -> AnalyticsClient {
    AnalyticsClient { event in events.withValue { $0.append(event) } }
  }

  /// Appends events to `<folder of dataFile>/analytics.jsonl`, one JSON object per line, with
  /// the time from the `date` dependency.
  public static func jsonLines(next dataFile: URL) -> AnalyticsClient {
    let url = dataFile.deletingLastPathComponent().appendingPathComponent("analytics.jsonl")
    return AnalyticsClient { event in
      @Dependency(\.date) var date
      struct Line: Encodable {
        var event: String
        var properties: [String: String]
        var date: Date
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      encoder.dateEncodingStrategy = .iso8601
      guard var data = try? encoder.encode(Line(event: event.name, properties: event.properties, date: date.now))
      else { return }
      data.append(UInt8(ascii: "\n"))
      withErrorReporting("Could not write analytics to \(url.path)") {
        if !FileManager.default.fileExists(atPath: url.path) {
          _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
      }
    }
  }
}

extension DependencyValues {
  /// Where the app sends analytics events.
  public var analytics: AnalyticsClient {
    get { self[AnalyticsClient.self] }
    set { self[AnalyticsClient.self] = newValue }
  }
}
