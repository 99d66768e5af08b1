#if Macros
import Harness

/// A stream a test feeds by hand, one element at a time. ``send(_:)`` returns once the consumer
/// is done with the element, that is when it asks for the next one (or stops listening): a
/// consumer that handles each element before reading the next, like `WeatherModel`, has then
/// finished all the work the element caused. No sleeping, no guessing.
///
/// ```swift
/// let paths = HandDrivenStream<NetworkPath>()
/// // … a model whose path monitor returns `paths.stream` …
/// await paths.send(.unsatisfied)
/// #expect(model.isConnected == false)
/// ```
struct HandDrivenStream<Element: Sendable>: Sendable {
  /// The stream to hand to the consumer. It can be iterated once.
  let stream: AsyncStream<Element>
  private let channel: Channel<Element>

  init() {
    let channel = Channel<Element>()
    self.channel = channel
    self.stream = AsyncStream(unfolding: { await channel.receive() }, onCancel: { channel.cancel() })
  }

  /// Hands `element` to the consumer and waits until it asks for the next one.
  func send(
    _ element: Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let refusal = await channel.send(element) {
      reportIssue(
        "HandDrivenStream.send(\(element)): \(refusal)",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Ends the stream: the consumer's loop ends once it has taken what was sent.
  func finish() { channel.finish() }
}

/// The state behind ``HandDrivenStream``: at most one element in flight.
private final class Channel<Element: Sendable>: Sendable {
  /// A waiting `send`: resumed with nil once its element is handled, or with why it was not.
  typealias Sender = CheckedContinuation<String?, Never>

  private struct State {
    /// The consumer, waiting for an element.
    var consumer: CheckedContinuation<Element?, Never>?
    /// An element sent before the consumer asked, and its sender.
    var pending: (element: Element, sender: Sender)?
    /// The sender whose element the consumer is handling now.
    var handling: Sender?
    var isFinished = false
    var isCancelled = false
  }

  private enum Step {
    case deliver(CheckedContinuation<Element?, Never>)
    case wait
    case refuse(String)
  }

  private let state = LockIsolated(State())

  /// The consumer asks for the next element: the previous one is done.
  func receive() async -> Element? {
    await withCheckedContinuation { (consumer: CheckedContinuation<Element?, Never>) in
      let (done, answer): (Sender?, Element??) = state.withValue { state in
        let done = state.handling
        state.handling = nil
        if let pending = state.pending {
          state.pending = nil
          state.handling = pending.sender
          return (done, .some(pending.element))
        }
        if state.isFinished || state.isCancelled { return (done, .some(nil)) }
        state.consumer = consumer
        return (done, nil)
      }
      done?.resume(returning: nil)
      if let answer { consumer.resume(returning: answer) }
    }
  }

  /// Returns nil once the element was handled, or why it could not be sent.
  func send(_ element: Element) async -> String? {
    await withCheckedContinuation { (sender: Sender) in
      let step: Step = state.withValue { state in
        if state.isCancelled { return .refuse("the consumer stopped listening (its task was cancelled)") }
        if state.isFinished { return .refuse("the stream was already finished") }
        if state.pending != nil || state.handling != nil {
          return .refuse("the previous element is still being handled; send one element at a time")
        }
        if let consumer = state.consumer {
          state.consumer = nil
          state.handling = sender
          return .deliver(consumer)
        }
        state.pending = (element, sender)
        return .wait
      }
      switch step {
      case let .deliver(consumer): consumer.resume(returning: element)
      case .wait: break
      case let .refuse(reason): sender.resume(returning: reason)
      }
    }
  }

  func finish() {
    let consumer = state.withValue { state in
      state.isFinished = true
      defer { state.consumer = nil }
      return state.consumer
    }
    consumer?.resume(returning: nil)
  }

  /// The consumer's task was cancelled: nobody will ask again, so release everyone.
  func cancel() {
    let (consumer, pending, handling) = state.withValue { state in
      state.isCancelled = true
      defer {
        state.consumer = nil
        state.pending = nil
        state.handling = nil
      }
      return (state.consumer, state.pending?.sender, state.handling)
    }
    consumer?.resume(returning: nil)
    pending?.resume(returning: "the consumer stopped listening (its task was cancelled) before taking it")
    handling?.resume(returning: nil)
  }
}
#endif
