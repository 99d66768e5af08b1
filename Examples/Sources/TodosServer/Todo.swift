#if Servers
import Foundation
import GRDB
import Hummingbird

/// A to-do item, as stored in the `todo` table and sent as JSON:
/// `{"id": "…", "title": "Buy milk", "isComplete": false, "createdAt": "2026-01-01T00:00:00Z"}`.
public struct Todo: Codable, Equatable, Sendable {
  /// Made by the `uuid` dependency when the todo is created.
  public var id: UUID
  /// What to do; never empty.
  public var title: String
  /// Whether it is done.
  public var isComplete: Bool
  /// When it was created, from the `date` dependency.
  public var createdAt: Date

  /// A todo with all its fields.
  public init(id: UUID, title: String, isComplete: Bool = false, createdAt: Date) {
    self.id = id
    self.title = title
    self.isComplete = isComplete
    self.createdAt = createdAt
  }
}

extension Todo: FetchableRecord, PersistableRecord {
  /// The table the migrations create.
  public static let databaseTableName = "todo"
}

extension Todo: ResponseCodable {}
#endif
