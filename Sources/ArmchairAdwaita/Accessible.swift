import ArmchairCore
import ArmchairGLib
import CGLib
import CGtk4

/// What GTK 4's own accessibility layer (AT-SPI, without ATK) says about Armchair's widgets.
@MainActor
enum Accessible {
    /// Sets the name a screen reader (and an AT-SPI test) reads for `widget`.
    static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>?, _ text: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
    }

    /// Sets the description a screen reader reads after `widget`'s name.
    static func setDescription(_ widget: UnsafeMutablePointer<GtkWidget>?, _ text: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
    }

    /// Names each button under `root` by its label without the mnemonic underscore. GTK 4.8 names
    /// a button with a mnemonic "_Rate Rate": its label property (which GtkButton sets to the raw
    /// label) followed by the name of what it is labelled by, the GtkLabel inside. libadwaita's
    /// message dialog buttons are such buttons. The label without the underscore and no
    /// labelled-by relation give "Rate".
    static func nameButtons(under root: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            if g_type_check_instance_is_a(cast(widget), gtk_button_get_type()) != 0,
                let label = gtk_button_get_label(cast(widget))
            {
                name(widget, byMnemonicLabel: String(cString: label))
                child = gtk_widget_get_next_sibling(widget)
                continue
            }
            nameButtons(under: widget)
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// Names `widget` by `label` without its mnemonic underscore, and by nothing else: a button or
    /// check button whose label has a mnemonic (see ``nameButtons(under:)``), after each change of
    /// its label.
    static func name(_ widget: UnsafeMutablePointer<GtkWidget>?, byMnemonicLabel label: String) {
        setLabel(widget, RatingPrompt.plain(label))
        gtk_accessible_reset_relation(cast(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }

    /// `gtk_accessible_update_property` is variadic and does not import; its `_value` form takes
    /// arrays of properties and `GValue`s.
    private static func update(
        _ widget: UnsafeMutablePointer<GtkWidget>?, _ property: GtkAccessibleProperty, _ text: String
    ) {
        var properties = [property]
        var values = [GValue()]
        g_value_init(&values[0], armchair_gtk4_type_string())
        g_value_set_string(&values[0], text)
        gtk_accessible_update_property_value(cast(widget), 1, &properties, &values)
        g_value_unset(&values[0])
    }
}
