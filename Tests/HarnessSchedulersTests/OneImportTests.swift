#if Schedulers
import HarnessSchedulers
import Testing

// This file imports HarnessSchedulers and Testing only: that it compiles shows that
// `import HarnessSchedulers` alone gives what the `mainQueue` dependency needs (`@Dependency`,
// `withDependencies`, `DependencyValues`), as the Schedulers article's blocks show it.

private final class Debouncer {
  @Dependency(\.mainQueue) var mainQueue
  var saved: [Int] = []
  private var cancellables: Set<AnyCancellable> = []

  init(_ values: some Publisher<Int, Never>) {
    values
      .debounce(for: .seconds(1), scheduler: mainQueue)
      .sink { [weak self] in self?.saved.append($0) }
      .store(in: &cancellables)
  }
}

@Suite struct OneImportTests {
  @Test func theMainQueueDependencyNeedsNoOtherImport() {
    let mainQueue = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let debouncer = withDependencies {
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    } operation: {
      Debouncer(subject)
    }
    subject.send(1)
    subject.send(2)
    mainQueue.advance(by: .seconds(1))
    #expect(debouncer.saved == [2])
  }
}
#endif
