#ifndef ARMCHAIR_GTK4_PRIVATE_H
#define ARMCHAIR_GTK4_PRIVATE_H
#include "armchair-gtk4.h"
G_BEGIN_DECLS
/* Implemented in Swift: returns the binding's engine, retained, or NULL with @error set. */
void *armchair_gtk4_swift_attach (GtkApplication *application, ArmchairConfiguration *configuration, GError **error);
G_END_DECLS
#endif
