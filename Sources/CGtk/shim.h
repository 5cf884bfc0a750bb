/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_CGTK_SHIM_H
#define ARMCHAIR_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <glib-unix.h>
#endif
