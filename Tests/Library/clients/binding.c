/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

/* A toolkit's binding, tested in a process of its own (a process cannot load GTK 3 and GTK 4,
 * and the Swift tests' program loads GTK 3): the same GLib test program for GTK 3 and, compiled
 * with -DBINDING_GTK4, for GTK 4, which `meson test --suite display` runs in a private X server
 * (TAP). A broken expectation prints "FAILED: …" and stops the program. */
#include <glib/gstdio.h>

#ifdef BINDING_GTK4
#include <armchair-gtk4.h>
#define Binding ArmchairGtk4Binding
#define binding_attach armchair_gtk4_attach
#define binding_get_for_application armchair_gtk4_binding_get_for_application
#define GET_FOR_APPLICATION_NAME "armchair_gtk4_binding_get_for_application"
#define GTK_INIT_CHECK gtk_init_check ()
#else
#include <armchair-gtk3.h>
#define Binding ArmchairGtk3Binding
#define binding_attach armchair_gtk3_attach
#define binding_get_for_application armchair_gtk3_binding_get_for_application
#define GET_FOR_APPLICATION_NAME "armchair_gtk3_binding_get_for_application"
#define GTK_INIT_CHECK gtk_init_check (NULL, NULL)
#endif
#define APPLICATION_BINDING(binding) ARMCHAIR_APPLICATION_BINDING (binding)

static void
expect (gboolean condition, const char *format, ...)
{
  va_list arguments;

  if (condition)
    return;
  va_start (arguments, format);
  g_autofree char *message = g_strdup_vprintf (format, arguments);
  va_end (arguments);
  g_printerr ("FAILED: %s: %s\n", g_test_get_path (), message);
  g_assert_not_reached ();
}

/* Runs the main context until @done says so, for at most five seconds; whether it did. */
static gboolean
iterate_until (gboolean (*done) (gpointer data), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return done (data);
}

/* The visible toplevel windows: the prompt is the only one these cases show. */
static guint
visible_windows (void)
{
  guint count = 0;
#ifdef BINDING_GTK4
  GListModel *windows = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (windows, i);
      count += gtk_widget_get_visible (window) ? 1 : 0;
    }
#else
  GList *windows = gtk_window_list_toplevels ();

  for (GList *node = windows; node != NULL; node = node->next)
    count += gtk_widget_get_visible (node->data) && GTK_IS_DIALOG (node->data) ? 1 : 0;
  g_list_free (windows);
#endif
  return count;
}

static gboolean
a_window_is_visible (gpointer data)
{
  (void) data;
  return visible_windows () > 0;
}

static gboolean
no_window_is_visible (gpointer data)
{
  (void) data;
  return visible_windows () == 0;
}

/* The answers the engine announced, in order. */
static void
record_answer (ArmchairEngine *engine, ArmchairAnswer answer, GString *answers)
{
  (void) engine;
  g_string_append_printf (answers, "%s%d", answers->len > 0 ? "," : "", answer);
}

static gboolean
answered (gpointer data)
{
  return ((GString *) data)->len > 0;
}

static void
count_notification (GObject *object, GParamSpec *pspec, guint *count)
{
  (void) object;
  (void) pspec;
  (*count)++;
}

/* A configuration that prompts at once, for a state folder of this run's own. */
static ArmchairConfiguration *
debug_configuration (const char *app_id)
{
  ArmchairConfiguration *configuration = armchair_configuration_new (app_id, "1.0");

  g_object_set (configuration, "app-name", "Binding Tester", "debug-enabled", TRUE,
                "allows-debug-in-release-builds", TRUE, NULL);
  return configuration;
}

static GtkApplication *
new_application (void)
{
  return gtk_application_new (NULL, G_APPLICATION_NON_UNIQUE);
}

static char *
explanation (ArmchairEngine *engine)
{
  return armchair_engine_explain (engine);
}

