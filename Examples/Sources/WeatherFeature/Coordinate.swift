#if Macros
import Foundation

/// A point on Earth, in degrees.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
  /// North is positive, from -90 to 90.
  public var latitude: Double
  /// East is positive, from -180 to 180.
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Parses `"LAT,LON"` in degrees, e.g. `"52.52,13.41"` (spaces allowed); throws a message that
  /// says what is wrong.
  public init(parsing text: String) throws(CoordinateError) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
      throw CoordinateError("'\(text)' is not LAT,LON in degrees, e.g. 52.52,13.41")
    }
    guard (-90...90).contains(latitude) else {
      throw CoordinateError("the latitude in '\(text)' must be between -90 and 90")
    }
    guard (-180...180).contains(longitude) else {
      throw CoordinateError("the longitude in '\(text)' must be between -180 and 180")
    }
    self.init(latitude: latitude, longitude: longitude)
  }

  /// `52.52°N, 13.41°E`.
  public var description: String {
    func degrees(_ value: Double, _ positive: String, _ negative: String) -> String {
      "\(abs(value).formatted(decimals: 2))°\(value < 0 ? negative : positive)"
    }
    return "\(degrees(latitude, "N", "S")), \(degrees(longitude, "E", "W"))"
  }
}

/// Why a text is not a coordinate.
public struct CoordinateError: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension Double {
  /// The value with exactly `decimals` digits after the point, without Foundation's locale.
  func formatted(decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(self) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
    let sign = self < 0 && scaled != 0 ? "-" : ""
    return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(padded)"
  }
}
#endif
