/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"
#include "armchair-quick-checks-private.h"

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

typedef struct _Waiting Waiting;

typedef struct
{
  /* The Swift binding, once the engine module is there, until the binding ends. */
  ArmchairSwiftBinding *swift_binding;
  /* The engine, from attach to finalize: the app may hold it longer than the binding lives. */
  ArmchairEngine *engine;
  /* From attach until the Swift binding is there (or Armchair is off, or the binding ended). */
  Waiting *waiting;
  /* The busy marks by the cookie the app got: their reasons while the binding waits, then the
   * Swift binding's cookies (GUINT_TO_POINTER). */
  GHashTable *busy_reasons;
  GHashTable *busy;
  guint last_cookie;
  /* The binding's settings while it waits: its configuration's, or what the app set (then
   * settings_set), which the Swift binding is given. */
  GValue settings[ARMCHAIR_APPLICATION_BINDING_N_PROPS];
  gboolean settings_set[ARMCHAIR_APPLICATION_BINDING_N_PROPS];
} ArmchairApplicationBindingPrivate;

/* What a binding keeps while it waits for the engine module: the application (held weakly), how
 * to make the Swift binding, and what happens in the app meanwhile. */
struct _Waiting
{
  ArmchairApplicationBinding *binding;
  GWeakRef application;
  const ArmchairToolkitModule *toolkit;
  /* A copy of the configuration the app gave, or of the one it installed. */
  ArmchairConfiguration *configuration;
  ArmchairHeadStart head_start;
  /* The emission hooks of open and command-line (its handlers on the application go by their
   * data). */
  gulong open_hook, command_line_hook;
  /* The application's windows, each with its notify::is-active handler. */
  GPtrArray *windows;
  /* The emission hook of the toolkit's input signal. */
  gulong input_hook;
  /* The frame clock of the first window drawn, and its after-paint handler. */
  GObject *frame_clock;
  gulong frame_handler;
  /* The idle that ends a launch, which starts the load when no window was realized (it starts
   * after the first frame otherwise). */
  guint launch_idle;
  gboolean loading;
};

typedef struct
{
  GObject *window;
  gulong activity_handler;
  gulong realize_handler;
} WatchedWindow;

static GParamSpec *properties[ARMCHAIR_APPLICATION_BINDING_N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ArmchairApplicationBinding, armchair_application_binding, G_TYPE_OBJECT)

static void stop_waiting (ArmchairApplicationBinding *self);
static void load_now (gpointer self);

/* The application's data that holds its binding: one per process, since a process has one GTK. */
static GQuark
binding_quark (void)
{
  return g_quark_from_static_string ("armchair-application-binding");
}

static ArmchairApplicationBindingPrivate *
private_of (ArmchairApplicationBinding *self)
{
  return armchair_application_binding_get_instance_private (self);
}

/* Ends the binding: at once on the main thread, later from another one (the Swift binding). */
static void
armchair_application_binding_dispose (GObject *object)
{
  ArmchairApplicationBindingPrivate *priv = private_of (ARMCHAIR_APPLICATION_BINDING (object));
  ArmchairSwiftBinding *swift_binding = g_steal_pointer (&priv->swift_binding);

  /* The binding ends before the engine module was there (the application went without running):
   * the engine the app may keep becomes one of its own when it is needed. */
  if (priv->waiting != NULL)
    {
      armchair_engine_wait_alone (priv->engine, priv->waiting->configuration);
      stop_waiting (ARMCHAIR_APPLICATION_BINDING (object));
    }
  if (swift_binding != NULL)
    armchair_engine_module_peek_core ()->binding_release (swift_binding);
  G_OBJECT_CLASS (armchair_application_binding_parent_class)->dispose (object);
}

static void
armchair_application_binding_finalize (GObject *object)
{
  ArmchairApplicationBindingPrivate *priv = private_of (ARMCHAIR_APPLICATION_BINDING (object));

  g_clear_object (&priv->engine);
  g_clear_pointer (&priv->busy_reasons, g_hash_table_unref);
  g_clear_pointer (&priv->busy, g_hash_table_unref);
  for (guint id = 1; id < ARMCHAIR_APPLICATION_BINDING_N_PROPS; id++)
    g_value_unset (&priv->settings[id]);
  G_OBJECT_CLASS (armchair_application_binding_parent_class)->finalize (object);
}

