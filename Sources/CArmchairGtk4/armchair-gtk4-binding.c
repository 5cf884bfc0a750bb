#define G_LOG_DOMAIN "ArmchairGtk4"
#include "armchair-gtk4-private.h"

#include <armchair-private.h>

/**
 * ArmchairGtk4Binding:
 *
 * Armchair attached to a #GtkApplication: it counts launches (`activate`), returns to the app
 * and active time (its windows' focus), prompts over the active window at a good moment, and
 * saves at `shutdown`. Made by armchair_gtk4_attach().
 *
 * The binding lives as long as the application, whether the app keeps a reference or not:
 * the application holds one. Dropping yours changes nothing; the binding and its engine go
 * when the application is finalized.
 */
struct _ArmchairGtk4Binding {
  GObject parent_instance;
  /* The retained Swift ApplicationBinding. */
  void *swift_binding;
  ArmchairEngine *engine;
};

G_DEFINE_FINAL_TYPE (ArmchairGtk4Binding, armchair_gtk4_binding, G_TYPE_OBJECT)

/* The application's data that holds its binding. */
static GQuark
binding_quark (void)
{
  return g_quark_from_static_string ("armchair-gtk4-binding");
}

static gboolean
release_swift_binding (gpointer swift_binding)
{
  armchair_gtk4_swift_binding_release (swift_binding);
  return G_SOURCE_REMOVE;
}

static void
armchair_gtk4_binding_dispose (GObject *object)
{
  ArmchairGtk4Binding *self = ARMCHAIR_GTK4_BINDING (object);
  void *swift_binding = g_steal_pointer (&self->swift_binding);

  g_clear_object (&self->engine);
  if (swift_binding != NULL)
    {
      if (armchair_c_api_is_main_thread ())
        release_swift_binding (swift_binding);
      else
        g_idle_add (release_swift_binding, swift_binding);
    }
  G_OBJECT_CLASS (armchair_gtk4_binding_parent_class)->dispose (object);
}

static void
armchair_gtk4_binding_class_init (ArmchairGtk4BindingClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = armchair_gtk4_binding_dispose;
}

static void
armchair_gtk4_binding_init (ArmchairGtk4Binding *self)
{
}

/**
 * armchair_gtk4_attach:
 * @application: the app, before g_application_run()
 * @configuration: the settings; #ArmchairConfiguration:app-name defaults to
 *   g_get_application_name() when the app set one
 * @error: return location for a #GError
 *
 * Attaches Armchair to @application in one call: it counts launches and use, and shows the
 * prompt over the active window when the rules allow.
 *
 * ```python
 * binding = ArmchairGtk4.attach(app, Armchair.Configuration.new("org.example.Notes", "2.4.1"))
 * ```
 *
 * The binding copies @configuration: later changes do not reach it. An application has at
 * most one binding: a second call fails with %ARMCHAIR_ERROR_ALREADY_ATTACHED.
 *
 * Returns: (transfer full): the binding, or %NULL with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every unusable setting
 */
ArmchairGtk4Binding *
armchair_gtk4_attach (GtkApplication *application, ArmchairConfiguration *configuration, GError **error)
{
  ArmchairGtk4Binding *self;
  void *swift_binding;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);

  if (g_object_get_qdata (G_OBJECT (application), binding_quark ()) != NULL)
    {
      g_set_error_literal (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_ALREADY_ATTACHED,
                           "Armchair is already attached to this application; "
                           "use the binding the first armchair_gtk4_attach() returned");
      return NULL;
    }
  swift_binding = armchair_gtk4_swift_attach (application, armchair_configuration_get_box (configuration), error);
  if (swift_binding == NULL)
    return NULL;

  self = g_object_new (ARMCHAIR_GTK4_TYPE_BINDING, NULL);
  self->swift_binding = swift_binding;
  self->engine = armchair_engine_new_for_swift_engine (armchair_gtk4_swift_binding_engine (swift_binding));
  g_object_set_qdata_full (G_OBJECT (application), binding_quark (), g_object_ref (self), g_object_unref);
  return self;
}

/**
 * armchair_gtk4_binding_get_engine:
 * @self: a binding
 *
 * The binding's engine, for significant events and explicit prompts. It is the same object
 * every time, and its signals report the binding's prompts. An app may keep it after the
 * application is finalized; it then counts and decides, but shows nothing.
 *
 * Returns: (transfer none): the engine
 */
ArmchairEngine *
armchair_gtk4_binding_get_engine (ArmchairGtk4Binding *self)
{
  g_return_val_if_fail (ARMCHAIR_GTK4_IS_BINDING (self), NULL);

  return self->engine;
}
