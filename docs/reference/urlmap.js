// Where the Armchair-1.0 reference links the types of other namespaces.
baseURLs = [
    ['GLib', 'https://docs.gtk.org/glib/'],
    ['GObject', 'https://docs.gtk.org/gobject/'],
    ['Gio', 'https://docs.gtk.org/gio/'],
    ['ArmchairGtk3', '../ArmchairGtk3-1.0/'],
    ['ArmchairGtk4', '../ArmchairGtk4-1.0/'],
];
