// The notes app on GTK 4 and libadwaita in JavaScript (GJS), with ArmchairGtk4 in one line.
// NOTES_DEBUG=1 turns debug mode on; NOTES_WITHOUT_ARMCHAIR=1 leaves Armchair out.
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Adw = '1';
const {Adw, GLib, Gtk} = imports.gi;

GLib.set_application_name('Notes');
const app = new Adw.Application({application_id: 'org.example.Notes'});

let binding = null;
if (!GLib.getenv('NOTES_WITHOUT_ARMCHAIR')) {
    imports.gi.versions.Armchair = '1.0';
    imports.gi.versions.ArmchairGtk4 = '1.0';
    const {Armchair, ArmchairGtk4} = imports.gi;
    const debug = GLib.getenv('NOTES_DEBUG') !== null;
    const config = new Armchair.Configuration({
        app_id: 'org.example.Notes', app_version: '1.0',
        debug_enabled: debug, allows_debug_in_release_builds: debug,
    });
    binding = ArmchairGtk4.attach(app, config);
}

app.connect('activate', () => {
    const window = new Gtk.ApplicationWindow({application: app, title: 'Notes', default_width: 480, default_height: 320});
    const text = new Gtk.TextView();
    text.get_buffer().set_text('Buy milk', -1);
    window.set_child(text);
    window.present();
});
app.run([]);