/* A binding attached to nothing, or ended, reads the defaults its properties declare. */
static void
armchair_application_binding_get_property (GObject *object, guint property_id, GValue *value, GParamSpec *pspec)
{
  ArmchairApplicationBindingPrivate *priv = private_of (ARMCHAIR_APPLICATION_BINDING (object));

  if (property_id == 0 || property_id >= ARMCHAIR_APPLICATION_BINDING_N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
      return;
    }
  if (!armchair_c_api_is_main_thread ())
    {
      if (priv->swift_binding != NULL || priv->waiting != NULL)
        g_critical ("%s:%s must be read on the main thread, which runs the app's main loop; this reads its default",
                    G_OBJECT_TYPE_NAME (object), pspec->name);
      g_value_copy (g_param_spec_get_default_value (pspec), value);
    }
  else if (priv->swift_binding != NULL)
    armchair_engine_module_peek_core ()->binding_get_setting (priv->swift_binding, pspec->name, value);
  else
    g_value_copy (&priv->settings[property_id], value);
}

static void
armchair_application_binding_set_property (GObject      *object,
                                           guint         property_id,
                                           const GValue *value,
                                           GParamSpec   *pspec)
{
  ArmchairApplicationBindingPrivate *priv = private_of (ARMCHAIR_APPLICATION_BINDING (object));
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
  if (priv->swift_binding == NULL && priv->waiting == NULL)
    {
      g_critical ("%s:%s: this binding was not made by its toolkit's attach function, or has ended",
                  G_OBJECT_TYPE_NAME (object), pspec->name);
      return;
    }
  g_value_init (&old, pspec->value_type);
  armchair_application_binding_get_property (object, property_id, &old, pspec);
  g_value_copy (value, &priv->settings[property_id]);
  priv->settings_set[property_id] = TRUE;
  if (priv->swift_binding != NULL)
    armchair_engine_module_peek_core ()->binding_set_setting (priv->swift_binding, pspec->name, value);
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
  ArmchairApplicationBindingPrivate *priv = private_of (self);

  priv->busy_reasons = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  priv->busy = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint id = 1; id < ARMCHAIR_APPLICATION_BINDING_N_PROPS; id++)
    {
      g_value_init (&priv->settings[id], properties[id]->value_type);
      g_param_value_set_default (properties[id], &priv->settings[id]);
    }
}

/* Before the Swift binding is there: what happens in the app ----------------------------------- */

/* Starts loading the engine module on a worker thread, once. */
static void
start_loading (Waiting *waiting)
{
  if (waiting->loading)
    return;
  waiting->loading = TRUE;
  armchair_engine_module_load_async (waiting->toolkit, load_now, g_object_ref (waiting->binding), g_object_unref);
}

/* The app's first frame was drawn: its start-up is over. */
static void
frame_drawn (GObject *frame_clock, gpointer data)
{
  start_loading (data);
}

/* The launch is over once the loop is idle: a later activate is a launch of its own. A launch
 * that draws nothing (a window that never shows) loads the engine then. */
static gboolean
launch_idle (gpointer data)
{
  Waiting *waiting = data;

  waiting->launch_idle = 0;
  waiting->head_start.absorbs_activation = FALSE;
  if (waiting->frame_clock == NULL)
    start_loading (waiting);
  return G_SOURCE_REMOVE;
}

/* A launch, counted as the Swift binding counts it (DeferredLaunches): through open or
 * command-line, an activate its handler adds is part of it. */
static void
launched (Waiting *waiting, gboolean absorbing_activation)
{
  if (!absorbing_activation && waiting->head_start.absorbs_activation)
    return;
  waiting->head_start.absorbs_activation = absorbing_activation || waiting->head_start.absorbs_activation;
  waiting->head_start.launches++;
  if (waiting->launch_idle == 0)
    waiting->launch_idle = g_idle_add_full (G_PRIORITY_LOW, launch_idle, waiting, NULL);
}