/* The binding's engine shows the prompt on the display; closing it from C is a "not now". */
static void
prompt_through_the_binding (void)
{
  g_autoptr (GtkApplication) app = new_application ();
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ("org.example.BindingPrompt");
  g_autoptr (GError) error = NULL;
  g_autoptr (Binding) binding = binding_attach (app, configuration, &error);
  g_autoptr (GString) answers = g_string_new (NULL);
  ArmchairEngine *engine;

  expect (binding != NULL, "attach: %s", error != NULL ? error->message : "?");
  engine = armchair_application_binding_get_engine (APPLICATION_BINDING (binding));
  expect (engine != NULL && armchair_application_binding_get_engine (APPLICATION_BINDING (binding)) == engine,
          "the same engine every time");
  g_signal_connect (engine, "answered", G_CALLBACK (record_answer), answers);
  expect (armchair_engine_show_prompt (engine), "show_prompt refused in debug mode");
  expect (iterate_until (a_window_is_visible, NULL), "no prompt on the display");
  armchair_engine_close_prompt (engine);
  expect (iterate_until (answered, answers), "no answer after close_prompt");
  expect (atoi (answers->str) == ARMCHAIR_ANSWER_DISMISSED, "closing answered %s, not dismissed", answers->str);
  expect (iterate_until (no_window_is_visible, NULL), "the prompt stayed on the display");
}

/* The scheduler's settings are the binding's properties: their defaults are the configuration's,
 * a change reads back, notifies once, and leaves the others. */
static void
settings_as_properties (void)
{
  g_autoptr (GtkApplication) app = new_application ();
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ("org.example.BindingSettings");
  g_autoptr (GError) error = NULL;
  g_autoptr (Binding) binding = NULL;
  const char *names[] = { "prompt-delay", "quiet-time", "prompts-over-fullscreen", "waits-for-active-window",
                          "waits-for-network" };
  double quiet_time = 0, prompt_delay = 0;
  gboolean fullscreen = TRUE, network = FALSE;
  guint notifications = 0;
  GObjectClass *binding_class = g_type_class_ref (ARMCHAIR_TYPE_APPLICATION_BINDING);

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GParamSpec *on_binding = g_object_class_find_property (binding_class, names[i]);
      GParamSpec *on_configuration = g_object_class_find_property (G_OBJECT_GET_CLASS (configuration), names[i]);
      expect (on_binding != NULL && on_configuration != NULL, "%s is not a property of both", names[i]);
      expect (g_param_values_cmp (on_binding, g_param_spec_get_default_value (on_binding),
                                  g_param_spec_get_default_value (on_configuration)) == 0,
              "%s: the binding's default is not the configuration's", names[i]);
    }
  g_type_class_unref (binding_class);
  g_object_set (configuration, "quiet-time", 7.0, NULL);
  binding = binding_attach (app, configuration, &error);
  expect (binding != NULL, "attach: %s", error != NULL ? error->message : "?");
  g_object_get (binding, "quiet-time", &quiet_time, "prompt-delay", &prompt_delay, "prompts-over-fullscreen",
                &fullscreen, "waits-for-network", &network, NULL);
  expect (quiet_time == 7.0, "quiet-time starts at %g, not the configuration's 7", quiet_time);
  expect (prompt_delay == 2.0 && !fullscreen && network, "the other defaults: %g %d %d", prompt_delay, fullscreen,
          network);

  g_signal_connect (binding, "notify::quiet-time", G_CALLBACK (count_notification), &notifications);
  g_object_set (binding, "quiet-time", 8.5, NULL);
  g_object_set (binding, "quiet-time", 8.5, NULL);
  g_object_set (binding, "prompts-over-fullscreen", TRUE, NULL);
  g_object_get (binding, "quiet-time", &quiet_time, "prompts-over-fullscreen", &fullscreen, "prompt-delay",
                &prompt_delay, NULL);
  expect (quiet_time == 8.5 && fullscreen && prompt_delay == 2.0, "read back %g %d %g", quiet_time, fullscreen,
          prompt_delay);
  expect (notifications == 1, "notify::quiet-time %u times for one change", notifications);
}

