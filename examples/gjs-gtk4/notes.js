// Notes: a tiny GTK 4 and libadwaita app in JavaScript (GJS) that asks its happy, regular users
// for a rating with Armchair.
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Adw = '1';
imports.gi.versions.Armchair = '1.0';
imports.gi.versions.ArmchairGtk4 = '1.0';
const {Adw, Armchair, ArmchairGtk4, Gio, GLib, Gtk} = imports.gi;

const note = GLib.build_filenamev([GLib.get_user_data_dir(), 'notes.txt']);

GLib.set_application_name('Notes');
const app = new Adw.Application({application_id: 'org.example.Notes'});
const binding = ArmchairGtk4.attach(app, new Armchair.Configuration({app_id: 'org.example.Notes', app_version: '1.0'}));

app.connect('activate', () => {
    const window = new Gtk.ApplicationWindow({
        application: app, title: 'Notes', default_width: 480, default_height: 320,
    });
    const header = new Gtk.HeaderBar();
    header.pack_end(new Gtk.Button({label: 'Save', action_name: 'app.save'}));
    window.set_titlebar(header);
    const text = new Gtk.TextView();
    if (GLib.file_test(note, GLib.FileTest.EXISTS))
        text.buffer.text = new TextDecoder().decode(GLib.file_get_contents(note)[1]);
    window.set_child(text);

    const save = new Gio.SimpleAction({name: 'save'});
    save.connect('activate', () => {
        GLib.mkdir_with_parents(GLib.get_user_data_dir(), 0o700);
        GLib.file_set_contents(note, text.buffer.text);
        // Saving a note is what this app is for: tell Armchair.
        binding.get_engine().significant_event('save');
    });
    app.add_action(save);
    app.set_accels_for_action('app.save', ['<Control>s']);
    window.present();
});
app.run([imports.system.programInvocationName, ...ARGV]);
