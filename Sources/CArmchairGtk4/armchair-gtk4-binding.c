/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "ArmchairGtk4"
#include "armchair-gtk4-private.h"

#include <armchair-private.h>

/**
 * ArmchairGtk4Binding:
 *
 * Armchair attached to a [class@Gtk.Application]: it counts launches (`activate`), returns to the app
 * and active time (its windows' focus), prompts over the active window at a natural break, and
 * saves at `shutdown`. Made by [func@ArmchairGtk4.attach].
 *
 * An automatic prompt (after a launch, or a significant event that may prompt) waits for a
 * natural break: [property@ArmchairGtk4.Binding:quiet-time] seconds without a key, click, touch or scroll
 * in the app's windows, and never while a key or button is held down, a window of the app is
 * fullscreen (unless [property@ArmchairGtk4.Binding:prompts-over-fullscreen]), the app is busy
 * ([method@ArmchairGtk4.Binding.mark_busy]), the screen is locked, or another modal dialog of the app is
 * open. A prompt the app asks for explicitly ([method@Armchair.Engine.show_prompt]) comes at once.
 *
 * The application holds its binding, so an app need not keep a reference:
 * [func@ArmchairGtk4.Binding.get_for_application] finds it again. Armchair holds the application
 * and its windows only weakly. The binding ends when the application shuts down or is
 * finalized, whichever comes first, or when the binding is disposed: from then on Armchair
 * touches neither the application nor its windows, and the engine, which stays usable, still
 * counts uses and significant events but never prompts again.
 *
 * A binding made otherwise (with [ctor@GObject.Object.new], or a language binding's generic constructor)
 * is attached to nothing: its engine logs a critical at every call.
 *
 * Since: 1.0
 */
struct _ArmchairGtk4Binding {
  GObject parent_instance;
  /* The retained Swift ApplicationBinding, until the binding is disposed. */
  void *swift_binding;
  /* The engine, from attach to finalize: the app may hold it longer than the binding lives. */
  ArmchairEngine *engine;
};

