#ifndef ARMCHAIR_PRIVATE_H
#define ARMCHAIR_PRIVATE_H
// Between the C wrappers and their Swift implementations: not installed, not scanned.
#include "armchair.h"

G_BEGIN_DECLS
/* Implemented in Swift (@_cdecl). Each is only entered after the C wrapper checked its arguments. */
void *armchair_swift_engine_create (ArmchairConfiguration *configuration, GError **error);
void armchair_swift_engine_release (void *engine);
void armchair_swift_engine_significant_event (void *engine, const char *name);
gboolean armchair_swift_engine_should_prompt (void *engine);
char *armchair_swift_engine_explain (void *engine);

/* For the toolkit libraries: wraps a retained Swift engine (ownership passes to the GObject). */
ArmchairEngine *armchair_engine_new_for_swift_engine (void *retained_engine);
void *armchair_engine_get_swift_engine (ArmchairEngine *self);
gboolean armchair_c_api_is_main_thread (void);
G_END_DECLS
#endif
