#define _GNU_SOURCE
#include "armchair-gtk3-private.h"
#include <armchair-private.h>

struct _ArmchairGtk3Binding {
  GObject parent_instance;
  ArmchairEngine *engine;
};

G_DEFINE_FINAL_TYPE (ArmchairGtk3Binding, armchair_gtk3_binding, G_TYPE_OBJECT)

static void
armchair_gtk3_binding_dispose (GObject *object)
{
  g_clear_object (&ARMCHAIR_GTK3_BINDING (object)->engine);
  G_OBJECT_CLASS (armchair_gtk3_binding_parent_class)->dispose (object);
}

static void armchair_gtk3_binding_class_init (ArmchairGtk3BindingClass *klass) { G_OBJECT_CLASS (klass)->dispose = armchair_gtk3_binding_dispose; }
static void armchair_gtk3_binding_init (ArmchairGtk3Binding *self) { (void) self; }

/**
 * armchair_gtk3_attach:
 * @application: the app, before g_application_run()
 * @configuration: the settings
 * @error: return location for a #GError
 *
 * Binds Armchair to @application: counts launches and use, prompts at a good moment.
 *
 * Returns: (transfer full): the binding, or %NULL with @error set
 */
ArmchairGtk3Binding *
armchair_gtk3_attach (GtkApplication *application, ArmchairConfiguration *configuration, GError **error)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);
  void *engine = armchair_gtk3_swift_attach (application, configuration, error);
  if (engine == NULL)
    return NULL;
  ArmchairGtk3Binding *self = g_object_new (ARMCHAIR_GTK3_TYPE_BINDING, NULL);
  self->engine = armchair_engine_new_for_swift_engine (engine);
  return self;
}

/**
 * armchair_gtk3_binding_get_engine:
 * @self: the binding
 *
 * Returns: (transfer none): the engine, for significant events
 */
ArmchairEngine *
armchair_gtk3_binding_get_engine (ArmchairGtk3Binding *self)
{
  g_return_val_if_fail (ARMCHAIR_GTK3_IS_BINDING (self), NULL);
  return self->engine;
}
