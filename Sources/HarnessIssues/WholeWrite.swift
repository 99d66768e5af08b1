#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Writes a block of text in one `write(2)` call, retried only for what the system did not take:
/// so that other output (another test's line, a child process's) cannot land inside it, as it can
/// between the flushes of a buffered `print`.
package enum WholeWrite {
  /// Standard output: what was printed before is flushed first, so the order is kept.
  package static func toStandardOutput(_ text: String) {
    fflush(nil)
    write(text, to: 1)
  }

  /// Standard error (unbuffered).
  package static func toStandardError(_ text: String) {
    write(text, to: 2)
  }

  /// `text` on `descriptor`, in one `write(2)` unless the system takes less.
  package static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        #if canImport(ucrt)
          let written = Int(_write(descriptor, buffer.baseAddress! + offset, UInt32(buffer.count - offset)))
        #else
          let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
        if written < 0, errno == EINTR { continue }
        if written <= 0 { break }
        offset += written
      }
    }
  }
}

#if !canImport(ucrt)
  private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
  }
#endif
