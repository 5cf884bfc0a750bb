/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

/* How a C app may hold libarmchair's objects, one scenario per run: each drops, disposes or uses
 * them in an order or on a thread that crashed or corrupted the host before (issue 26), and
 * checks what the app sees afterwards. ../lifetimes_as_a_host.py runs every scenario under
 * valgrind, against the installed libraries, for GTK 3 and (compiled with -DLIFETIMES_GTK4) for
 * GTK 4:
 *
 *     lifetimes SCENARIO
 *
 * A scenario prints "ok SCENARIO" and exits 0 when everything held; a broken expectation prints
 * "FAILED: …" and exits 1; valgrind reports any read or write of freed memory. Every message the
 * process logs goes through a g_log_set_writer_func() of its own, which also checks that Armchair
 * logs through GLib and that nothing logs a critical or a warning the scenario does not expect. */
#include <glib/gstdio.h>
#include <time.h>

#ifdef LIFETIMES_GTK4
#include <armchair-gtk4.h>
#define Binding ArmchairGtk4Binding
#define BINDING_TYPE ARMCHAIR_GTK4_TYPE_BINDING
#define binding_attach armchair_gtk4_attach
#define binding_get_for_application armchair_gtk4_binding_get_for_application
#define window_show(window) gtk_window_present (GTK_WINDOW (window))
#define window_destroy(window) gtk_window_destroy (GTK_WINDOW (window))
#define GTK_INIT_CHECK gtk_init_check ()
#define GTK_WINDOW_TOPLEVEL_ARGUMENT
/* GTK 4's GtkApplication follows its windows' is-active itself. */
#define APPLICATION_IS_ACTIVE_HANDLERS 1
#else
#include <armchair-gtk3.h>
#define Binding ArmchairGtk3Binding
#define BINDING_TYPE ARMCHAIR_GTK3_TYPE_BINDING
#define binding_attach armchair_gtk3_attach
#define binding_get_for_application armchair_gtk3_binding_get_for_application
#define window_show(window) (gtk_widget_show_all (window), gtk_window_present (GTK_WINDOW (window)))
#define window_destroy(window) gtk_widget_destroy (window)
#define GTK_INIT_CHECK gtk_init_check (NULL, NULL)
#define GTK_WINDOW_TOPLEVEL_ARGUMENT GTK_WINDOW_TOPLEVEL
#define APPLICATION_IS_ACTIVE_HANDLERS 0
#endif
/* Every toolkit's binding is an ArmchairApplicationBinding, which has the engine. */
#define binding_get_engine(binding) armchair_application_binding_get_engine (ARMCHAIR_APPLICATION_BINDING (binding))

#define APP_ID "org.example.Lifetimes"
/* The application of remote-instance, one per toolkit: the two builds' runs may overlap. */
#ifdef LIFETIMES_GTK4
#define REMOTE_APP_ID APP_ID ".RemoteGtk4"
#else
#define REMOTE_APP_ID APP_ID ".RemoteGtk3"
#endif

static const char *scenario;

static void
expect (gboolean condition, const char *format, ...)
{
  va_list arguments;

  if (condition)
    return;
  va_start (arguments, format);
  g_autofree char *message = g_strdup_vprintf (format, arguments);
  va_end (arguments);
  g_printerr ("FAILED: %s: %s\n", scenario, message);
  exit (1);
}

/* Every message logged in the process, as the writer saw it. */
typedef struct {
  GLogLevelFlags level;
  char *domain;
  char *message;
  char *priority;
  gboolean has_code_file;
} Logged;

static GPtrArray *logged;

static GLogWriterOutput
record_message (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  Logged *entry = g_new0 (Logged, 1);

  (void) user_data;
  entry->level = level & G_LOG_LEVEL_MASK;
  for (gsize i = 0; i < n_fields; i++)
    {
      const char *value = fields[i].length < 0 ? fields[i].value : NULL;
      g_autofree char *copy = value == NULL ? g_strndup (fields[i].value, fields[i].length) : NULL;
      if (value == NULL)
        value = copy;
      if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
        entry->domain = g_strdup (value);
      else if (g_str_equal (fields[i].key, "MESSAGE"))
        entry->message = g_strdup (value);
      else if (g_str_equal (fields[i].key, "PRIORITY"))
        entry->priority = g_strdup (value);
      else if (g_str_equal (fields[i].key, "CODE_FILE"))
        entry->has_code_file = TRUE;
    }
  g_ptr_array_add (logged, entry);
  return g_log_writer_default (level, fields, n_fields, user_data);
}

/* The criticals and warnings logged so far whose message contains @text (all with NULL). */
static guint
problems_mentioning (const char *text)
{
  guint count = 0;

  for (guint i = 0; i < logged->len; i++)
    {
      Logged *entry = logged->pdata[i];
      if ((entry->level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) != 0 &&
          (text == NULL || (entry->message != NULL && strstr (entry->message, text) != NULL)))
        count++;
    }
  return count;
}

