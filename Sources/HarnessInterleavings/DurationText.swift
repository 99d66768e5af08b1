extension Duration {
  /// `0.31 s`, `60 s`: for reports.
  var secondsText: String {
    let (seconds, attoseconds) = components
    let hundredths = seconds * 100 + attoseconds / 10_000_000_000_000_000
    let (whole, fraction) = hundredths.quotientAndRemainder(dividingBy: 100)
    if fraction == 0, whole >= 10 { return "\(whole) s" }
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction) s"
  }
}
