/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_ENGINE_MODULE_PRIVATE_H
#define ARMCHAIR_ENGINE_MODULE_PRIVATE_H

/* Where libarmchair's C finds the Swift behind it: not installed, not scanned.
 *
 * In the installed libraries (Meson's build, ARMCHAIR_ENGINE_MODULES) the Swift engine, its
 * runtime and each toolkit's dialogs are modules of their own, in the folder armchair-1/ beside
 * libarmchair-1.so.0 (found from the library's own path, never through the loader's search path):
 * libarmchair-engine.so, and libarmchair-engine-gtk3.so or -gtk4.so on top of it. The C types load
 * them only when something needs an answer, so that an app's start-up runs C alone. A module that
 * is missing or from another release is warned about once (g_warning, naming the file and the
 * loader's reason), and Armchair stays off for the rest of the process. Where SwiftPM links
 * everything into one program, the tables are simply there. */

#include "armchair-swift-private.h"

G_BEGIN_DECLS

/* What a toolkit library (libarmchair-gtk3-1, libarmchair-gtk4-1) tells the core: its engine
 * module, and what the core watches of its windows in C until that module is there. */
typedef struct {
  /* The toolkit's name, which names its module: "gtk3" for libarmchair-engine-gtk3.so. */
  const char *name;
  /* The module's entry point, which returns its table. */
  const char *entry;
  /* Where the toolkit's Swift is linked in (SwiftPM), the entry point itself; else NULL. */
  const ArmchairSwiftToolkit *(*linked) (void);
  /* The GdkFrameClock of @window (a GtkWindow), or NULL while it has none. */
  GObject *(*frame_clock) (GObject *window);
  /* The class whose "event" signal every input to a window passes on its way (GtkWidget in
   * GTK 3, GdkSurface in GTK 4): the core watches it with an emission hook. */
  GType (*input_signal_owner) (void);
  /* Whether an emission of that signal (its @values) is a key, click, touch or scroll in one of
   * @application's windows. */
  gboolean (*is_input) (GApplication *application, const GValue *values);
} ArmchairToolkitModule;

/* The core's table: on the main thread, loads the engine module now if it is not loaded yet; NULL
 * when it cannot be loaded (warned about once). On another thread, which must never load it
 * (libdispatch binds Swift's main actor to the thread that loads it), the table if it is loaded,
 * else NULL. */
const ArmchairSwiftCore *armchair_engine_module_core (void);
/* The core's table if the engine module is loaded (where it is linked in, always), without
 * loading it; else NULL. Any thread. */
const ArmchairSwiftCore *armchair_engine_module_peek_core (void);
/* @toolkit's table, loading the engine and @toolkit's module now if needed; NULL when either
 * cannot be loaded (warned about once). Main thread. */
const ArmchairSwiftToolkit *armchair_engine_module_toolkit (const ArmchairToolkitModule *toolkit);
/* Loads the engine module, and @toolkit's when it is not NULL, in two steps: a worker thread
 * reads their files (what a cold start waits for), then the calling thread's default main context
 * loads them at G_PRIORITY_LOW (libdispatch binds Swift's main actor to the thread that loads it,
 * which must be the one that runs the app's main loop) and calls @callback once, whether the load
 * worked or not: the tables tell. */
void armchair_engine_module_load_async (const ArmchairToolkitModule *toolkit,
                                        GSourceOnceFunc              callback,
                                        gpointer                     user_data,
                                        GDestroyNotify               destroy);

G_END_DECLS

#endif
