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

  @Test func flakeyAlternatesEveryTwoSecondsOnTheClock() async {
    var iterator = paths(of: .flakey).makeAsyncIterator()

    #expect(await iterator.next() == .satisfied)
    // Each tick is due a fixed time after the stream was made, so advancing first and reading
    // after is deterministic: the tick is already due when it is read.
    await clock.advance(by: .seconds(2))
    #expect(await iterator.next() == .unsatisfied)
    await clock.advance(by: .seconds(2))
    #expect(await iterator.next() == .satisfied)
  }

  @Test func pollingReportsOnlyChanges() async {
    let script: [NetworkPath.Status] = [.satisfied, .satisfied, .unsatisfied, .unsatisfied, .satisfied]
    let asked = Log<Int>()
    let polling = PathMonitorClient.polling(every: .seconds(3)) { tick in
      asked.append(tick)
      return script[tick]
    }
    var iterator = paths(of: polling).makeAsyncIterator()

    #expect(await iterator.next() == .satisfied)
    #expect(asked.entries == [0])
    await clock.advance(by: .seconds(12))
    #expect(await iterator.next() == .unsatisfied)
    #expect(asked.entries == [0, 1, 2])
    #expect(await iterator.next() == .satisfied)
    #expect(asked.entries == [0, 1, 2, 3, 4])
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
