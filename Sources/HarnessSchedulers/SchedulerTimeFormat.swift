#if Schedulers
/// Human-sized strides for messages (`1.5 s`, `-300 ms`) for the schedulers Foundation provides;
/// other schedulers' strides print as they describe themselves.
enum SchedulerTimeFormat {
  static func describe<Stride>(_ stride: Stride) -> String {
    switch stride {
    case let stride as DispatchQueue.SchedulerTimeType.Stride:
      return seconds(Double(stride.magnitude) / 1e9)
    case let stride as RunLoop.SchedulerTimeType.Stride:
      return seconds(stride.magnitude)
    case let stride as OperationQueue.SchedulerTimeType.Stride:
      return seconds(stride.magnitude)
    default:
      return "\(stride)"
    }
  }

  private static func seconds(_ value: Double) -> String {
    if value != 0, abs(value) < 1 {
      return "\(trimmed(value * 1_000)) ms"
    }
    return "\(trimmed(value)) s"
  }

  /// At most three decimals, none when whole.
  private static func trimmed(_ value: Double) -> String {
    let rounded = (value * 1_000).rounded() / 1_000
    return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
  }
}
#endif
