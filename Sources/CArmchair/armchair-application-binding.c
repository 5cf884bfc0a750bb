/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/**
 * ArmchairApplicationBinding:
 *
 * Armchair attached to a `GtkApplication`: it counts launches (`activate`, `open`,
 * `command-line`), returns to the app and active time (its windows' focus), prompts over the
 * active window at a natural break, and saves at `shutdown`. Each toolkit library makes its own:
 * [`armchair_gtk3_attach()`](../ArmchairGtk3-1.0/func.attach.html) an
 * [`ArmchairGtk3Binding`](../ArmchairGtk3-1.0/class.Binding.html),
 * [`armchair_gtk4_attach()`](../ArmchairGtk4-1.0/func.attach.html) an
 * [`ArmchairGtk4Binding`](../ArmchairGtk4-1.0/class.Binding.html); this is what they share,
 * whatever the toolkit.
 *
 * An automatic prompt (after a launch, or a significant event that may prompt) waits for a
 * natural break: [property@Armchair.ApplicationBinding:quiet-time] seconds without a key, click,
 * touch or scroll in the app's windows, and never while a key or button is held down, a window of
 * the app is fullscreen (unless [property@Armchair.ApplicationBinding:prompts-over-fullscreen]),
 * the app is busy ([method@Armchair.ApplicationBinding.mark_busy]), the screen is locked, or
 * another modal dialog of the app is open. A prompt the app asks for explicitly
 * ([method@Armchair.Engine.show_prompt]) comes at once. The binding's properties start with its
 * configuration's settings of the same names, which the app's settings file may set.
 *
 * The application holds its binding, so an app need not keep a reference: the toolkit's
 * `get_for_application()` finds it again. Armchair holds the application and its windows only
 * weakly. The binding ends when the application shuts down or is finalized, whichever comes
 * first, or when the binding is disposed: from then on Armchair touches neither the application
 * nor its windows, and the engine, which stays usable, still counts uses and significant events
 * but never prompts again.
 *
 * A binding made otherwise (with `g_object_new()`, or a language binding's generic constructor)
 * is attached to nothing: its engine logs a critical at every call.
 *
 * Since: 1.0
 */

typedef struct
{
  /* The Swift binding, until the binding is disposed. */
  ArmchairSwiftBinding *swift_binding;
  /* The engine, from attach to finalize: the app may hold it longer than the binding lives. */
  ArmchairEngine *engine;
} ArmchairApplicationBindingPrivate;

static GParamSpec *properties[ARMCHAIR_APPLICATION_BINDING_N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ArmchairApplicationBinding, armchair_application_binding, G_TYPE_OBJECT)

/* The application's data that holds its binding: one per process, since a process has one GTK. */
static GQuark
binding_quark (void)
{
  return g_quark_from_static_string ("armchair-application-binding");
}

/* Ends the Swift binding: at once on the main thread, later from another one. */
static void
armchair_application_binding_dispose (GObject *object)
{
  ArmchairApplicationBindingPrivate *priv =
    armchair_application_binding_get_instance_private (ARMCHAIR_APPLICATION_BINDING (object));
  ArmchairSwiftBinding *swift_binding = g_steal_pointer (&priv->swift_binding);

  if (swift_binding != NULL)
    armchair_swift_core ()->binding_release (swift_binding);
  G_OBJECT_CLASS (armchair_application_binding_parent_class)->dispose (object);
}

static void
armchair_application_binding_finalize (GObject *object)
{
  ArmchairApplicationBindingPrivate *priv =
    armchair_application_binding_get_instance_private (ARMCHAIR_APPLICATION_BINDING (object));

  g_clear_object (&priv->engine);
  G_OBJECT_CLASS (armchair_application_binding_parent_class)->finalize (object);
}

/* A binding attached to nothing, or ended, reads the defaults its properties declare. */
static void
armchair_application_binding_get_property (GObject *object, guint property_id, GValue *value, GParamSpec *pspec)
{
  ArmchairApplicationBindingPrivate *priv =
    armchair_application_binding_get_instance_private (ARMCHAIR_APPLICATION_BINDING (object));

  if (property_id == 0 || property_id >= ARMCHAIR_APPLICATION_BINDING_N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
      return;
    }
  if (priv->swift_binding != NULL && armchair_c_api_is_main_thread ())
    {
      armchair_swift_core ()->binding_get_setting (priv->swift_binding, pspec->name, value);
      return;
    }
  if (priv->swift_binding != NULL)
    g_critical ("%s:%s must be read on the main thread, which runs the app's main loop; this reads its default",
                G_OBJECT_TYPE_NAME (object), pspec->name);
  g_value_copy (g_param_spec_get_default_value (pspec), value);
}

static void
armchair_application_binding_set_property (GObject      *object,
                                           guint         property_id,
                                           const GValue *value,
                                           GParamSpec   *pspec)
{
  ArmchairApplicationBindingPrivate *priv =
    armchair_application_binding_get_instance_private (ARMCHAIR_APPLICATION_BINDING (object));
  g_auto (GValue) old = G_VALUE_INIT;

  if (property_id == 0 || property_id >= ARMCHAIR_APPLICATION_BINDING_N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
      return;
    }
  if (!armchair_c_api_is_main_thread ())
    {
      g_critical ("%s:%s must be set on the main thread, which runs the app's main loop",
                  G_OBJECT_TYPE_NAME (object), pspec->name);
      return;
    }
  if (priv->swift_binding == NULL)
    {
      g_critical ("%s:%s: this binding was not made by its toolkit's attach function, or has ended",
                  G_OBJECT_TYPE_NAME (object), pspec->name);
      return;
    }
  g_value_init (&old, pspec->value_type);
  armchair_swift_core ()->binding_get_setting (priv->swift_binding, pspec->name, &old);
  armchair_swift_core ()->binding_set_setting (priv->swift_binding, pspec->name, value);
  if (g_param_values_cmp (pspec, &old, value) != 0)
    g_object_notify_by_pspec (object, pspec);
}

