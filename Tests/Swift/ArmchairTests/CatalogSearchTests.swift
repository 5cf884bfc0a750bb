import Armchair
import Foundation
import TestProcesses
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Armchair finds its catalogs where an installed app has them, in a documented order, and never
/// stops the app when they are missing.
@Suite("Finding the catalogs")
struct CatalogSearchTests {
    @Test("an installed program's prefix is the folder above bin, sbin or libexec")
    func installationPrefix() {
        #expect(RunningExecutable.installationPrefix(of: "/usr/bin/notes") == "/usr")
        #expect(RunningExecutable.installationPrefix(of: "/app/bin/notes") == "/app")
        #expect(RunningExecutable.installationPrefix(of: "/opt/notes/sbin/notes") == "/opt/notes")
        #expect(RunningExecutable.installationPrefix(of: "/usr/libexec/notes") == "/usr")
        #expect(RunningExecutable.installationPrefix(of: "/usr/libexec/notes/helper") == "/usr")
        #expect(RunningExecutable.installationPrefix(of: "/home/ada/.local/bin/notes") == "/home/ada/.local")
        #expect(RunningExecutable.installationPrefix(of: "/src/notes/.build/debug/notes") == nil)
        #expect(RunningExecutable.installationPrefix(of: "/bin/notes") == nil)
        #expect(RunningExecutable.installationPrefix(of: "notes") == nil)
    }

