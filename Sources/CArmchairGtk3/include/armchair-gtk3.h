#ifndef ARMCHAIR_GTK3_H
#define ARMCHAIR_GTK3_H

#include <gtk/gtk.h>
#include <armchair.h>

G_BEGIN_DECLS

#define ARMCHAIR_GTK3_TYPE_BINDING (armchair_gtk3_binding_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairGtk3Binding, armchair_gtk3_binding, ARMCHAIR_GTK3, BINDING, GObject)

ArmchairGtk3Binding *armchair_gtk3_attach (GtkApplication *application, ArmchairConfiguration *configuration, GError **error);
ArmchairEngine *armchair_gtk3_binding_get_engine (ArmchairGtk3Binding *self);

G_END_DECLS
#endif
