// A headless stand-in for an app process, for the tests that need several real processes of one
// app at once, or one killed at a bad moment. Each mode prints one line the tests read.
//
//     TestApp count <state-file> <uses>          count launches (0 = until killed); "saved" or "unsaved"
//     TestApp desktop-prompts <record> <count>   record an app's prompts (0 = until killed) in the
//                                                desktop's record under a new token, a second apart;
//                                                "<token> <last date>"
//     TestApp session <state-file> wait|quit     start a session; "crashed=<bool>"; then wait for a
//                                                line on stdin (or EOF) or quit cleanly at once
//     TestApp prompt <state-file> <seconds>      prompt if allowed, keeping the prompt open <seconds>;
//                                                "shown" or "not shown"
//     TestApp texts <state-file> -               the rating prompt's texts in the locale's language,
//                                                one per line (title, message, buttons)
//     TestApp gtk <state-file> -                 try the GTK presenter (run it without a display);
//                                                "shown" or "not shown", then "uses=<n>"
//     TestApp send-feedback <outbox> <endpoint>  queue message "kill-test" and send it; "queued",
//                                                then "sent" or "waiting"
//     TestApp deliver-feedback <outbox> <endpoint>  send everything queued; "delivered=<n> retrying=<n>"
//     TestApp mail <state-file> -                the feedback email's mailto: address for a message
//                                                with a reply address, in the locale's language
//     TestApp plurals <state-file> <ll>          for n from 0 to 1000 and beyond a million, the plural
//                                                form glibc's dngettext picks in language ll and
//                                                Armchair's; a line per difference, "compared <n>"
//     TestApp language <state-file> -            the language Armchair's texts are in, or "en"
//     TestApp clearenv <state-file> -            clear the environment as some hosts do, then launch;
//                                                "uses=<n> title=<the prompt's title>"
import Armchair
import ArmchairGLib
import ArmchairGtk
import CLibintl
import Glibc
import Logging

import struct Foundation.Date

let arguments = CommandLine.arguments
func usage() -> Never {
    print("usage: TestApp count|session|prompt <state-file> <argument>")
    exit(2)
}
guard arguments.count == 4 else { usage() }
let (mode, statePath, argument) = (arguments[1], arguments[2], arguments[3])

var configuration = Configuration(appID: "org.example.Notes", appVersion: "1.0")
configuration.promptAtLaunch = false
let store = KeyFileStore(path: statePath, lockTimeout: 30)