    @Test("the app's folder first, then the installation, XDG_DATA_DIRS, the bundle; never the build folder")
    func order() {
        let places = CatalogSearch.places(
            localeDirectory: "/opt/notes/translations", executable: "/app/bin/notes",
            environment: ["XDG_DATA_DIRS": "/app/share:relative/share:/usr/share/:/app/share"],
            buildFolder: "/src/.build/locale")
        #expect(
            places.map(\.folder) == [
                "/opt/notes/translations", "/app/share/locale", "/usr/share/locale",
                "/app/bin/\(BuildCatalogs.bundleName)/locale",
            ])
        #expect(places.map(\.origin) == [.configured, .installation, .dataDirectory, .resourceBundle])
    }

    @Test("a program outside any installation looks in its build folder last")
    func programOutsideAnInstallation() {
        let places = CatalogSearch.places(
            localeDirectory: nil, executable: "/home/ada/notes", environment: ["XDG_DATA_DIRS": "/usr/share"],
            buildFolder: "/src/.build/locale")
        #expect(
            places.map(\.folder) == [
                "/usr/share/locale", "/home/ada/\(BuildCatalogs.bundleName)/locale", "/src/.build/locale",
            ])
        #expect(places.map(\.origin) == [.dataDirectory, .resourceBundle, .buildFolder])
    }

    @Test("a shared library's own installation comes before the interpreter's; no bundle or build folder")
    func sharedLibrary() {
        let places = CatalogSearch.places(
            localeDirectory: nil, executable: "/usr/bin/python3", library: "/opt/notes/lib/libarmchair-1.so.0",
            environment: ["XDG_DATA_DIRS": "/usr/share"], buildFolder: "/src/.build/locale")
        #expect(places.map(\.folder) == ["/opt/notes/share/locale", "/usr/share/locale"])
        #expect(places.map(\.origin) == [.library, .installation])
    }

    @Test("a library's prefix: lib, lib64 and a multiarch folder; nothing for /lib or elsewhere")
    func libraryPrefixes() {
        #expect(SharedLibrary.installationPrefix(of: "/opt/notes/lib/libarmchair-1.so.0") == "/opt/notes")
        #expect(SharedLibrary.installationPrefix(of: "/usr/lib64/libarmchair-1.so.0") == "/usr")
        #expect(SharedLibrary.installationPrefix(of: "/usr/lib/x86_64-linux-gnu/libarmchair-1.so.0") == "/usr")
        // The engine module, in armchair-1/ beside libarmchair-1.
        #expect(
            SharedLibrary.installationPrefix(of: "/usr/lib/x86_64-linux-gnu/armchair-1/libarmchair-engine.so") == "/usr"
        )
        #expect(
            SharedLibrary.installationPrefix(of: "/opt/notes/lib64/armchair-1/libarmchair-engine.so") == "/opt/notes")
        #expect(SharedLibrary.installationPrefix(of: "/srv/build/armchair-1/libarmchair-engine.so") == nil)
        #expect(SharedLibrary.installationPrefix(of: "/app/lib/libarmchair-1.so.0") == "/app")
        #expect(SharedLibrary.installationPrefix(of: "/lib/x86_64-linux-gnu/libarmchair-1.so.0") == nil)
        #expect(SharedLibrary.installationPrefix(of: "/src/build/libarmchair-1.so.0") == nil)
    }

    @Test("linked into a program, Armchair is not in a shared library")
    func notASharedLibrary() {
        #expect(SharedLibrary.path == nil)
    }

    @Test("without XDG_DATA_DIRS, its default folders are searched")
    func defaultDataDirectories() {
        let places = CatalogSearch.places(
            localeDirectory: nil, executable: "/src/.build/debug/notes", environment: [:], buildFolder: "/b")
        #expect(
            places.map(\.folder) == [
                "/usr/local/share/locale", "/usr/share/locale", "/src/.build/debug/\(BuildCatalogs.bundleName)/locale",
                "/b",
            ])
    }

    @Test("this build's catalogs are in the build folder and in the resource bundle beside the tests, the same")
    func catalogsOfThisBuild() throws {
        let languages = CatalogSearch.languages(in: BuildCatalogs.buildFolder)
        #expect(languages.count > 30 && languages.contains("de") && languages.contains("pt_BR"))
        let testBinary = try #require(RunningExecutable.path)
        let bundle = FileSystem.directory(of: testBinary) + "/" + BuildCatalogs.bundleName + "/locale"
        #expect(CatalogSearch.languages(in: bundle) == languages)
        #expect(Translations.catalogFolderOfThisBuild == bundle)
    }

    @Test("a folder counts only when it holds one of Armchair's catalogs")
    func holdsCatalogs() throws {
        let folder = try TemporaryFolder()
        #expect(!CatalogSearch.holdsCatalogs(folder.path))
        #expect(!CatalogSearch.holdsCatalogs(folder.file("missing")))
        try FileManager.default.createDirectory(
            atPath: folder.file("de/LC_MESSAGES"), withIntermediateDirectories: true)
        try folder.file("de/LC_MESSAGES/gtk30.mo").write("")
        #expect(!CatalogSearch.holdsCatalogs(folder.path), "another domain's catalog is not Armchair's")
        try folder.file("de/LC_MESSAGES/armchair.mo").write("")
        #expect(CatalogSearch.holdsCatalogs(folder.path))
        #expect(CatalogSearch.languages(in: folder.path) == ["de"])
    }

    @Test("the settings file of an installed program is found in its own share folder")
    func installedSettings() {
        let paths = ConfigurationFile.searchPaths(
            appID: "org.example.Notes", environment: ["XDG_DATA_HOME": "/home/ada/.local/share"],
            executable: "/opt/notes/bin/notes")
        #expect(
            paths == [
                "/home/ada/.local/share/armchair/org.example.Notes.armchair",
                "/opt/notes/share/armchair/org.example.Notes.armchair",
                "/usr/local/share/armchair/org.example.Notes.armchair",
                "/usr/share/armchair/org.example.Notes.armchair",
            ])
    }

    @Test("a relative localeDirectory is refused, in code and in the settings file")
    func relativeLocaleDirectory() throws {
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.localeDirectory = "share/locale"
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
        configuration.localeDirectory = "/usr/share/notes/locale"
        try configuration.validate()

        let folder = try TemporaryFolder()
        let file = folder.file("org.example.Notes.armchair")
        try file.write("[Armchair]\nlocale-directory=share/locale\n")
        #expect(throws: ConfigurationFileError.self) { try ConfigurationFile(path: file, appID: "org.example.Notes") }
        try file.write("[Armchair]\nlocale-directory=/usr/share/notes/locale\n")
        let settings = try ConfigurationFile(path: file, appID: "org.example.Notes").settings
        #expect(settings.localeDirectory == "/usr/share/notes/locale")
    }
}