/* Ends a scenario that expects @expected criticals and warnings in all. */
static int
finish (guint expected)
{
  expect (problems_mentioning (NULL) == expected, "%u criticals and warnings, %u expected (see above)",
          problems_mentioning (NULL), expected);
  g_print ("ok %s\n", scenario);
  return 0;
}

static void
iterate_for (guint milliseconds)
{
  gint64 end = g_get_monotonic_time () + milliseconds * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static char *
state_file_of (const char *app_id)
{
  g_autofree char *path = g_build_filename (g_get_user_state_dir (), app_id, "armchair.ini", NULL);
  char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) ? contents : g_strdup ("");
}

static char *
state_file (void)
{
  return state_file_of (APP_ID);
}

/* A configuration that shows the prompt at every check (debug mode), so that a prompt that does
 * not show was held back by the scenario, not by the rules; but not at launch: however slowly the
 * app runs under valgrind, only the scenario prompts. */
static ArmchairConfiguration *
debug_configuration (void)
{
  ArmchairConfiguration *configuration = armchair_configuration_new (APP_ID, "1.0");

  g_object_set (configuration, "debug-enabled", TRUE, "allows-debug-in-release-builds", TRUE, "prompt-at-launch",
                FALSE, NULL);
  return configuration;
}

/* A configuration whose thresholds a new user meets at once, outside debug mode: a prompt that
 * shows is recorded against the limits (the prompt-dates of the state file). */
static ArmchairConfiguration *
regular_configuration (const char *app_id)
{
  ArmchairConfiguration *configuration = armchair_configuration_new (app_id, "1.0");

  g_object_set (configuration, "days-until-prompt", 0.0, "uses-until-prompt", 0, "prompt-at-launch", FALSE, NULL);
  return configuration;
}

static ArmchairEngine *
new_engine (void)
{
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ();
  g_autoptr (GError) error = NULL;
  ArmchairEngine *engine = armchair_engine_new (configuration, &error);

  expect (engine != NULL, "armchair_engine_new: %s", error ? error->message : "no error");
  return engine;
}

static void
count_emission (ArmchairEngine *engine, gpointer counter)
{
  (void) engine;
  (*(guint *) counter)++;
}

static gboolean
count_handled_emission (ArmchairEngine *engine, const char *uri, gpointer counter)
{
  (void) engine;
  (void) uri;
  (*(guint *) counter)++;
  return FALSE;
}

/* ---- Without a toolkit ---- */

typedef struct {
  ArmchairEngine *engine;
  GMainLoop *loop;
  double cpu_seconds;
} LoopThread;

static gboolean
drop_engine (gpointer data)
{
  LoopThread *thread = data;

  g_clear_object (&thread->engine);
  return G_SOURCE_REMOVE;
}

static double
cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

/* Runs the default main context on this worker thread for 300 ms, dropping the last reference of
 * the engine from an idle there, and measures the process's CPU time meanwhile. */
static gpointer
run_default_context (gpointer data)
{
  LoopThread *thread = data;
  double start = cpu_seconds ();

  expect (g_main_context_acquire (NULL), "the worker could not acquire the default main context");
  thread->loop = g_main_loop_new (NULL, FALSE);
  g_idle_add (drop_engine, thread);
  g_timeout_add_once (300, (GSourceOnceFunc) g_main_loop_quit, thread->loop);
  g_main_loop_run (thread->loop);
  g_main_loop_unref (thread->loop);
  g_main_context_release (NULL);
  thread->cpu_seconds = cpu_seconds () - start;
  return NULL;
}

/* 1: the default main context runs on a worker thread (a Python app whose GLib.MainLoop runs
 * there), Armchair's work is queued, and the last reference goes in an idle there. Nothing of
 * Armchair runs on the worker (the Swift runtime would stop the process), its source does not make
 * the worker spin, and the main thread runs the queued work once it iterates the context again. */
static int
unref_on_loop_thread (void)
{
  guint signals = 0;
  LoopThread thread = { .engine = new_engine () };

  g_signal_connect (thread.engine, "open-review-page", G_CALLBACK (count_handled_emission), &signals);
  armchair_engine_rate_app (thread.engine); /* asynchronous work waits on the main queue */
  g_thread_join (g_thread_new ("loop", run_default_context, &thread));
  expect (thread.engine == NULL, "the idle on the worker did not run");
  g_print ("the process's CPU time while the worker ran the default context for 0.3 s: %.3f s\n", thread.cpu_seconds);
  expect (thread.cpu_seconds < 0.15, "the worker spun: %.3f s of CPU in 0.3 s", thread.cpu_seconds);
  iterate_for (500);
  expect (signals == 0, "open-review-page was emitted on a disposed engine");
  return finish (0);
}

static gpointer
unref_object (gpointer object)
{
  g_object_unref (object);
  return NULL;
}

/* 2: rate_app() queues the opening of the review page, then the last reference goes on another
 * thread: the queued work emits nothing on the freed object. A binding attached first (to an
 * application that never runs) made the main-queue bridge, as it did before engines made it. */
