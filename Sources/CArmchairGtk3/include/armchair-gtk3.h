/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_GTK3_H
#define ARMCHAIR_GTK3_H

/* libarmchair-gtk3-1: Armchair's GTK 3 dialogs and GtkApplication binding. Include only this
 * header; pkg-config name armchair-gtk3-1, GObject Introspection namespace ArmchairGtk3 1.0. */

#include <armchair.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARMCHAIR_GTK3_TYPE_BINDING (armchair_gtk3_binding_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairGtk3Binding, armchair_gtk3_binding, ARMCHAIR_GTK3, BINDING, ArmchairApplicationBinding)

ArmchairGtk3Binding *armchair_gtk3_attach (GtkApplication         *application,
                                           ArmchairConfiguration  *configuration,
                                           GError                **error) G_GNUC_WARN_UNUSED_RESULT;
ArmchairGtk3Binding *armchair_gtk3_binding_get_for_application (GtkApplication *application);

G_END_DECLS

#endif