static void
armchair_application_binding_class_init (ArmchairApplicationBindingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = armchair_application_binding_dispose;
  object_class->finalize = armchair_application_binding_finalize;
  object_class->get_property = armchair_application_binding_get_property;
  object_class->set_property = armchair_application_binding_set_property;
  armchair_application_binding_install_properties (object_class, properties);
}

static void
armchair_application_binding_init (ArmchairApplicationBinding *self)
{
}

ArmchairApplicationBinding *
armchair_application_binding_attach_internal (GType                        binding_type,
                                              GApplication                *application,
                                              ArmchairConfiguration       *configuration,
                                              const ArmchairSwiftToolkit  *toolkit,
                                              const char                  *get_for_application,
                                              GError                     **error)
{
  ArmchairApplicationBinding *self;
  ArmchairApplicationBindingPrivate *priv;
  ArmchairSwiftBinding *swift_binding;

  if (armchair_application_binding_lookup_internal (application) != NULL)
    {
      g_set_error (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_ALREADY_ATTACHED,
                   "Armchair is already attached to this application; %s() returns its binding",
                   get_for_application);
      return NULL;
    }
  swift_binding = toolkit->attach (application,
                                   configuration != NULL ? armchair_configuration_get_box (configuration) : NULL, error);
  if (swift_binding == NULL)
    return NULL;

  self = g_object_new (binding_type, NULL);
  priv = armchair_application_binding_get_instance_private (self);
  priv->swift_binding = swift_binding;
  priv->engine = armchair_engine_new_for_swift_engine (armchair_swift_core ()->binding_engine (swift_binding));
  g_object_set_qdata_full (G_OBJECT (application), binding_quark (), g_object_ref (self), g_object_unref);
  return self;
}

ArmchairApplicationBinding *
armchair_application_binding_lookup_internal (GApplication *application)
{
  return g_object_get_qdata (G_OBJECT (application), binding_quark ());
}

/**
 * armchair_application_binding_get_engine:
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
armchair_application_binding_get_engine (ArmchairApplicationBinding *self)
{
  ArmchairApplicationBindingPrivate *priv;

  g_return_val_if_fail (ARMCHAIR_IS_APPLICATION_BINDING (self), NULL);

  priv = armchair_application_binding_get_instance_private (self);
  if (priv->engine == NULL)
    priv->engine = armchair_engine_new_inert ("its binding was not made by its toolkit's attach function");
  return priv->engine;
}

/**
 * armchair_application_binding_mark_busy:
 * @self: a binding
 * @reason: why, in a few words, for the decision and the debug log
 *
 * Says that the app is busy (exporting, recording, presenting): no automatic prompt comes until
 * [method@Armchair.ApplicationBinding.unmark_busy] is called with the cookie this returns. Marks
 * add up, as `gtk_application_inhibit()` does; GTK cannot be asked about those, so an app that
 * inhibits logging out or idling while it works should call this too.
 *
 * Returns: the cookie for [method@Armchair.ApplicationBinding.unmark_busy], never 0; 0 when
 *   @self was not made by its toolkit's attach function, or has ended
 *
 * Since: 1.0
 */
guint
armchair_application_binding_mark_busy (ArmchairApplicationBinding *self, const char *reason)
{
  ArmchairApplicationBindingPrivate *priv;

  g_return_val_if_fail (ARMCHAIR_IS_APPLICATION_BINDING (self), 0);
  g_return_val_if_fail (reason != NULL, 0);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), 0);

  priv = armchair_application_binding_get_instance_private (self);
  if (priv->swift_binding == NULL)
    {
      g_critical ("armchair_application_binding_mark_busy: this %s was not made by its toolkit's attach function, "
                  "or has ended", G_OBJECT_TYPE_NAME (self));
      return 0;
    }
  return armchair_swift_core ()->binding_mark_busy (priv->swift_binding, reason);
}

/**
 * armchair_application_binding_unmark_busy:
 * @self: a binding
 * @cookie: what [method@Armchair.ApplicationBinding.mark_busy] returned
 *
 * Ends what [method@Armchair.ApplicationBinding.mark_busy] began: the automatic prompt comes at
 * the next natural break once the app is busy for no other reason. An unknown cookie is ignored
 * with a warning.
 *
 * Since: 1.0
 */
void
armchair_application_binding_unmark_busy (ArmchairApplicationBinding *self, guint cookie)
{
  ArmchairApplicationBindingPrivate *priv;

  g_return_if_fail (ARMCHAIR_IS_APPLICATION_BINDING (self));
  g_return_if_fail (armchair_c_api_is_main_thread ());

  priv = armchair_application_binding_get_instance_private (self);
  if (priv->swift_binding != NULL)
    armchair_swift_core ()->binding_unmark_busy (priv->swift_binding, cookie);
}
