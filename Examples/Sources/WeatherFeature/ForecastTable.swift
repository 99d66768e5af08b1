#if Macros
import Foundation

/// The forecast as the `weather` command prints it:
///
/// ```
/// Weather for New York
///
/// Day         Conditions        Low     High
/// Mon 12 May  Clear sky       12.4°C   23.1°C
/// ```
public func renderForecast(for location: Location, days: [DailyWeather]) -> String {
  let rows = days.map { day in
    [dayName(day.date), day.condition.description, celsius(day.minTemperature), celsius(day.maxTemperature)]
  }
  let header = ["Day", "Conditions", "Low", "High"]
  let widths = header.indices.map { column in
    ([header] + rows).map { $0[column].count }.max() ?? 0
  }
  func line(_ cells: [String]) -> String {
    // Text columns are left-aligned, temperatures right-aligned.
    let padded = cells.indices.map { column in
      let padding = String(repeating: " ", count: widths[column] - cells[column].count)
      return column < 2 ? cells[column] + padding : padding + cells[column]
    }
    let text = padded.joined(separator: "  ")
    return String(text.reversed().drop(while: { $0 == " " }).reversed())
  }
  return (["Weather for \(location.title)", ""] + ([header] + rows).map(line)).joined(separator: "\n")
}

/// `"2025-05-12"` as `"Mon 12 May"`; a date in another form as it is.
package func dayName(_ date: String) -> String {
  let parts = date.split(separator: "-").compactMap { Int($0) }
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  guard
    parts.count == 3,
    let day = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
  else { return date }
  // Fixed English names: the output does not change with the machine's locale.
  let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  let weekday = weekdays[calendar.component(.weekday, from: day) - 1]
  return "\(weekday) \(parts[2]) \(months[calendar.component(.month, from: day) - 1])"
}

/// `12.4°C`, one decimal.
package func celsius(_ value: Double) -> String { "\(value.formatted(decimals: 1))°C" }
#endif
