import ArgumentParser
import Armchair
import Foundation

/// `armchair install-data`: put Armchair's translations, and the app's settings file, where an
/// installed app finds them.
struct InstallData: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-data",
        abstract: "Install Armchair's translations and your app's settings file under a prefix.",
        discussion: """
            Copies Armchair's compiled catalogs to <destdir><prefix>/share/locale/<ll>/LC_MESSAGES/armchair.mo, \
            where an app installed in <prefix>/bin finds them, and each --settings file, checked first, \
            to <destdir><prefix>/share/armchair/. Without them an installed app shows Armchair's \
            dialogs in English.

            The catalogs are the ones this build of armchair compiled; an installed armchair copies \
            its own installed ones. --destdir defaults to $DESTDIR, as Meson, make and Debian's \
            tools set it when they stage an installation.

            Examples:
              armchair install-data --prefix /usr/local
              armchair install-data --prefix /app --settings data/org.example.Notes.armchair
              armchair install-data --prefix /usr --destdir debian/notes
            """
    )

    @Option(help: ArgumentHelp("Where the app is installed: /usr, /usr/local, /app (Flatpak).", valueName: "prefix"))
    var prefix: String

    @Option(help: ArgumentHelp("A staging folder in front of the prefix. Default: $DESTDIR.", valueName: "folder"))
    var destdir: String?

    @Option(
        name: .customLong("settings"),
        help: ArgumentHelp("The app's settings file, <app-id>.armchair; repeat for more.", valueName: "path"))
    var settingsFiles: [String] = []

    func validate() throws {
        guard prefix.hasPrefix("/") else {
            throw ValidationError("--prefix must be an absolute path, such as /usr, not \(prefix).")
        }
    }

    func run() throws {
        let stage = destdir ?? ProcessInfo.processInfo.environment["DESTDIR"] ?? ""
        let root = (stage.hasSuffix("/") ? String(stage.dropLast()) : stage) + prefix
        let settings = try settingsFiles.map(checkedSettings)
        guard let source = Translations.catalogFolderOfThisBuild ?? Translations.catalogFolder else {
            throw ToolError(
                "Armchair's compiled catalogs were not found; build them with `swift build` first.", kind: .input)
        }
        let languages = Translations.languages(in: source)
        for language in languages {
            let relative = "\(language)/LC_MESSAGES/armchair.mo"
            try install(source + "/" + relative, to: root + "/share/locale/" + relative)
        }
        print("Installed \(languages.count) catalogs from \(source) to \(root)/share/locale.")
        for (path, name) in settings {
            try install(path, to: root + "/share/armchair/" + name)
            print("Installed \(path) to \(root)/share/armchair/\(name).")
        }
    }

    /// Reads `path` as the settings file it names, so that a broken file is never installed.
    private func checkedSettings(_ path: String) throws(ToolError) -> (path: String, name: String) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let suffix = "." + ConfigurationFile.fileExtension
        guard name.hasSuffix(suffix), name.count > suffix.count else {
            throw ToolError("\(path): a settings file is named <app-id>\(suffix).", kind: .input)
        }
        do {
            _ = try ConfigurationFile(path: path, appID: String(name.dropLast(suffix.count)))
        } catch {
            throw ToolError(error.description, kind: .input)
        }
        return (path, name)
    }

    /// Copies `source` to `target` with mode 0644, creating folders with mode 0755.
    private func install(_ source: String, to target: String) throws(ToolError) {
        let manager = FileManager.default
        do {
            let contents = try Data(contentsOf: URL(fileURLWithPath: source))
            try manager.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
            try contents.write(to: URL(fileURLWithPath: target), options: .atomic)
            try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        } catch {
            throw ToolError("Could not install \(target): \(error.localizedDescription)", kind: .storage)
        }
    }
}
