// The Standups app in a terminal: a list of standups, each with its attendees and meeting
// history, and meetings held with a live countdown.
//   swift run --package-path Examples standups
//   swift run --package-path Examples standups --preview
import ArgumentParser
import Foundation
import Harness
import Observation
import StandupsFeature

struct StandupsOptions: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "standups",
      abstract: "Standup meetings: who attends, a timer per speaker, and the meetings' history.",
      discussion: "Reads one command per line; the standups are saved a second after each change.\n\n"
        + StandupsCommand.helpText
    )
  }

  @Option(help: ArgumentHelp("Where the standups are saved.", valueName: "path"))
  var file: String = URL.standups.path

  @Flag(help: "Sample standups in memory, an immediate clock (meetings end at once) and a scripted transcript.")
  var preview = false
}

let options = StandupsOptions.parseOrExit()
let isInteractive = isatty(STDIN_FILENO) == 1

/// What the main loop reacts to: a typed line, the end of input, or a change in a meeting.
enum Event: Sendable {
  case line(String)
  case endOfInput
  case meetingChanged
  case meetingEnded
}

let (events, eventSink) = AsyncStream<Event>.makeStream()
// Lines are read on a thread of their own: the models live on the main actor, which must stay
// free to run the meeting's timer while the user is typing.
Thread.detachNewThread { [eventSink] in
  while let line = readLine() { eventSink.yield(.line(line)) }
  eventSink.yield(.endOfInput)
}

// Output goes out with write(2) at once, never through stdio's buffers: flushing those
// (fflush(nil)) would wait for the lock readLine holds on standard input.
func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
func say(_ text: String) { write(text + "\n") }
func warn(_ text: String) { FileHandle.standardError.write(Data("\(text)\n".utf8)) }
func prompt(_ text: String = "standups> ") {
  if isInteractive { write(text) }
}

/// Sends `.meetingChanged` each time the meeting's timer, speaker or question changes.
@MainActor func follow(_ record: RecordMeetingModel) {
  withObservationTracking {
    _ = (record.secondsElapsed, record.speakerIndex, record.alert, record.isDismissed)
  } onChange: {
    Task { @MainActor in
      eventSink.yield(.meetingChanged)
      if !record.isDismissed { follow(record) }
    }
  }
}

@MainActor
final class App {
  enum Mode {
    case commands
    case confirmingDeletion(StandupDetailModel)
    case meeting(StandupDetailModel, RecordMeetingModel, shownSpeaker: Int)
  }

  let list: StandupsListModel
  var mode = Mode.commands
  var failed = false
  /// Lines that came during a meeting and are not meeting commands: run after it.
  var deferred: [String] = []
  var inputEnded = false

  init(list: StandupsListModel) { self.list = list }

  func standup(_ number: Int) -> Standup? {
    guard list.standups.indices.contains(number - 1) else {
      fail("There is no standup number \(number); the list shows \(list.standups.count).")
      return nil
    }
    return list.standups[number - 1]
  }

  func fail(_ message: String) {
    failed = true
    warn("error: \(message)")
  }

  var shownProblem: String?

  /// Handles one event, reports a new problem at once, then prompts for the next command when
  /// the event was a line or the meeting's end (never before their output, never after a
  /// meeting's tick); returns false when the app should quit.
  func handle(_ event: Event) -> Bool {
    let wasInMeeting = isInMeeting
    let goesOn = react(to: event)
    reportNewProblem()
    guard goesOn else { return false }
    switch event {
    case .line:
      if case .commands = mode { prompt() }
    case .meetingEnded:
      if wasInMeeting, case .commands = mode { prompt() }
    case .meetingChanged, .endOfInput:
      break
    }
    return true
  }

  private func reportNewProblem() {
    guard list.problem != shownProblem else { return }
    shownProblem = list.problem
    if let problem = list.problem { fail(problem) }
  }

