package import Logging
import Synchronization

package import struct FoundationEssentials.Date

/// An app's way to the desktop's settings and prompt record: what its engine consults before a
/// prompt, and where it records one.
///
/// The files are read each time they are asked for, since the person and other apps change
/// them while the app runs; the engine asks only when a prompt is near (its own rules would
/// prompt, or someone asks for the decision), so counting uses and events costs nothing more.
package final class DesktopAccess: Sendable {
    /// Where the files are, and what a sandboxed app can reach.
    package let locations: DesktopLocations
    /// The record of which app asked when.
    package let record: DesktopRecord
    private let environment: [String: String]
    private let logger: Logger
    /// The settings' problems last reported, so that each is reported once, not at each decision.
    private let reportedProblems = Mutex<[String]>([])

    /// The access for an app in this environment.
    ///
    /// - Parameters:
    ///   - environment: The process environment: the XDG variables, `HOME`, and the
    ///     administrator's ``DesktopPolicy/variableName``.
    ///   - sandbox: The Flatpak sandbox the app runs in; `nil` on the host.
    ///   - logger: Where a record that cannot be written is reported.
    package init(environment: [String: String], sandbox: FlatpakSandbox?, logger: Logger) {
        let home = environment["HOME"] == nil ? FileSystem.homeDirectoryFromUserDatabase() : nil
        locations = DesktopLocations(environment: environment, homeDirectory: home, sandbox: sandbox)
        record = DesktopRecord(path: locations.recordFile, logger: logger)
        self.environment = environment
        self.logger = logger
    }

    /// The settings in force now; what could not be used in them is reported as a warning once.
    package func policy() -> DesktopPolicy {
        let policy = DesktopPolicy.load(locations, environment: environment)
        let isNew = reportedProblems.withLock { reported in
            defer { reported = policy.problems }
            return reported != policy.problems
        }
        if isNew, !policy.problems.isEmpty {
            logger.warning(
                "Part of the desktop's settings for every app was ignored: \(policy.problems.joined(separator: "; ")).")
        }
        return policy
    }

    /// What the desktop says at `now` to the app with `token` (`nil` before its first prompt).
    package func context(token: String?, now: Date) -> DesktopContext {
        DesktopContext(policy: policy(), record: readRecord(token: token, now: now), recordPath: locations.recordFile)
    }

    /// Records that the app with `token` prompts at `date`, unless another app prompted less than
    /// `quietDays` before (since the decision was made): one locked step, so that of two apps
    /// deciding at once only one prompts. A record that cannot be written is reported, and the
    /// prompt goes ahead under the app's own limits.
    ///
    /// - Returns: Whether the prompt may show.
    package func claimPrompt(by token: String, at date: Date, quietDays: Int) -> Bool {
        guard locations.canUseRecord else { return true }
        do {
            return try record.claimPrompt(by: token, at: date, quietDays: quietDays) == nil
        } catch {
            logger.warning(
                "Could not record the prompt in the desktop's prompt record, so other apps will not wait for it: \(error)"
            )
            return true
        }
    }

    private func readRecord(token: String?, now: Date) -> DesktopContext.Record {
        guard locations.canUseRecord else {
            return .outOfReach(
                reason: "this sandboxed app's manifest needs \(locations.recordPermission)")
        }
        do {
            return .read(lastPromptByAnotherApp: try record.latestPrompt(notBy: token, now: now))
        } catch {
            return .outOfReach(reason: error.message)
        }
    }
}