static int
rate_then_unref_on_thread (void)
{
  guint signals = 0;
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ();
  g_autoptr (GtkApplication) app = gtk_application_new (APP_ID, G_APPLICATION_NON_UNIQUE);
  g_autoptr (Binding) binding = binding_attach (app, configuration, NULL);
  ArmchairEngine *engine = new_engine ();

  g_signal_connect (engine, "open-review-page", G_CALLBACK (count_handled_emission), &signals);
  g_signal_connect (engine, "review-page-failed", G_CALLBACK (count_emission), &signals);
  g_signal_connect (engine, "review-page-opened", G_CALLBACK (count_emission), &signals);
  armchair_engine_rate_app (engine);
  g_thread_join (g_thread_new ("unref", unref_object, engine));
  iterate_for (500);
  expect (signals == 0, "%u signals emitted on a freed engine", signals);
  return finish (0);
}

typedef struct {
  GMainLoop *loop;
  char *signal;
  char *text;
} ReviewPage;

static void
quit_on_review_page_signal (ArmchairEngine *engine, const char *text, gpointer data)
{
  ReviewPage *page = data;

  page->signal = g_strdup (g_signal_name (g_signal_get_invocation_hint (engine)->signal_id));
  page->text = g_strdup (text);
  g_main_loop_quit (page->loop);
}

static void
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
}

/* 5: an engine made without a toolkit runs its asynchronous work under a plain GLib main loop:
 * rate_app() opens the review page with the desktop's handler for appstream: (the test's own,
 * which records it), and reports it. */
static int
engine_without_toolkit (void)
{
  g_autoptr (ArmchairEngine) engine = new_engine ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  ReviewPage page = { .loop = loop };
  guint handled = 0;

  g_signal_connect (engine, "open-review-page", G_CALLBACK (count_handled_emission), &handled);
  g_signal_connect (engine, "review-page-failed", G_CALLBACK (quit_on_review_page_signal), &page);
  g_signal_connect (engine, "review-page-opened", G_CALLBACK (quit_on_review_page_signal), &page);
  armchair_engine_rate_app (engine);
  guint timeout = g_timeout_add_once (10000, quit_loop, loop);
  g_main_loop_run (loop);
  expect (page.signal != NULL, "no review-page signal in 10 s");
  g_source_remove (timeout);
  expect (handled == 1, "open-review-page came %u times", handled);
  expect (g_strcmp0 (page.signal, "review-page-opened") == 0 && g_strcmp0 (page.text, "appstream://" APP_ID) == 0,
          "%s: %s", page.signal, page.text);
  g_free (page.signal);
  g_free (page.text);
  return finish (0);
}

typedef struct {
  ArmchairEngine *engine;
  guint reports;
  GMainLoop *nested;
} Nested;

/* The first report on the review page asks for the page again and waits for the report in a
 * nested main loop, as a modal dialog of the app's would. */
static void
wait_in_nested_loop (ArmchairEngine *engine, const char *text, gpointer data)
{
  Nested *nested = data;

  (void) text;
  nested->reports++;
  if (nested->reports == 1)
    {
      nested->nested = g_main_loop_new (NULL, FALSE);
      guint timeout = g_timeout_add_once (10000, quit_loop, nested->nested);
      armchair_engine_rate_app (engine);
      g_main_loop_run (nested->nested);
      expect (nested->reports == 2, "the nested main loop saw no second report in 10 s");
      g_source_remove (timeout);
      g_clear_pointer (&nested->nested, g_main_loop_unref);
    }
  else if (nested->nested != NULL)
    g_main_loop_quit (nested->nested);
}

/* 8: a handler of Armchair's signal runs a nested main loop and waits for more of Armchair's
 * work: the signal came from a GLib source, not from inside Armchair's work, which goes on. */