  private func react(to event: Event) -> Bool {
    switch (mode, event) {
    case (_, .endOfInput):
      inputEnded = true
      // A script that ends during a meeting lets it run to its end.
      return isInMeeting
    case let (.commands, .line(line)):
      return run(line)
    case let (.confirmingDeletion(detail), .line(line)):
      let confirmed = line.trimmingCharacters(in: .whitespaces).lowercased() == "yes"
      let title = detail.standup.title
      detail.deletionConfirmed(confirmed)
      say(confirmed ? "Deleted '\(title)'." : "Kept '\(title)'.")
      mode = .commands
    case let (.meeting(_, record, _), .line(line)):
      meetingLine(line, record)
    case let (.meeting(detail, record, shownSpeaker), .meetingChanged):
      if isInteractive {
        write("\r\u{1B}[K" + StandupsText.meeting(record))
      } else if record.speakerIndex > shownSpeaker {
        // One line per speaker, with the time left when they started: the same lines however
        // the timer's ticks and this redraw interleave.
        for index in (shownSpeaker + 1)...record.speakerIndex { say(StandupsText.speakerStarts(index, in: record)) }
      }
      mode = .meeting(detail, record, shownSpeaker: max(shownSpeaker, record.speakerIndex))
      if case .speechRecognizerFailed = record.alert {
        say("\nSpeech recognition failed. Type 'resume' to go on without a transcript or 'discard'.")
      }
    case let (.meeting(detail, record, _), .meetingEnded):
      if isInteractive { write("\n") }
      if let unavailable = record.transcriptionUnavailable { say(unavailable) }
      if let meeting = detail.standup.meetings.first, detail.destination == nil, record.isDismissed,
        list.standups.contains(where: { $0.meetings.first?.id == meeting.id })
      {
        say("Meeting saved: \(meeting.transcript.isEmpty ? "(no transcript)" : meeting.transcript)")
      } else {
        detail.meetingDismissed()
        say("Meeting discarded.")
      }
      mode = .commands
      let pending = deferred
      deferred = []
      for line in pending {
        guard react(to: .line(line)) else { return false }
        reportNewProblem()
      }
      if inputEnded, !isInMeeting { return false }
    case (_, .meetingChanged), (_, .meetingEnded):
      break
    }
    return true
  }

  var isInMeeting: Bool {
    if case .meeting = mode { return true }
    return false
  }

  let meetingWords: Set<String> = ["next", "end", "save", "discard", "resume"]

  /// A line typed during a meeting. A meeting word acts at once; another command waits for the
  /// meeting's end; anything else (a typo) is rejected at once, and waits for nothing. From a
  /// pipe the lines keep their order: once one waits for the meeting's end, so do all after it
  /// (it may be what a waiting `delete` asks for: `yes`). In a terminal a meeting word always
  /// acts at once, and a line that waits says so.
  func meetingLine(_ line: String, _ record: RecordMeetingModel) {
    let word = line.trimmingCharacters(in: .whitespaces).lowercased()
    if word.isEmpty { return }
    let keepsOrder = !deferred.isEmpty && !isInteractive
    if meetingWords.contains(word), !keepsOrder {
      meetingCommand(line, record)
      return
    }
    if !meetingWords.contains(word), !keepsOrder {
      do {
        _ = try StandupsCommand(parsing: line)
      } catch {
        if isInteractive { write("\n") }
        let advice = "During a meeting, type 'next' to skip a speaker or 'end' to end it; other commands run when it ends."
        if let unknown = error.unknownWord {
          fail("Unknown command '\(unknown)' during the meeting, not run. \(advice)")
        } else {
          fail("\(error.description) (not run). \(advice)")
        }
        return
      }
    }
    deferred.append(line)
    if isInteractive { say("\n'\(line.trimmingCharacters(in: .whitespaces))' will run when the meeting ends.") }
  }

  func meetingCommand(_ line: String, _ record: RecordMeetingModel) {
    switch line.trimmingCharacters(in: .whitespaces).lowercased() {
    case "next": record.nextButtonTapped()
    case "end": record.endMeetingButtonTapped()
    case "save": record.alertButtonTapped(.confirmSave)
    case "discard": record.alertButtonTapped(.confirmDiscard)
    case "resume": record.alertButtonTapped(.resume)
    default: fail("During a meeting: next, end, then save, discard or resume.")
    }
    if case .endMeeting = record.alert {
      say("\nEnd the meeting? Type 'save', " + (record.alert == .endMeeting(isDiscardable: true) ? "'discard' " : "") + "or 'resume'.")
    }
  }

