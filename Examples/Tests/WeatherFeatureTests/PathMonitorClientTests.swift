#if Macros
import Harness
import Testing
import WeatherFeature

@Suite struct PathMonitorClientTests {
  let clock = TestClock()

  /// `client`'s paths, with this test's clock as the `continuousClock` dependency.
  func paths(of client: PathMonitorClient) -> AsyncStream<NetworkPath> {
    withDependencies {
      $0.continuousClock = clock
    } operation: {
      client.networkPathUpdates()
    }
  }

  @Test func constantMocksReportOnePathAndEnd() async {
    #expect(await PathMonitorClient.satisfied.networkPathUpdates().collect() == [.satisfied])
    #expect(await PathMonitorClient.unsatisfied.networkPathUpdates().collect() == [.unsatisfied])
  }

  /// Collects `client`'s paths in a task of its own, as the app's consumer does: the clock can
  /// then move while a read waits (a tick due exactly at the clock's time waits for its next
  /// advance, as on swift-clocks' TestClock, so reading only after advancing would hang).
  func consume(_ client: PathMonitorClient) -> (seen: Log<NetworkPath>, consumer: Task<Void, Never>) {
    let stream = paths(of: client)
    let seen = Log<NetworkPath>()
    return (seen, Task { for await path in stream { seen.append(path) } })
  }

  @Test func flakeyAlternatesEveryTwoSecondsOnTheClock() async {
    let (seen, consumer) = consume(.flakey)

    await clock.advance()
    #expect(seen.entries == [.satisfied])
    await clock.advance(by: .seconds(2))
    #expect(seen.entries == [.satisfied, .unsatisfied])
    await clock.advance(by: .seconds(2))
    #expect(seen.entries == [.satisfied, .unsatisfied, .satisfied])
    consumer.cancel()
    await consumer.value
  }

  @Test func pollingReportsOnlyChanges() async {
    let script: [NetworkPath.Status] = [.satisfied, .satisfied, .unsatisfied, .unsatisfied, .satisfied]
    let asked = Log<Int>()
    let polling = PathMonitorClient.polling(every: .seconds(3)) { tick in
      asked.append(tick)
      return script[tick]
    }
    let (seen, consumer) = consume(polling)

    await clock.advance()
    #expect(seen.entries == [.satisfied])
    #expect(asked.entries == [0])
    await clock.advance(by: .seconds(6))
    #expect(seen.entries == [.satisfied, .unsatisfied])
    #expect(asked.entries == [0, 1, 2])
    await clock.advance(by: .seconds(6))
    #expect(seen.entries == [.satisfied, .unsatisfied, .satisfied])
    #expect(asked.entries == [0, 1, 2, 3, 4])
    consumer.cancel()
    await consumer.value
  }

  @Test func cancellingTheConsumerEndsPolling() async {
    let flakey = paths(of: .flakey)
    let consumer = Task { await flakey.collect() }

    consumer.cancel()
    // At most the first path, read before any sleep; then the cancelled sleep ends the stream.
    #expect(await consumer.value.count <= 1)
  }

  @Test func liveReportsTheMachinesInterfaces() async {
    var iterator = paths(of: .liveValue).makeAsyncIterator()
    #expect(await iterator.next() == NetworkPath(status: NetworkInterfaces.current().status))
  }

  @Test func snapshotReportsTheMachinesInterfacesOnce() async {
    let snapshot = await PathMonitorClient.snapshot.networkPathUpdates().collect()
    #expect(snapshot == [NetworkPath(status: NetworkInterfaces.current().status)])
  }

  @Test func unimplementedReportsByName() async {
    await withExpectedIssue {
      #expect(await PathMonitorClient.unimplemented.networkPathUpdates().collect() == [])
    } matching: { $0.message.contains("PathMonitorClient.networkPathUpdates") }
  }
}
#endif
