import ArmchairCore
import ArmchairGLib
import CGtk

/// A GNOME-style message dialog built from plain widgets: a bold primary text, a wrapped
/// secondary text, and buttons with mnemonics (`gtk_message_dialog_new` is variadic and does not
/// import).
///
/// The dialog is transient for and modal to the parent, centred on it, and wraps long
/// translations instead of growing wider than about 50 characters; buttons whose row would be
/// wider than 600 pixels are stacked. An empty primary or secondary text is left out rather than
/// shown as an empty line (SwiftyiRate); a dialog without a title is named after the application
/// (`g_get_application_name`) for the window list and screen readers.
@MainActor
struct MessageDialog {
    /// One button: its label with a mnemonic, the response it sends, and whether it is the
    /// suggested (default) action.
    struct Button {
        var label: String
        var response: Int32
        var isSuggested = false
    }

    var title: String
    var primaryText: String
    var secondaryText: String
    var buttons: [Button]
    /// Extra content under the texts (the feedback form's fields).
    var extraContent: UnsafeMutablePointer<GtkWidget>? = nil

    /// Asks with a dialog titled `title` whose buttons are `choices`, and returns the answer of the
    /// one pressed, or `dismissed` when the dialog closed without one (Escape, the close button,
    /// its parent window closing).
    static func ask<Answer>(
        title: String, message: String, choices: [PromptChoice<Answer>], dismissed: Answer,
        parent: UnsafeMutablePointer<GtkWindow>?
    ) async -> Answer {
        // A button's response is its position counted from 1: positive, so never one of GTK's own.
        let buttons = choices.enumerated().map { position, choice in
            Button(label: choice.label, response: Int32(position + 1), isSuggested: choice.isSuggested)
        }
        let dialog = MessageDialog(title: title, primaryText: title, secondaryText: message, buttons: buttons)
            .build(parent: parent)
        guardActivation(of: dialog, buttons: buttons)
        let position = Int(await DialogRunner.run(dialog)) - 1
        return choices.indices.contains(position) ? choices[position].answer : dismissed
    }

    /// Disables `buttons` of `dialog` for ``ActivationGuard/seconds`` from now, then enables them
    /// and gives the suggested one the focus again (a disabled button cannot hold it).
    private static func guardActivation(of dialog: UnsafeMutablePointer<GtkDialog>, buttons: [Button]) {
        for button in buttons { gtk_dialog_set_response_sensitive(dialog, button.response, 0) }
        let weakDialog = WeakObject(UnsafeMutableRawPointer(dialog))
        MainLoopTimer.after(ActivationGuard.seconds) {
            weakDialog.withObject { object in
                let dialog: UnsafeMutablePointer<GtkDialog>? = cast(object)
                for button in buttons { gtk_dialog_set_response_sensitive(dialog, button.response, 1) }
                if let suggested = buttons.first(where: \.isSuggested) {
                    gtk_widget_grab_focus(gtk_dialog_get_widget_for_response(dialog, suggested.response))
                }
            }
        }
    }