/* A settings file's keys for the binding reach it, through the configuration. */
static void
settings_file_keys (void)
{
  g_autofree char *folder = g_dir_make_tmp ("armchair-binding-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "org.example.BindingFile.armchair", NULL);
  g_autoptr (GtkApplication) app = new_application ();
  g_autoptr (GError) error = NULL;
  g_autoptr (ArmchairConfiguration) configuration = NULL;
  g_autoptr (Binding) binding = NULL;
  double quiet_time = 0;
  gboolean waits_for_active_window = TRUE;

  expect (g_file_set_contents (path, "[Armchair]\nquiet-time=9\nwaits-for-active-window=false\n", -1, NULL),
          "cannot write %s", path);
  configuration = armchair_configuration_new_from_file ("org.example.BindingFile", "1.0", path, &error);
  expect (configuration != NULL, "the settings file: %s", error != NULL ? error->message : "?");
  binding = binding_attach (app, configuration, &error);
  expect (binding != NULL, "attach: %s", error != NULL ? error->message : "?");
  g_object_get (binding, "quiet-time", &quiet_time, "waits-for-active-window", &waits_for_active_window, NULL);
  expect (quiet_time == 9 && !waits_for_active_window, "the file's keys did not reach the binding: %g %d",
          quiet_time, waits_for_active_window);
  g_unlink (path);
  g_rmdir (folder);
}

/* The app's busy marks hold the automatic prompt back, and the decision says why. */
static void
busy_marks (void)
{
  g_autoptr (GtkApplication) app = new_application ();
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ("org.example.BindingBusy");
  g_autoptr (GError) error = NULL;
  g_autoptr (Binding) binding = binding_attach (app, configuration, &error);
  ArmchairEngine *engine;
  guint cookie;

  expect (binding != NULL, "attach: %s", error != NULL ? error->message : "?");
  engine = armchair_application_binding_get_engine (APPLICATION_BINDING (binding));
  cookie = armchair_application_binding_mark_busy (APPLICATION_BINDING (binding), "exporting the film");
  expect (cookie != 0, "mark_busy returned 0");
  expect (armchair_engine_show_prompt_if_allowed (engine) == ARMCHAIR_PROMPT_WAITING_FOR_BREAK,
          "the prompt did not wait for a break");
  g_autofree char *busy = explanation (engine);
  expect (strstr (busy, "the app is busy: exporting the film") != NULL, "the decision does not say why: %s", busy);
  armchair_application_binding_unmark_busy (APPLICATION_BINDING (binding), cookie);
  g_autofree char *unmarked = explanation (engine);
  expect (strstr (unmarked, "busy") == NULL, "still busy after unmark_busy: %s", unmarked);
  /* No window ever becomes active here, so the prompt keeps waiting and never shows. */
}

/* A second attach fails, naming this toolkit's lookup; the application holds the binding until it
 * goes, and an engine the app kept counts but shows nothing after it. */
static void
attach_twice_and_drop (void)
{
  GtkApplication *app = new_application ();
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ("org.example.BindingTwice");
  g_autoptr (GError) error = NULL;
  Binding *binding = binding_attach (app, configuration, &error);
  g_autoptr (ArmchairEngine) engine = NULL;
  GWeakRef weak;

  expect (binding != NULL, "attach: %s", error != NULL ? error->message : "?");
  expect (binding_attach (app, configuration, &error) == NULL &&
              g_error_matches (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_ALREADY_ATTACHED),
          "a second attach did not fail with ALREADY_ATTACHED");
  expect (strstr (error->message, GET_FOR_APPLICATION_NAME "()") != NULL, "the error does not name %s: %s",
          GET_FOR_APPLICATION_NAME, error->message);
  expect (binding_get_for_application (app) == binding, "get_for_application did not find the binding");

  engine = g_object_ref (armchair_application_binding_get_engine (APPLICATION_BINDING (binding)));
  g_weak_ref_init (&weak, binding);
  g_object_unref (binding);
  GObject *kept = g_weak_ref_get (&weak);
  expect (kept != NULL, "the application did not hold the binding");
  g_object_unref (kept);
  g_object_unref (app);
  kept = g_weak_ref_get (&weak);
  expect (kept == NULL, "the binding outlived its application");
  g_weak_ref_clear (&weak);
  expect (!armchair_engine_show_prompt (engine), "an engine kept after its binding showed a prompt");
}

/* Whether Armchair's engine module is loaded in this process. */
static gboolean
engine_loaded (gpointer data)
{
  g_autofree char *maps = NULL;

  (void) data;
  expect (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL), "cannot read /proc/self/maps");
  return strstr (maps, "/libarmchair-engine.so") != NULL;
}

