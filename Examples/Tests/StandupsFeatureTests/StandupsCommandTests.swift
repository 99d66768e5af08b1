import Foundation
import Harness
import StandupsFeature
import Testing

@Suite struct StandupsCommandTests {
  @Test func parsesEveryCommand() throws {
    #expect(try StandupsCommand(parsing: "list") == .list)
    #expect(try StandupsCommand(parsing: "show 2") == .show(2))
    #expect(
      try StandupsCommand(parsing: "add Design review | 10 | Ada, Grace ,")
        == .add(title: "Design review", minutes: 10, attendees: ["Ada", "Grace"])
    )
    #expect(try StandupsCommand(parsing: "add Quick") == .add(title: "Quick", minutes: 5, attendees: []))
    #expect(try StandupsCommand(parsing: "edit 1 title Morning sync") == .editTitle(1, "Morning sync"))
    #expect(try StandupsCommand(parsing: "edit 1 minutes 15") == .editMinutes(1, 15))
    #expect(try StandupsCommand(parsing: "edit 1 attendees Blob, Blob Jr") == .editAttendees(1, ["Blob", "Blob Jr"]))
    #expect(try StandupsCommand(parsing: "delete 1") == .delete(1))
    #expect(try StandupsCommand(parsing: "start 1") == .start(1))
    #expect(try StandupsCommand(parsing: "quit") == .quit)
  }

  @Test func badInputSaysWhatIsWrong() {
    #expect(throws: StandupsCommandError("'add' needs a title: 'add TITLE | MINUTES | NAME, NAME'")) {
      try StandupsCommand(parsing: "add  | 5")
    }
    #expect(throws: StandupsCommandError("the minutes must be a whole number above 0: 'add TITLE | 10 | NAME, NAME'")) {
      try StandupsCommand(parsing: "add Sync | soon")
    }
    #expect(throws: StandupsCommandError("'start' needs a standup number from the list, e.g. 'start 1'")) {
      try StandupsCommand(parsing: "start")
    }
    #expect(throws: StandupsCommandError("'edit' takes: 'edit N title TEXT', 'edit N minutes M' or 'edit N attendees NAME, NAME'")) {
      try StandupsCommand(parsing: "edit 1 title   ")
    }
  }

  /// A typo (no command at all) is told from a command misused: during a meeting the app
  /// rejects the first at once with advice about the meeting's words.
  @Test func aTypoNamesItsWord() {
    #expect(
      throws: StandupsCommandError("Unknown command 'nxt'. Type 'help' for the list of commands.", unknownWord: "nxt")
    ) {
      try StandupsCommand(parsing: "nxt")
    }
    #expect(throws: StandupsCommandError("'show' needs a standup number from the list, e.g. 'show 1'", unknownWord: nil)) {
      try StandupsCommand(parsing: "show")
    }
  }
}

@MainActor
@Suite struct StandupsTextTests {
  @Test func theListAndTheDetailInWords() {
    #expect(
      StandupsText.list([.mock, .designMock]) == """
        Standups:
          1. Point-Free Morning Sync (1 minute, 3 attendees, 1 meeting)
          2. Design (10 minutes, 2 attendees, 0 meetings)
        """
    )
    #expect(
      StandupsText.detail(.mock, timeZone: TimeZone(identifier: "UTC")!) == """
        Point-Free Morning Sync
          Length: 1 minute, 0:20 per speaker
          Attendees: Blob, Blob Jr, Blob Sr
          Meetings:
            2023-11-14 22:13  We shipped the release. Blob Jr fixed the flaky test.
        """
    )
  }

  @Test func eachSpeakersLineHasTheTimeLeftWhenTheyStart() {
    let model = withDependencies { _ in } operation: { RecordMeetingModel(standup: .mock) }
    #expect(StandupsText.speakerStarts(1, in: model) == "Point-Free Morning Sync: Blob Jr speaking (2 of 3), 0:40 left")
    #expect(StandupsText.meeting(model) == "Point-Free Morning Sync: Blob speaking (1 of 3), 1:00 left")
  }
}
