// Where the ArmchairGtk3-1.0 reference links the types of other namespaces.
baseURLs = [
    ['GLib', 'https://docs.gtk.org/glib/'],
    ['GObject', 'https://docs.gtk.org/gobject/'],
    ['Gio', 'https://docs.gtk.org/gio/'],
    ['Gtk', 'https://docs.gtk.org/gtk3/'],
    ['Armchair', '../Armchair-1.0/'],
];
