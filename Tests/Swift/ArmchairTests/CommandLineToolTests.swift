import Armchair
import ArmchairTesting
import Foundation
import TestProcesses
import Testing

/// The built `armchair` tool, run as a developer runs it, against a temporary XDG state folder.
@Suite("The armchair tool")
struct CommandLineToolTests {
    let folder: TemporaryFolder
    let tool: ToolProcess
    let appID = "org.example.Notes"

    init() throws {
        folder = try TemporaryFolder()
        tool = ToolProcess(folder: folder.path)
    }

    private var statePath: String { tool.statePath(appID) }

    /// Writes the app's settings file where a developer keeps it: `data/<app-id>.armchair`.
    private func writeProjectSettings(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder.file("data"), withIntermediateDirectories: true)
        try folder.file("data/\(appID).armchair").write(text)
    }

    /// No run may end in a crash report, whatever it was given.
    private func expectNoCrash(_ result: ChildProcess.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        for marker in ["Fatal error", "Stack dump", "Backtrace", "Current stack trace"] {
            #expect(!result.errors.contains(marker), "\(result.errors)", sourceLocation: sourceLocation)
        }
    }

    // MARK: No state yet

    @Test("an app with no state: a clear message naming every place looked in, and the apps that have state")
    func noState() throws {
        try tool.run(["simulate", "org.example.Other"])
        for command in ["status", "explain", "reset"] {
            let result = try tool.run([command, appID])
            #expect(result.status == 2)
            #expect(result.output.isEmpty)
            #expect(result.errors.contains("No Armchair state for \(appID). Looked in:"))
            #expect(result.errors.contains("  \(statePath)\n"))
            #expect(result.errors.contains("/home/.var/app/\(appID)/.local/state/\(appID)/armchair.ini"))
            #expect(result.errors.contains("Apps with Armchair state: org.example.Other"))
            expectNoCrash(result)
        }
        #expect(!FileManager.default.fileExists(atPath: statePath))
    }

    @Test("the state of a Flatpak app is found in its sandbox folder")
    func flatpakState() throws {
        let sandboxState = "\(folder.path)/home/.var/app/\(appID)/.local/state/\(appID)/armchair.ini"
        try tool.run(["simulate", appID, "--uses", "4", "--state-file", sandboxState])
        let result = try tool.run(["status", appID])
        #expect(result.status == 0)
        #expect(result.output.contains("State file: \(sandboxState)"))
        #expect(result.output.contains("Uses                4"))
    }

    // MARK: simulate, status, explain

    @Test("simulate writes a state the engine then decides on exactly as the tool promised")
    func simulateKeepsItsPromise() async throws {
        let meets = try tool.run(["simulate", appID, "--days", "30", "--uses", "19", "--app-version", "2.0"])
        #expect(meets.status == 0)
        #expect(meets.output.contains("created \(statePath)"))
        #expect(meets.output.contains("At its next launch the app will prompt"))
        #expect(try await engineLaunch(version: "2.0") == .answered(.dismissed))

        let misses = try tool.run(["simulate", appID, "--days", "3", "--uses", "5", "--app-version", "2.0"])
        #expect(misses.output.contains("wrote \(statePath)"))
        #expect(misses.output.contains("will not prompt; still needed: 27 more days and 14 more uses"))
        #expect(try await engineLaunch(version: "2.0") == nil)
    }

    /// Launches a real engine on the state file, as the app's next launch would.
    private func engineLaunch(version: String) async throws -> PromptOutcome? {
        try await Self.launchEngine(appID: appID, statePath: statePath, version: version)
    }

    @MainActor
    private static func launchEngine(appID: String, statePath: String, version: String) async throws -> PromptOutcome? {
        let engine = try RatingEngine(
            configuration: Configuration(appID: appID, appVersion: version), store: KeyFileStore(path: statePath),
            presenter: RecordingPresenter())
        defer { engine.appWillQuit() }
        return await engine.appLaunched()?.value
    }

    @Test("simulate clears answers and prompt history, unless told to keep them")
    func simulateClearsAnswers() async throws {
        try tool.run(["simulate", appID, "--days", "40", "--uses", "30", "--app-version", "1.0"])
        #expect(try await engineLaunch(version: "1.0") == .answered(.dismissed))  // records a prompt and a reminder
        let kept = try tool.run(["simulate", appID, "--days", "40", "--uses", "30", "--keep-answers"])
        #expect(kept.output.contains("will not prompt; still needed:"))
        let cleared = try tool.run(["simulate", appID, "--days", "40", "--uses", "30"])
        #expect(cleared.output.contains("will prompt"))
        let status = try tool.run(["status", appID, "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as! [String: Any]
        let state = json["state"] as! [String: Any]
        #expect((state["promptDates"] as! [Any]).isEmpty)
        #expect(state["lastRemindedDate"] == nil)
        #expect(state["trackedVersion"] as? String == "1.0")
    }

    @Test("status shows every counter and answer, in text and in JSON")
    func status() throws {
        try tool.run([
            "simulate", appID, "--days", "2.5", "--uses", "7", "--events", "1", "--event", "export=2",
            "--active-minutes", "90", "--app-version", "3.1",
        ])
        let text = try tool.run(["status", appID])
        #expect(text.status == 0)
        for line in [
            "State file: \(statePath)", "This version (3.1)", "Uses                7",
            "Significant events  3 (export 2)", "Active time         1 h 30 min", "(2.5 days ago)",
            "Prompts shown       none",
        ] {
            #expect(text.output.contains(line), "missing \(line)")
        }
        #expect(!text.output.contains("\u{1B}["))  // not a terminal: no colour

        let json = try tool.run(["status", appID, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as! [String: Any]
        #expect(report["stateFile"] as? String == statePath)
        let state = report["state"] as! [String: Any]
        #expect(state["useCount"] as? Int == 7)
        #expect(state["significantEventCount"] as? Int == 3)
        #expect(state["eventCounts"] as? [String: Int] == ["export": 2])
        #expect(state["activeUsageSeconds"] as? Double == 5_400)
        #expect(state["ratedAnyVersion"] as? Bool == false)

        // The file on disk holds what status shows.
        let file = try #require(statePath.fileContents)
        #expect(file.contains("\(appID).use-count=7\n"))
        #expect(file.contains("\(appID).event-count.export=2\n"))
    }

    @Test("explain gives the decision, every criterion, what is still needed, and exit status 0 or 1")
    func explain() throws {
        try tool.run(["simulate", appID, "--days", "30", "--uses", "18", "--app-version", "1.0"])
        let no = try tool.run(["explain", appID])
        #expect(no.status == 1)
        #expect(
            no.output.contains("Settings: none found; Armchair's defaults (days 30, uses 20, events 0, all required)"))
        #expect(no.output.contains("Not prompting: the thresholds are not met"))
        #expect(no.output.contains("missing  uses 18/20"))
        #expect(no.output.contains("met      days 30/30"))
        #expect(no.output.contains("Still needed: 2 more uses."))
        #expect(
            no.output.contains("At the next launch (one more use): the app would not prompt; still needed: 1 more use.")
        )

        let yes = try tool.run(["explain", appID, "--uses-until-prompt", "18"])
        #expect(yes.status == 0)
        #expect(yes.output.contains("Prompting: every gate holds and the thresholds are met"))
        #expect(
            yes.output.contains(
                "In the running app, an automatic prompt (after a launch, or a significant event that may prompt) also waits for a natural break"
            ), "a separate process cannot see the running app's moment, and says so")

        let json = try tool.run(["explain", appID, "--json"])
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as! [String: Any]
        let now = report["now"] as! [String: Any]
        #expect(now["shouldPrompt"] as? Bool == false)
        #expect(now["stillNeeded"] as? String == "2 more uses")
        let criteria = now["criteria"] as! [[String: Any]]
        let uses = try #require(criteria.first { $0["kind"] as? String == "uses" })
        #expect(uses["status"] as? String == "missing")
        #expect(uses["current"] as? Double == 18)
        #expect(uses["required"] as? Double == 20)
        #expect((report["configuration"] as! [String: Any])["usesUntilPrompt"] as? Int == 20)
        #expect((report["naturalBreak"] as? String)?.contains("quiet time, 5 s by default") == true)
    }

    @Test("explain names the operating system reviews and feedback carry, and the os-release file it came from")
    func explainNamesTheSystem() throws {
        try tool.run(["simulate", appID, "--uses", "1"])
        // This machine is no sandbox: its own file, read here line by line as a person would.
        let file = FileManager.default.fileExists(atPath: "/etc/os-release") ? "/etc/os-release" : "/usr/lib/os-release"
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        let name = try #require(lines.first { $0.hasPrefix("NAME=") }).dropFirst(5).trimmingCharacters(in: ["\""])
        let text = try tool.run(["explain", appID]).output
        #expect(text.contains("(reviews name the distribution \"\(name)\"), from \(file), this system's"), "\(text)")
        let report = try JSONSerialization.jsonObject(
            with: Data(try tool.run(["explain", appID, "--json"]).output.utf8))
        let system = try #require((report as? [String: Any])?["system"] as? [String: Any])
        #expect(system["name"] as? String == name)
        #expect(system["file"] as? String == file)
        #expect(system["isTheHosts"] as? Bool == false)
    }

    @Test("explain and simulate reason with the app's settings file; flags win over it")
    func settingsFile() throws {
        try writeProjectSettings("[Armchair]\nuses-until-prompt=5\ndays-until-prompt=1\n")
        let simulated = try tool.run(["simulate", appID, "--days", "1", "--uses", "5"])
        #expect(simulated.output.contains("will prompt (settings: data/\(appID).armchair)"))
        let explained = try tool.run(["explain", appID])
        #expect(explained.status == 0)
        #expect(explained.output.contains("Settings: data/\(appID).armchair (days 1, uses 5"))
        let overridden = try tool.run(["explain", appID, "--uses-until-prompt", "9"])
        #expect(overridden.status == 1)
        #expect(overridden.output.contains("missing  uses 5/9"))

        // An installed file is found where the app finds it, and --config names one directly.
        try FileManager.default.removeItem(atPath: folder.file("data"))
        let installed = "\(folder.path)/system-share/armchair/\(appID).armchair"
        try FileManager.default.createDirectory(
            atPath: folder.file("system-share/armchair"), withIntermediateDirectories: true)
        try installed.write("[Armchair]\nuses-until-prompt=3\n")
        #expect(try tool.run(["explain", appID]).output.contains("Settings: \(installed) (days 30, uses 3"))
        try folder.file("other.armchair").write("[Armchair]\nuses-until-prompt=2\n")
        #expect(try tool.run(["explain", appID, "--config", "other.armchair"]).output.contains("uses 2,"))
    }

    @Test(
        "explain, simulate and status take the app's name and version from its AppStream metadata: the project's, then the installed one"
    )
    func metainfo() throws {
        func writeMetainfo(_ relative: String, version: String) throws {
            let path = folder.file(relative)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try path.write(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <component type="desktop-application">
                  <id>\(appID)</id>
                  <name>Notes</name>
                  <releases>
                    <release version="\(version)" date="2026-01-10"/>
                    <release version="99" type="development"/>
                  </releases>
                </component>
                """)
        }
        try writeMetainfo("system-share/metainfo/\(appID).metainfo.xml", version: "2.4.1")
        let simulated = try tool.run(["simulate", appID, "--days", "1", "--uses", "1"])
        #expect(simulated.status == 0, "\(simulated.errors)")
        let installed = try tool.run(["explain", appID, "--json"])
        let report = try #require(JSONSerialization.jsonObject(with: Data(installed.output.utf8)) as? [String: Any])
        #expect(report["metainfoFile"] as? String == "\(folder.path)/system-share/metainfo/\(appID).metainfo.xml")
        #expect((report["configuration"] as? [String: Any])?["appVersion"] as? String == "2.4.1")
        let status = try tool.run(["status", appID, "--json"])
        #expect(status.output.contains("\"trackedVersion\" : \"2.4.1\""), "simulate wrote the installed version")
        #expect(status.output.contains("\"installedVersion\" : \"2.4.1\""))
        try writeMetainfo("system-share/metainfo/\(appID).metainfo.xml", version: "2.5")
        #expect(
            try tool.run(["status", appID]).output.contains(
                "Installed version: 2.5, from \(folder.path)/system-share/metainfo/\(appID).metainfo.xml; "
                    + "its next launch is an update"))

        // In the project folder, the project's own metadata wins, as data/<app-id>.armchair does;
        // --metainfo names one, and --app-version wins over all.
        try writeMetainfo("data/\(appID).metainfo.xml.in", version: "2.5")
        #expect(
            try tool.run(["explain", appID]).output.contains("App: version 2.5 from data/\(appID).metainfo.xml.in"))
        try writeMetainfo("elsewhere.xml", version: "3.0")
        #expect(try tool.run(["explain", appID, "--metainfo", "elsewhere.xml"]).output.contains("App: version 3.0"))
        #expect(try tool.run(["explain", appID, "--app-version", "7"]).output.contains("App: version 7 from data/"))
        let missing = try tool.run(["explain", appID, "--metainfo", "nowhere.xml"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("The AppStream metadata nowhere.xml cannot be used: the file does not exist."))
        expectNoCrash(missing)
    }

    @Test("a settings file with mistakes: every mistake with its line, and exit status 2")
    func badSettingsFile() throws {
        try tool.run(["simulate", appID])
        try writeProjectSettings("[Armchair]\nuses-until-prompt=ten\ndays-untill-prompt=3\n")
        for command in ["explain", "status", "simulate", "reset"] {
            let result = try tool.run([command, appID])
            #expect(result.status == 2)
            #expect(result.errors.contains("The Armchair settings file data/\(appID).armchair cannot be used:"))
            #expect(result.errors.contains("- line 2: uses-until-prompt: \"ten\" is not a whole number"))
            #expect(
                result.errors.contains(
                    "- line 3: unknown setting \"days-untill-prompt\"; did you mean \"days-until-prompt\"?"))
            expectNoCrash(result)
        }
    }

    // MARK: reset

    @Test("reset --usage starts counting again and keeps answers; reset --all forgets everything")
    func reset() async throws {
        try tool.run(["simulate", appID, "--days", "40", "--uses", "30", "--app-version", "1.0"])
        _ = try await engineLaunch(version: "1.0")  // a prompt, dismissed: a reminder is recorded
        let usage = try tool.run(["reset", appID])
        #expect(usage.status == 0)
        #expect(usage.output.contains("usage counters started again"))
        var state = try decodedState()
        #expect(state.useCount == 0)
        #expect(state.promptDates.count == 1)
        #expect(state.lastRemindedDate != nil)
        #expect(abs(state.firstUseDate!.timeIntervalSinceNow) < 60)

        let all = try tool.run(["reset", appID, "--all"])
        #expect(all.status == 0)
        state = try decodedState()
        #expect(state.promptDates.isEmpty)
        #expect(state.lastRemindedDate == nil)
        #expect(state.firstUseDate == nil)
    }

    private func decodedState() throws -> RatingState {
        let values = try KeyFileStore(path: statePath).read()
        return StateCodec(configuration: Configuration(appID: appID)).decode(values).state
    }

    // MARK: Bad state files

    @Test("a corrupt state file: named, with what to do; only reset --all moves it aside, and nothing is lost")
    func corruptState() throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("state/\(appID)"), withIntermediateDirectories: true)
        let garbage = "this is not\u{0} a key file"
        try statePath.write(garbage)
        for arguments in [["status", appID], ["explain", appID], ["simulate", appID], ["reset", appID]] {
            let result = try tool.run(arguments)
            #expect(result.status == 2)
            #expect(result.errors.contains("The state file \(statePath) cannot be used"))
            #expect(result.errors.contains("armchair reset \(appID) --all"))
            #expect(statePath.fileContents == garbage)
            expectNoCrash(result)
        }
        let reset = try tool.run(["reset", appID, "--all"])
        #expect(reset.status == 0)
        let aside = folder.file("state/\(appID)").folderEntries.filter { $0.hasPrefix("armchair.ini.unusable-") }
        #expect(aside.count == 1)
        #expect(folder.file("state/\(appID)/\(aside[0])").fileContents == garbage)
        #expect(try tool.run(["status", appID]).status == 0)
    }

    @Test("a state file from a newer Armchair is refused and left as it is")
    func newerFormat() throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("state/\(appID)"), withIntermediateDirectories: true)
        let newer = "[State]\n\(appID).use-count=3\n\n[Format]\nversion=99\n"
        try statePath.write(newer)
        for command in ["status", "simulate", "reset"] {
            let result = try tool.run([command, appID])
            #expect(result.status == 2)
            #expect(result.errors.contains("newer Armchair"))
            #expect(statePath.fileContents == newer)
        }
    }

    @Test("a locked state file: reset waits, then says so with exit status 3 and changes nothing")
    func lockedState() throws {
        try tool.run(["simulate", appID, "--uses", "5"])
        let before = statePath.fileContents
        let lock = open(statePath + ".lock", O_RDWR | O_CREAT, 0o600)
        #expect(flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        let result = try tool.run(["reset", appID])
        #expect(result.status == 3)
        #expect(result.errors.contains("The state file \(statePath) is locked"))
        #expect(result.errors.contains("Nothing was changed."))
        #expect(statePath.fileContents == before)
    }

    @Test(
        "a state file the user cannot read: named, with the fix",
        .enabled(
            if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "root reads every file, and no /usr/bin/setpriv (util-linux) to run as another user"))
    func unreadableState() throws {
        try tool.run(["simulate", appID, "--uses", "5"])
        chmod(statePath, 0o000)
        var launcher: [String] = []
        if geteuid() == 0 {
            // Root reads every file; run the tool as nobody, who may enter the folders but not read the file.
            chmod(folder.path, 0o755)
            chmod(folder.file("state"), 0o755)
            chmod(folder.file("state/\(appID)"), 0o755)
            launcher = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        let result = try tool.run(["status", appID], launcher: launcher)
        #expect(result.status == 2)
        #expect(result.errors.contains("The state file \(statePath) cannot be read: "))
        #expect(result.errors.contains("sudo chown"))
        expectNoCrash(result)
    }

    // MARK: Arguments

    @Test(
        "invalid arguments are argument errors with exit status 2, never a stack trace",
        arguments: [
            ["simulate", "org.example.Notes", "--uses", "many"],
            ["simulate", "org.example.Notes", "--days", "-1"],
            ["simulate", "org.example.Notes", "--days", "nan"],
            ["simulate", "org.example.Notes", "--event", "export"],
            ["simulate", "org.example.Notes", "--event", "bad name=2"],
            ["explain", "org.example.Notes", "--combination", "sometimes"],
            ["explain", "org.example.Notes", "--days-until-prompt", "-3"],
            ["explain", "notes"],
            ["reset", "org.example.Notes", "--usage", "--all"],
            ["preview", "--lang", "xx"],
            ["preview", "--step", "everything"],
            ["frobnicate"],
        ])
    func invalidArguments(arguments: [String]) throws {
        try tool.run(["simulate", appID])
        let result = try tool.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.errors)")
        #expect(!result.errors.isEmpty)
        expectNoCrash(result)
    }

    @Test(
        "every command's help has an example",
        arguments: ["status", "explain", "reset", "simulate", "preview", "desktop"])
    func help(command: String) throws {
        let result = try tool.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("Examples:"))
        #expect(result.output.contains("armchair \(command)"))
    }

    @Test("the main help documents the exit statuses")
    func mainHelp() throws {
        let result = try tool.run(["--help"])
        #expect(result.status == 0)
        for line in [
            "0  success", "1  explain: the app would not prompt now", "2  a usage or input error",
            "3  the state file could not be changed",
        ] {
            #expect(result.output.contains(line))
        }
    }

    @Test(
        "colour on a terminal only, and never with NO_COLOR",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
            "no /usr/bin/script (util-linux) to give the tool a terminal"))
    func colour() throws {
        try tool.run(["simulate", appID, "--uses", "3"])
        // script(1) gives the tool a pseudo-terminal, as an interactive shell would.
        let onTerminal = try tool.run(
            ["-qec", "\(ToolProcess.path) explain \(appID)", "/dev/null"], launcher: ["/usr/bin/script"], direct: true)
        #expect(onTerminal.output.contains("\u{1B}[31mmissing\u{1B}[0m"))
        var plain = tool
        plain.environment["NO_COLOR"] = "1"
        let noColour = try plain.run(
            ["-qec", "\(ToolProcess.path) explain \(appID)", "/dev/null"], launcher: ["/usr/bin/script"], direct: true)
        #expect(noColour.output.contains("missing"))
        #expect(!noColour.output.contains("\u{1B}["))
    }

    @Test("preview without a display says so, instead of crashing")
    func previewWithoutDisplay() throws {
        let result = try tool.run(["preview", "--lang", "de"])
        #expect(result.status == 2)
        #expect(result.errors.contains("GTK cannot open a display"))
        expectNoCrash(result)
    }

    @Test("simulate refuses counts beyond what a state keeps, and repeated events add up without overflowing")
    func simulateHugeCounts() throws {
        for option in ["--uses", "--events"] {
            let result = try tool.run(["simulate", appID, option, "9223372036854775807"])
            #expect(result.status == 2)
            #expect(result.errors.contains("\(option) must be from 0 to 1000000000"), "\(result.errors)")
            expectNoCrash(result)
        }
        let hugeEvent = try tool.run(["simulate", appID, "--event", "save=9223372036854775807"])
        #expect(hugeEvent.status == 2)
        expectNoCrash(hugeEvent)
        let many = try tool.run([
            "simulate", appID, "--events", "1000000000", "--event", "save=1000000000", "--event", "save=1000000000",
        ])
        #expect(many.status == 0, "\(many.errors)")
        expectNoCrash(many)
        let status = try tool.run(["status", appID, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])
        let state = try #require(json["state"] as? [String: Any])
        #expect(state["significantEventCount"] as? Int == 1_000_000_000, "\(status.output)")
        #expect((state["eventCounts"] as? [String: Int])?["save"] == 1_000_000_000, "\(status.output)")
    }

    // MARK: install-data

    @Test("install-data puts every catalog and the checked settings file under the prefix, staged in DESTDIR")
    func installData() throws {
        try writeProjectSettings("[Armchair]\nuses-until-prompt=5\n")
        var staged = tool
        staged.environment["DESTDIR"] = folder.file("stage")
        let result = try staged.run(["install-data", "--prefix", "/usr", "--settings", "data/\(appID).armchair"])
        #expect(result.status == 0, "\(result.errors)")
        let root = folder.file("stage/usr/share")
        let languages = try FileManager.default.contentsOfDirectory(atPath: root + "/locale").sorted()
        let linguas = try String(contentsOfFile: packageFolder + "/po/LINGUAS", encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }.sorted()
        #expect(languages == linguas)
        let catalog = root + "/locale/de/LC_MESSAGES/armchair.mo"
        let attributes = try FileManager.default.attributesOfItem(atPath: catalog)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect((attributes[.size] as? Int ?? 0) > 1_000)
        #expect(try String(contentsOfFile: root + "/armchair/\(appID).armchair", encoding: .utf8).contains("=5"))
        #expect(result.output.contains("Installed \(linguas.count) catalogs"))
    }

    @Test("install-data refuses a broken settings file and a relative prefix, and installs nothing")
    func installDataRefuses() throws {
        try writeProjectSettings("[Armchair]\nuses-until-prompt=many\n")
        let broken = try tool.run([
            "install-data", "--prefix", folder.file("prefix"), "--settings", "data/\(appID).armchair",
        ])
        #expect(broken.status == 2)
        #expect(broken.errors.contains("is not a whole number"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("prefix")))
        let relative = try tool.run(["install-data", "--prefix", "usr"])
        #expect(relative.status == 2)
        #expect(relative.errors.contains("--prefix must be an absolute path"))
        expectNoCrash(broken)
    }

    /// The package's folder, where `po/LINGUAS` is.
    private var packageFolder: String { ProjectFolder.path }
}
