/* Notes: a tiny GTK 3 app in C that asks its happy, regular users for a rating with Armchair. */
#include <armchair-gtk3.h>

/* Armchair attached to the application, or NULL if it could not be. */
static ArmchairGtk3Binding *binding;

static char *
note_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "notes.txt", NULL);
}

static void
save (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void) action;
  (void) parameter;
  GtkTextBuffer *buffer = user_data;
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  g_autofree char *text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_autofree char *path = note_path ();
  g_autoptr (GError) error = NULL;
  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  if (!g_file_set_contents (path, text, -1, &error))
    g_warning ("Could not save the note: %s", error->message);

  /* Saving a note is what this app is for: tell Armchair. */
  if (binding != NULL)
    armchair_engine_significant_event (armchair_application_binding_get_engine (ARMCHAIR_APPLICATION_BINDING (binding)), "save");
}

static void
activate (GtkApplication *app, gpointer user_data)
{
  (void) user_data;
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 320);
  GtkWidget *header = gtk_header_bar_new ();
  gtk_header_bar_set_title (GTK_HEADER_BAR (header), "Notes");
  gtk_header_bar_set_show_close_button (GTK_HEADER_BAR (header), TRUE);
  GtkWidget *save_button = gtk_button_new_with_label ("Save");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (save_button), "app.save");
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), save_button);
  gtk_window_set_titlebar (GTK_WINDOW (window), header);

  GtkWidget *text = gtk_text_view_new ();
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (text));
  g_autofree char *path = note_path ();
  g_autofree char *saved = NULL;
  if (g_file_get_contents (path, &saved, NULL, NULL))
    gtk_text_buffer_set_text (buffer, saved, -1);
  gtk_container_add (GTK_CONTAINER (window), text);

  GSimpleAction *action = g_simple_action_new ("save", NULL);
  g_signal_connect (action, "activate", G_CALLBACK (save), buffer);
  g_action_map_add_action (G_ACTION_MAP (app), G_ACTION (action));
  g_object_unref (action);
  const char *accels[] = { "<Control>s", NULL };
  gtk_application_set_accels_for_action (app, "app.save", accels);
  gtk_widget_show_all (window);
}

int
main (int argc, char **argv)
{
  g_set_application_name ("Notes");
  g_autoptr (GtkApplication) app = gtk_application_new ("org.example.Notes", G_APPLICATION_DEFAULT_FLAGS);

  /* Armchair: the app's ID and version, attached to the application. */
  g_autoptr (ArmchairConfiguration) config = armchair_configuration_new ("org.example.Notes", "1.0");
  g_autoptr (GError) error = NULL;
  binding = armchair_gtk3_attach (app, config, &error);
  if (binding == NULL)
    g_warning ("Armchair is off: %s", error->message);

  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_clear_object (&binding);
  return status;
}
