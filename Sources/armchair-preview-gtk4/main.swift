// armchair-preview-gtk4: Armchair's libadwaita dialogs on their own, for proofreading; what
// `armchair preview --toolkit gtk4` runs, since the armchair tool links GTK 3 and a process cannot
// load both.
//
//     armchair-preview-gtk4 --app-id ID [--config PATH] [--app-name NAME] [--together] [--pictures FOLDER] STEP…
//
// The language comes from the environment (LANGUAGE, LC_ALL…), which `armchair preview --lang`
// sets; the catalogs are the ones this build compiled. Prints "step: answer" as each dialog closes.
import Armchair
import ArmchairAdwaita
import CGLib
import Foundation

/// Stops with a message on standard error and the exit status of a usage error.
func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("armchair-preview-gtk4: \(message)\n".utf8))
    exit(status)
}

/// The value after an option, or a usage error.
@MainActor func value(of option: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
    return value
}

var appID = "org.example.App"
var settingsFile: String?
var appName: String?
var together = false
var picturesFolder: String?
var steps: [DialogPreview.Step] = []
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--app-id": appID = value(of: argument)
    case "--config": settingsFile = value(of: argument)
    case "--app-name": appName = value(of: argument)
    case "--together": together = true
    case "--pictures": picturesFolder = value(of: argument)
    default:
        guard let step = DialogPreview.Step(rawValue: argument) else {
            fail(
                "unknown step or option \(argument); steps: "
                    + DialogPreview.Step.allCases.map(\.rawValue).joined(separator: ", "))
        }
        steps.append(step)
    }
}
if steps.isEmpty { steps = [.rating] }

if let built = Translations.catalogFolderOfThisBuild { Translations.useCatalogs(in: built) }
var configuration = Configuration(appID: appID, appName: "Example App")
if let settingsFile {
    do {
        configuration = try Configuration(appID: appID, file: .path(settingsFile))
    } catch {
        fail(error.description)
    }
}
if let appName { configuration.appName = appName }
// The name a dialog without a title is announced by, as in the app itself.
g_set_application_name(configuration.displayName)
let content = PromptContent(configuration: configuration)
let chosenSteps = steps
let result = MainActor.assumeIsolated { () -> Result<[String], DialogPreview.Failure> in
    do throws(DialogPreview.Failure) {
        return .success(
            try DialogPreview.show(chosenSteps, content: content, together: together, picturesFolder: picturesFolder))
    } catch {
        return .failure(error)
    }
}
switch result {
case .success(let answers):
    for (step, answer) in zip(chosenSteps, answers) { print("\(step.rawValue): \(answer)") }
case .failure(let failure):
    fail(failure.description, status: 1)
}