/* A state key of the app @app_id, as its state file holds it, or NULL. */
static char *
state_value (const char *app_id, const char *key)
{
  g_autofree char *path = g_build_filename (g_get_user_state_dir (), app_id, "armchair.ini", NULL);
  g_autofree char *name = g_strconcat (app_id, ".", key, NULL);
  g_autoptr (GKeyFile) file = g_key_file_new ();

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_key_file_get_value (file, "State", name, NULL);
}

/* What the waiting cases make before the application runs: a configuration that never prompts by
 * itself, an event, a busy mark and a setting, none of which loads the engine. */
static Binding *
attach_and_call (GtkApplication *app, const char *app_id)
{
  g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (app_id, "1.0");
  g_autoptr (GError) error = NULL;
  Binding *binding;
  ArmchairEngine *engine;

  g_object_set (configuration, "uses-until-prompt", 50, "quiet-time", 7.0, NULL);
  binding = binding_attach (app, configuration, &error);
  expect (binding != NULL, "attach: %s", error != NULL ? error->message : "?");
  engine = armchair_application_binding_get_engine (APPLICATION_BINDING (binding));
  armchair_engine_significant_event (engine, "export");
  armchair_application_binding_mark_busy (APPLICATION_BINDING (binding), "exporting the film");
  g_object_set (binding, "prompt-delay", 4.5, NULL);
  expect (!engine_loaded (NULL), "the engine module loaded before the application ran");
  return binding;
}

static void
show_window (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);

#ifdef BINDING_GTK4
  gtk_window_present (GTK_WINDOW (window));
#else
  gtk_widget_show_all (window);
#endif
}