    /// Builds the dialog, not yet shown.
    func build(parent: UnsafeMutablePointer<GtkWindow>?) -> UnsafeMutablePointer<GtkDialog> {
        let dialogWidget = gtk_dialog_new()!
        let dialog = UnsafeMutableRawPointer(dialogWidget).assumingMemoryBound(to: GtkDialog.self)
        let window = UnsafeMutableRawPointer(dialogWidget).assumingMemoryBound(to: GtkWindow.self)
        let name = title.isEmpty ? g_get_application_name().map { String(cString: $0) } ?? "" : title
        gtk_window_set_title(window, name)
        gtk_window_set_transient_for(window, parent)
        // One of the app's windows, so that focusing it keeps the app active.
        if let parent, let application = gtk_window_get_application(parent) {
            gtk_window_set_application(window, application)
        }
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_set_position(window, parent == nil ? GTK_WIN_POS_CENTER : GTK_WIN_POS_CENTER_ON_PARENT)
        gtk_window_set_resizable(window, 0)
        gtk_window_set_skip_taskbar_hint(window, 1)
        gtk_window_set_type_hint(window, GDK_WINDOW_TYPE_HINT_DIALOG)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_container_set_border_width(cast(box), UInt32(Self.border))
        if !primaryText.isEmpty { gtk_box_pack_start(cast(box), label(primaryText, markup: true), 0, 0, 0) }
        if !secondaryText.isEmpty { gtk_box_pack_start(cast(box), label(secondaryText, markup: false), 0, 0, 0) }
        if let extraContent { gtk_box_pack_start(cast(box), extraContent, 1, 1, 0) }
        gtk_box_pack_start(cast(gtk_dialog_get_content_area(dialog)), box, 1, 1, 0)

        var buttonWidgets: [UnsafeMutablePointer<GtkWidget>] = []
        for button in buttons {
            let widget = gtk_dialog_add_button(dialog, button.label, button.response)!
            buttonWidgets.append(widget)
            if button.isSuggested {
                gtk_style_context_add_class(gtk_widget_get_style_context(widget), "suggested-action")
                gtk_dialog_set_default_response(dialog, button.response)
                gtk_widget_grab_focus(widget)
            }
        }
        // The dialog's button box is the one its buttons went into (gtk_dialog_get_action_area is
        // deprecated). Buttons at the end, clear of the window's edges, as in GNOME's dialogs.
        let actionArea = buttonWidgets.first.flatMap { gtk_widget_get_parent($0) }
        if let actionArea {
            gtk_button_box_set_layout(cast(actionArea), GTK_BUTTONBOX_END)
            gtk_box_set_spacing(cast(actionArea), 6)
            gtk_container_set_border_width(cast(actionArea), 12)
        }
        let accessible = gtk_widget_get_accessible(dialogWidget)
        atk_object_set_name(accessible, name)
        atk_object_set_description(accessible, secondaryText)
        atk_object_set_role(accessible, ATK_ROLE_ALERT)
        gtk_widget_show_all(box)
        if let actionArea { stackButtonsIfTooWide(actionArea: actionArea, buttons: buttonWidgets, textColumn: box) }
        return dialog
    }

    /// The widest a dialog may be in any language; a wider row of buttons is stacked.
    static let maximumWidth: Int32 = 600

    /// Stacks the buttons, one per line and as wide as the texts above them, the suggested one
    /// (added last) on top, when their row would be wider than ``maximumWidth``, as GNOME's
    /// adaptive dialogs do on a narrow screen. Long translations need it (a row's buttons are all
    /// as wide as its widest); texts wrap by themselves.
    private func stackButtonsIfTooWide(
        actionArea: UnsafeMutablePointer<GtkWidget>, buttons: [UnsafeMutablePointer<GtkWidget>],
        textColumn: UnsafeMutablePointer<GtkWidget>
    ) {
        guard naturalWidth(actionArea) > Self.maximumWidth else { return }
        gtk_orientable_set_orientation(OpaquePointer(actionArea), GTK_ORIENTATION_VERTICAL)
        gtk_button_box_set_layout(cast(actionArea), GTK_BUTTONBOX_START)
        gtk_container_set_border_width(cast(actionArea), UInt32(Self.border))
        let width = max(naturalWidth(textColumn) - 2 * Self.border, buttons.map(naturalWidth).max() ?? 0)
        for (position, button) in buttons.reversed().enumerated() {
            gtk_box_reorder_child(cast(actionArea), button, Int32(position))
            gtk_widget_set_size_request(button, width, -1)
        }
    }

    /// The space around the texts.
    private static let border: Int32 = 18

    private func naturalWidth(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var natural: Int32 = 0
        gtk_widget_get_preferred_width(widget, nil, &natural)
        return natural
    }

    private func label(_ text: String, markup: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let widget = gtk_label_new(nil)!
        let label = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkLabel.self)
        if markup {
            let escaped = g_markup_escape_text(text, -1)
            let text = escaped.map { String(cString: $0) } ?? ""
            gtk_label_set_markup(label, "<span weight=\"bold\" size=\"larger\">\(text)</span>")
            g_free(escaped)
        } else {
            gtk_label_set_text(label, text)
        }
        gtk_label_set_line_wrap(label, 1)
        gtk_label_set_line_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(label, 50)
        gtk_label_set_width_chars(label, 30)
        gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
        return widget
    }
}
