#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One keep-alive HTTP/1.1 connection to 127.0.0.1, blocking: sends a GET and reads the response
/// to its end (Content-Length bodies only, as the load check's routes answer).
final class LoopbackClient {
  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  private var pending: [UInt8] = []

  init(port: Int) throws {
    #if canImport(Glibc)
    descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw LoadCheckError("socket() failed: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw LoadCheckError("connect() to 127.0.0.1:\(port) failed: errno \(errno)") }
    var yes: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
  }

  deinit { close(descriptor) }

  /// Sends `GET path` and returns the response's status code once the whole response is read.
  func get(_ request: [UInt8]) throws -> Int {
    var sent = 0
    while sent < request.count {
      let count = request.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, request.count - sent, 0) }
      guard count > 0 else { throw LoadCheckError("send() failed: errno \(errno)") }
      sent += count
    }
    // Read until the head is complete, then until Content-Length bytes of body followed it.
    while true {
      if let (status, length) = parseResponse() {
        pending.removeFirst(length)
        return status
      }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { throw LoadCheckError("the server closed the connection (errno \(errno))") }
      pending.append(contentsOf: buffer[0..<count])
    }
  }

  /// The status and the full length of the first response in `pending`, if it is all there.
  private func parseResponse() -> (status: Int, length: Int)? {
    guard let headEnd = pending.firstRange(of: [13, 10, 13, 10]) else { return nil }
    let head = String(decoding: pending[..<headEnd.lowerBound], as: UTF8.self).lowercased()
    let lines = head.split(separator: "\r\n")
    guard let statusLine = lines.first, statusLine.count >= 12, let status = Int(statusLine.dropFirst(9).prefix(3)) else {
      return nil
    }
    var bodyLength = 0
    for line in lines.dropFirst() where line.hasPrefix("content-length:") {
      bodyLength = Int(line.dropFirst("content-length:".count).trimmingPrefix(" ")) ?? 0
    }
    let length = headEnd.upperBound + bodyLength
    return pending.count >= length ? (status, length) : nil
  }
}

/// What went wrong in the load check.
struct LoadCheckError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
