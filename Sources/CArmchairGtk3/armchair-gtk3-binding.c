#define G_LOG_DOMAIN "ArmchairGtk3"
#include "armchair-gtk3-private.h"

#include <armchair-private.h>

/**
 * ArmchairGtk3Binding:
 *
 * Armchair attached to a #GtkApplication: it counts launches (`activate`), returns to the app
 * and active time (its windows' focus), prompts over the active window at a good moment, and
 * saves at `shutdown`. Made by armchair_gtk3_attach().
 *
 * The application holds its binding, so an app need not keep a reference:
 * armchair_gtk3_binding_get_for_application() finds it again. Armchair holds the application
 * and its windows only weakly. The binding ends when the application shuts down or is
 * finalized, whichever comes first, or when the binding is disposed: from then on Armchair
 * touches neither the application nor its windows, and the engine, which stays usable, still
 * counts uses and significant events but never prompts again.
 *
 * A binding made otherwise (with g_object_new(), or a language binding's generic constructor)
 * is attached to nothing: its engine logs a critical at every call.
 *
 * Since: 1.0
 */
struct _ArmchairGtk3Binding {
  GObject parent_instance;
  /* The retained Swift ApplicationBinding, until the binding is disposed. */
  void *swift_binding;
  /* The engine, from attach to finalize: the app may hold it longer than the binding lives. */
  ArmchairEngine *engine;
};

G_DEFINE_FINAL_TYPE (ArmchairGtk3Binding, armchair_gtk3_binding, G_TYPE_OBJECT)

/* The application's data that holds its binding. */
static GQuark
binding_quark (void)
{
  return g_quark_from_static_string ("armchair-gtk3-binding");
}

/* Ends the Swift binding: at once on the main thread, later from another one. */
static void
armchair_gtk3_binding_dispose (GObject *object)
{
  ArmchairGtk3Binding *self = ARMCHAIR_GTK3_BINDING (object);
  void *swift_binding = g_steal_pointer (&self->swift_binding);

  if (swift_binding != NULL)
    armchair_gtk3_swift_binding_release (swift_binding);
  G_OBJECT_CLASS (armchair_gtk3_binding_parent_class)->dispose (object);
}

static void
armchair_gtk3_binding_finalize (GObject *object)
{
  ArmchairGtk3Binding *self = ARMCHAIR_GTK3_BINDING (object);

  g_clear_object (&self->engine);
  G_OBJECT_CLASS (armchair_gtk3_binding_parent_class)->finalize (object);
}

static void
armchair_gtk3_binding_class_init (ArmchairGtk3BindingClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = armchair_gtk3_binding_dispose;
  G_OBJECT_CLASS (klass)->finalize = armchair_gtk3_binding_finalize;
}

static void
armchair_gtk3_binding_init (ArmchairGtk3Binding *self)
{
}

/**
 * armchair_gtk3_attach:
 * @application: the app, before g_application_run()
 * @configuration: the settings; #ArmchairConfiguration:app-name defaults to
 *   g_get_application_name() when the app set one
 * @error: return location for a #GError
 *
 * Attaches Armchair to @application in one call: it counts launches and use, and shows the
 * prompt over the active window when the rules allow.
 *
 * ```python
 * binding = ArmchairGtk3.attach(app, Armchair.Configuration.new("org.example.Notes", "2.4.1"))
 * ```
 *
 * The binding copies @configuration: later changes do not reach it. An application has at
 * most one binding: a second call fails with %ARMCHAIR_ERROR_ALREADY_ATTACHED, and
 * armchair_gtk3_binding_get_for_application() returns the first.
 *
 * The application keeps a reference of its own to the binding, so the app may drop the one
 * returned (g_object_unref(), or `g_autoptr` in C; language bindings drop it by themselves)
 * whenever it likes, and find the binding again with
 * armchair_gtk3_binding_get_for_application().
 *
 * Returns: (transfer full): the binding, or %NULL with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every unusable setting, or to
 *   %ARMCHAIR_ERROR_ALREADY_ATTACHED
 *
 * Since: 1.0
 */
ArmchairGtk3Binding *
armchair_gtk3_attach (GtkApplication *application, ArmchairConfiguration *configuration, GError **error)
{
  ArmchairGtk3Binding *self;
  void *swift_binding;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);

  if (g_object_get_qdata (G_OBJECT (application), binding_quark ()) != NULL)
    {
      g_set_error_literal (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_ALREADY_ATTACHED,
                           "Armchair is already attached to this application; "
                           "armchair_gtk3_binding_get_for_application() returns its binding");
      return NULL;
    }
  swift_binding = armchair_gtk3_swift_attach (application, armchair_configuration_get_box (configuration), error);
  if (swift_binding == NULL)
    return NULL;

  self = g_object_new (ARMCHAIR_GTK3_TYPE_BINDING, NULL);
  self->swift_binding = swift_binding;
  self->engine = armchair_engine_new_for_swift_engine (armchair_gtk3_swift_binding_engine (swift_binding));
  g_object_set_qdata_full (G_OBJECT (application), binding_quark (), g_object_ref (self), g_object_unref);
  return self;
}

/**
 * armchair_gtk3_binding_get_for_application:
 * @application: an application
 *
 * Finds the binding armchair_gtk3_attach() made for @application, for code that did not keep it
 * (a plugin, or the handler of %ARMCHAIR_ERROR_ALREADY_ATTACHED). The application keeps its
 * binding until it is finalized, so this also finds a binding that has ended (the application
 * shut down), whose engine counts but no longer prompts; Armchair cannot be attached to that
 * application again.
 *
 * Returns: (transfer none) (nullable): the binding, or %NULL when Armchair was never attached
 *   to @application
 *
 * Since: 1.0
 */
ArmchairGtk3Binding *
armchair_gtk3_binding_get_for_application (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_get_qdata (G_OBJECT (application), binding_quark ());
}

/**
 * armchair_gtk3_binding_get_engine:
 * @self: a binding
 *
 * The binding's engine, for significant events and explicit prompts. It is the same object
 * every time, and its signals report the binding's prompts. An app may keep it as long as it
 * likes: once the binding has ended (the application shut down or went), it still counts and
 * decides, but shows nothing.
 *
 * Returns: (transfer none): the engine
 *
 * Since: 1.0
 */
ArmchairEngine *
armchair_gtk3_binding_get_engine (ArmchairGtk3Binding *self)
{
  g_return_val_if_fail (ARMCHAIR_GTK3_IS_BINDING (self), NULL);

  if (self->engine == NULL)
    self->engine = armchair_engine_new_inert ("its binding was not made by armchair_gtk3_attach()");
  return self->engine;
}
