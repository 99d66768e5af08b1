#if Servers
import Foundation
import Hummingbird

/// Reads a request's JSON body into a value, answering bad input with a clear error: a body
/// larger than ``maxSize`` is 413 Content Too Large; malformed JSON, a missing field, a field of
/// the wrong type or `null` is 400 Bad Request with a message naming the field.
public enum JSONBody {
  /// The largest body accepted: 16 KiB, plenty for a todo.
  public static let maxSize = 16 * 1024

  /// The body of `request`, decoded as `T`.
  public static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: maxSize)
    } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
      throw HTTPError(.contentTooLarge, message: "The body is larger than \(maxSize) bytes")
    }
    do {
      return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    } catch let error as DecodingError {
      throw HTTPError(.badRequest, message: message(for: error))
    }
  }

  /// A sentence naming the field that `error` is about.
  static func message(for error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "Missing field '\(path(context.codingPath + [key]))'"
    case .valueNotFound(let type, let context):
      return "Field '\(path(context.codingPath))' must be \(describe(type)), not null"
    case .typeMismatch(let type, let context):
      if context.codingPath.isEmpty { return "The body must be a JSON object" }
      return "Field '\(path(context.codingPath))' must be \(describe(type))"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "The body is not valid JSON" }
      return "Field '\(path(context.codingPath))' is invalid: \(context.debugDescription)"
    @unknown default:
      return "The body could not be read: \(error)"
    }
  }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type, is Double.Type: "a number"
    default: "a value of type \(type)"
    }
  }
}
#endif
