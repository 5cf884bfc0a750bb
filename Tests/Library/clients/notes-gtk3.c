/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

/* A tiny notes app on GTK 3 in C, with Armchair in one line (armchair_gtk3_attach).
 *
 * With NOTES_BAD_CALLS=1, before it attaches, it makes the bad calls an app could make by mistake:
 * NULL and wrong-type arguments (each must log a CRITICAL and return NULL or FALSE) and an unusable
 * configuration (a GError with a clear message; an engine of the app's own loads Armchair's engine
 * at once, which no start-up to measure should). It prints what it got, then runs as if nothing
 * happened. NOTES_DEBUG=1 turns debug mode on; NOTES_FIRST_FRAME=1 prints the monotonic clock once the first
 * frame is drawn and quits; NOTES_READY=1 runs on after the first frame until Armchair's engine has
 * saved the launch (the state file holds a use count), or for 0.3 s without Armchair, while a 1 ms
 * timer measures the longest stall of the main loop, then prints "ready T", "longest-gap S",
 * "peak-rss KIB" and "private-dirty KIB" (its own peak RSS, and its private dirty memory then) and
 * quits (as startup_figures.py does for the Python apps). Compiled with -DNOTES_WITHOUT_ARMCHAIR
 * (and -Wl,--as-needed), it is the same app without Armchair, not even loading the library: the
 * baseline of ../benchmark.py. */
#include <armchair-gtk3.h>

static gint64 frame_time, last_tick, longest_gap;

#ifndef NOTES_WITHOUT_ARMCHAIR
static gboolean
launch_saved (void)
{
  g_autofree char *path = g_build_filename (g_get_user_state_dir (), "org.example.Notes", "armchair.ini", NULL);
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && strstr (contents, "use-count=") != NULL;
}
#endif

/* The number after @field in the /proc file @path, in KiB, or -1. */
static long
proc_kib (const char *path, const char *field)
{
  g_autofree char *text = NULL;
  const char *line;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (line = strstr (text, field)) == NULL)
    return -1;
  return strtol (line + strlen (field), NULL, 10);
}

/* NOTES_READY's 1 ms timer. */
static gboolean
tick (gpointer app)
{
  gint64 now = g_get_monotonic_time ();
  gboolean ready;

  longest_gap = MAX (longest_gap, now - last_tick);
  last_tick = now;
#ifdef NOTES_WITHOUT_ARMCHAIR
  ready = now - frame_time > 300000;
#else
  ready = launch_saved ();
#endif
  if (!ready)
    return G_SOURCE_CONTINUE;
  /* The peak RSS of this program alone (a child's getrusage counts the parent's memory it was
   * forked from), and the private dirty memory: anonymous memory and written pages of files,
   * which only swap could free; the rest of the RSS is clean pages the kernel may drop. */
  g_print ("ready %.6f\nlongest-gap %.6f\npeak-rss %ld\nprivate-dirty %ld\n", now / 1e6, longest_gap / 1e6,
           proc_kib ("/proc/self/status", "\nVmHWM:"), proc_kib ("/proc/self/smaps_rollup", "\nPrivate_Dirty:"));
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static gboolean
first_frame (GtkWidget *window, cairo_t *context, gpointer app)
{
  (void) context;
  frame_time = last_tick = g_get_monotonic_time ();
  g_signal_handlers_disconnect_by_func (window, first_frame, app);
  if (g_getenv ("NOTES_READY") != NULL)
    {
      g_timeout_add (1, tick, app);
      return FALSE;
    }
  g_print ("first-frame %.6f\n", frame_time / 1e6);
  g_idle_add_once ((GSourceOnceFunc) g_application_quit, app);
  return FALSE;
}

static void
activate (GtkApplication *app, gpointer user_data)
{
  (void) user_data;
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Notes");
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 320);
  GtkWidget *text = gtk_text_view_new ();
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (text)), "Buy milk", -1);
  gtk_container_add (GTK_CONTAINER (window), text);
  if (g_getenv ("NOTES_FIRST_FRAME") != NULL || g_getenv ("NOTES_READY") != NULL)
    g_signal_connect_after (window, "draw", G_CALLBACK (first_frame), app);
  gtk_widget_show_all (window);
}

#ifndef NOTES_WITHOUT_ARMCHAIR
static void
make_bad_calls (GtkApplication *app)
{
  g_autoptr (GError) error = NULL;
  g_print ("bad call: engine_new (NULL) = %p\n", (void *) armchair_engine_new (NULL, &error));
  g_print ("bad call: engine_new (app) = %p\n", (void *) armchair_engine_new ((ArmchairConfiguration *) app, &error));
  g_print ("bad call: should_prompt (NULL) = %d\n", armchair_engine_should_prompt (NULL));
  g_print ("bad call: gtk3_attach (NULL, …) = %p\n", (void *) armchair_gtk3_attach (NULL, NULL, &error));
  g_autoptr (ArmchairConfiguration) unusable = armchair_configuration_new ("", NULL);
  g_autoptr (ArmchairEngine) none = armchair_engine_new (unusable, &error);
  g_print ("bad configuration: engine %p, error %s: %s\n", (void *) none,
           error ? g_quark_to_string (error->domain) : "none", error ? error->message : "-");
}
#endif

int
main (int argc, char **argv)
{
  g_set_application_name ("Notes");
  GtkApplication *app = gtk_application_new ("org.example.Notes", G_APPLICATION_DEFAULT_FLAGS);
#ifndef NOTES_WITHOUT_ARMCHAIR
  if (g_getenv ("NOTES_BAD_CALLS") != NULL)
    make_bad_calls (app);
  gboolean debug = g_getenv ("NOTES_DEBUG") != NULL;
  g_autoptr (ArmchairConfiguration) config = armchair_configuration_new ("org.example.Notes", "1.0");
  g_object_set (config, "debug-enabled", debug, "allows-debug-in-release-builds", debug, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArmchairGtk3Binding) binding = armchair_gtk3_attach (app, config, &error);
  if (binding == NULL)
    g_error ("attach: %s", error->message);
#endif
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
