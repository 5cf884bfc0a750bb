/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef NOTES_CNOTESGTK_SHIM_H
#define NOTES_CNOTESGTK_SHIM_H
#include <gtk/gtk.h>
#endif
