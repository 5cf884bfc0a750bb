/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_CGDKX11_SHIM_H
#define ARMCHAIR_CGDKX11_SHIM_H
// GDK's X11 backend, for the tests that hand the focus to a window through the X server. The
// library itself works on any GDK backend and does not include it.
#include <gdk/gdkx.h>
#endif