static int
nested_loop (void)
{
  Nested nested = { .engine = new_engine () };

  g_signal_connect (nested.engine, "review-page-opened", G_CALLBACK (wait_in_nested_loop), &nested);
  g_signal_connect (nested.engine, "review-page-failed", G_CALLBACK (wait_in_nested_loop), &nested);
  armchair_engine_rate_app (nested.engine);
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (nested.reports < 2 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  expect (nested.reports == 2, "the review page was reported %u times", nested.reports);
  g_object_unref (nested.engine);
  return finish (0);
}

static gboolean
drop_engine_in_handler (ArmchairEngine *engine, const char *uri, gpointer dropped)
{
  (void) uri;
  *(gboolean *) dropped = TRUE;
  g_object_unref (engine);
  return FALSE;
}

static void
drop_answered_engine (ArmchairEngine *engine, ArmchairAnswer answer, gpointer dropped)
{
  (void) answer;
  *(gboolean *) dropped = TRUE;
  g_object_unref (engine);
}

/* The app drops its only reference inside the engine's own handlers: in open-review-page (Armchair's
 * asynchronous work goes on and emits nothing more) and in answered (a call of the app). */
static int
drop_in_handlers (void)
{
  guint later = 0;
  gboolean dropped = FALSE;
  ArmchairEngine *engine = new_engine ();

  g_signal_connect (engine, "open-review-page", G_CALLBACK (drop_engine_in_handler), &dropped);
  g_signal_connect (engine, "review-page-failed", G_CALLBACK (count_emission), &later);
  g_signal_connect (engine, "review-page-opened", G_CALLBACK (count_emission), &later);
  armchair_engine_rate_app (engine);
  iterate_for (500);
  expect (dropped, "open-review-page never came");
  expect (later == 0, "the review page was reported after the engine was dropped");

  dropped = FALSE;
  engine = new_engine ();
  g_signal_connect (engine, "answered", G_CALLBACK (drop_answered_engine), &dropped);
  armchair_engine_record_answer (engine, ARMCHAIR_ANSWER_REMIND_LATER);
  expect (dropped, "answered never came");
  iterate_for (300);
  g_autofree char *state = state_file ();
  expect (strstr (state, "last-reminded-date") != NULL, "the answer is not on disk:\n%s", state);
  return finish (0);
}

/* 9: objects made by generic construction, as PyGObject's and GJS's constructors make them. */
static int
half_alive_objects (void)
{
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ();
  g_autoptr (GError) error = NULL;

  /* An engine without a configuration: every call a critical naming why, never a crash. */
  ArmchairEngine *inert = g_object_new (ARMCHAIR_TYPE_ENGINE, NULL);
  expect (!armchair_engine_should_prompt (inert), "an inert engine would prompt");
  armchair_engine_significant_event (inert, "export");
  expect (problems_mentioning ("made without a configuration") == 3,
          "no critical for the inert engine's construction and calls");
  expect (!g_initable_init (G_INITABLE (inert), NULL, &error) && error != NULL, "an inert engine initialised");
  g_clear_error (&error);
  g_object_unref (inert);

  /* With the construct-only configuration property: a working engine. */
  ArmchairEngine *engine = g_object_new (ARMCHAIR_TYPE_ENGINE, "configuration", configuration, NULL);
  g_autofree char *url = armchair_engine_dup_review_uri (engine);
  expect (g_strcmp0 (url, "appstream://" APP_ID) == 0, "review URL %s", url);
  expect (armchair_engine_should_prompt (engine), "debug mode, yet should_prompt is FALSE");
  g_object_unref (engine);

  /* An unusable configuration: g_initable_new() gives the GError, generic construction an engine
   * whose calls are criticals. */
  g_autoptr (ArmchairConfiguration) unusable = armchair_configuration_new ("", NULL);
  expect (armchair_engine_new (unusable, &error) == NULL && g_error_matches (error, ARMCHAIR_ERROR,
          ARMCHAIR_ERROR_CONFIGURATION), "armchair_engine_new accepted an empty app ID");
  g_clear_error (&error);
  inert = g_object_new (ARMCHAIR_TYPE_ENGINE, "configuration", unusable, NULL);
  g_autofree char *none = armchair_engine_explain (inert);
  expect (none == NULL && problems_mentioning ("it is empty") == 1, "no critical naming the unusable setting");
  g_object_unref (inert);

  /* A decision made by an app: every getter has a value, as annotated. */
  ArmchairDecision *empty = g_object_new (ARMCHAIR_TYPE_DECISION, NULL);
  g_autofree char *empty_text = armchair_decision_to_string (empty);
  expect (armchair_decision_get_headline (empty) != NULL && armchair_decision_get_reasons (empty) != NULL &&
          armchair_decision_get_reasons (empty)[0] == NULL && empty_text != NULL, "an empty decision has NULLs");
  g_object_unref (empty);
  const char *reasons[] = { "uses 3/20", NULL };
  ArmchairDecision *made = g_object_new (ARMCHAIR_TYPE_DECISION, "headline", "Not prompting.", "reasons", reasons,
                                         "gates-passed", TRUE, NULL);
  g_autofree char *made_text = armchair_decision_to_string (made);
  expect (g_strcmp0 (made_text, "Not prompting.\nuses 3/20") == 0 && armchair_decision_get_gates_passed (made) &&
          !armchair_decision_get_should_prompt (made), "a decision made by the app reads %s", made_text);
  g_object_unref (made);

  /* A configuration without an app ID reads the same through its getter and its property. */
  ArmchairConfiguration *bare = g_object_new (ARMCHAIR_TYPE_CONFIGURATION, NULL);
  g_autofree char *property = NULL;
  g_object_get (bare, "app-id", &property, NULL);
  expect (property == NULL && armchair_configuration_get_app_id (bare) == NULL, "app-id reads '%s'", property);
  g_object_unref (bare);

  /* A binding not made by attach: its engine exists and says why it cannot be used. */
  Binding *unattached = g_object_new (BINDING_TYPE, NULL);
  expect (binding_get_engine (unattached) != NULL, "an unattached binding has no engine");
  armchair_engine_significant_event (binding_get_engine (unattached), "export");
  expect (problems_mentioning ("was not made by") == 1, "no critical for an unattached binding's engine");
  g_object_unref (unattached);
  return finish (5);
}

/* 9b: a binding disposed while its application lives still has its engine, which counts but
 * never prompts; a second attach names the first binding, which get_for_application() finds. */
static int
disposed_binding (void)
{
  g_autoptr (ArmchairConfiguration) configuration = debug_configuration ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkApplication) app = gtk_application_new (APP_ID, G_APPLICATION_NON_UNIQUE);
  g_autoptr (Binding) binding = binding_attach (app, configuration, &error);

  expect (binding != NULL, "attach: %s", error ? error->message : "?");
  expect (binding_attach (app, configuration, &error) == NULL &&
          g_error_matches (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_ALREADY_ATTACHED), "a second attach");
  expect (binding_get_for_application (app) == binding, "get_for_application does not find the binding");
  g_object_run_dispose (G_OBJECT (binding));
  ArmchairEngine *engine = binding_get_engine (binding);
  expect (engine != NULL, "a disposed binding has no engine");
  armchair_engine_significant_event (engine, "export");
  expect (!armchair_engine_show_prompt (engine), "a disposed binding's engine prompted");
  g_autofree char *state = state_file ();
  expect (strstr (state, "significant-event-count=1") != NULL, "the event is not on disk:\n%s", state);
  return finish (0);
}

