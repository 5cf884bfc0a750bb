import Foundation
import Testing

@testable import ArmchairCore

@Suite("The operating system reviews and feedback name: the host's from inside a sandbox")
struct OperatingSystemReleaseTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// The three places os-release is looked for, as a sandbox has them, in this test's folder.
    var paths: [String] {
        ["run-host-os-release", "etc-os-release", "usr-lib-os-release"].map { "\(folder.path)/\($0)" }
    }

    func write(_ text: String, at index: Int) throws {
        try text.write(toFile: paths[index], atomically: true, encoding: .utf8)
    }

    @Test("the host's file, as Flatpak mounts it, wins over the runtime's /etc/os-release")
    func hostFirst() throws {
        try write("NAME=\"Freedesktop SDK\"\nPRETTY_NAME=\"Freedesktop SDK 24.08 (Flatpak runtime)\"\n", at: 1)
        try write("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n", at: 0)
        let release = try #require(OperatingSystemRelease.current(searching: paths))
        #expect(release["NAME"] == "Debian GNU/Linux")
        #expect(release["PRETTY_NAME"] == "Debian GNU/Linux 12 (bookworm)")
        #expect(release.path == paths[0])
    }

    @Test("outside a sandbox, /etc/os-release, else /usr/lib/os-release; none: nil")
    func fallbacks() throws {
        #expect(OperatingSystemRelease.current(searching: paths) == nil)
        try write("NAME=Fedora\n", at: 2)
        #expect(OperatingSystemRelease.current(searching: paths)?["NAME"] == "Fedora")
        try write("NAME=Arch\n", at: 1)
        let release = try #require(OperatingSystemRelease.current(searching: paths))
        #expect(release["NAME"] == "Arch")
        #expect(release.path == paths[1])
        #expect(release["PRETTY_NAME"] == nil, "the first readable file decides, as the specification says")
    }

    @Test("os-release's shell quoting: double and single quotes, escapes, comments, the last assignment")
    func quoting() {
        let release = OperatingSystemRelease(
            path: "os-release",
            text: """
                # a comment=not a value
                NAME='Single quoted'
                PRETTY_NAME="A \\"quoted\\" name with \\\\ and \\$HOME"
                ID=plain
                VERSION=""
                BROKEN
                  INDENTED="kept"
                ID=last\r
                """)
        #expect(release["NAME"] == "Single quoted")
        #expect(release["PRETTY_NAME"] == #"A "quoted" name with \ and $HOME"#)
        #expect(release["ID"] == "last")
        #expect(release["VERSION"] == nil, "an empty value is no value")
        #expect(release["INDENTED"] == "kept")
        #expect(release["BROKEN"] == nil)
        #expect(release["# a comment"] == nil)
    }
}
