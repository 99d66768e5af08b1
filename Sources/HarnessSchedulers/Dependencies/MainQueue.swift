#if Schedulers
import HarnessDependencies

extension DependencyValues {
  /// The main dispatch queue, as a Combine scheduler.
  ///
  /// - live value: `DispatchQueue.main`
  /// - test value: `.unimplemented("mainQueue")`: a use reports an issue naming the dependency
  /// - preview value: `.immediate`, so previews render at once
  ///
  /// ```swift
  /// final class SearchModel {
  ///   @Dependency(\.mainQueue) var mainQueue
  ///   var results: [String] = []
  ///   var cancellables: Set<AnyCancellable> = []
  ///   func search(_ query: String) {
  ///     Just([query.uppercased()])
  ///       .receive(on: mainQueue)
  ///       .sink { [weak self] in self?.results = $0 }
  ///       .store(in: &cancellables)
  ///   }
  /// }
  ///
  /// @Test func search() {
  ///   let mainQueue = DispatchQueue.test
  ///   let model = withDependencies {
  ///     $0.mainQueue = mainQueue.eraseToAnyScheduler()
  ///   } operation: {
  ///     SearchModel()
  ///   }
  ///   model.search("swift")
  ///   #expect(model.results == [])
  ///   mainQueue.advance()
  ///   #expect(model.results == ["SWIFT"])
  /// }
  /// ```
  public var mainQueue: AnySchedulerOf<DispatchQueue> {
    get { self[MainQueueKey.self] }
    set { self[MainQueueKey.self] = newValue }
  }
}

private enum MainQueueKey: DependencyKey {
  static var liveValue: AnySchedulerOf<DispatchQueue> { .main }
  static var testValue: AnySchedulerOf<DispatchQueue> { .unimplemented("mainQueue") }
  static var previewValue: AnySchedulerOf<DispatchQueue> { .immediate }
}
#endif