/* ---- With an application ---- */

typedef struct {
  /* The configuration to attach with; default: debug_configuration(). */
  ArmchairConfiguration *configuration;
  GtkApplication *app;
  Binding *binding;
  ArmchairEngine *engine;
  GtkWidget *window;
  /* The scenario's own step while the app runs, if any. */
  void (*while_running) (gpointer data);
} Host;

static void
host_activate (GtkApplication *app, gpointer data)
{
  Host *host = data;

  host->window = gtk_application_window_new (app);
  g_object_ref (host->window);
  gtk_window_set_title (GTK_WINDOW (host->window), "Notes");
  window_show (host->window);
  if (host->while_running != NULL)
    host->while_running (host);
  g_timeout_add_once (300, (GSourceOnceFunc) g_application_quit, app);
}

/* An application with Armchair attached (by default in debug mode: it would prompt at every
 * check), run until it quits; its window is still there, with a reference of the host's. */
static void
run_host (Host *host)
{
  g_autoptr (ArmchairConfiguration) configuration =
    host->configuration != NULL ? g_steal_pointer (&host->configuration) : debug_configuration ();
  g_autoptr (GError) error = NULL;

  host->app = gtk_application_new (armchair_configuration_get_app_id (configuration), G_APPLICATION_NON_UNIQUE);
  host->binding = binding_attach (host->app, configuration, &error);
  expect (host->binding != NULL, "attach: %s", error ? error->message : "?");
  host->engine = g_object_ref (binding_get_engine (host->binding));
  g_signal_connect (host->app, "activate", G_CALLBACK (host_activate), host);
  expect (g_application_run (G_APPLICATION (host->app), 0, NULL) == 0, "the application failed");
}

/* Destroys the host's window and drops the application's last reference: it must go. */
static void
finalize_application (Host *host)
{
  GWeakRef weak;

  window_destroy (host->window);
  g_clear_object (&host->window);
  g_weak_ref_init (&weak, host->app);
  g_clear_object (&host->app);
  GObject *alive = g_weak_ref_get (&weak);
  expect (alive == NULL, "the application is still alive");
  g_weak_ref_clear (&weak);
}

/* Whether a dialog of Armchair's is on screen. */
static gboolean
dialog_on_screen (void)
{
#ifdef LIFETIMES_GTK4
  GListModel *windows = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (windows, i);
      if (gtk_widget_get_visible (window) && g_strcmp0 (gtk_window_get_title (GTK_WINDOW (window)), "Notes") != 0)
        return TRUE;
    }
  return FALSE;
#else
  g_autoptr (GList) windows = gtk_window_list_toplevels ();
  for (GList *node = windows; node != NULL; node = node->next)
    if (GTK_IS_DIALOG (node->data) && gtk_widget_get_visible (node->data))
      return TRUE;
  return FALSE;
#endif
}

/* 3: the app keeps its binding and engine, the application is finalized first, then something
 * prompts: nothing reads the freed application, the engine counts, and nothing shows. */
static int
application_finalized_first (void)
{
  Host host = { 0 };

  run_host (&host);
  finalize_application (&host);
  expect (!armchair_engine_show_prompt (host.engine), "the engine prompted without its application");
  armchair_engine_significant_event (host.engine, "export");
  iterate_for (2500);
  expect (!dialog_on_screen (), "a dialog is on screen");
  g_autofree char *state = state_file ();
  expect (strstr (state, "significant-event-count=1") != NULL, "the event is not on disk:\n%s", state);
  g_object_unref (host.binding);
  g_object_unref (host.engine);
  return finish (0);
}

/* While the app runs: a significant event shows the prompt, which is recorded. */
static void
prompt_while_running (gpointer data)
{
  Host *host = data;
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  gint64 next_present = 0;

  /* The prompt comes at the next natural break: a quiet second over the app's active window (the
   * other scenario running beside this one may take the focus: take it back). */
  g_object_set (host->binding, "quiet-time", 1.0, NULL);
  armchair_engine_significant_event (host->engine, "export");
  while (!dialog_on_screen () && g_get_monotonic_time () < deadline)
    {
      if (!gtk_window_is_active (GTK_WINDOW (host->window)) && g_get_monotonic_time () > next_present)
        {
          window_show (host->window);
          next_present = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
        }
      g_main_context_iteration (NULL, FALSE);
    }
  expect (dialog_on_screen (), "the significant event showed no prompt while the app ran");
}

