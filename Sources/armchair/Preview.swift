import ArgumentParser
import Armchair
import ArmchairGtk
import CGLib
import Foundation
import Glibc

/// `armchair preview`: the real GTK dialogs, in any language, for proofreading.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show Armchair's real dialogs in a language, to proofread texts and translations.",
        discussion: """
            Shows the dialogs as the app would, with the texts of the app's settings file (--app-id's, or --config) if given; \
            records nothing and sends nothing. Prints each step's answer when its dialog closes. \
            The translations are the catalogs this build of armchair compiled from po/, so an edited \
            catalog shows after `swift run armchair preview`.

            Steps: rating, update (the prompt after rating an earlier version), satisfaction, \
            feedback-request, feedback (the form), thanks, review (the in-app review form), \
            review-thanks, or all of them in turn.

            --toolkit gtk4 shows the libadwaita dialogs (GTK 4) instead of the GTK 3 ones, through \
            armchair-preview-gtk4 beside this program.

            --together shows every step's dialog at once, each in a window of its own, to read a \
            language's dialogs side by side. --pictures saves a PNG of each dialog (rating.png…) to \
            a folder, drawn as a person sees it once its buttons take clicks: for a translation's \
            review, or the documentation.

            Examples:
              armchair preview --lang fr
              armchair preview --lang ar --step all --app-name Notes
              armchair preview --app-id org.gnome.TextEditor --step satisfaction
              armchair preview --toolkit gtk4 --lang de --step all
              armchair preview --lang ja --step all --together --pictures ja-dialogs
            """
    )

    @Option(
        help: ArgumentHelp(
            "The language, as gettext names it: de, pt_BR, zh_TW. Default: the session's.", valueName: "ll"))
    var lang: String?

    @Option(help: ArgumentHelp("The dialog to show, or all.", valueName: "step"))
    var step: StepChoice = .step(.rating)

    @Option(
        help: ArgumentHelp(
            "The app name in the texts. Default: the settings file's, else Example App.", valueName: "name"))
    var appName: String?

    @Option(help: ArgumentHelp("Use this app's settings file for texts and name.", valueName: "app-id"))
    var appID: String?

    @Option(help: ArgumentHelp("The dialogs' toolkit: gtk3, or gtk4 (libadwaita).", valueName: "toolkit"))
    var toolkit: Toolkit = .gtk3

    @Flag(help: "Show the steps' dialogs all at once, each in a window of its own.")
    var together = false

    @Option(
        help: ArgumentHelp(
            "Save a PNG of each dialog, as it looks once its buttons take clicks, to this folder.",
            valueName: "folder"))
    var pictures: String?

    @OptionGroup var settings: SettingsOptions

    func validate() throws {
        // A translator previews the catalogs of this build, not ones an app installed system-wide.
        if let built = Translations.catalogFolderOfThisBuild { Translations.useCatalogs(in: built) }
        if let lang, lang != "en", !Translations.languages.contains(lang) {
            throw ValidationError(
                "Armchair has no \(lang) translation. Languages: en (the source), "
                    + Translations.languages.joined(separator: ", ") + ".")
        }
    }

    func run() throws {
        var configuration = Configuration(appID: "org.example.App", appName: "Example App")
        var settingsFile: String?
        // A settings file named with --config is read for the example app too, without --app-id.
        if appID != nil || settings.settingsFile != nil {
            let resolved = try settings.resolve(appID: appID ?? configuration.appID)
            (configuration, settingsFile) = (resolved.configuration, resolved.settingsFile)
            if resolved.configuration.appName == nil, appID == nil { configuration.appName = "Example App" }
        }
        if let appName { configuration.appName = appName }
        if let lang { Self.useLanguage(lang) }
        let steps: [DialogPreview.Step] =
            switch step {
            case .all: DialogPreview.Step.allCases
            case .step(let one): [one]
            }
        if toolkit == .gtk4 {
            try GTK4Preview.run(
                steps: steps, appID: configuration.appID, settingsFile: settingsFile, appName: configuration.appName,
                together: together, picturesFolder: pictures)
            return
        }
        // The name a dialog without a title is announced by, as in the app itself.
        g_set_application_name(configuration.displayName)
        let content = PromptContent(configuration: configuration)
        let result = MainActor.assumeIsolated { () -> Result<[String], DialogPreview.Failure> in
            do throws(DialogPreview.Failure) {
                return .success(
                    try DialogPreview.show(steps, content: content, together: together, picturesFolder: pictures))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let answers):
            for (step, answer) in zip(steps, answers) { print("\(step.rawValue): \(answer)") }
        case .failure(let failure):
            throw ToolError(failure.description, kind: .input)
        }
    }

    /// Makes gettext use `language`: `LANGUAGE` names it, and a "C" locale, which makes gettext
    /// ignore `LANGUAGE`, becomes C.UTF-8.
    static func useLanguage(_ language: String) {
        setenv("LANGUAGE", language == "en" ? "C" : language, 1)
        let environment = ProcessInfo.processInfo.environment
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty }
        if locale == nil || locale == "C" || locale == "POSIX" { setenv("LC_ALL", "C.UTF-8", 1) }
    }
}

/// `--step`: one dialog, or all of them.
enum StepChoice: ExpressibleByArgument {
    case step(DialogPreview.Step)
    case all

    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let step = DialogPreview.Step(rawValue: argument) {
            self = .step(step)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { DialogPreview.Step.allCases.map(\.rawValue) + ["all"] }
}

/// `--toolkit`: which toolkit's dialogs to show.
enum Toolkit: String, ExpressibleByArgument {
    case gtk3
    case gtk4
}