enum
{
  PROP_0,
  PROP_PROMPT_DELAY,
  PROP_QUIET_TIME,
  PROP_PROMPTS_OVER_FULLSCREEN,
  PROP_WAITS_FOR_ACTIVE_WINDOW,
  PROP_WAITS_FOR_NETWORK,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

G_DEFINE_FINAL_TYPE (ArmchairGtk4Binding, armchair_gtk4_binding, G_TYPE_OBJECT)

/* The application's data that holds its binding. */
static GQuark
binding_quark (void)
{
  return g_quark_from_static_string ("armchair-gtk4-binding");
}

/* Ends the Swift binding: at once on the main thread, later from another one. */
static void
armchair_gtk4_binding_dispose (GObject *object)
{
  ArmchairGtk4Binding *self = ARMCHAIR_GTK4_BINDING (object);
  void *swift_binding = g_steal_pointer (&self->swift_binding);

  if (swift_binding != NULL)
    armchair_gtk4_swift_binding_release (swift_binding);
  G_OBJECT_CLASS (armchair_gtk4_binding_parent_class)->dispose (object);
}

static void
armchair_gtk4_binding_finalize (GObject *object)
{
  ArmchairGtk4Binding *self = ARMCHAIR_GTK4_BINDING (object);

  g_clear_object (&self->engine);
  G_OBJECT_CLASS (armchair_gtk4_binding_parent_class)->finalize (object);
}

/* The binding's scheduler settings, or the defaults for a binding attached to nothing. */
static ArmchairSchedulerSettings
get_settings (ArmchairGtk4Binding *self)
{
  ArmchairSchedulerSettings settings = { 2, 5, FALSE, TRUE, TRUE };

  if (self->swift_binding != NULL)
    armchair_gtk4_swift_binding_get_settings (self->swift_binding, &settings);
  return settings;
}

static void
armchair_gtk4_binding_get_property (GObject *object, guint property_id, GValue *value, GParamSpec *pspec)
{
  ArmchairSchedulerSettings settings = get_settings (ARMCHAIR_GTK4_BINDING (object));

  switch (property_id)
    {
    case PROP_PROMPT_DELAY:
      g_value_set_double (value, settings.prompt_delay);
      break;
    case PROP_QUIET_TIME:
      g_value_set_double (value, settings.quiet_time);
      break;
    case PROP_PROMPTS_OVER_FULLSCREEN:
      g_value_set_boolean (value, settings.prompts_over_fullscreen);
      break;
    case PROP_WAITS_FOR_ACTIVE_WINDOW:
      g_value_set_boolean (value, settings.waits_for_active_window);
      break;
    case PROP_WAITS_FOR_NETWORK:
      g_value_set_boolean (value, settings.waits_for_network);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
armchair_gtk4_binding_set_property (GObject *object, guint property_id, const GValue *value, GParamSpec *pspec)
{
  ArmchairGtk4Binding *self = ARMCHAIR_GTK4_BINDING (object);
  ArmchairSchedulerSettings settings;

  if (!armchair_c_api_is_main_thread ())
    {
      g_critical ("ArmchairGtk4Binding:%s must be set on the main thread, which runs the app's main loop",
                  pspec->name);
      return;
    }
  if (self->swift_binding == NULL)
    {
      g_critical ("ArmchairGtk4Binding:%s: this binding was not made by armchair_gtk4_attach(), or has ended",
                  pspec->name);
      return;
    }
  settings = get_settings (self);
  switch (property_id)
    {
    case PROP_PROMPT_DELAY:
      settings.prompt_delay = g_value_get_double (value);
      break;
    case PROP_QUIET_TIME:
      settings.quiet_time = g_value_get_double (value);
      break;
    case PROP_PROMPTS_OVER_FULLSCREEN:
      settings.prompts_over_fullscreen = g_value_get_boolean (value);
      break;
    case PROP_WAITS_FOR_ACTIVE_WINDOW:
      settings.waits_for_active_window = g_value_get_boolean (value);
      break;
    case PROP_WAITS_FOR_NETWORK:
      settings.waits_for_network = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
      return;
    }
  armchair_gtk4_swift_binding_set_settings (self->swift_binding, &settings);
}

static void
armchair_gtk4_binding_class_init (ArmchairGtk4BindingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = armchair_gtk4_binding_dispose;
  object_class->finalize = armchair_gtk4_binding_finalize;
  object_class->get_property = armchair_gtk4_binding_get_property;
  object_class->set_property = armchair_gtk4_binding_set_property;

  /**
   * ArmchairGtk4Binding:prompt-delay:
   *
   * Seconds after a launch or a return to the app before an automatic prompt may come, so that
   * it never covers the app's start-up.
   *
   * Since: 1.0
   */
  properties[PROP_PROMPT_DELAY] =
    g_param_spec_double ("prompt-delay", NULL, NULL, 0, 3600, 2,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ArmchairGtk4Binding:quiet-time:
   *
   * Seconds without a key, click, touch or scroll in the app's windows (and since one of them
   * became active) before an automatic prompt comes: longer than the pauses of someone writing
   * or working through a form, so that the prompt comes when they have stopped, not in the middle
   * of a sentence. 0 turns the wait off.
   *
   * Since: 1.0
   */
  properties[PROP_QUIET_TIME] =
    g_param_spec_double ("quiet-time", NULL, NULL, 0, 60, 5,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ArmchairGtk4Binding:prompts-over-fullscreen:
   *
   * Whether an automatic prompt may come while a window of the app is fullscreen. Off by
   * default, so that a film, a game or a presentation is not interrupted; an app that is always
   * fullscreen turns it on, or prompts at the breaks it chooses (a significant event at the end
   * of a level).
   *
   * Since: 1.0
   */
  properties[PROP_PROMPTS_OVER_FULLSCREEN] =
    g_param_spec_boolean ("prompts-over-fullscreen", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ArmchairGtk4Binding:waits-for-active-window:
   *
   * Whether an automatic prompt waits for one of the app's windows to be active, so that it never
   * comes over another app. On by default; an app without a main window (a tray icon, a
   * background service with an occasional window) turns it off, and the prompt comes on its own.
   *
   * Since: 1.0
   */
  properties[PROP_WAITS_FOR_ACTIVE_WINDOW] =
    g_param_spec_boolean ("waits-for-active-window", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ArmchairGtk4Binding:waits-for-network:
   *
   * Whether an automatic prompt waits for the network, without which the software centre cannot
   * show the review page (iRate's `promptIfNetworkAvailable`). On by default; never waited for
   * inside a Flatpak sandbox without network permission, where the network never comes.
   *
   * Since: 1.0
   */
  properties[PROP_WAITS_FOR_NETWORK] =
    g_param_spec_boolean ("waits-for-network", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
armchair_gtk4_binding_init (ArmchairGtk4Binding *self)
{
}

/**
 * armchair_gtk4_attach:
 * @application: the app, before [method@Gio.Application.run]
 * @configuration: (nullable): the settings, or %NULL to take everything from what the app
 *   installs
 * @error: return location for a [struct@GLib.Error]
 *
 * Attaches Armchair to @application in one call: it counts launches and use, and shows the
 * prompt over the active window when the rules allow.
 *
 * ```python
 * binding = ArmchairGtk4.attach(app, None)
 * ```
 *
 * With no @configuration, the app is who it says it is: the application ID comes from
 * @application, the name and the version from the app's installed AppStream metadata
 * (`<id>.metainfo.xml`, or the legacy `<id>.appdata.xml`, in `metainfo/` beside the program's
 * `bin/` folder, then in `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`, which include `/usr/share`,
 * `/usr/local/share` and, in Flatpak, `/app/share`), with the app's settings file
 * (`armchair/<id>.armchair`) on top, and [func@GLib.set_application_name] over both. The version is the
 * newest stable release that is not dated in the future. `$ARMCHAIR_METAINFO` names the file
 * instead, for a development build: a program that runs from a build folder does not take an
 * installed copy's metadata, whose version is not the build's.
 *
 * With a @configuration, its values win; the name and version it does not set still come from
 * the installed AppStream metadata when there is one, and [property@Armchair.Configuration:app-name]
 * defaults to [func@GLib.get_application_name] when the app set one.
 *
 * The binding copies @configuration: later changes do not reach it. An application has at
 * most one binding: a second call fails with %ARMCHAIR_ERROR_ALREADY_ATTACHED, and
 * [func@ArmchairGtk4.Binding.get_for_application] returns the first.
 *
 * The application keeps a reference of its own to the binding, so the app may drop the one
 * returned ([method@GObject.Object.unref], or `g_autoptr` in C; language bindings drop it by themselves)
 * whenever it likes, and find the binding again with
 * [func@ArmchairGtk4.Binding.get_for_application].
 *
 * Returns: (transfer full): the binding, or %NULL with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every unusable setting, to
 *   %ARMCHAIR_ERROR_METAINFO naming the metadata file or every folder searched, to
 *   %ARMCHAIR_ERROR_SETTINGS_FILE, or to %ARMCHAIR_ERROR_ALREADY_ATTACHED. The app goes on
 *   without Armchair.
 *
 * Since: 1.0
 */
ArmchairGtk4Binding *
armchair_gtk4_attach (GtkApplication *application, ArmchairConfiguration *configuration, GError **error)
{
  ArmchairGtk4Binding *self;
  void *swift_binding;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (configuration == NULL || ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);

  if (g_object_get_qdata (G_OBJECT (application), binding_quark ()) != NULL)
    {
      g_set_error_literal (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_ALREADY_ATTACHED,
                           "Armchair is already attached to this application; "
                           "armchair_gtk4_binding_get_for_application() returns its binding");
      return NULL;
    }
  swift_binding = armchair_gtk4_swift_attach (
      application, configuration != NULL ? armchair_configuration_get_box (configuration) : NULL, error);
  if (swift_binding == NULL)
    return NULL;

  self = g_object_new (ARMCHAIR_GTK4_TYPE_BINDING, NULL);
  self->swift_binding = swift_binding;
  self->engine = armchair_engine_new_for_swift_engine (armchair_gtk4_swift_binding_engine (swift_binding));
  g_object_set_qdata_full (G_OBJECT (application), binding_quark (), g_object_ref (self), g_object_unref);
  return self;
}

/**
 * armchair_gtk4_binding_get_for_application:
 * @application: an application
 *
 * Finds the binding [func@ArmchairGtk4.attach] made for @application, for code that did not keep it
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
ArmchairGtk4Binding *
armchair_gtk4_binding_get_for_application (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_get_qdata (G_OBJECT (application), binding_quark ());
}

/**
 * armchair_gtk4_binding_get_engine:
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
armchair_gtk4_binding_get_engine (ArmchairGtk4Binding *self)
{
  g_return_val_if_fail (ARMCHAIR_GTK4_IS_BINDING (self), NULL);

  if (self->engine == NULL)
    self->engine = armchair_engine_new_inert ("its binding was not made by armchair_gtk4_attach()");
  return self->engine;
}

/**
 * armchair_gtk4_binding_mark_busy:
 * @self: a binding
 * @reason: why, in a few words, for the decision and the debug log
 *
 * Says that the app is busy (exporting, recording, presenting): no automatic prompt comes until
 * [method@ArmchairGtk4.Binding.unmark_busy] is called with the cookie this returns. Marks add up, as
 * [method@Gtk.Application.inhibit] does; GTK cannot be asked about those, so an app that inhibits
 * logging out or idling while it works should call this too.
 *
 * Returns: the cookie for [method@ArmchairGtk4.Binding.unmark_busy], never 0; 0 when @self was not
 *   made by [func@ArmchairGtk4.attach]
 *
 * Since: 1.0
 */
guint
armchair_gtk4_binding_mark_busy (ArmchairGtk4Binding *self, const char *reason)
{
  g_return_val_if_fail (ARMCHAIR_GTK4_IS_BINDING (self), 0);
  g_return_val_if_fail (reason != NULL, 0);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), 0);

  if (self->swift_binding == NULL)
    {
      g_critical ("armchair_gtk4_binding_mark_busy: this binding was not made by armchair_gtk4_attach(), or has ended");
      return 0;
    }
  return armchair_gtk4_swift_binding_mark_busy (self->swift_binding, reason);
}

/**
 * armchair_gtk4_binding_unmark_busy:
 * @self: a binding
 * @cookie: what [method@ArmchairGtk4.Binding.mark_busy] returned
 *
 * Ends what [method@ArmchairGtk4.Binding.mark_busy] began: the automatic prompt comes at the next
 * natural break once the app is busy for no other reason. An unknown cookie is ignored with a
 * warning.
 *
 * Since: 1.0
 */
void
armchair_gtk4_binding_unmark_busy (ArmchairGtk4Binding *self, guint cookie)
{
  g_return_if_fail (ARMCHAIR_GTK4_IS_BINDING (self));
  g_return_if_fail (armchair_c_api_is_main_thread ());

  if (self->swift_binding != NULL)
    armchair_gtk4_swift_binding_unmark_busy (self->swift_binding, cookie);
}
