package import ArmchairCore
package import CArmchair

/// A toolkit binding's scheduler settings between Swift and the C properties of
/// `ArmchairGtk3Binding` and `ArmchairGtk4Binding`.
extension ArmchairSchedulerSettings {
    /// The C form of `settings`.
    package init(_ settings: PromptScheduler.Settings) {
        self.init(
            prompt_delay: settings.promptDelay, quiet_time: settings.quietTime,
            prompts_over_fullscreen: settings.promptsOverFullscreen ? 1 : 0,
            waits_for_active_window: settings.waitsForActiveWindow ? 1 : 0,
            waits_for_network: settings.waitsForNetwork ? 1 : 0)
    }

    /// Sets `settings` to these; the properties' ranges were checked by GObject.
    package func apply(to settings: inout PromptScheduler.Settings) {
        settings.promptDelay = prompt_delay
        settings.quietTime = quiet_time
        settings.promptsOverFullscreen = prompts_over_fullscreen != 0
        settings.waitsForActiveWindow = waits_for_active_window != 0
        settings.waitsForNetwork = waits_for_network != 0
    }
}
