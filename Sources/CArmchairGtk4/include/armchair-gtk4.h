/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_GTK4_H
#define ARMCHAIR_GTK4_H

/* libarmchair-gtk4-1: Armchair's GTK 4 + libadwaita dialogs and GtkApplication binding. Include only this
 * header; pkg-config name armchair-gtk4-1, GObject Introspection namespace ArmchairGtk4 1.0. */

#include <armchair.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARMCHAIR_GTK4_TYPE_BINDING (armchair_gtk4_binding_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairGtk4Binding, armchair_gtk4_binding, ARMCHAIR_GTK4, BINDING, ArmchairApplicationBinding)

ArmchairGtk4Binding *armchair_gtk4_attach (GtkApplication         *application,
                                           ArmchairConfiguration  *configuration,
                                           GError                **error) G_GNUC_WARN_UNUSED_RESULT;
ArmchairGtk4Binding *armchair_gtk4_binding_get_for_application (GtkApplication *application);

G_END_DECLS

#endif
