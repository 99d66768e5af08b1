#if Servers
import Foundation
import GRDB
import Harness

extension DependencyValues {
  /// Where the todos are stored: a SQLite database through GRDB.
  ///
  /// - live value: the file `todos.sqlite` in the current directory, opened (and migrated) once
  ///   per process; `todos-server --database PATH` prepares another file instead
  /// - test value: a new, empty in-memory database for each test
  public var todoDatabase: TodoDatabase {
    get { self[TodoDatabaseKey.self] }
    set { self[TodoDatabaseKey.self] = newValue }
  }
}

private enum TodoDatabaseKey: DependencyKey {
  static var liveValue: TodoDatabase {
    do {
      return try TodoDatabase.file(path: TodoDatabase.defaultPath)
    } catch {
      fatalError("Could not open the todos database at \(TodoDatabase.defaultPath): \(error)")
    }
  }

  static var testValue: TodoDatabase {
    do {
      return try TodoDatabase.inMemory()
    } catch {
      fatalError("Could not open an in-memory todos database: \(error)")
    }
  }
}

/// The todos' storage: a GRDB database writer, migrated when it is opened. Every write is one
/// transaction, so a write that fails leaves the database as it was; every query is built by GRDB
/// with its values bound as parameters.
public struct TodoDatabase: Sendable {
  /// The database, for reads and writes the operations below do not cover.
  public let writer: any DatabaseWriter

  /// `./todos.sqlite`, in the current directory.
  public static let defaultPath = "./todos.sqlite"

  /// Wraps `writer` after running the migrations on it.
  public init(_ writer: any DatabaseWriter) throws {
    self.writer = writer
    try Self.migrator.migrate(writer)
  }

  /// The database file at `path` (created if missing), migrated.
  public static func file(path: String) throws -> TodoDatabase {
    try TodoDatabase(DatabaseQueue(path: path))
  }

  /// A new, empty database in memory, migrated.
  public static func inMemory() throws -> TodoDatabase {
    try TodoDatabase(DatabaseQueue())
  }

  /// The schema, one migration per change.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("create todo") { db in
      try db.create(table: Todo.databaseTableName) { table in
        table.column("id", .blob).primaryKey()
        table.column("title", .text).notNull().check { length($0) > 0 }
        table.column("isComplete", .boolean).notNull().defaults(to: false)
        table.column("createdAt", .datetime).notNull()
      }
    }
    return migrator
  }

  /// Every todo, oldest first.
  public func all() throws -> [Todo] {
    try writer.read { db in try Self.ordered.fetchAll(db) }
  }

  /// Inserts `todo`; throws (and changes nothing) if its id is taken.
  public func insert(_ todo: Todo) throws {
    try writer.write { db in try todo.insert(db) }
  }

  /// Applies `patch` to the todo with `id`; `nil` if there is none.
  public func update(id: UUID, with patch: TodoPatch) throws -> Todo? {
    try writer.write { db in
      guard var todo = try Todo.fetchOne(db, key: id) else { return nil }
      if let title = patch.title { todo.title = title }
      if let isComplete = patch.isComplete { todo.isComplete = isComplete }
      try todo.update(db)
      return todo
    }
  }

  /// Deletes the todo with `id`; `false` if there is none.
  public func delete(id: UUID) throws -> Bool {
    try writer.write { db in try Todo.deleteOne(db, key: id) }
  }

  /// Deletes the completed todos, in one transaction; returns the todos left.
  public func clearCompleted() throws -> [Todo] {
    try writer.write { db in
      try Todo.filter(Column("isComplete") == true).deleteAll(db)
      return try Self.ordered.fetchAll(db)
    }
  }

  private static let ordered = Todo.order(Column("createdAt"), Column.rowID)
}
#endif
