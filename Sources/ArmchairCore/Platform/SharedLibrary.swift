import CArmchairSupport

/// The shared library Armchair runs from when an app loads `libarmchair-1.so.0` (an app in C,
/// Python, JavaScript or Vala): its engine module, `armchair-1/libarmchair-engine.so` beside it;
/// and the installation they belong to.
///
/// Such an app's program is often an interpreter (`/usr/bin/python3`, `/usr/bin/gjs`), whose
/// installation says nothing about where the library put its data; the library's own file does.
enum SharedLibrary {
    /// The library's absolute path; `nil` when Armchair is linked into the program (a Swift app).
    static let path: String? = {
        guard let file = armchairsupport_code_file() else { return nil }
        let path = String(cString: file)
        let name = path.split(separator: "/").last ?? ""
        return name.hasSuffix(".so") || name.containsText(".so.") ? path : nil
    }()

    /// The installation prefix of the library at `path`: `<prefix>/lib/libarmchair-1.so.0`,
    /// `<prefix>/lib64/…` and `<prefix>/lib/x86_64-linux-gnu/…` give `<prefix>`, and so do the
    /// engine modules in their folder `armchair-1/` there. `nil` for a library elsewhere, or in
    /// `/lib` itself, whose data the XDG folders name.
    static func installationPrefix(of path: String) -> String? {
        var folders = Array(path.split(separator: "/").dropLast())
        if folders.last == "armchair-1" { folders.removeLast() }
        if let last = folders.last, last.containsText("-linux-") { folders.removeLast() }
        guard let last = folders.last, ["lib", "lib64", "lib32"].contains(last), folders.count > 1 else { return nil }
        return "/" + folders.dropLast().joined(separator: "/")
    }
}
