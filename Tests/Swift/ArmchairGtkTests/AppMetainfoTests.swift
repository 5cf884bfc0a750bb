import ArmchairCore
import ArmchairGLib
import Foundation
import Testing

/// What Armchair reads from an app's AppStream metadata with GLib's GMarkup, and where it looks:
/// real files on disk, the demo's own metadata, and `appstreamcli` as the judge of version order.
extension GtkSuites {
    @Suite("AppStream metadata")
    struct AppMetainfoTests {
        let appID = "org.example.Notes"
        let folder: String

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("metainfo-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        /// Writes `body` inside a `<component>` with `id` to `<folder>/<relative>`.
        @discardableResult
        func write(_ relative: String, id: String? = nil, _ body: String) throws -> String {
            let path = "\(folder)/\(relative)"
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- the app's metadata -->
                <component type="desktop-application">
                  <id>\(id ?? appID)</id>
                  \(body)
                </component>
                """
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// 2026-06-01 at noon, UTC.
        let june2026 = 1_780_315_200.0

        @Test("The demo's own metadata: its name and its release")
        func demoMetainfo() throws {
            let path = "data/io.github.armchairlinux.Demo.metainfo.xml.in"
            let metainfo = try AppMetainfo(path: path, appID: "io.github.armchairlinux.Demo", languages: ["C"])
            #expect(metainfo.name == "Armchair Demo", "the component's name, not its developer's")
            #expect(metainfo.version == "1.0")
            #expect(metainfo.componentID == "io.github.armchairlinux.Demo")
        }

        @Test("The name in the first of the user's languages the file has, else the untranslated one")
        func translatedName() throws {
            let path = try write(
                "a.metainfo.xml",
                """
                <name>Notes</name>
                <name xml:lang="de">Notizen</name>
                <name xml:lang="pt_BR">Anotações</name>
                <developer id="org.example"><name xml:lang="fr">Les développeurs</name></developer>
                """)
            func name(_ languages: [String]) throws -> String? {
                try AppMetainfo(path: path, appID: appID, languages: languages).name
            }
            #expect(try name(["de_DE.UTF-8", "de_DE", "de", "C"]) == "Notizen")
            #expect(try name(["pt-BR", "pt", "C"]) == "Anotações", "pt-BR and pt_BR are the same language")
            #expect(try name(["fr_FR", "fr", "C"]) == "Notes", "the developer's French name is not the app's")
            #expect(try name(["ja", "de", "C"]) == "Notizen", "the second language the user reads")
            #expect(try name(["C"]) == "Notes")
        }

        @Test("The current version: the newest stable release by version order, not a snapshot or a future one")
        func currentVersion() throws {
            let path = try write(
                "a.metainfo.xml",
                """
                <releases>
                  <release version="3.0" date="2026-09-01"/>
                  <release version="2.10~beta" date="2026-05-01" type="development"/>
                  <release version="2.9.1" type="snapshot"/>
                  <release version="2.9" timestamp="1777000000"/>
                  <release version="2.10" date="2026-05-20T08:00:00Z" type="stable"/>
                  <release version="2.2" date="2026-01-01"/>
                </releases>
                """)
            let metainfo = try AppMetainfo(path: path, appID: appID, languages: ["C"], now: june2026)
            #expect(metainfo.version == "2.10", "2.10 is newer than 2.9; 3.0 is dated ahead; 2.9.1 is a snapshot")
            let later = try AppMetainfo(path: path, appID: appID, languages: ["C"], now: june2026 + 120 * 86400)
            #expect(later.version == "3.0", "once its day comes")
        }

        @Test("External releases are read from releases/<id>.releases.xml beside the file")
        func externalReleases() throws {
            let path = try write("share/metainfo/\(appID).metainfo.xml", #"<releases type="external"/>"#)
            let missing = try AppMetainfo(path: path, appID: appID, languages: ["C"], now: june2026)
            #expect(missing.version == nil)
            #expect(missing.releasesPath == "\(folder)/share/metainfo/releases/\(appID).releases.xml")
            let releases = """
                <?xml version="1.0" encoding="UTF-8"?>
                <releases>
                  <release version="46.1" date="2026-04-02"/>
                  <release version="46.0" date="2026-03-16"/>
                </releases>
                """
            try releases.write(toFile: missing.releasesPath!.creatingFolder(), atomically: true, encoding: .utf8)
            #expect(try AppMetainfo(path: path, appID: appID, languages: ["C"], now: june2026).version == "46.1")
        }

        @Test("An <id> with the legacy .desktop suffix is the same app; another app's file is refused")
        func componentID() throws {
            let legacy = try write("legacy.appdata.xml", id: "\(appID).desktop", "<name>Notes</name>")
            #expect(try AppMetainfo(path: legacy, appID: appID, languages: ["C"]).componentID == "\(appID).desktop")
            let other = try write("other.metainfo.xml", id: "org.example.Paint", "<name>Paint</name>")
            #expect(throws: MetainfoError.unusable(path: other, reason: "it describes org.example.Paint, not \(appID)"))
            {
                try AppMetainfo(path: other, appID: appID)
            }
        }

        @Test("A malformed file is an error naming the file and the line, from GMarkup")
        func malformed() throws {
            let path = "\(folder)/broken.metainfo.xml"
            try "<component>\n  <id>org.example.Notes</id>\n  <name>Notes</nom>\n</component>\n".write(
                toFile: path, atomically: true, encoding: .utf8)
            let error = #expect(throws: MetainfoError.self) { try AppMetainfo(path: path, appID: appID) }
            let text = error?.description ?? ""
            #expect(text.hasPrefix("The AppStream metadata \(path) cannot be used: it is not well-formed XML: "))
            #expect(text.contains("line 3"), "\(text)")
            let foreign = try write("../foreign.xml", "")
            try "<releases/>".write(toFile: foreign, atomically: true, encoding: .utf8)
            #expect(
                throws: MetainfoError.unusable(
                    path: foreign,
                    reason: "it is not AppStream metadata: its root element is <releases>, not <component>")
            ) { try AppMetainfo(path: foreign, appID: appID) }
        }

        @Test("Found beside the program first, then in XDG_DATA_HOME and XDG_DATA_DIRS, then the legacy appdata")
        func searchOrder() throws {
            let environment = [
                "XDG_DATA_HOME": "\(folder)/home", "XDG_DATA_DIRS": "\(folder)/usr/local/share:\(folder)/usr/share",
            ]
            func found(executable: String?) throws -> String {
                try AppMetainfo.find(
                    appID: appID, location: .installed, environment: environment, executable: executable
                )
                .path
            }
            try write("usr/share/appdata/\(appID).appdata.xml", "<name>Legacy</name>")
            #expect(try found(executable: "/usr/bin/python3") == "\(folder)/usr/share/appdata/\(appID).appdata.xml")
            try write("usr/share/metainfo/\(appID).metainfo.xml", "<name>Installed</name>")
            #expect(try found(executable: "/usr/bin/python3") == "\(folder)/usr/share/metainfo/\(appID).metainfo.xml")
            try write("home/metainfo/\(appID).desktop.metainfo.xml", id: "\(appID).desktop", "<name>Mine</name>")
            #expect(try found(executable: nil) == "\(folder)/home/metainfo/\(appID).desktop.metainfo.xml")
            try write("opt/notes/share/metainfo/\(appID).metainfo.xml", "<name>Beside</name>")
            #expect(
                try found(executable: "\(folder)/opt/notes/bin/notes")
                    == "\(folder)/opt/notes/share/metainfo/\(appID).metainfo.xml")
        }

        @Test(
            "A program in a build folder skips an installed copy's metadata, and says so; ARMCHAIR_METAINFO names its own"
        )
        func buildFolder() throws {
            try write("usr/share/metainfo/\(appID).metainfo.xml", #"<releases><release version="1.0"/></releases>"#)
            var environment = ["XDG_DATA_DIRS": "\(folder)/usr/share", "HOME": "\(folder)/home"]
            let build = "\(folder)/src/notes/_build/src"
            let error = #expect(throws: MetainfoError.self) {
                try AppMetainfo.find(
                    appID: appID, location: .installed, environment: environment, executable: "\(build)/notes")
            }
            #expect(error == .notFound(appID: appID, folders: [], buildFolder: build))
            #expect(
                error?.description
                    == "No AppStream metadata for org.example.Notes: looked for org.example.Notes.metainfo.xml, "
                    + "org.example.Notes.appdata.xml, org.example.Notes.desktop.metainfo.xml, "
                    + "org.example.Notes.desktop.appdata.xml. This program runs from a build folder (\(build)), so "
                    + "the metadata of an installed copy is not used: its version would not be this build's. Install "
                    + "the app's <id>.metainfo.xml to <prefix>/share/metainfo/, set ARMCHAIR_METAINFO to its path, or "
                    + "give the app's version in the configuration.")
            let own = try write(
                "src/notes/_build/data/\(appID).metainfo.xml", #"<releases><release version="1.1~dev"/></releases>"#)
            environment["ARMCHAIR_METAINFO"] = own
            let metainfo = try AppMetainfo.find(
                appID: appID, location: .installed, environment: environment, executable: "\(build)/notes")
            #expect(metainfo.path == own && metainfo.version == "1.1~dev")
        }

        @Test("Nothing installed: the error lists every folder searched")
        func notFound() throws {
            let environment = ["XDG_DATA_DIRS": "\(folder)/a:\(folder)/b/", "XDG_DATA_HOME": "\(folder)/h"]
            let error = #expect(throws: MetainfoError.self) {
                try AppMetainfo.find(
                    appID: appID, location: .installed, environment: environment, executable: "/opt/n/bin/notes")
            }
            let folders = ["/opt/n/share", "\(folder)/h", "\(folder)/a", "\(folder)/b"]
            #expect(
                error
                    == .notFound(
                        appID: appID, folders: folders.map { $0 + "/metainfo" } + folders.map { $0 + "/appdata" },
                        buildFolder: nil))
        }

        @Test("Zero configuration: name and version from the metadata, the settings file on top, code over both")
        func installedConfiguration() throws {
            try write(
                "share/metainfo/\(appID).metainfo.xml",
                #"<name>Notes</name><releases><release version="2.4.1" date="2026-01-02"/></releases>"#)
            try "[Armchair]\nuses-until-prompt=7\n".write(
                toFile: "\(folder)/share/armchair/\(appID).armchair".creatingFolder(), atomically: true,
                encoding: .utf8)
            let environment = ["XDG_DATA_DIRS": "\(folder)/share", "ARMCHAIR_METAINFO": ""]
            let (configuration, metainfo) = try Configuration.installed(
                appID: appID, metainfo: .path("\(folder)/share/metainfo/\(appID).metainfo.xml"),
                environment: environment)
            #expect(metainfo.name == "Notes")
            #expect(configuration.appVersion == "2.4.1")
            #expect(configuration.appName == "Notes")
            var inCode = Configuration(appID: appID, appName: "My Notes", appVersion: "9")
            inCode = inCode.filling(from: metainfo)
            #expect(inCode.appName == "My Notes" && inCode.appVersion == "9", "values set in code win")
            #expect(Configuration(appID: appID).filling(from: metainfo).appVersion == "2.4.1")

            try write(
                "nr/metainfo/\(appID).metainfo.xml", #"<releases><release version="9" type="development"/></releases>"#)
            #expect(
                throws: AttachError.self,
                "a file with no stable release gives no version"
            ) {
                try Configuration.installed(
                    appID: appID, metainfo: .path("\(folder)/nr/metainfo/\(appID).metainfo.xml"),
                    environment: environment)
            }
        }

        @Test(
            "Version order agrees with appstreamcli vercmp",
            .enabled(
                if: FileManager.default.isExecutableFile(atPath: "/usr/bin/appstreamcli"),
                "no /usr/bin/appstreamcli (Debian's appstream package)"))
        func versionOrderAsAppStream() throws {
            let pairs = [
                ("1.10", "1.9"), ("2.0~beta", "2.0"), ("1.0", "1.0.0"), ("46.alpha", "46.0"), ("3.2.1", "3.10"),
                ("1.0rc1", "1.0"), ("2024.03", "2024.3"), ("0.9.9", "1.0"), ("1.0~rc1", "1.0~rc2"),
                ("2.0", "2.0+git"), ("1.0a", "1.0.1"), ("3~", "3"), ("10", "9.99"), ("1.2", "1.2"),
            ]
            for (left, right) in pairs {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/appstreamcli")
                process.arguments = ["vercmp", left, right]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                process.waitUntilExit()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let ours =
                    AppStreamVersionOrder.isOlder(left, than: right)
                    ? "<<" : AppStreamVersionOrder.isOlder(right, than: left) ? ">>" : "=="
                #expect(output.contains(" \(ours) "), "appstreamcli: \(output), ours: \(left) \(ours) \(right)")
            }
        }
    }
}

extension String {
    /// This path, after making the folder it is in.
    fileprivate func creatingFolder() throws -> String {
        try FileManager.default.createDirectory(
            atPath: (self as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return self
    }
}
