#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import HarnessIssues
import Testing

/// A block of several lines (a dependency usage report) arrives whole and in order: it is handed
/// to the system in one write, not in the pieces a buffered `print` flushes.
@Suite struct WholeWriteTests {
  @Test func aBlockOfLinesArrivesWhole() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let block = (1...60).map { "  \\.dependency\($0): read 1 time, at Feature.swift:\($0)" }.joined(separator: "\n") + "\n"
    WholeWrite.write(block, to: ends[1])
    close(ends[1])
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      if count <= 0 { break }
      received += chunk[..<count]
    }
    #expect(String(decoding: received, as: UTF8.self) == block)
  }
}