static void
activated (GApplication *application, gpointer data)
{
  launched (data, FALSE);
}

static gboolean
launch_hook (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data)
{
  Waiting *waiting = data;
  g_autoptr (GApplication) application = g_weak_ref_get (&waiting->application);

  if (application != NULL && g_value_get_object (&values[0]) == (gpointer) application)
    launched (waiting, TRUE);
  return TRUE;
}

/* Every input to a window passes the toolkit's input signal: a key, click, touch or scroll in
 * one of the application's windows is the person's use, for the natural break. */
static gboolean
input_hook (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data)
{
  Waiting *waiting = data;
  g_autoptr (GApplication) application = g_weak_ref_get (&waiting->application);

  if (application != NULL && waiting->toolkit->is_input (application, values))
    waiting->head_start.last_input = g_get_monotonic_time ();
  return TRUE;
}

static guint
input_signal (const ArmchairToolkitModule *toolkit)
{
  return g_signal_lookup ("event", toolkit->input_signal_owner ());
}

/* Whether one of the watched windows is active. */
static gboolean
any_window_active (Waiting *waiting)
{
  for (guint i = 0; i < waiting->windows->len; i++)
    {
      WatchedWindow *watched = g_ptr_array_index (waiting->windows, i);
      gboolean active = FALSE;

      g_object_get (watched->window, "is-active", &active, NULL);
      if (active)
        return TRUE;
    }
  return FALSE;
}

static void
activity_changed (GObject *window, GParamSpec *pspec, gpointer data)
{
  Waiting *waiting = data;

  if (!any_window_active (waiting))
    waiting->head_start.active_since = 0;
  else if (waiting->head_start.active_since == 0)
    waiting->head_start.active_since = g_get_monotonic_time ();
}

/* Watches the frame clock of @window for the first frame, if no window's is watched yet. */
static void
watch_frames (Waiting *waiting, GObject *window)
{
  GObject *frame_clock;

  if (waiting->frame_clock != NULL || (frame_clock = waiting->toolkit->frame_clock (window)) == NULL)
    return;
  waiting->frame_clock = g_object_ref (frame_clock);
  waiting->frame_handler = g_signal_connect (frame_clock, "after-paint", G_CALLBACK (frame_drawn), waiting);
}

static void
window_realized (GObject *window, gpointer data)
{
  watch_frames (data, window);
}

static void
watched_window_free (WatchedWindow *watched)
{
  g_signal_handler_disconnect (watched->window, watched->activity_handler);
  g_signal_handler_disconnect (watched->window, watched->realize_handler);
  g_object_unref (watched->window);
  g_free (watched);
}

static void
window_added (GApplication *application, GObject *window, gpointer data)
{
  Waiting *waiting = data;
  WatchedWindow *watched = g_new0 (WatchedWindow, 1);

  watched->window = g_object_ref (window);
  watched->activity_handler = g_signal_connect (window, "notify::is-active", G_CALLBACK (activity_changed), waiting);
  watched->realize_handler = g_signal_connect (window, "realize", G_CALLBACK (window_realized), waiting);
  g_ptr_array_add (waiting->windows, watched);
  watch_frames (waiting, window);
  activity_changed (window, NULL, waiting);
}

static void
window_removed (GApplication *application, GObject *window, gpointer data)
{
  Waiting *waiting = data;

  for (guint i = 0; i < waiting->windows->len; i++)
    if (((WatchedWindow *) g_ptr_array_index (waiting->windows, i))->window == window)
      {
        g_ptr_array_remove_index (waiting->windows, i);
        break;
      }
  activity_changed (window, NULL, waiting);
}

/* This process is a second instance of a single-instance app: it hands its launch to the running
 * one, which counts it and may prompt, and returns from g_application_run () without starting up.
 * Its binding ends, as the Swift one would; its engine still counts, on its own. */