switch mode {
case "send-feedback", "deliver-feedback":
    let sender = OutboxFeedbackSender(
        outbox: FeedbackOutbox(folder: statePath), sender: try HTTPFeedbackSender(endpoint: argument, timeout: 20))
    if mode == "deliver-feedback" {
        let report = await sender.outbox.deliverDue(through: sender.sender, now: .now, includingNotDue: true)
        print("delivered=\(report.delivered.count) retrying=\(report.retrying.count)")
        break
    }
    let message = FeedbackMessage(
        id: "kill-test", appID: "org.example.Notes", appName: "Notes", text: "Killed while sending.",
        replyEmail: nil, systemDetails: nil, date: .now)
    try sender.outbox.enqueue(message, now: .now)
    print("queued")
    fflush(nil)
    do {
        try await sender.send(message)
        print(sender.outbox.pending().isEmpty ? "sent" : "waiting")
    } catch {
        print("refused")
    }

case "mail":
    setlocale(LC_ALL, "")
    let message = FeedbackMessage(
        id: "m-1", appID: "org.example.Notes", appName: "Notes", text: "Hello", replyEmail: "ada@example.org",
        systemDetails: nil, date: .now)
    print(
        MailtoFeedbackSender.uri(
            for: message, to: "dev@example.org", texts: PromptContent(configuration: configuration).mailTexts))

case "plurals":
    setlocale(LC_ALL, "")
    guard let folder = Translations.catalogFolder else { usage() }
    bindtextdomain("armchair", folder)
    bind_textdomain_codeset("armchair", "UTF-8")
    // glibc reads LANGUAGE once per catalog it loads: one language per process.
    setenv("LANGUAGE", argument, 1)
    var compared = 0
    for n in [0...1000, 1_000_000...1_000_010].joined() {
        let glibc = String(cString: dngettext("armchair", "%1$s star", "%1$s stars", UInt(n)))
        let armchair = Translations.translate("%1$s star", "%1$s stars", count: n)
        if glibc != armchair { print("\(argument) \(n): glibc \(glibc), Armchair \(armchair)") }
        compared += 1
    }
    print("compared \(compared)")

case "language":
    setlocale(LC_ALL, "")
    _ = PromptContent(configuration: configuration).ratingPrompt()
    print(Translations.currentLanguage ?? "en")

case "clearenv":
    clearenv()
    let engine = try RatingEngine(configuration: configuration, store: store)
    engine.appLaunched()
    print("uses=\(engine.state.useCount) title=\(PromptContent(configuration: configuration).ratingPrompt().title)")

case "count":
    guard let uses = Int(argument), uses >= 0 else { usage() }
    let engine = try RatingEngine(configuration: configuration, store: store)
    var counted = 0
    while uses == 0 || counted < uses {
        engine.appLaunched()
        counted += 1
    }
    print(engine.flush() ? "saved" : "unsaved")

case "desktop-prompts":
    guard let count = Int(argument), count >= 0 else { usage() }
    let record = DesktopRecord(path: statePath, logger: Logger(label: "armchair"))
    let token = DesktopRecord.newToken()
    var recorded = 0
    while count == 0 || recorded < count {
        recorded += 1
        try record.recordPrompt(by: token, at: Date(timeIntervalSince1970: 1_767_225_600 + Double(recorded)))
    }
    print("\(token) \(1_767_225_600 + recorded)")

case "session":
    let engine = try RatingEngine(configuration: configuration, store: store)
    engine.appLaunched()
    print("crashed=\(engine.decision().criterion(.previousSessionCrashed)?.status == .missing)")
    fflush(nil)
    if argument == "wait" { _ = readLine() }
    engine.appWillQuit()

case "prompt":
    guard let seconds = Double(argument) else { usage() }
    configuration.daysUntilPrompt = 0
    configuration.usesUntilPrompt = 0
    configuration.minimumDaysBetweenPrompts = 0
    configuration.maxPromptsPerYear = 20
    configuration.daysBeforeReminding = 0
    configuration.skipsPromptAfterCrash = false  // the tests kill prompting processes on purpose
    let presenter = SlowPresenter(seconds: seconds)
    let engine = try RatingEngine(configuration: configuration, store: store, presenter: presenter)
    engine.appLaunched()
    let outcome = await engine.showPromptIfNecessary()?.value
    print(outcome == nil ? "not shown" : "shown")
    engine.appWillQuit()

case "texts":
    setlocale(LC_ALL, "")  // as every app does before GTK starts
    // An app with its own catalogs (in TESTAPP_LOCALE_DIR) opts in to having them consulted first.
    if let folder = getenv("TESTAPP_LOCALE_DIR") {
        bindtextdomain("testapp", folder)
        bind_textdomain_codeset("testapp", "UTF-8")
        configuration.translationDomain = "testapp"
    }
    // An app that installs Armchair's catalogs in a folder of its own names it.
    if let folder = getenv("TESTAPP_ARMCHAIR_LOCALE_DIR") {
        configuration.localeDirectory = String(cString: folder)
    }
    if let override = getenv("TESTAPP_CANCEL_OVERRIDE") {
        configuration.texts.cancelButton = String(cString: override)
    }
    // An app that keeps the prompt to its own languages, and reads its AppStream metadata (named
    // by ARMCHAIR_METAINFO) as the GTK bindings do when they attach.
    if getenv("TESTAPP_ONLY_APP_LANGUAGES") != nil {
        configuration.usesAllAvailableLanguages = false
        configuration = configuration.fillingFromInstalledMetainfo(logger: Logger(label: "testapp"))
    }
    configuration.daysUntilPrompt = 0
    configuration.usesUntilPrompt = 0
    let presenter = PrintingPresenter()
    let engine = try RatingEngine(configuration: configuration, store: store, presenter: presenter)
    _ = "engine made\n".withCString { write(2, $0, strlen($0)) }  // catalogs are searched for only when needed
    _ = await engine.showPrompt()?.value

case "gtk":
    configuration.daysUntilPrompt = 0
    configuration.usesUntilPrompt = 0
    let engine = try RatingEngine(configuration: configuration, store: store, presenter: GtkRatingPresenter())
    engine.appLaunched()
    print(engine.showPrompt() == nil ? "not shown" : "shown")
    print("uses=\(engine.state.useCount)")
    engine.appWillQuit()

default:
    usage()
}

/// Keeps the prompt "on screen" for a while, then closes it.
@MainActor
final class SlowPresenter: RatingPresenter {
    let seconds: Double
    init(seconds: Double) { self.seconds = seconds }

    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        try? await Task.sleep(for: .seconds(seconds))
        return .dismissed
    }

    func openURI(_ uri: String) async throws(OpenURIError) {}
}

/// Prints the rating prompt's texts and closes it.
@MainActor
final class PrintingPresenter: RatingPresenter {
    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        for line in [prompt.title, prompt.message, prompt.cancelButton, prompt.remindButton ?? "-", prompt.rateButton] {
            print(line)
        }
        return .dismissed
    }

    func openURI(_ uri: String) async throws(OpenURIError) {}
}
