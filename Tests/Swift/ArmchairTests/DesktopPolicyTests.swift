import Armchair
import Foundation
import Testing

/// The desktop's settings: the person's file, the distribution's defaults, the administrator's
/// file and variable, who wins, and what happens to a typo.
@Suite("Desktop settings")
struct DesktopPolicyTests {
    /// A home, a configuration folder and a system folder of the test's own.
    struct Folders {
        let root = try! TemporaryFolder()
        var environment: [String: String] {
            ["HOME": root.file("home"), "XDG_CONFIG_HOME": root.file("config"), "XDG_CONFIG_DIRS": root.file("etc")]
        }
        var personFile: String { root.file("config/armchair/desktop.conf") }
        var systemFile: String { root.file("etc/armchair/desktop.conf") }

        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try path.write(text)
        }

        func policy(_ extra: [String: String] = [:], sandbox: FlatpakSandbox? = nil) -> DesktopPolicy {
            let environment = environment.merging(extra) { $1 }
            return DesktopPolicy.load(
                DesktopLocations(environment: environment, homeDirectory: nil, sandbox: sandbox),
                environment: environment)
        }
    }

    @Test("Nobody said anything: prompts and reviews on, seven quiet days between apps")
    func builtIn() {
        let policy = Folders().policy()
        #expect(policy == .builtIn)
        #expect(policy.quietDays.value == 7)
        #expect(policy.prompts.source.description == "by default")
    }

    @Test("The person's file turns prompts off, and says who did")
    func personOff() throws {
        let folders = Folders()
        try folders.write(folders.personFile, "[Desktop]\nprompts=off\nquiet-days=3\n")
        let policy = folders.policy()
        #expect(policy.prompts == .init(value: false, source: .person(path: folders.personFile)))
        #expect(policy.quietDays.value == 3)
        #expect(policy.prompts.source.description == "by you (\(folders.personFile))")
        #expect(policy.problems.isEmpty)
    }

    @Test("The administrator only tightens: their off holds, their on changes nothing, the longer quiet period wins")
    func administratorTightens() throws {
        let folders = Folders()
        try folders.write(folders.systemFile, "[Desktop]\nprompts=off\nquiet-days=14\nreviews-and-feedback=on\n")
        try folders.write(folders.personFile, "[Desktop]\nprompts=on\nquiet-days=3\nreviews-and-feedback=off\n")
        var policy = folders.policy()
        #expect(policy.prompts == .init(value: false, source: .administrator(path: folders.systemFile)))
        #expect(policy.quietDays == .init(value: 14, source: .administrator(path: folders.systemFile)))
        #expect(policy.reviewsAndFeedback == .init(value: false, source: .person(path: folders.personFile)))
        #expect(policy.prompts.source.isEnforced)

        try folders.write(folders.personFile, "[Desktop]\nquiet-days=30\n")
        policy = folders.policy()
        #expect(policy.quietDays == .init(value: 30, source: .person(path: folders.personFile)), "stricter is allowed")
    }

    @Test("A distribution's defaults hold until the person changes them")
    func distributionDefaults() throws {
        let folders = Folders()
        try folders.write(folders.systemFile, "[Desktop Defaults]\nprompts=off\nquiet-days=30\n")
        var policy = folders.policy()
        #expect(policy.prompts == .init(value: false, source: .distribution(path: folders.systemFile)))
        #expect(policy.quietDays.value == 30)
        #expect(!policy.prompts.source.isEnforced)
        try folders.write(folders.personFile, "[Desktop]\nprompts=on\nquiet-days=2\n")
        policy = folders.policy()
        #expect(policy.prompts == .init(value: true, source: .person(path: folders.personFile)))
        #expect(policy.quietDays.value == 2)
    }

    @Test("The administrator's variable reaches every app, and its typos are reported, not fatal")
    func variable() throws {
        let folders = Folders()
        try folders.write(folders.personFile, "[Desktop]\nprompts=on\n")
        let policy = folders.policy(["ARMCHAIR_DESKTOP_POLICY": "prompts=off; quiet-days = 21;loud;colour=blue"])
        #expect(policy.prompts == .init(value: false, source: .variable(name: "ARMCHAIR_DESKTOP_POLICY")))
        #expect(policy.quietDays.value == 21)
        #expect(policy.prompts.source.description == "by the administrator ($ARMCHAIR_DESKTOP_POLICY)")
        #expect(
            policy.problems == [
                "$ARMCHAIR_DESKTOP_POLICY: \"loud\" is not key=value; ignored",
                "$ARMCHAIR_DESKTOP_POLICY: unknown key \"colour\" (known: prompts, reviews-and-feedback, quiet-days); ignored",
            ])
    }

    @Test("A typo costs only its own line; a file that is not a settings file is ignored with a reason")
    func badFiles() throws {
        let folders = Folders()
        try folders.write(folders.personFile, "[Desktop]\nprompts=nope\nquiet-days=400\nreviews-and-feedback=off\n")
        var policy = folders.policy()
        #expect(policy.prompts.value)
        #expect(policy.quietDays.value == 7)
        #expect(policy.reviewsAndFeedback == .init(value: false, source: .person(path: folders.personFile)))
        #expect(
            policy.problems == [
                "\(folders.personFile): prompts=nope is neither on nor off; ignored",
                "\(folders.personFile): quiet-days=400 is not a whole number of days from 0 to 365; ignored",
            ])

        try folders.write(folders.systemFile, "prompts=off\n")
        policy = folders.policy()
        #expect(policy.prompts.value)
        #expect(policy.problems.contains { $0.hasPrefix("\(folders.systemFile) is not a settings file (line 1") })
    }

    @Test("An app reports what it ignored in the desktop's settings once, not at every decision")
    func problemsReportedOnce() throws {
        let folders = Folders()
        try folders.write(folders.systemFile, "[Desktop]\nprompts=of\n")
        let log = LogRecorder()
        let access = DesktopAccess(environment: folders.environment, sandbox: nil, logger: log.logger)
        for _ in 0..<3 { _ = access.policy() }
        #expect(
            log.messages(atLeast: .warning) == [
                "Part of the desktop's settings for every app was ignored: \(folders.systemFile) [Desktop]: prompts=of is neither on nor off; ignored."
            ])
    }

    @Test("Inside a sandbox the person's file is the host's, and only with the permission")
    func sandbox() throws {
        let folders = Folders()
        let hostConfig = folders.root.file("home/.config")
        try folders.write(hostConfig + "/armchair/desktop.conf", "[Desktop]\nprompts=off\n")
        // Inside the sandbox XDG_CONFIG_HOME is the app's own folder.
        let inside = ["XDG_CONFIG_HOME": folders.root.file("home/.var/app/org.example.Notes/config")]
        let without = folders.policy(inside, sandbox: FlatpakSandbox(shared: "network;", filesystems: ""))
        #expect(without.prompts.value, "the host's file is not there without the permission")
        #expect(
            without.problems == [
                "your settings (\(hostConfig)/armchair/desktop.conf) are out of reach of this sandboxed app; its manifest needs --filesystem=xdg-config/armchair:ro"
            ])
        let with = folders.policy(inside, sandbox: FlatpakSandbox(shared: "", filesystems: "xdg-config/armchair:ro;"))
        #expect(with.prompts == .init(value: false, source: .person(path: hostConfig + "/armchair/desktop.conf")))
        #expect(with.problems.isEmpty)
    }

    @Test("armchair desktop's change keeps what else the file says, and leaves a broken file untouched")
    func changePersonFile() throws {
        let folders = Folders()
        try DesktopPolicy.changePersonFile(at: folders.personFile, .init(prompts: false))
        #expect(folders.policy().prompts.value == false)
        try folders.write(folders.personFile, "[Desktop]\nprompts=off\nquiet-days=9\n\n[Later]\nkept=yes\n")
        try DesktopPolicy.changePersonFile(at: folders.personFile, .init(prompts: true, reviewsAndFeedback: false))
        let text = try #require(folders.personFile.fileContents)
        #expect(text.contains("[Desktop]\nprompts=on\nquiet-days=9\nreviews-and-feedback=off\n"))
        #expect(text.contains("[Later]\nkept=yes\n"))

        try folders.write(folders.personFile, "not a settings file")
        #expect(throws: DesktopPolicy.PersonFileError.self) {
            try DesktopPolicy.changePersonFile(at: folders.personFile, .init(prompts: false))
        }
        #expect(folders.personFile.fileContents == "not a settings file")
    }
}
