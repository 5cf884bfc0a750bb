package import ArmchairCore

/// How each toolkit's `DialogPreview` shows the steps it is given: one after another, or all at
/// once, each in a window of its own (`armchair preview --together`); and, when asked, a picture of
/// each dialog as a person sees it once it takes clicks (`armchair preview --pictures`).
@MainActor
package enum PreviewSession {
    /// Shows `steps` with `present` (the step's dialog through the toolkit's presenter, returning
    /// what was chosen) and returns what was chosen in each, in the order of `steps`.
    ///
    /// - Parameters:
    ///   - together: Show every step at once instead of each after the previous one closes. The
    ///     windows still appear in the order of `steps`: each is shown once the one before it is.
    ///   - picturesFolder: Where to save `<step>.png` of each dialog, drawn by `draw(window, path)`
    ///     once the dialog takes clicks (``ActivationGuard``); `nil` for none.
    package static func show(
        _ steps: [PreviewStep], together: Bool, picturesFolder: String?,
        draw: @escaping @MainActor (UnsafeMutableRawPointer, String) -> Void,
        present: @escaping @MainActor (PreviewStep) async -> String
    ) async -> [String] {
        var shown: [Task<String, Never>] = []
        var answers: [String] = []
        for step in steps {
            let before = PresentedWindows.all
            let answer = Task { @MainActor in await present(step) }
            if together || picturesFolder != nil, let window = await newWindow(besides: before) {
                if let picturesFolder {
                    MainLoopTimer.after(ActivationGuard.seconds + pictureDelay) {
                        // Drawn only while the dialog is still on screen: a window closed before then is gone.
                        if PresentedWindows.all.contains(window) {
                            draw(window, picturesFolder + "/" + step.rawValue + ".png")
                        }
                    }
                }
            }
            if together {
                shown.append(answer)
            } else {
                answers.append(await answer.value)
            }
        }
        for answer in shown { answers.append(await answer.value) }
        return answers
    }

    /// How long after its buttons take clicks a dialog is drawn: the redraw of the enabled
    /// buttons, and the focus moved to the suggested one.
    private static let pictureDelay = 0.25

    /// The window presented after `before`, once there is one; `nil` if none comes within ten
    /// seconds (the step ended without a window, or something is wrong).
    private static func newWindow(besides before: [UnsafeMutableRawPointer]) async -> UnsafeMutableRawPointer? {
        for _ in 0..<500 {
            if let window = PresentedWindows.all.first(where: { !before.contains($0) }) { return window }
            await pause(seconds: 0.02)
        }
        return nil
    }

    /// Lets the main loop run for `seconds`.
    private static func pause(seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            MainLoopTimer.after(seconds) { continuation.resume() }
        }
    }
}