/* 6: after g_application_run() returned, a significant event that would prompt shows nothing and
 * records no prompt; uses and events are still counted and saved. The same event while the app
 * runs, in a second app, shows the prompt (at the next natural break) and records it. */
static int
after_shutdown (void)
{
  const char *control_id = APP_ID ".Control";
  Host control = { .configuration = regular_configuration (control_id), .while_running = prompt_while_running };
  Host host = { .configuration = regular_configuration (APP_ID) };

  run_host (&control);
  g_autofree char *control_state = state_file_of (control_id);
  expect (strstr (control_state, "prompt-dates") != NULL, "the prompt was not recorded:\n%s", control_state);
  finalize_application (&control);
  g_object_unref (control.binding);
  g_object_unref (control.engine);

  run_host (&host);
  armchair_engine_significant_event (host.engine, "export");
  armchair_engine_app_entered_foreground (host.engine);
  iterate_for (2500);
  expect (!dialog_on_screen (), "a prompt showed after the application shut down");
  g_autofree char *state = state_file ();
  expect (strstr (state, "significant-event-count=1") != NULL && strstr (state, "use-count=2") != NULL,
          "the event and the use are not on disk:\n%s", state);
  expect (strstr (state, "prompt-dates") == NULL, "a prompt nobody saw was recorded:\n%s", state);
  finalize_application (&host);
  g_object_unref (host.binding);
  g_object_unref (host.engine);
  return finish (0);
}

static void
open_files (GApplication *app, GFile **files, int n_files, const char *hint, gpointer activates)
{
  (void) files;
  (void) n_files;
  (void) hint;
  if (GPOINTER_TO_INT (activates))
    g_application_activate (app);
}

static int
handle_command_line (GApplication *app, GApplicationCommandLine *command_line, gpointer activates)
{
  (void) command_line;
  if (GPOINTER_TO_INT (activates))
    g_application_activate (app);
  return 0;
}

static void
count_activation (GApplication *app, gpointer activations)
{
  (void) app;
  (*(guint *) activations)++;
}

/* A document app started on a file (`open`, not `activate`) and a command-line app
 * (`command-line`): each launch counts once, also when the app's own handler activates too; the
 * app's command-line handler still runs and gives the exit status. */
static int
launches_through_open_and_command_line (void)
{
  static const struct {
    GApplicationFlags flag;
    const char *signal;
    GCallback handler;
  } kinds[] = {
    { G_APPLICATION_HANDLES_OPEN, "open", G_CALLBACK (open_files) },
    { G_APPLICATION_HANDLES_COMMAND_LINE, "command-line", G_CALLBACK (handle_command_line) },
  };
  char *argv[] = { (char *) "notes", (char *) "/tmp/a note.txt", NULL };
  guint launches = 0;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (int activates = 0; activates <= 1; activates++)
      {
        g_autoptr (ArmchairConfiguration) configuration = debug_configuration ();
        g_autoptr (GtkApplication) app = gtk_application_new (APP_ID, (GApplicationFlags) (kinds[k].flag | G_APPLICATION_NON_UNIQUE));
        g_autoptr (Binding) binding = binding_attach (app, configuration, NULL);
        guint activations = 0;

        g_signal_connect (app, kinds[k].signal, kinds[k].handler, GINT_TO_POINTER (activates));
        g_signal_connect (app, "activate", G_CALLBACK (count_activation), &activations);
        expect (g_application_run (G_APPLICATION (app), 2, argv) == 0, "%s: the app failed", kinds[k].signal);
        expect (activations == (guint) activates, "%s: the app's own handler did not run", kinds[k].signal);
        launches++;
        g_autofree char *state = state_file ();
        g_autofree char *uses = g_strdup_printf ("use-count=%u\n", launches);
        expect (strstr (state, uses) != NULL, "%s%s: not counted once:\n%s", kinds[k].signal,
                activates ? " that activates" : "", state);
      }
  return finish (0);
}

/* The second launch of a single-instance app, in a process of its own: it registers as a remote
 * instance, hands its launch to the running one and returns from g_application_run() without a
 * startup or shutdown of its own; a significant event afterwards, which would prompt, shows
 * nothing and records no prompt. */
static int
remote_instance_child (void)
{
  const char *app_id = REMOTE_APP_ID;
  g_autoptr (ArmchairConfiguration) configuration = regular_configuration (app_id);
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkApplication) app = gtk_application_new (app_id, G_APPLICATION_DEFAULT_FLAGS);
  g_autoptr (Binding) binding = binding_attach (app, configuration, &error);

  expect (binding != NULL, "attach: %s", error ? error->message : "?");
  /* The running instance counts its activations: it checks that this one was remote. */
  expect (g_application_run (G_APPLICATION (app), 0, NULL) == 0, "the second instance failed");
  armchair_engine_significant_event (binding_get_engine (binding), "export");
  iterate_for (2500);
  expect (!dialog_on_screen (), "the second instance prompted");
  g_autofree char *state = state_file_of (app_id);
  expect (strstr (state, "significant-event-count=1") != NULL && strstr (state, "prompt-dates") == NULL,
          "the event is not on disk, or a prompt is:\n%s", state);
  return finish (0);
}

