import Harness
import Testing
import WeatherFeature

@Suite struct PathMonitorClientTests {
  @Test func constantMocksReportOnePathAndEnd() async {
    #expect(await PathMonitorClient.satisfied.networkPathUpdates().collect() == [.satisfied])
    #expect(await PathMonitorClient.unsatisfied.networkPathUpdates().collect() == [.unsatisfied])
  }

  @Test func flakeyAlternatesEveryTwoSecondsOnTheClock() async {
    let clock = TestClock()
    let paths = withDependencies {
      $0.continuousClock = clock
    } operation: {
      PathMonitorClient.flakey.networkPathUpdates()
    }
    var iterator = paths.makeAsyncIterator()

    #expect(await iterator.next() == .satisfied)
    // Each tick is due a fixed time after the stream was made, so advancing first and reading
    // after is deterministic: the tick is already due when it is read.
    await clock.advance(by: .seconds(2))
    #expect(await iterator.next() == .unsatisfied)
    await clock.advance(by: .seconds(2))
    #expect(await iterator.next() == .satisfied)
  }

  @Test func pollingReportsOnlyChanges() async {
    let clock = TestClock()
    let script: [NetworkPath.Status] = [.satisfied, .satisfied, .unsatisfied, .unsatisfied, .satisfied]
    let asked = Log<Int>()
    let paths = withDependencies {
      $0.continuousClock = clock
    } operation: {
      PathMonitorClient.polling(every: .seconds(3)) { tick in
        asked.append(tick)
        return script[tick]
      }.networkPathUpdates()
    }
    var iterator = paths.makeAsyncIterator()

    #expect(await iterator.next() == .satisfied)
    #expect(asked.entries == [0])
    await clock.advance(by: .seconds(12))
    #expect(await iterator.next() == .unsatisfied)
    #expect(asked.entries == [0, 1, 2])
    #expect(await iterator.next() == .satisfied)
    #expect(asked.entries == [0, 1, 2, 3, 4])
  }

  @Test func cancellingTheConsumerEndsPolling() async {
    let clock = TestClock()
    let paths = withDependencies {
      $0.continuousClock = clock
    } operation: {
      PathMonitorClient.flakey.networkPathUpdates()
    }
    let consumer = Task { await paths.collect() }

    consumer.cancel()
    // At most the first path, read before any sleep; then the cancelled sleep ends the stream.
    #expect(await consumer.value.count <= 1)
  }

  @Test func liveReportsTheMachinesInterfaces() async {
    let paths = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      PathMonitorClient.liveValue.networkPathUpdates()
    }
    var iterator = paths.makeAsyncIterator()
    #expect(await iterator.next() == NetworkPath(status: NetworkInterfaces.current().status))
  }

  @Test func snapshotReportsTheMachinesInterfacesOnce() async {
    let paths = await PathMonitorClient.snapshot.networkPathUpdates().collect()
    #expect(paths == [NetworkPath(status: NetworkInterfaces.current().status)])
  }

  @Test func unimplementedReportsByName() async {
    await withExpectedIssue {
      #expect(await PathMonitorClient.unimplemented.networkPathUpdates().collect() == [])
    } matching: { $0.message.contains("PathMonitorClient.networkPathUpdates") }
  }
}
