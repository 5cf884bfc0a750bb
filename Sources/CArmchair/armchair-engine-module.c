/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifdef ARMCHAIR_ENGINE_MODULES
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>
#endif

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/* Loading happens behind one lock: a load on a worker thread and one on the main thread (the app
 * asked a question first) never run at once, and the second finds the first one's work. */
static GMutex modules_lock;
/* The core's table once loaded (read without the lock, so that a main thread asking whether it
 * is there never waits for a load); failed once the load failed (and was warned about). */
static const ArmchairSwiftCore *core_table;
static gboolean core_failed;
/* Each toolkit's table by name, or the failure marker. */
static GHashTable *toolkit_tables;
static const char failed_marker[] = "failed";

#ifdef ARMCHAIR_ENGINE_MODULES

/* <the folder of libarmchair-1.so.0>/armchair-1/<file>: from the library's own path as the dynamic
 * loader opened it, so that neither LD_LIBRARY_PATH nor the working folder redirects it. */
static char *
module_path (const char *file)
{
  Dl_info info = { 0 };
  g_autofree char *library = NULL;
  g_autofree char *folder = NULL;

  if (dladdr ((const void *) module_path, &info) == 0 || info.dli_fname == NULL)
    return g_build_filename ("armchair-1", file, NULL);
  library = g_canonicalize_filename (info.dli_fname, NULL);
  folder = g_path_get_dirname (library);
  return g_build_filename (folder, "armchair-1", file, NULL);
}

/* Opens @file of armchair-1/ and returns its @entry point's result, or NULL after a warning. */
static const void *
open_module (const char *file, const char *entry)
{
  g_autofree char *path = module_path (file);
  const void *(*entry_point) (void);
  void *handle;

  /* Local: the modules' symbols (Swift's runtime among them) never meet the app's. */
  handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL)
    {
      g_warning ("Armchair is off in this process: its engine module %s cannot be loaded (%s). Install "
                 "libarmchair-1 and its armchair-1 folder from the same release.", path, dlerror ());
      return NULL;
    }
  entry_point = (const void *(*) (void)) dlsym (handle, entry);
  if (entry_point == NULL)
    {
      g_warning ("Armchair is off in this process: its engine module %s has no %s, so it is not one of "
                 "this release's. Install libarmchair-1 and its armchair-1 folder from the same release.",
                 path, entry);
      return NULL;
    }
  return entry_point ();
}

static const ArmchairSwiftCore *
load_core (void)
{
  return open_module ("libarmchair-engine.so", "armchair_swift_core");
}

static char *
toolkit_file (const ArmchairToolkitModule *toolkit)
{
  return g_strdup_printf ("libarmchair-engine-%s.so", toolkit->name);
}

static const ArmchairSwiftToolkit *
load_toolkit (const ArmchairToolkitModule *toolkit)
{
  g_autofree char *file = toolkit_file (toolkit);

  return open_module (file, toolkit->entry);
}

/* Reads @file of armchair-1/ once, so that loading it finds it in memory: what a load waits for
 * on a cold start is the disk. Read, not mapped: pages mapped and touched here would count in the
 * app's resident memory. */
static void
warm (const char *file)
{
  g_autofree char *path = module_path (file);
  char buffer[65536];
  int descriptor = open (path, O_RDONLY | O_CLOEXEC);

  if (descriptor < 0)
    return;
  while (read (descriptor, buffer, sizeof buffer) > 0)
    ;
  close (descriptor);
}

static void
warm_modules (const ArmchairToolkitModule *toolkit)
{
  warm ("libarmchair-engine.so");
  if (toolkit != NULL)
    {
      g_autofree char *file = toolkit_file (toolkit);

      warm (file);
    }
}

#else

static const ArmchairSwiftCore *
load_core (void)
{
  return armchair_swift_core ();
}

static const ArmchairSwiftToolkit *
load_toolkit (const ArmchairToolkitModule *toolkit)
{
  return toolkit->linked ();
}

