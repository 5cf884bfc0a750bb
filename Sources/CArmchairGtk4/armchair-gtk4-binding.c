/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "ArmchairGtk4"
#include "armchair-gtk4-private.h"

/**
 * ArmchairGtk4Binding:
 *
 * Armchair attached to a GTK 4 [class@Gtk.Application] or an `AdwApplication`, with libadwaita's
 * dialogs (libadwaita is started before the first one, so a plain `GtkApplication` works): made by
 * [func@ArmchairGtk4.attach]. What it does, its properties and its methods are those of every
 * toolkit's binding: see [class@Armchair.ApplicationBinding].
 *
 * Since: 1.0
 */
struct _ArmchairGtk4Binding
{
  ArmchairApplicationBinding parent_instance;
};

G_DEFINE_FINAL_TYPE (ArmchairGtk4Binding, armchair_gtk4_binding, ARMCHAIR_TYPE_APPLICATION_BINDING)

static GObject *
frame_clock (GObject *window)
{
  return G_OBJECT (gtk_widget_get_frame_clock (GTK_WIDGET (window)));
}

static GType
input_signal_owner (void)
{
  return GDK_TYPE_SURFACE;
}

/* Whether @surface is that of one of @application's windows. */
static gboolean
is_application_surface (GApplication *application, GdkSurface *surface)
{
  for (GList *window = gtk_application_get_windows (GTK_APPLICATION (application)); window != NULL;
       window = window->next)
    if (gtk_native_get_surface (GTK_NATIVE (window->data)) == surface)
      return TRUE;
  return FALSE;
}

/* Every event reaches GdkSurface::event first: a key, click, touch or scroll on the surface of
 * one of the application's windows is input. */
static gboolean
is_input (GApplication *application, const GValue *values)
{
  GdkSurface *surface = g_value_get_object (&values[0]);
  GdkEvent *event = g_value_peek_pointer (&values[1]);

  switch (gdk_event_get_event_type (event))
    {
    case GDK_KEY_PRESS:
    case GDK_KEY_RELEASE:
    case GDK_BUTTON_PRESS:
    case GDK_BUTTON_RELEASE:
    case GDK_TOUCH_BEGIN:
    case GDK_TOUCH_END:
    case GDK_SCROLL:
      return is_application_surface (application, surface);
    default:
      return FALSE;
    }
}

/* libarmchair-gtk4-1 for the core: its Swift in libarmchair-engine-gtk4.so, and its windows. */
static const ArmchairToolkitModule toolkit = {
  .name = "gtk4",
  .entry = "armchair_gtk4_swift",
#ifndef ARMCHAIR_ENGINE_MODULES
  .linked = armchair_gtk4_swift,
#endif
  .frame_clock = frame_clock,
  .input_signal_owner = input_signal_owner,
  .is_input = is_input,
};

static void
armchair_gtk4_binding_class_init (ArmchairGtk4BindingClass *klass)
{
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
 * the installed AppStream metadata when there is one, and
 * [property@Armchair.Configuration:app-name] defaults to [func@GLib.get_application_name] when the app
 * set one.
 *
 * The binding copies @configuration: later changes do not reach it. An application has at
 * most one binding: a second call fails with %ARMCHAIR_ERROR_ALREADY_ATTACHED, and
 * [func@ArmchairGtk4.Binding.get_for_application] returns the first.
 *
 * Attaching costs the app's start-up almost nothing: Armchair's engine loads once the app's first
 * frame is drawn, and is handed what happened before (see the guide's Start-up section). Only
 * when the checks made here cannot vouch for the configuration, the settings file or the
 * metadata does the engine load at once, to check them.
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
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (configuration == NULL || ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);

  return ARMCHAIR_GTK4_BINDING (armchair_application_binding_attach_internal (
      ARMCHAIR_GTK4_TYPE_BINDING, G_APPLICATION (application), configuration, &toolkit,
      "armchair_gtk4_binding_get_for_application", error));
}

/**
 * armchair_gtk4_binding_get_for_application:
 * @application: an application
 *
 * Finds the binding [func@ArmchairGtk4.attach] made for @application, for code that did not keep
 * it (a plugin, or the handler of %ARMCHAIR_ERROR_ALREADY_ATTACHED). The application keeps its
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
  ArmchairApplicationBinding *binding;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  binding = armchair_application_binding_lookup_internal (G_APPLICATION (application));
  return ARMCHAIR_GTK4_IS_BINDING (binding) ? ARMCHAIR_GTK4_BINDING (binding) : NULL;
}
