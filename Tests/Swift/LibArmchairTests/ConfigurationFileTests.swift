import ArmchairCAPI
import ArmchairCore
import CArmchair
import Foundation
import Testing

/// `armchair_configuration_new_from_file` with real files.
extension LibArmchairSuites {
    @MainActor
    @Suite("ArmchairConfiguration from a settings file")
    struct ConfigurationFileTests {
        let folder: String

        init() throws {
            _ = LibArmchairEnvironment.isReady
            folder = LibArmchairEnvironment.folder + "/files-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        func write(_ text: String) throws -> String {
            let path = folder + "/org.example.Notes.armchair"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        func load(_ path: String?) -> (OpaquePointer?, CallError?) {
            var error: UnsafeMutablePointer<GError>?
            let configuration = armchair_configuration_new_from_file("org.example.Notes", "2.4.1", path, &error)
            return (configuration, CallError(&error))
        }

        @Test("A valid file sets the properties; code set afterwards wins")
        func validFile() throws {
            let path = try write(
                """
                [Armchair]
                days-until-prompt=14
                threshold-combination=days-then-any
                update-policy=keep-counters
                update-grace-days=5
                feedback-email=feedback@example.org

                [Event Weights]
                export=2

                [Scenario power-user]
                export=3

                [Texts]
                title=Enjoying Notes?
                """)
            let (configuration, error) = load(path)
            defer { GObjectHelpers.unref(configuration) }
            #expect(error == nil)
            #expect(GObjectHelpers.printed(configuration, "days-until-prompt") == "14.000000")
            #expect(GObjectHelpers.printed(configuration, "threshold-combination") == "days-then-any")
            #expect(GObjectHelpers.printed(configuration, "update-grace-days") == "5.000000")
            #expect(GObjectHelpers.printed(configuration, "feedback-email") == "\"feedback@example.org\"")
            #expect(GObjectHelpers.printed(configuration, "event-weights") == "{'export': 2}")
            #expect(GObjectHelpers.printed(configuration, "event-scenarios") == "{'power-user': {'export': 3}}")
            #expect(GObjectHelpers.printed(configuration, "text-title") == "\"Enjoying Notes?\"")
            #expect(GObjectHelpers.printed(configuration, "app-version") == "\"2.4.1\"")
            GObjectHelpers.set(configuration, "days-until-prompt", to: "3")
            let swift = SwiftConfigurations.of(configuration)
            var expected = try Configuration(appID: "org.example.Notes", appVersion: "2.4.1", file: .path(path))
            expected.daysUntilPrompt = 3
            #expect(swift == expected)
        }

        @Test("A bad value gives ARMCHAIR_ERROR_SETTINGS_FILE with the file's own message")
        func badValue() throws {
            let path = try write("[Armchair]\ndays-until-prompt=thirty\nuses-untill-prompt=3\n")
            let (configuration, error) = load(path)
            #expect(configuration == nil)
            var expected = ""
            do {
                _ = try ConfigurationFile(path: path, appID: "org.example.Notes")
            } catch {
                expected = error.description
            }
            #expect(
                error
                    == CallError(
                        domain: "armchair-error-quark", code: gint(ARMCHAIR_ERROR_SETTINGS_FILE.rawValue),
                        message: expected))
            #expect(error?.message.contains("line 2: days-until-prompt") == true)
            #expect(error?.message.contains("did you mean \"uses-until-prompt\"") == true)
        }

        @Test("Numbers beyond Armchair's limits in a file are refused with the file's lines")
        func valuesBeyondTheLimits() throws {
            let path = try write("[Armchair]\ndays-until-prompt=1e308\nuses-until-prompt=99999999999\n")
            let (configuration, error) = load(path)
            #expect(configuration == nil)
            #expect(
                error?.message == """
                    The Armchair settings file \(path) cannot be used:
                    - line 2: days-until-prompt: must be at most 3650, not 1e+308
                    - line 3: uses-until-prompt: must be at most 1000000, not 99999999999
                    """)
        }

        @Test("A missing file gives an error naming it")
        func missingFile() {
            let path = folder + "/nothing-here.armchair"
            let (configuration, error) = load(path)
            #expect(configuration == nil)
            #expect(error?.code == gint(ARMCHAIR_ERROR_SETTINGS_FILE.rawValue))
            #expect(error?.message == "The Armchair settings file \(path) cannot be used: the file does not exist.")
        }

        @Test("A NULL path with no installed file gives the defaults")
        func installedFileAbsent() {
            var error: UnsafeMutablePointer<GError>?
            let appID = LibArmchairEnvironment.uniqueAppID()
            let configuration = armchair_configuration_new_from_file(appID, nil, nil, &error)
            defer { GObjectHelpers.unref(configuration) }
            #expect(CallError(&error) == nil)
            #expect(GObjectHelpers.printed(configuration, "days-until-prompt") == "30.000000")
            #expect(GObjectHelpers.printed(configuration, "app-id") == "\"\(appID)\"")
        }
    }
}
