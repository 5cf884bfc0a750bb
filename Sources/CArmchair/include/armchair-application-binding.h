/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_APPLICATION_BINDING_H
#define ARMCHAIR_APPLICATION_BINDING_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <gio/gio.h>

#include "armchair-engine.h"

G_BEGIN_DECLS

#define ARMCHAIR_TYPE_APPLICATION_BINDING (armchair_application_binding_get_type ())
G_DECLARE_DERIVABLE_TYPE (ArmchairApplicationBinding, armchair_application_binding, ARMCHAIR, APPLICATION_BINDING,
                          GObject)

/**
 * ArmchairApplicationBindingClass:
 *
 * The class of a toolkit's binding; libarmchair's toolkit libraries alone derive from it.
 *
 * Since: 1.0
 */
struct _ArmchairApplicationBindingClass
{
  GObjectClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

ArmchairEngine *armchair_application_binding_get_engine (ArmchairApplicationBinding *self);
guint armchair_application_binding_mark_busy (ArmchairApplicationBinding *self, const char *reason);
void armchair_application_binding_unmark_busy (ArmchairApplicationBinding *self, guint cookie);

G_END_DECLS

#endif