/* Once the engine module is there, the checks of the waiting case, then the application quits. */
static gboolean
check_when_loaded (gpointer app)
{
  Binding *binding = binding_get_for_application (app);
  ArmchairEngine *engine = armchair_application_binding_get_engine (APPLICATION_BINDING (binding));
  double prompt_delay = 0, quiet_time = 0;

  if (!engine_loaded (NULL))
    return G_SOURCE_CONTINUE;
  g_autofree char *explained = armchair_engine_explain (engine);
  expect (strstr (explained, "exporting the film") != NULL, "the busy mark made before did not reach the engine: %s",
          explained);
  g_autofree char *events = state_value ("org.example.BindingWaits", "significant-event-count");
  expect (g_strcmp0 (events, "1") == 0, "the event logged before counts %s", events != NULL ? events : "nothing");
  g_object_get (binding, "prompt-delay", &prompt_delay, "quiet-time", &quiet_time, NULL);
  expect (prompt_delay == 4.5 && quiet_time == 7.0, "the settings before: %g %g", prompt_delay, quiet_time);
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

/* The engine module loads after the app's first frame, and what the app did before counts. */
static void
waits_for_the_first_frame (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (GtkApplication) app = gtk_application_new ("org.example.BindingWaits", G_APPLICATION_NON_UNIQUE);
      g_autoptr (Binding) binding = attach_and_call (app, "org.example.BindingWaits");
      g_autofree char *uses = NULL;

      g_signal_connect (app, "activate", G_CALLBACK (show_window), NULL);
      g_timeout_add (20, check_when_loaded, app);
      expect (g_application_run (G_APPLICATION (app), 0, NULL) == 0, "the application failed");
      uses = state_value ("org.example.BindingWaits", "use-count");
      expect (g_strcmp0 (uses, "1") == 0, "the launch counts %s", uses != NULL ? uses : "nothing");
      return;
    }
  g_test_trap_subprocess (NULL, 10 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* An application that quits before its first frame: the engine module loads as it shuts down,
 * and the launch and the event are saved. */
static void
quits_before_ready (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (GtkApplication) app = gtk_application_new ("org.example.BindingQuits", G_APPLICATION_NON_UNIQUE);
      g_autoptr (Binding) binding = attach_and_call (app, "org.example.BindingQuits");
      g_autofree char *uses = NULL;
      g_autofree char *events = NULL;

      g_signal_connect (app, "activate", G_CALLBACK (g_application_quit), NULL);
      expect (g_application_run (G_APPLICATION (app), 0, NULL) == 0, "the application failed");
      expect (engine_loaded (NULL), "the engine module did not load at shutdown");
      uses = state_value ("org.example.BindingQuits", "use-count");
      events = state_value ("org.example.BindingQuits", "significant-event-count");
      expect (g_strcmp0 (uses, "1") == 0 && g_strcmp0 (events, "1") == 0, "saved: uses %s, events %s",
              uses != NULL ? uses : "none", events != NULL ? events : "none");
      return;
    }
  g_test_trap_subprocess (NULL, 10 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* A call that needs an answer loads the engine module at once, and answers with what came before. */
static void
answer_now (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (GtkApplication) app = gtk_application_new ("org.example.BindingAnswer", G_APPLICATION_NON_UNIQUE);
      g_autoptr (Binding) binding = attach_and_call (app, "org.example.BindingAnswer");
      ArmchairEngine *engine = armchair_application_binding_get_engine (APPLICATION_BINDING (binding));
      g_autoptr (ArmchairDecision) decision = armchair_engine_get_decision (engine);

      expect (engine_loaded (NULL), "get_decision did not load the engine module");
      g_autofree char *text = armchair_decision_to_string (decision);
      expect (strstr (text, "exporting the film") != NULL, "the decision misses the busy mark: %s", text);
      return;
    }
  g_test_trap_subprocess (NULL, 10 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* What the input case sees: the window, when it became active and when the key went. */
typedef struct
{
  GtkApplication *app;
  GtkWindow *window;
  gint64 started_at, active_at, key_at;
  gboolean presented_mapped;
} InputCase;

/* Holds the engine module's load back (it comes at G_PRIORITY_LOW, and an idle of a higher priority
 * that never ends keeps it waiting; the frame is drawn), while the window becomes active and, a
 * second later, a key is pressed in it (xdotool, through the X server as a person's would); then
 * lets it load. */
static gboolean
hold_the_load (gpointer data)
{
  InputCase *input = data;
  gint64 now = g_get_monotonic_time ();

  g_usleep (2000);
  if (input->active_at == 0)
    {
      expect (now - input->started_at < 5 * G_USEC_PER_SEC, "the window never became active");
      if (gtk_window_is_active (input->window))
        input->active_at = now;
      else if (gtk_widget_get_mapped (GTK_WIDGET (input->window)) && !input->presented_mapped)
        {
          /* Without a window manager, GTK 3 gives the focus to a window presented once it is on screen. */
          gtk_window_present (input->window);
          input->presented_mapped = TRUE;
        }
      return G_SOURCE_CONTINUE;
    }
  if (input->key_at == 0 && now - input->active_at >= G_USEC_PER_SEC)
    {
      g_autoptr (GError) error = NULL;
      const char *argv[] = { "xdotool", "key", "x", NULL };

      expect (!engine_loaded (NULL), "the engine module loaded while held back");
      expect (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, &error),
              "xdotool: %s", error != NULL ? error->message : "?");
      input->key_at = g_get_monotonic_time ();
    }
  /* The key's events arrive meanwhile. */
  return input->key_at == 0 || now - input->key_at < G_USEC_PER_SEC / 2 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
present_and_hold (GtkApplication *app, InputCase *input)
{
  input->window = GTK_WINDOW (gtk_application_window_new (app));
  gtk_window_present (input->window);
  input->started_at = g_get_monotonic_time ();
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, hold_the_load, input, NULL);
}

/* Once the engine module is there: the quiet time runs from the key, not from the window's
 * activation a second before it. */
static gboolean
check_input_when_loaded (gpointer data)
{
  InputCase *input = data;
  Binding *binding = binding_get_for_application (input->app);
  ArmchairEngine *engine = armchair_application_binding_get_engine (APPLICATION_BINDING (binding));
  const char *prefix = "last key, click, touch or scroll ";

  if (input->key_at == 0 || !engine_loaded (NULL))
    return G_SOURCE_CONTINUE;
  g_autoptr (ArmchairDecision) decision = armchair_engine_get_decision (engine);
  g_autofree char *text = armchair_decision_to_string (decision);
  const char *found = strstr (text, prefix);
  double since_active = (g_get_monotonic_time () - input->active_at) / (double) G_USEC_PER_SEC;

  expect (found != NULL, "the decision does not wait for quiet: %s", text);
  double seconds_ago = g_ascii_strtod (found + strlen (prefix), NULL);
  expect (seconds_ago < since_active - 0.5,
          "the quiet time runs from the activation (%.2f s ago), not from the key: %g s ago", since_active, seconds_ago);
  g_application_quit (G_APPLICATION (input->app));
  return G_SOURCE_REMOVE;
}

/* A key pressed and a window activated before the engine module loads count for the natural break:
 * an automatic prompt waits for the quiet time after them. */
static void
input_before_the_load (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (GtkApplication) app = gtk_application_new ("org.example.BindingInput", G_APPLICATION_NON_UNIQUE);
      g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new ("org.example.BindingInput", "1.0");
      g_autoptr (GError) error = NULL;
      g_autoptr (Binding) binding = NULL;
      InputCase input = { .app = app };

      g_object_set (configuration, "uses-until-prompt", 50, "quiet-time", 30.0, NULL);
      binding = binding_attach (app, configuration, &error);
      expect (binding != NULL, "attach: %s", error != NULL ? error->message : "?");
      g_signal_connect (app, "activate", G_CALLBACK (present_and_hold), &input);
      g_timeout_add (20, check_input_when_loaded, &input);
      expect (g_application_run (G_APPLICATION (app), 0, NULL) == 0, "the application failed");
      expect (input.active_at != 0, "the window never became active");
      return;
    }
  g_test_trap_subprocess (NULL, 15 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* An unusable configuration is a GError, and attaches nothing. */
static void
bad_configuration (void)
{
  g_autoptr (GtkApplication) app = new_application ();
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ("org.example.BindingBad");
  g_autoptr (GError) error = NULL;
  g_autoptr (Binding) binding = NULL;

  g_object_set (configuration, "feedback-email", "nobody", NULL);
  expect (binding_attach (app, configuration, &error) == NULL &&
              g_error_matches (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_CONFIGURATION),
          "a bad configuration attached");
  expect (binding_get_for_application (app) == NULL, "a failed attach left a binding");
  g_clear_error (&error);
  g_object_set (configuration, "feedback-email", "notes@example.org", NULL);
  binding = binding_attach (app, configuration, &error);
  expect (binding != NULL, "attach after the fix: %s", error != NULL ? error->message : "?");
}

int
main (int argc, char **argv)
{
  /* A state folder of this run's own, so that no earlier run's answers change what it sees. */
  g_autofree char *state = g_dir_make_tmp ("armchair-binding-state-XXXXXX", NULL);

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!GTK_INIT_CHECK)
    {
      g_printerr ("FAILED: GTK cannot open the display\n");
      return 1;
    }
  g_test_add_func ("/binding/prompt-through-the-binding", prompt_through_the_binding);
  g_test_add_func ("/binding/settings-as-properties", settings_as_properties);
  g_test_add_func ("/binding/settings-file-keys", settings_file_keys);
  g_test_add_func ("/binding/busy-marks", busy_marks);
  g_test_add_func ("/binding/attach-twice-and-drop", attach_twice_and_drop);
  g_test_add_func ("/binding/bad-configuration", bad_configuration);
  g_test_add_func ("/binding/waits-for-the-first-frame", waits_for_the_first_frame);
  g_test_add_func ("/binding/quits-before-ready", quits_before_ready);
  g_test_add_func ("/binding/answer-now", answer_now);
  g_test_add_func ("/binding/input-before-the-load", input_before_the_load);
  return g_test_run ();
}
