// The notes app on GTK 4 and libadwaita in Vala, with ArmchairGtk4 in one line.
// NOTES_DEBUG=1 turns debug mode on; NOTES_WITHOUT_ARMCHAIR=1 leaves Armchair out.
int main (string[] args) {
    Environment.set_application_name ("Notes");
    // Vala 0.56 (Debian 12) has no ApplicationFlags.DEFAULT_FLAGS.
    var app = new Adw.Application ("org.example.Notes", ApplicationFlags.FLAGS_NONE);
    ArmchairGtk4.Binding? binding = null;
    if (Environment.get_variable ("NOTES_WITHOUT_ARMCHAIR") == null) {
        var debug = Environment.get_variable ("NOTES_DEBUG") != null;
        var config = new Armchair.Configuration ("org.example.Notes", "1.0");
        config.debug_enabled = debug;
        config.allows_debug_in_release_builds = debug;
        try {
            binding = ArmchairGtk4.attach (app, config);
        } catch (Error e) {
            error ("attach: %s", e.message);
        }
    }
    app.activate.connect (() => {
        var window = new Gtk.ApplicationWindow (app) { title = "Notes", default_width = 480, default_height = 320 };
        var text = new Gtk.TextView ();
        text.buffer.text = "Buy milk";
        window.child = text;
        window.present ();
    });
    return app.run (args);
}
