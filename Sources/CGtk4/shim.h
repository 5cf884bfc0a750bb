/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_CGTK4_SHIM_H
#define ARMCHAIR_CGTK4_SHIM_H
// libadwaita 1.2 includes GTK 4's <gtk/gtk.h>, found through libadwaita-1.pc's -I for gtk-4.0.
#include <adwaita.h>
#include <glib-unix.h>

// GLib's type macros are expressions Swift does not import; inline functions do.

/// G_TYPE_STRING.
static inline GType armchair_gtk4_type_string(void) { return G_TYPE_STRING; }
#endif
