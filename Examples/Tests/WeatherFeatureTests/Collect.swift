#if Macros
extension AsyncSequence where Failure == Never {
  /// Every element, once the sequence has ended.
  func collect() async -> [Element] {
    var elements: [Element] = []
    for await element in self { elements.append(element) }
    return elements
  }
}
#endif