static void
registered (GApplication *application, GParamSpec *pspec, gpointer data)
{
  Waiting *waiting = data;
  ArmchairApplicationBinding *binding = waiting->binding;

  if (!g_application_get_is_registered (application) || !g_application_get_is_remote (application))
    return;
  armchair_engine_wait_alone (private_of (binding)->engine, waiting->configuration);
  stop_waiting (binding);
}

/* The application shuts down before the engine module was there: it loads now, so that the
 * launches and events so far are saved. */
static void
shutting_down (GApplication *application, gpointer data)
{
  Waiting *waiting = data;

  waiting->head_start.shutting_down = TRUE;
  load_now (waiting->binding);
}

static Waiting *
waiting_new (ArmchairApplicationBinding *binding, GApplication *application, const ArmchairToolkitModule *toolkit,
             ArmchairConfiguration *configuration)
{
  Waiting *waiting = g_new0 (Waiting, 1);
  guint open_signal = g_signal_lookup ("open", G_TYPE_APPLICATION);
  guint command_line_signal = g_signal_lookup ("command-line", G_TYPE_APPLICATION);

  waiting->binding = binding;
  g_weak_ref_init (&waiting->application, application);
  waiting->toolkit = toolkit;
  waiting->configuration = configuration;
  waiting->windows = g_ptr_array_new_with_free_func ((GDestroyNotify) watched_window_free);
  g_signal_connect (application, "activate", G_CALLBACK (activated), waiting);
  g_signal_connect (application, "window-added", G_CALLBACK (window_added), waiting);
  g_signal_connect (application, "window-removed", G_CALLBACK (window_removed), waiting);
  g_signal_connect (application, "shutdown", G_CALLBACK (shutting_down), waiting);
  g_signal_connect (application, "notify::is-registered", G_CALLBACK (registered), waiting);
  /* Hooks, as the Swift binding has them: a handler of command-line would end its emission. */
  waiting->open_hook = g_signal_add_emission_hook (open_signal, 0, launch_hook, waiting, NULL);
  waiting->command_line_hook = g_signal_add_emission_hook (command_line_signal, 0, launch_hook, waiting, NULL);
  /* The class makes its signals: it may not be made yet when the app attaches. */
  g_type_class_unref (g_type_class_ref (toolkit->input_signal_owner ()));
  waiting->input_hook = g_signal_add_emission_hook (input_signal (toolkit), 0, input_hook, waiting, NULL);
  return waiting;
}

static void
waiting_free (Waiting *waiting)
{
  g_autoptr (GApplication) application = g_weak_ref_get (&waiting->application);

  if (application != NULL)
    g_signal_handlers_disconnect_by_data (application, waiting);
  g_signal_remove_emission_hook (g_signal_lookup ("open", G_TYPE_APPLICATION), waiting->open_hook);
  g_signal_remove_emission_hook (g_signal_lookup ("command-line", G_TYPE_APPLICATION), waiting->command_line_hook);
  g_signal_remove_emission_hook (input_signal (waiting->toolkit), waiting->input_hook);
  if (waiting->frame_clock != NULL)
    {
      g_signal_handler_disconnect (waiting->frame_clock, waiting->frame_handler);
      g_object_unref (waiting->frame_clock);
    }
  g_clear_handle_id (&waiting->launch_idle, g_source_remove);
  g_ptr_array_unref (waiting->windows);
  g_clear_object (&waiting->configuration);
  g_weak_ref_clear (&waiting->application);
  g_free (waiting);
}

/* The binding waits no more: ended, off, or its Swift binding is there. */
static void
stop_waiting (ArmchairApplicationBinding *self)
{
  ArmchairApplicationBindingPrivate *priv = private_of (self);

  g_clear_pointer (&priv->waiting, waiting_free);
}

static gint
compare_cookies (gconstpointer a, gconstpointer b)
{
  return (gint) GPOINTER_TO_UINT (a) - (gint) GPOINTER_TO_UINT (b);
}

/* Hands what the binding kept to the Swift binding: the settings, the busy marks, then the
 * engine's calls and what happened in the app. */
