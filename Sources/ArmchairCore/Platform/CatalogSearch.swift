import Glibc

/// Where Armchair's compiled translation catalogs (`<folder>/<ll>/LC_MESSAGES/armchair.mo`) are
/// looked for, best first.
///
/// 1. The folder the app names in ``Configuration/localeDirectory``.
/// 2. For an app that loads Armchair as a shared library (C, Python, JavaScript, Vala), the
///    installation the library belongs to: `<prefix>/share/locale` for `<prefix>/lib/libarmchair-1.so.0`.
/// 3. The installation the program belongs to: `<prefix>/share/locale` for a program in
///    `<prefix>/bin` (`/usr`, `/app` inside Flatpak, `/opt/notes`, `~/.local`).
/// 4. `locale` in each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`); inside Flatpak
///    these include `/app/share`.
/// 5. The resource bundle SwiftPM puts beside the executables it builds.
/// 6. This build's own folder of compiled catalogs, for a program copied out of the build folder
///    (not into an installation).
///
/// The last two describe a Swift program and the machine that built it, so a shared library
/// skips them, and a program that belongs to an installation (in a `bin/`) never reads the build
/// folder: an installed app must not depend on the machine that built it, even while its build
/// folder is still there.
///
/// The first folder that holds a catalog is used. The search never stops the process: with no
/// catalogs anywhere, the texts are in English.
struct CatalogSearch {
    /// Why a folder is on the list.
    enum Origin: String, Sendable {
        case configured = "the app's localeDirectory"
        case library = "the library's installation"
        case installation = "the program's installation"
        case dataDirectory = "XDG_DATA_DIRS"
        case resourceBundle = "the resource bundle beside the program"
        case buildFolder = "the build folder"
    }

    /// One folder to look in.
    struct Place: Sendable, Hashable {
        var folder: String
        var origin: Origin
    }

    /// Every folder to look in, best first, without repeats.
    ///
    /// - Parameters:
    ///   - localeDirectory: The folder the app configured, if any.
    ///   - executable: The running program's path.
    ///   - library: The shared library Armchair runs from, if it does.
    ///   - environment: Where `XDG_DATA_DIRS` is read.
    ///   - buildFolder: This build's compiled catalogs.
    static func places(
        localeDirectory: String?, executable: String?, library: String? = nil, environment: [String: String],
        buildFolder: String = BuildCatalogs.buildFolder
    ) -> [Place] {
        var places: [Place] = []
        if let localeDirectory { places.append(Place(folder: localeDirectory, origin: .configured)) }
        if let library, let prefix = SharedLibrary.installationPrefix(of: library) {
            places.append(Place(folder: prefix + "/share/locale", origin: .library))
        }
        let installation = executable.flatMap(RunningExecutable.installationPrefix(of:))
        if let installation { places.append(Place(folder: installation + "/share/locale", origin: .installation)) }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for folder in dataDirs.split(separator: ":") where folder.hasPrefix("/") {
            let trimmed = folder.count > 1 && folder.hasSuffix("/") ? folder.dropLast() : folder
            places.append(Place(folder: trimmed + "/locale", origin: .dataDirectory))
        }
        if let executable, library == nil {
            let bundle = FileSystem.directory(of: executable) + "/" + BuildCatalogs.bundleName
            places.append(Place(folder: bundle + "/locale", origin: .resourceBundle))
        }
        if library == nil, installation == nil { places.append(Place(folder: buildFolder, origin: .buildFolder)) }
        var seen: Set<String> = []
        return places.filter { seen.insert($0.folder).inserted }
    }

    /// Whether `folder` holds at least one of Armchair's catalogs.
    static func holdsCatalogs(_ folder: String) -> Bool {
        FileSystem.entries(of: folder).contains { hasCatalog(folder, language: $0) }
    }

    /// The languages `folder` has a catalog of Armchair's for, sorted.
    static func languages(in folder: String) -> [String] {
        FileSystem.entries(of: folder).filter { hasCatalog(folder, language: $0) }.sorted()
    }

    private static func hasCatalog(_ folder: String, language: String) -> Bool {
        !language.hasPrefix(".") && access("\(folder)/\(language)/LC_MESSAGES/\(Gettext.domain).mo", R_OK) == 0
    }
}
