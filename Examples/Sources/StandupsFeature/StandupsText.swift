import Foundation

/// The terminal rendering of the standups.
public enum StandupsText {
  /// One numbered line per standup.
  public static func list(_ standups: [Standup]) -> String {
    guard !standups.isEmpty else { return "No standups yet. Add one with: add TITLE | MINUTES | NAME, NAME" }
    return (["Standups:"] + standups.enumerated().map { offset, standup in
      "  \(offset + 1). \(standup.title) (\(minutes(standup.duration)), \(count(standup.attendees.count, "attendee")), \(count(standup.meetings.count, "meeting")))"
    }).joined(separator: "\n")
  }

  /// A standup's details and its meetings, newest first.
  public static func detail(_ standup: Standup, timeZone: TimeZone = .current) -> String {
    var lines = [
      standup.title,
      "  Length: \(minutes(standup.duration)), \(clock(Int(standup.durationPerAttendee.components.seconds))) per speaker",
      "  Attendees: " + standup.attendees.map(\.name).joined(separator: ", "),
    ]
    if standup.meetings.isEmpty {
      lines.append("  No meetings yet. Start one with: start N")
    } else {
      lines.append("  Meetings:")
      let formatter = DateFormatter()
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      formatter.timeZone = timeZone
      formatter.locale = Locale(identifier: "en_US_POSIX")
      for meeting in standup.meetings {
        let transcript = meeting.transcript.isEmpty ? "(no transcript)" : meeting.transcript
        lines.append("    \(formatter.string(from: meeting.date))  \(transcript)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The meeting's state in one line: who speaks and the time left.
  @MainActor
  public static func meeting(_ model: RecordMeetingModel) -> String {
    let speaker = model.currentSpeaker?.name ?? "nobody"
    return "\(model.standup.title): \(speaker) speaking (\(model.speakerIndex + 1) of \(model.standup.attendees.count)), \(clock(model.secondsRemaining)) left"
  }

  /// The line for the moment speaker number `index` (from 0) took the floor.
  @MainActor
  public static func speakerStarts(_ index: Int, in model: RecordMeetingModel) -> String {
    let name = model.standup.attendees.indices.contains(index) ? model.standup.attendees[index].name : "nobody"
    let left = model.totalSeconds - index * model.secondsPerAttendee
    return "\(model.standup.title): \(name) speaking (\(index + 1) of \(model.standup.attendees.count)), \(clock(left)) left"
  }

  /// `m:ss`.
  public static func clock(_ seconds: Int) -> String {
    "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
  }

  private static func minutes(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    return seconds % 60 == 0 ? count(seconds / 60, "minute") : "\(clock(seconds)) minutes"
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