static void
activated (GApplication *app, gpointer activations)
{
  (void) app;
  (*(guint *) activations)++;
}

static void
child_ended (GObject *child, GAsyncResult *result, gpointer ended)
{
  g_subprocess_wait_finish (G_SUBPROCESS (child), result, NULL);
  *(gboolean *) ended = TRUE;
}

/* Runs remote_instance_child() in a second process while this one is the running instance. */
static int
remote_instance (const char *program)
{
  guint activations = 0;
  gboolean ended = FALSE;
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkApplication) app = gtk_application_new (REMOTE_APP_ID, G_APPLICATION_DEFAULT_FLAGS);

  g_signal_connect (app, "activate", G_CALLBACK (activated), &activations);
  expect (g_application_register (G_APPLICATION (app), NULL, &error), "register: %s", error ? error->message : "");
  expect (!g_application_get_is_remote (G_APPLICATION (app)), "the first instance is remote");
  g_autoptr (GSubprocess) child = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, program,
                                                    "remote-instance-child", NULL);
  expect (child != NULL, "could not start the second instance: %s", error ? error->message : "");
  g_subprocess_wait_async (child, NULL, child_ended, &ended);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!ended && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  expect (ended && g_subprocess_get_if_exited (child) && g_subprocess_get_exit_status (child) == 0,
          "the second instance failed");
  iterate_for (200);
  expect (activations == 1, "the running instance was activated %u times", activations);
  return finish (0);
}

/* The handlers of notify::is-active on @window (GTK's own and Armchair's), found one by one
 * (g_signal_handlers_block_matched() counts only matches by closure, function or data). */
static guint
is_active_handlers (gpointer window)
{
  guint notify = g_signal_lookup ("notify", G_TYPE_OBJECT);
  GQuark detail = g_quark_from_static_string ("is-active");
  GSignalMatchType match = G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DETAIL | G_SIGNAL_MATCH_UNBLOCKED;
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (gulong));
  gulong handler;

  while ((handler = g_signal_handler_find (window, match, notify, detail, NULL, NULL, NULL)) != 0)
    {
      g_signal_handler_block (window, handler);
      g_array_append_val (found, handler);
    }
  for (guint i = 0; i < found->len; i++)
    g_signal_handler_unblock (window, g_array_index (found, gulong, i));
  return found->len;
}

static GtkWidget *outliving_window;

/* While the app runs: a window added, removed and added again keeps one handler of Armchair's,
 * and a removed window none; the window is left out of the application, to outlive it. */
static void
add_and_remove_window (gpointer data)
{
  Host *host = data;
  GtkWindow *window = GTK_WINDOW (gtk_window_new (GTK_WINDOW_TOPLEVEL_ARGUMENT));

  outliving_window = g_object_ref_sink (GTK_WIDGET (window));
  guint without = is_active_handlers (window);
  gtk_application_add_window (host->app, window);
  guint with = is_active_handlers (window);
  expect (with == without + APPLICATION_IS_ACTIVE_HANDLERS + 1, "adding the window connected %d handlers",
          (int) (with - without));
  for (int i = 0; i < 5; i++)
    {
      gtk_application_remove_window (host->app, window);
      expect (is_active_handlers (window) == without, "a removed window keeps Armchair's handler");
      gtk_application_add_window (host->app, window);
    }
  expect (is_active_handlers (window) == with, "re-adding the window accumulated %u handlers",
          is_active_handlers (window) - without);
  gtk_application_remove_window (host->app, window);
}

/* 4: a window that outlives its application changes focus afterwards: nothing of Armchair's
 * runs, and re-adding a window never accumulates handlers. */
static int
window_outlives_application (void)
{
  Host host = { .while_running = add_and_remove_window };

  run_host (&host);
  finalize_application (&host);
  g_object_notify (G_OBJECT (outliving_window), "is-active");
  window_show (outliving_window);
  iterate_for (200);
  window_destroy (outliving_window);
  g_clear_object (&outliving_window);
  g_object_unref (host.binding);
  g_object_unref (host.engine);
  return finish (0);
}

static gboolean
hold_prompt (ArmchairEngine *engine, ArmchairDecision *decision, gpointer holds)
{
  (void) engine;
  expect (ARMCHAIR_IS_DECISION (decision), "hold-prompt without a decision");
  return GPOINTER_TO_INT (holds);
}