/// A copy of the `TestApp` helper installed like a program, with catalogs of its own, whose texts
/// show which catalogs it read.
struct InstalledTestApp {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Copies the helper to `relativePath` under the folder and returns its path.
    func install(at relativePath: String) throws -> String {
        let path = folder.file(relativePath)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestAppProcess.path, toPath: path)
        return path
    }

    /// Compiles a German catalog whose "_Rate" reads `rate` into `<localeFolder>/de/LC_MESSAGES`.
    func installCatalog(rate: String, in localeFolder: String) throws {
        let source = folder.file("source-\(UUID().uuidString).po")
        try source.write(
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"_Rate\"\nmsgstr \"\(rate)\"\n"
        )
        try FileManager.default.createDirectory(
            atPath: localeFolder + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        let compile = try ChildProcess.run(
            "/usr/bin/msgfmt", ["-o", localeFolder + "/de/LC_MESSAGES/armchair.mo", source])
        #expect(compile.status == 0, "\(compile.errors)")
    }

    /// The program's prompt texts in German, and what it logged.
    func germanTexts(of program: String, _ environment: [String: String] = [:]) throws -> (
        texts: [String], log: String
    ) {
        var base = ProcessInfo.processInfo.environment.filter {
            !["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "XDG_DATA_DIRS"].contains($0.key)
        }
        base.merge(["LANG": "C.UTF-8", "LANGUAGE": "de", "XDG_DATA_DIRS": folder.file("nothing")]) { $1 }
        base.merge(environment) { $1 }
        let result = try ChildProcess.run(program, ["texts", folder.file("state.ini"), "-"], environment: base)
        #expect(result.status == 0, "the program ended with \(result.status)")
        return (result.output.split(separator: "\n").map(String.init), result.errors)
    }
}

@Suite("Catalogs of an installed program")
struct InstalledCatalogTests {
    @Test("a program in <prefix>/bin reads <prefix>/share/locale before the build folder")
    func installationBeforeBuild() throws {
        let installed = try InstalledTestApp()
        let program = try installed.install(at: "prefix/bin/notes")
        try installed.installCatalog(rate: "_Installiert bewerten", in: installed.folder.file("prefix/share/locale"))
        let (texts, log) = try installed.germanTexts(of: program)
        #expect(texts.last == "_Installiert bewerten")
        #expect(!log.contains("translations"), "no warning when the catalogs were found: \(log)")
    }

    @Test("a program in <prefix>/bin never reads the build folder, though this build's catalogs are there")
    func installedProgramIgnoresTheBuildFolder() throws {
        #expect(CatalogSearch.holdsCatalogs(BuildCatalogs.buildFolder), "this build has no catalogs to ignore")
        let installed = try InstalledTestApp()
        let program = try installed.install(at: "prefix/bin/notes")
        let (texts, log) = try installed.germanTexts(of: program)
        #expect(texts.last == "_Rate", "the installed program read German catalogs from somewhere")
        #expect(log.contains("translations were not found"), "no warning: \(log)")
        #expect(!log.contains(BuildCatalogs.buildFolder), "the warning names the build folder: \(log)")
    }

    @Test("a program outside any bin folder finds the catalogs through XDG_DATA_DIRS, as inside Flatpak")
    func dataDirectories() throws {
        let installed = try InstalledTestApp()
        let program = try installed.install(at: "elsewhere/notes")
        try installed.installCatalog(rate: "_Über Flatpak bewerten", in: installed.folder.file("app/share/locale"))
        let texts = try installed.germanTexts(
            of: program, ["XDG_DATA_DIRS": installed.folder.file("empty") + ":" + installed.folder.file("app/share")]
        ).texts
        #expect(texts.last == "_Über Flatpak bewerten")
    }

    @Test("the app's localeDirectory wins over the installation")
    func configuredFolderFirst() throws {
        let installed = try InstalledTestApp()
        let program = try installed.install(at: "prefix/bin/notes")
        try installed.installCatalog(rate: "_Installiert bewerten", in: installed.folder.file("prefix/share/locale"))
        try installed.installCatalog(rate: "_Eigens bewerten", in: installed.folder.file("own"))
        let texts = try installed.germanTexts(
            of: program, ["TESTAPP_ARMCHAIR_LOCALE_DIR": installed.folder.file("own")]
        ).texts
        #expect(texts.last == "_Eigens bewerten")
    }

    @Test("a localeDirectory without catalogs is reported, and the next place is used")
    func emptyConfiguredFolder() throws {
        let installed = try InstalledTestApp()
        let program = try installed.install(at: "prefix/bin/notes")
        try installed.installCatalog(rate: "_Installiert bewerten", in: installed.folder.file("prefix/share/locale"))
        let (texts, log) = try installed.germanTexts(
            of: program, ["TESTAPP_ARMCHAIR_LOCALE_DIR": installed.folder.file("wrong")])
        #expect(texts.last == "_Installiert bewerten")
        let warning = try #require(log.firstRange(of: "not in the localeDirectory \(installed.folder.file("wrong"))"))
        let made = try #require(log.firstRange(of: "engine made"))
        #expect(
            made.upperBound <= warning.lowerBound, "searched when a text is first needed, not as the engine is made")
    }
}
