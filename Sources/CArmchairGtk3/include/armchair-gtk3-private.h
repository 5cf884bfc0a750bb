/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_GTK3_PRIVATE_H
#define ARMCHAIR_GTK3_PRIVATE_H

/* Between ArmchairGtk3Binding and the Swift behind it: not installed, not scanned. Entered only
 * after the C function checked its arguments and the main thread. */

#include "armchair-gtk3.h"
#include <armchair-private.h>

G_BEGIN_DECLS

/* The Swift ApplicationBinding, retained, or NULL with @error set. */
/* configuration_box NULL: no configuration, everything from what the app installs. */
void *armchair_gtk3_swift_attach (GtkApplication *application, void *configuration_box, GError **error);
/* The binding's RatingEngine, retained. */
void *armchair_gtk3_swift_binding_engine (void *binding);
void armchair_gtk3_swift_binding_release (void *binding);
void armchair_gtk3_swift_binding_get_settings (void *binding, ArmchairSchedulerSettings *settings);
void armchair_gtk3_swift_binding_set_settings (void *binding, const ArmchairSchedulerSettings *settings);
guint armchair_gtk3_swift_binding_mark_busy (void *binding, const char *reason);
void armchair_gtk3_swift_binding_unmark_busy (void *binding, guint cookie);

G_END_DECLS

#endif