/* 7: hold-prompt follows GTK: TRUE holds the prompt back, FALSE lets it show. */
static void
hold_then_show (gpointer data)
{
  Host *host = data;
  gulong holding = g_signal_connect (host->engine, "hold-prompt", G_CALLBACK (hold_prompt), GINT_TO_POINTER (TRUE));

  expect (!armchair_engine_show_prompt (host->engine), "a handler returning TRUE did not hold the prompt");
  g_signal_handler_disconnect (host->engine, holding);
  g_signal_connect (host->engine, "hold-prompt", G_CALLBACK (hold_prompt), GINT_TO_POINTER (FALSE));
  expect (armchair_engine_show_prompt (host->engine), "a handler returning FALSE held the prompt");
}

static int
hold_prompt_convention (void)
{
  Host host = { .while_running = hold_then_show };

  run_host (&host);
  finalize_application (&host);
  g_object_unref (host.binding);
  g_object_unref (host.engine);
  return finish (0);
}

/* The application's objects dropped in each order, after the app ran. */
static int
drop_order (const char *order)
{
  Host host = { 0 };
  GWeakRef binding, engine;

  run_host (&host);
  window_destroy (host.window);
  g_clear_object (&host.window);
  g_weak_ref_init (&binding, host.binding);
  g_weak_ref_init (&engine, host.engine);
  for (const char *step = order; *step != '\0'; step++)
    switch (*step)
      {
      case 'a':
        g_clear_object (&host.app);
        break;
      case 'b':
        g_clear_object (&host.binding);
        break;
      case 'e':
        g_clear_object (&host.engine);
        break;
      case 't': /* the binding and the engine on another thread */
        g_thread_join (g_thread_new ("unref", unref_object, g_steal_pointer (&host.binding)));
        g_thread_join (g_thread_new ("unref", unref_object, g_steal_pointer (&host.engine)));
        break;
      }
  iterate_for (300);
  GObject *binding_alive = g_weak_ref_get (&binding), *engine_alive = g_weak_ref_get (&engine);
  expect (binding_alive == NULL && engine_alive == NULL, "something is still alive: binding %p, engine %p",
          (void *) binding_alive, (void *) engine_alive);
  g_weak_ref_clear (&binding);
  g_weak_ref_clear (&engine);
  return finish (0);
}

/* Logs: Armchair's decisions reach the app's writer function, through GLib's structured logging. */
static int
logs_through_glib (void)
{
  g_autoptr (ArmchairEngine) engine = new_engine ();
  g_autoptr (ArmchairConfiguration) quiet = armchair_configuration_new (APP_ID, "1.0");
  g_autoptr (ArmchairEngine) regular = armchair_engine_new (quiet, NULL);

  armchair_engine_show_prompt_if_allowed (regular);
  gboolean seen = FALSE;
  for (guint i = 0; i < logged->len; i++)
    {
      Logged *entry = logged->pdata[i];
      if (g_strcmp0 (entry->domain, "Armchair") == 0 && entry->message != NULL &&
          g_str_has_prefix (entry->message, "Not prompting") && g_strcmp0 (entry->priority, "7") == 0 &&
          entry->has_code_file && entry->level == G_LOG_LEVEL_DEBUG)
        seen = TRUE;
    }
  expect (seen, "the writer function saw no decision of Armchair's (%u messages)", logged->len);
  return finish (0);
}

int
main (int argc, char **argv)
{
  static const struct {
    const char *name;
    int (*run) (void);
    gboolean needs_gtk;
  } scenarios[] = {
    { "unref-on-loop-thread", unref_on_loop_thread, FALSE },
    { "rate-then-unref-on-thread", rate_then_unref_on_thread, TRUE },
    { "engine-without-toolkit", engine_without_toolkit, FALSE },
    { "nested-loop", nested_loop, FALSE },
    { "drop-in-handlers", drop_in_handlers, FALSE },
    { "half-alive-objects", half_alive_objects, TRUE },
    { "disposed-binding", disposed_binding, TRUE },
    { "application-finalized-first", application_finalized_first, TRUE },
    { "after-shutdown", after_shutdown, TRUE },
    { "window-outlives-application", window_outlives_application, TRUE },
    { "hold-prompt-convention", hold_prompt_convention, TRUE },
    { "remote-instance-child", remote_instance_child, TRUE },
    { "launches-through-open-and-command-line", launches_through_open_and_command_line, TRUE },
    { "logs-through-glib", logs_through_glib, FALSE },
  };
  static const char *const orders[] = { "abe", "aeb", "bea", "bae", "eab", "eba", "ta" };

  expect (argc == 2, "usage: lifetimes SCENARIO");
  scenario = argv[1];
  logged = g_ptr_array_new ();
  g_log_set_writer_func (record_message, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    if (g_str_equal (scenario, scenarios[i].name))
      {
        if (scenarios[i].needs_gtk)
          expect (GTK_INIT_CHECK, "no display");
        return scenarios[i].run ();
      }
  if (g_str_equal (scenario, "remote-instance"))
    {
      expect (GTK_INIT_CHECK, "no display");
      return remote_instance (argv[0]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    if (g_str_has_prefix (scenario, "drop-order-") && g_str_equal (scenario + strlen ("drop-order-"), orders[i]))
      {
        expect (GTK_INIT_CHECK, "no display");
        return drop_order (orders[i]);
      }
  expect (FALSE, "no such scenario");
  return 1;
}
