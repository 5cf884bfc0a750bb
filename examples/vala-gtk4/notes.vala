// Notes: a tiny GTK 4 and libadwaita app in Vala that asks its happy, regular users for a rating
// with Armchair.
int main (string[] args) {
    var note = Path.build_filename (Environment.get_user_data_dir (), "notes.txt");
    Environment.set_application_name ("Notes");
    // Vala 0.56 (Debian 12) has no ApplicationFlags.DEFAULT_FLAGS.
    var app = new Adw.Application ("org.example.Notes", ApplicationFlags.FLAGS_NONE);
    ArmchairGtk4.Binding? binding = null;
    try {
        binding = ArmchairGtk4.attach (app, new Armchair.Configuration ("org.example.Notes", "1.0"));
    } catch (Error e) {
        warning ("Armchair is off: %s", e.message);
    }

    app.activate.connect (() => {
        var window = new Gtk.ApplicationWindow (app) { title = "Notes", default_width = 480, default_height = 320 };
        var header = new Gtk.HeaderBar ();
        header.pack_end (new Gtk.Button.with_label ("Save") { action_name = "app.save" });
        window.titlebar = header;
        var text = new Gtk.TextView ();
        try {
            string saved;
            FileUtils.get_contents (note, out saved);
            text.buffer.text = saved;
        } catch (FileError e) {
            // No note saved yet: the view starts empty.
        }
        window.child = text;

        var save = new SimpleAction ("save", null);
        save.activate.connect (() => {
            try {
                DirUtils.create_with_parents (Environment.get_user_data_dir (), 0700);
                FileUtils.set_contents (note, text.buffer.text);
            } catch (Error e) {
                warning ("Could not save the note: %s", e.message);
            }
            // Saving a note is what this app is for: tell Armchair.
            binding?.get_engine ().significant_event ("save");
        });
        app.add_action (save);
        app.set_accels_for_action ("app.save", { "<Control>s" });
        window.present ();
    });
    return app.run (args);
}
