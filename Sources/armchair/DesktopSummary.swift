import Armchair
import Foundation

/// The desktop's part of `explain`: the settings every app follows and who set them, and when
/// another app last asked.
struct DesktopSummary: Encodable {
    var prompts: DesktopReport.Setting<Bool>
    var reviewsAndFeedback: DesktopReport.Setting<Bool>
    var quietDays: DesktopReport.Setting<Int>
    var recordFile: String
    /// The latest prompt of another app; `null` when none is recorded or the record is out of reach.
    var lastPromptByAnotherApp: Date?
    /// Why the record could not be read; `null` when it was.
    var recordOutOfReach: String?
    /// When the quiet period after another app's prompt ends, while it runs.
    var quietPeriodEnds: Date?
    /// What could not be used in the desktop's settings; those parts were ignored.
    var problems: [String]
    /// For an app whose state is in a Flatpak sandbox's folder: what of this reaches it; `null`
    /// for a host app.
    var sandboxNote: String?

    init(_ context: DesktopContext, now: Date, stateFile: String) {
        prompts = .init(context.policy.prompts)
        reviewsAndFeedback = .init(context.policy.reviewsAndFeedback)
        quietDays = .init(context.policy.quietDays)
        recordFile = context.recordPath
        switch context.record {
        case .read(let last): lastPromptByAnotherApp = last
        case .outOfReach(let reason): recordOutOfReach = reason
        }
        quietPeriodEnds = context.quietPeriodEnd(now: now)
        problems = context.policy.problems
        if stateFile.contains("/.var/app/") {
            sandboxNote =
                "the app runs in a Flatpak sandbox: the desktop's rules reach it only through its manifest's "
                + "\(DesktopLocations.personFilePermission) and --filesystem=~/.local/state/armchair:create "
                + "(flatpak info --show-permissions tells), and a system file in /etc/xdg never does, only "
                + "$\(DesktopPolicy.variableName)"
        }
    }

    /// `prompts on (by default); 7 quiet days between apps (by default); reviews and feedback on (by default)`.
    var line: String {
        func onOff(_ value: Bool) -> String { value ? "on" : "off" }
        return "prompts \(onOff(prompts.value)) (\(prompts.setBy)); "
            + "\(quietDays.value) quiet \(quietDays.value == 1 ? "day" : "days") between apps (\(quietDays.setBy)); "
            + "reviews and feedback \(onOff(reviewsAndFeedback.value)) (\(reviewsAndFeedback.setBy))"
    }
}