static void
warm_modules (const ArmchairToolkitModule *toolkit)
{
}

#endif

/* Loads the core, and @toolkit when not NULL, unless that was done or failed; modules_lock held. */
static void
load_locked (const ArmchairToolkitModule *toolkit)
{
  if (core_table == NULL && !core_failed)
    {
      const ArmchairSwiftCore *table = load_core ();

      g_atomic_pointer_set (&core_table, table);
      core_failed = table == NULL;
    }
  if (toolkit == NULL || core_failed)
    return;
  if (toolkit_tables == NULL)
    toolkit_tables = g_hash_table_new (g_str_hash, g_str_equal);
  if (!g_hash_table_contains (toolkit_tables, toolkit->name))
    {
      const ArmchairSwiftToolkit *table = load_toolkit (toolkit);

      g_hash_table_insert (toolkit_tables, (gpointer) toolkit->name,
                           table != NULL ? (gpointer) table : (gpointer) failed_marker);
    }
}

const ArmchairSwiftCore *
armchair_engine_module_core (void)
{
  const ArmchairSwiftCore *table;

  if (!armchair_c_api_is_main_thread ())
    return armchair_engine_module_peek_core ();
  g_mutex_lock (&modules_lock);
  load_locked (NULL);
  table = core_table;
  g_mutex_unlock (&modules_lock);
  return table;
}

const ArmchairSwiftCore *
armchair_engine_module_peek_core (void)
{
#ifdef ARMCHAIR_ENGINE_MODULES
  return g_atomic_pointer_get (&core_table);
#else
  return armchair_swift_core ();
#endif
}

const ArmchairSwiftToolkit *
armchair_engine_module_toolkit (const ArmchairToolkitModule *toolkit)
{
  gpointer table = NULL;

  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);

  g_mutex_lock (&modules_lock);
  load_locked (toolkit);
  if (toolkit_tables != NULL)
    table = g_hash_table_lookup (toolkit_tables, toolkit->name);
  g_mutex_unlock (&modules_lock);
  return table != failed_marker ? table : NULL;
}

typedef struct {
  const ArmchairToolkitModule *toolkit;
  GSourceOnceFunc callback;
  gpointer user_data;
  GDestroyNotify destroy;
} LoadClosure;

static void
load_closure_free (LoadClosure *closure)
{
  if (closure->destroy != NULL)
    closure->destroy (closure->user_data);
  g_free (closure);
}

static void
warm_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LoadClosure *closure = task_data;

  warm_modules (closure->toolkit);
  g_task_return_boolean (task, TRUE);
}

/* The load itself happens on the thread that runs the app's main loop: Swift's main actor is
 * libdispatch's main queue, which libdispatch binds to the thread that loads it. */
static void
load_warmed (GObject *source, GAsyncResult *result, gpointer task_data)
{
  LoadClosure *closure = g_task_get_task_data (G_TASK (result));

  g_mutex_lock (&modules_lock);
  load_locked (closure->toolkit);
  g_mutex_unlock (&modules_lock);
  closure->callback (closure->user_data);
}

void
armchair_engine_module_load_async (const ArmchairToolkitModule *toolkit,
                                   GSourceOnceFunc              callback,
                                   gpointer                     user_data,
                                   GDestroyNotify               destroy)
{
  g_autoptr (GTask) task = NULL;
  LoadClosure *closure = g_new0 (LoadClosure, 1);

  closure->toolkit = toolkit;
  closure->callback = callback;
  closure->user_data = user_data;
  closure->destroy = destroy;
  task = g_task_new (NULL, NULL, load_warmed, NULL);
  g_task_set_source_tag (task, armchair_engine_module_load_async);
  g_task_set_name (task, "[armchair] load the engine module");
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_set_task_data (task, closure, (GDestroyNotify) load_closure_free);
  g_task_run_in_thread (task, warm_in_thread);
}