static void
hand_over (ArmchairApplicationBinding *self, ArmchairSwiftBinding *swift_binding, const ArmchairHeadStart *head_start)
{
  ArmchairApplicationBindingPrivate *priv = private_of (self);
  const ArmchairSwiftCore *core = armchair_engine_module_peek_core ();
  g_autoptr (GList) cookies = g_list_sort (g_hash_table_get_keys (priv->busy_reasons), compare_cookies);

  priv->swift_binding = swift_binding;
  for (guint id = 1; id < ARMCHAIR_APPLICATION_BINDING_N_PROPS; id++)
    if (priv->settings_set[id])
      core->binding_set_setting (swift_binding, properties[id]->name, &priv->settings[id]);
  for (GList *cookie = cookies; cookie != NULL; cookie = cookie->next)
    {
      const char *reason = g_hash_table_lookup (priv->busy_reasons, cookie->data);

      g_hash_table_insert (priv->busy, cookie->data, GUINT_TO_POINTER (core->binding_mark_busy (swift_binding, reason)));
    }
  g_hash_table_remove_all (priv->busy_reasons);
  armchair_engine_take_swift_engine (priv->engine, core->binding_engine (swift_binding));
  core->binding_catch_up (swift_binding, head_start);
}

/* Loads the engine module now, if it is not yet, and attaches the Swift binding: after the first
 * frame, or at once when a call needs an answer or the application shuts down. Armchair is off
 * for this application when the module cannot be loaded (warned about once), or the Swift
 * binding cannot attach (its message as a warning: what C checked at attach passed). */
static void
load_now (gpointer data)
{
  ArmchairApplicationBinding *self = data;
  ArmchairApplicationBindingPrivate *priv = private_of (self);
  Waiting *waiting = priv->waiting;
  const ArmchairSwiftToolkit *toolkit;
  g_autoptr (GApplication) application = NULL;
  g_autoptr (GError) error = NULL;
  ArmchairSwiftConfiguration *box;
  ArmchairSwiftBinding *swift_binding;
  ArmchairHeadStart head_start;

  if (waiting == NULL)
    return;
  application = g_weak_ref_get (&waiting->application);
  toolkit = armchair_engine_module_toolkit (waiting->toolkit);
  if (application == NULL || toolkit == NULL)
    {
      stop_waiting (self);
      armchair_engine_turn_off (priv->engine);
      return;
    }
  head_start = waiting->head_start;
  box = armchair_configuration_make_swift (waiting->configuration, armchair_engine_module_peek_core ());
  /* What the binding watched, it watches no more: the Swift binding does from here. */
  stop_waiting (self);
  swift_binding = toolkit->attach (application, box, &error);
  armchair_engine_module_peek_core ()->configuration_release (box);
  if (swift_binding == NULL)
    {
      g_warning ("Armchair is off for this application: %s", error->message);
      armchair_engine_turn_off (priv->engine);
      return;
    }
  hand_over (self, swift_binding, &head_start);
}

/* Attach ----------------------------------------------------------------------------------------- */

/* The configuration the binding starts with, when C is sure the engine will accept it as it is
 * (else NULL: the engine decides now): a copy of @configuration, or what the app installed. */
static ArmchairConfiguration *
checked_configuration (GApplication *application, ArmchairConfiguration *configuration)
{
  g_autoptr (ArmchairConfiguration) checked = NULL;
  const char *app_id;

  if (configuration != NULL)
    checked = armchair_configuration_copy_internal (configuration);
  else
    {
      app_id = g_application_get_application_id (application);
      if (app_id == NULL || !armchair_metainfo_check_quick (app_id, NULL))
        return NULL;
      checked = armchair_configuration_new (app_id, NULL);
      if (!armchair_configuration_load_quick (checked, NULL))
        return NULL;
    }
  return armchair_configuration_check_quick (checked) ? g_steal_pointer (&checked) : NULL;
}

