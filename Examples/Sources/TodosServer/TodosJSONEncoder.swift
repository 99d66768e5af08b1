#if Servers
import Foundation
import Hummingbird

/// How the server writes JSON: keys in a stable (sorted) order, dates in ISO 8601, slashes as
/// they are (`/todos`, not `\/todos`), and a newline at the end, so that two answers about the same todo read the same and a terminal's prompt
/// after `curl` starts on a line of its own. Error bodies (`{"error": {"message": …}}`) too.
public struct TodosJSONEncoder: ResponseEncoder {
  public init() {}

  /// `value` as JSON, with `Content-Type: application/json`.
  public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var data = try encoder.encode(value)
    data.append(UInt8(ascii: "\n"))
    return Response(
      status: .ok,
      headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(data.count)],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
    )
  }
}
#endif
