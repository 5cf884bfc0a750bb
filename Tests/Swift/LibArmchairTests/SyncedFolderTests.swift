import ArmchairCAPI
import ArmchairCore
import CArmchair
import Foundation
import Testing

/// `ArmchairConfiguration:synced-folder`: an engine made from C keeps its state in the folder the
/// person syncs, and reads the other computers' files there.
extension LibArmchairSuites {
    @MainActor
    @Suite("ArmchairConfiguration:synced-folder")
    struct SyncedFolderTests {
        let appID = LibArmchairEnvironment.uniqueAppID()
        let folder = "\(LibArmchairEnvironment.folder)/synced-\(UUID().uuidString)"

        init() {
            _ = LibArmchairEnvironment.isReady
        }

        func makeEngine() throws -> OpaquePointer {
            let configuration = armchair_configuration_new(appID, "1.0")
            defer { GObjectHelpers.unref(configuration) }
            GObjectHelpers.set(configuration, "synced-folder", to: folder)
            // Every threshold met at the first launch, so that only an answer holds the prompt back.
            GObjectHelpers.set(configuration, "days-until-prompt", to: "0")
            GObjectHelpers.set(configuration, "uses-until-prompt", to: "0")
            return try #require(armchair_engine_new(configuration, nil))
        }

        /// The `armchair-<device>.ini` files in the synced folder.
        var deviceFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasPrefix("armchair-") && $0.hasSuffix(".ini")
            }.sorted()
        }

        @Test("The state is this computer's file in the synced folder, not the state folder")
        func stateInTheFolder() throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            armchair_engine_app_launched(engine)
            #expect(armchair_engine_flush(engine) != 0)
            let files = deviceFiles
            #expect(files.count == 1, "\(files)")
            let contents = try String(contentsOfFile: "\(folder)/\(try #require(files.first))", encoding: .utf8)
            #expect(contents.contains("use-count=1"), "\(contents)")
            #expect(LibArmchairEnvironment.stateFile(of: appID).isEmpty, "nothing in the state folder")
        }

        @Test("A rating on another computer, synced into the folder, silences the prompt here")
        func anotherComputersRating() throws {
            let engine = try makeEngine()
            armchair_engine_app_launched(engine)
            #expect(armchair_engine_flush(engine) != 0)
            #expect(armchair_engine_should_prompt(engine) != 0, "nothing but an answer could hold it back")
            GObjectHelpers.unref(engine)
            let mine = try String(contentsOfFile: "\(folder)/\(try #require(deviceFiles.first))", encoding: .utf8)
            // The laptop's file: the same use, rated there. A key written twice takes its last value.
            let laptop = mine + "\n[State]\n\(appID).rated-this-version=true\n\(appID).rated-any-version=true\n"
            try laptop.write(toFile: "\(folder)/armchair-laptop.ini", atomically: true, encoding: .utf8)

            let again = try makeEngine()
            defer { GObjectHelpers.unref(again) }
            #expect(armchair_engine_should_prompt(again) == 0, "rated on the laptop")
        }

        @Test("A relative folder is refused, naming the setting")
        func relativeFolder() throws {
            let configuration = armchair_configuration_new(appID, "1.0")
            defer { GObjectHelpers.unref(configuration) }
            GObjectHelpers.set(configuration, "synced-folder", to: "Sync/notes")
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_engine_new(configuration, &error) == nil)
            let message = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            #expect(message.contains("synced-folder: \"Sync/notes\" is not an absolute path"), "\(message)")
        }
    }
}
