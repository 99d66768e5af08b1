import Foundation

/// One line typed at the Standups prompt, parsed.
public enum StandupsCommand: Equatable, Sendable {
  case list
  case show(Int)
  /// `add TITLE | MINUTES | NAME, NAME`
  case add(title: String, minutes: Int, attendees: [String])
  case editTitle(Int, String)
  case editMinutes(Int, Int)
  case editAttendees(Int, [String])
  case delete(Int)
  case start(Int)
  case help
  case quit

  /// Parses `line`; throws a message that says what is wrong and what would be right.
  public init(parsing line: String) throws(StandupsCommandError) {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let word = words.first?.lowercased() ?? "list"
    func number(_ index: Int) throws(StandupsCommandError) -> Int {
      guard words.indices.contains(index), let value = Int(words[index]), value > 0 else {
        throw StandupsCommandError("'\(word)' needs a standup number from the list, e.g. '\(word) 1'")
      }
      return value
    }
    func names(_ text: some StringProtocol) -> [String] {
      text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    switch word {
    case "list", "ls":
      self = .list
    case "show":
      self = .show(try number(1))
    case "add":
      let fields = line.drop(while: { $0 == " " }).dropFirst(word.count).split(separator: "|", omittingEmptySubsequences: false)
      let title = fields.first?.trimmingCharacters(in: .whitespaces) ?? ""
      guard !title.isEmpty else {
        throw StandupsCommandError("'add' needs a title: 'add TITLE | MINUTES | NAME, NAME'")
      }
      var minutes = 5
      if fields.count > 1 {
        guard let value = Int(fields[1].trimmingCharacters(in: .whitespaces)), value > 0 else {
          throw StandupsCommandError("the minutes must be a whole number above 0: 'add TITLE | 10 | NAME, NAME'")
        }
        minutes = value
      }
      self = .add(title: title, minutes: minutes, attendees: fields.count > 2 ? names(fields[2]) : [])
    case "edit":
      let index = try number(1)
      let field = words.count > 2 ? words[2].lowercased() : ""
      let rest = words.dropFirst(3).joined(separator: " ")
      switch field {
      case "title" where !rest.isEmpty:
        self = .editTitle(index, rest)
      case "minutes":
        guard let minutes = Int(rest), minutes > 0 else {
          throw StandupsCommandError("'edit \(index) minutes' needs a whole number above 0")
        }
        self = .editMinutes(index, minutes)
      case "attendees" where !names(rest).isEmpty:
        self = .editAttendees(index, names(rest))
      default:
        throw StandupsCommandError(
          "'edit' takes: 'edit N title TEXT', 'edit N minutes M' or 'edit N attendees NAME, NAME'"
        )
      }
    case "delete", "rm":
      self = .delete(try number(1))
    case "start":
      self = .start(try number(1))
    case "help", "?":
      self = .help
    case "quit", "exit", "q":
      self = .quit
    default:
      throw StandupsCommandError("Unknown command '\(word)'. Type 'help' for the list of commands.", unknownWord: word)
    }
  }

  /// The commands, for `help`.
  public static let helpText = """
    Commands (N is a number from the list):
      list                               the standups
      show N                             a standup: attendees and past meetings
      add TITLE | MINUTES | NAME, NAME   a new standup (5 minutes if not given)
      edit N title TEXT                  rename
      edit N minutes M                   change the length
      edit N attendees NAME, NAME        change who attends
      delete N                           delete, after a confirmation
      start N                            hold a meeting: 'next' skips a speaker, 'end' ends early
      help                               this help
      quit                               leave (end of input does the same)
    """
}

/// A command that could not be parsed, with the message to show.
public struct StandupsCommandError: Error, Equatable, CustomStringConvertible {
  public var description: String
  /// The first word, when it is no command at all (a typo), rather than a command misused.
  public var unknownWord: String?
  public init(_ description: String, unknownWord: String? = nil) {
    self.description = description
    self.unknownWord = unknownWord
  }
}