ArmchairApplicationBinding *
armchair_application_binding_attach_internal (GType                        binding_type,
                                              GApplication                *application,
                                              ArmchairConfiguration       *configuration,
                                              const ArmchairToolkitModule *toolkit,
                                              const char                  *get_for_application,
                                              GError                     **error)
{
  g_autoptr (ArmchairApplicationBinding) self = NULL;
  ArmchairApplicationBindingPrivate *priv;
  ArmchairConfiguration *checked;
  const ArmchairSwiftToolkit *table;
  ArmchairSwiftConfiguration *box = NULL;
  ArmchairSwiftBinding *swift_binding;

  if (armchair_application_binding_lookup_internal (application) != NULL)
    {
      g_set_error (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_ALREADY_ATTACHED,
                   "Armchair is already attached to this application; %s() returns its binding",
                   get_for_application);
      return NULL;
    }
  self = g_object_new (binding_type, NULL);
  priv = private_of (self);
  checked = checked_configuration (application, configuration);
  if (checked != NULL)
    {
      /* The usual case: everything waits until the app's first frame is drawn. */
      for (guint id = 1; id < ARMCHAIR_APPLICATION_BINDING_N_PROPS; id++)
        g_object_get_property (G_OBJECT (checked), properties[id]->name, &priv->settings[id]);
      priv->engine = armchair_engine_new_waiting (load_now, self);
      priv->waiting = waiting_new (self, application, toolkit, checked);
    }
  else
    {
      /* C is not sure the engine accepts what the app gave or installed: the engine attaches now,
       * and says what is wrong. Without the engine module (warned about), Armchair is off. */
      table = armchair_engine_module_toolkit (toolkit);
      priv->engine = armchair_engine_new_waiting (load_now, self);
      if (table == NULL)
        armchair_engine_turn_off (priv->engine);
      else
        {
          if (configuration != NULL)
            box = armchair_configuration_make_swift (configuration, armchair_engine_module_peek_core ());
          swift_binding = table->attach (application, box, error);
          if (box != NULL)
            armchair_engine_module_peek_core ()->configuration_release (box);
          if (swift_binding == NULL)
            return NULL;
          hand_over (self, swift_binding, &(ArmchairHeadStart) { 0 });
        }
    }
  g_object_set_qdata_full (G_OBJECT (application), binding_quark (), g_object_ref (self), g_object_unref);
  return g_steal_pointer (&self);
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

  priv = private_of (self);
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
  guint cookie;

  g_return_val_if_fail (ARMCHAIR_IS_APPLICATION_BINDING (self), 0);
  g_return_val_if_fail (reason != NULL, 0);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), 0);

  priv = private_of (self);
  if (priv->swift_binding == NULL && priv->waiting == NULL)
    {
      g_critical ("armchair_application_binding_mark_busy: this %s was not made by its toolkit's attach function, "
                  "or has ended", G_OBJECT_TYPE_NAME (self));
      return 0;
    }
  cookie = ++priv->last_cookie;
  if (priv->swift_binding != NULL)
    g_hash_table_insert (priv->busy, GUINT_TO_POINTER (cookie),
                         GUINT_TO_POINTER (armchair_engine_module_peek_core ()->binding_mark_busy (priv->swift_binding,
                                                                                                  reason)));
  else
    g_hash_table_insert (priv->busy_reasons, GUINT_TO_POINTER (cookie), g_strdup (reason));
  return cookie;
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
  gpointer mark = NULL;

  g_return_if_fail (ARMCHAIR_IS_APPLICATION_BINDING (self));
  g_return_if_fail (armchair_c_api_is_main_thread ());

  priv = private_of (self);
  if (priv->swift_binding == NULL && priv->waiting == NULL)
    return;
  if (g_hash_table_remove (priv->busy_reasons, GUINT_TO_POINTER (cookie)))
    return;
  if (!g_hash_table_steal_extended (priv->busy, GUINT_TO_POINTER (cookie), NULL, &mark))
    {
      g_warning ("Ignoring armchair_application_binding_unmark_busy (%u): no busy mark has that cookie (ended twice?)",
                 cookie);
      return;
    }
  if (priv->swift_binding != NULL)
    armchair_engine_module_peek_core ()->binding_unmark_busy (priv->swift_binding, GPOINTER_TO_UINT (mark));
}
