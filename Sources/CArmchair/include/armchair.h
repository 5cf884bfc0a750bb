/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_H
#define ARMCHAIR_H

/* libarmchair-1: asks satisfied, regular users for a rating, and never nags. Include only this
 * header; pkg-config name armchair-1, GObject Introspection namespace Armchair 1.0. Each header it
 * includes refuses to be included alone (but by the library's own build, which defines
 * ARMCHAIR_COMPILATION), as GLib's and GTK's do. */

#define ARMCHAIR_INSIDE

#include "armchair-application-binding.h"
#include "armchair-configuration.h"
#include "armchair-decision.h"
#include "armchair-engine.h"
#include "armchair-enums.h"
#include "armchair-error.h"
#include "armchair-feedback-request.h"
#include "armchair-prompt-step.h"
#include "armchair-version.h"

#undef ARMCHAIR_INSIDE

#endif