  func run(_ line: String) -> Bool {
    let command: StandupsCommand
    do {
      command = try StandupsCommand(parsing: line)
    } catch {
      fail(error.description)
      return true
    }
    switch command {
    case .quit:
      return false
    case .help:
      say(StandupsCommand.helpText)
    case .list:
      say(StandupsText.list(list.standups))
    case let .show(number):
      guard let standup = standup(number) else { break }
      say(StandupsText.detail(standup))
    case let .add(title, minutes, attendees):
      list.addStandupButtonTapped()
      guard case let .add(form) = list.destination else { break }
      form.setTitle(title)
      form.setDuration(minutes: minutes)
      form.setAttendees(attendees)
      if let problem = list.confirmAddStandupButtonTapped() {
        list.dismissAddStandupButtonTapped()
        fail("\(problem) Add it as: add TITLE | MINUTES | NAME, NAME")
      } else {
        say(StandupsText.list(list.standups))
      }
    case let .editTitle(number, _), let .editMinutes(number, _), let .editAttendees(number, _):
      guard let standup = standup(number) else { break }
      let detail = list.standupTapped(standup)
      detail.editButtonTapped()
      guard case let .edit(form) = detail.destination else { break }
      switch command {
      case let .editTitle(_, title): form.setTitle(title)
      case let .editMinutes(_, minutes): form.setDuration(minutes: minutes)
      case let .editAttendees(_, names): form.setAttendees(names)
      default: break
      }
      if let problem = detail.doneEditingButtonTapped() { fail(problem) } else { say(StandupsText.detail(detail.standup)) }
      list.destination = nil
    case let .delete(number):
      guard let standup = standup(number) else { break }
      let detail = list.standupTapped(standup)
      detail.deleteButtonTapped()
      mode = .confirmingDeletion(detail)
      say("Delete '\(standup.title)' and its \(standup.meetings.count) meetings? Type 'yes' to delete.")
      prompt("delete? ")
      return true
    case let .start(number):
      guard let standup = standup(number) else { break }
      let detail = list.standupTapped(standup)
      let record = detail.startMeetingButtonTapped()
      mode = .meeting(detail, record, shownSpeaker: 0)
      say("Meeting '\(standup.title)' started. Type 'next' to skip a speaker, 'end' to end early.")
      follow(record)
      Task {
        await record.task()
        eventSink.yield(.meetingEnded)
      }
      say(StandupsText.speakerStarts(0, in: record))
      return true
    }
    return true
  }
}

let list = withDependencies {
  if options.preview {
    $0.context = .preview
    $0.continuousClock = ImmediateClock()
  }
} operation: {
  StandupsListModel(url: URL(fileURLWithPath: options.file))
}
let app = App(list: list)
// Ctrl-C or a `kill` within a second of a change (before the debounced save) still saves it.
// On the main queue, which runs the main actor here.
let signalSources = [SIGINT, SIGTERM].map { signalNumber in
  signal(signalNumber, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
  source.setEventHandler {
    MainActor.assumeIsolated {
      list.saveNow()
      if let problem = list.problem, problem != app.shownProblem { app.fail(problem) }
    }
    exit(128 + signalNumber)
  }
  source.resume()
  return source
}
if let problem = list.problem {
  app.shownProblem = problem
  app.fail(problem)
}
if isInteractive { say("\(StandupsText.list(list.standups))\n\nType a command (help for the list):") }
prompt()
for await event in events {
  guard app.handle(event) else { break }
}
// Save what the debounce has not saved yet.
signalSources.forEach { $0.cancel() }
list.saveNow()
if let problem = list.problem, problem != app.shownProblem { app.fail(problem) }
exit(app.failed ? 1 : 0)
