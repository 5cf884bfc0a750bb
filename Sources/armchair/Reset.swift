import ArgumentParser
import Armchair
import Foundation

/// `armchair reset`: start an app's counting again, or forget everything.
struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start an app's usage counters again, or forget everything recorded.",
        discussion: """
            --usage (the default) starts this version's counters again (first use, uses, events, \
            active time) and keeps every answer and the prompt history. --all forgets everything, \
            answers included; a state file that cannot be used is moved aside (never deleted).

            The change is made under the same lock the app uses, so it is safe while the app runs.

            Examples:
              armchair reset org.gnome.TextEditor
              armchair reset org.gnome.TextEditor --all
            """
    )

    enum Scope: EnumerableFlag {
        case usage, all

        static func help(for value: Scope) -> ArgumentHelp? {
            switch value {
            case .usage: "Start the usage counters again; keep answers and prompt history (default)."
            case .all: "Forget everything recorded for the app, answers included."
            }
        }
    }

    @OptionGroup var app: AppOptions
    @OptionGroup var settings: SettingsOptions

    @Flag var scope: Scope = .usage

    func run() throws {
        let configuration = try settings.resolve(appID: app.appID).configuration
        let codec = StateCodec(configuration: configuration)
        let store: KeyFileStore
        if scope == .all, let unusable = app.unusableStateFile() {
            // --all is the way out of an unusable file: the store moves it aside as it writes.
            store = KeyFileStore(path: unusable)
        } else {
            store = try app.openState().store
        }
        let path = store.path
        let now = Date()
        // Encoding a fresh state writes every Armchair key anew and removes the rest of them.
        _ = try StateChange.apply(to: store, codec: codec) { state in
            switch scope {
            case .usage:
                state.firstUseDate = now
                state.useCount = 0
                state.significantEventCount = 0
                state.eventCounts = [:]
                state.activeUsageSeconds = 0
            case .all:
                state = RatingState(desktopToken: state.desktopToken)
            }
        }
        switch scope {
        case .usage: print("\(app.appID): usage counters started again in \(path); answers and prompt history kept.")
        case .all: print("\(app.appID): everything recorded was forgotten in \(path).")
        }
    }
}
