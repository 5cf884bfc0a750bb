public import ArgumentParser
public import Armchair
import Foundation

/// `armchair explain`: the decision for an app, with every criterion and its numbers.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show whether the app would prompt now, and why.",
        discussion: """
            Example:
              armchair explain org.gnome.TextEditor --app-version 46.1 --events-until-prompt 5
            """
    )

    @Argument(help: "The application ID, such as org.gnome.TextEditor.")
    var appID: String

    @Option(help: "The app's running version (default: the version in the state file).")
    var appVersion: String?

    @Option(help: "daysUntilPrompt the app uses.")
    var daysUntilPrompt: Double = 30

    @Option(help: "usesUntilPrompt the app uses.")
    var usesUntilPrompt = 20

    @Option(help: "significantEventsUntilPrompt the app uses (0: not a criterion).")
    var eventsUntilPrompt = 0

    @Option(help: "How the thresholds combine: all, or daysThenAny.")
    var combination: ThresholdCombination = .all

    func run() throws {
        var configuration = Configuration(appID: appID, appVersion: appVersion)
        configuration.daysUntilPrompt = daysUntilPrompt
        configuration.usesUntilPrompt = usesUntilPrompt
        configuration.significantEventsUntilPrompt = eventsUntilPrompt
        configuration.thresholdCombination = combination
        do {
            try configuration.validate()
        } catch {
            throw ToolError(message: error.description)
        }

        let store = KeyFileStore(appID: appID)
        var state = RatingState()
        switch store.inspect() {
        case .missing:
            print("\(appID): no state file yet at \(store.path)")
            print("The app has not recorded a use; this is what it would decide on its first launch.")
        case .values(let values):
            let (decoded, unreadable) = StateCodec(configuration: configuration).decode(values)
            state = decoded
            print("\(appID): state file \(store.path)")
            for value in unreadable { print("warning: unreadable value \(value); the app uses its default") }
        case .unusable(let reason):
            throw ToolError(
                message: """
                    The state file \(store.path) cannot be used: \(reason).
                    The app will move it aside and start counting again on its next launch; to keep it, copy it elsewhere first.
                    """)
        case .unreadable(let reason):
            throw ToolError(message: "The state file \(store.path) cannot be read: \(reason).")
        case .newerFormat(let version):
            throw ToolError(
                message: """
                    The state file \(store.path) was written by a newer Armchair (format \(version)).
                    Use the armchair tool of the same version as the app.
                    """)
        }
        if appVersion == nil { configuration.appVersion = state.trackedVersion }
        print("")
        print(PromptRules.evaluate(configuration, state, now: Date()))
    }
}

extension ThresholdCombination: ExpressibleByArgument {}
