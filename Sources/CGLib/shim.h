/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_CGLIB_SHIM_H
#define ARMCHAIR_CGLIB_SHIM_H
// GLib, GObject and GIO without any GTK: what the toolkit adapters share.
#include <gio/gio.h>
#include <glib-unix.h>
#endif
