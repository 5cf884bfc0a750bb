/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_GTK4_PRIVATE_H
#define ARMCHAIR_GTK4_PRIVATE_H

/* Between ArmchairGtk4Binding and the Swift behind it: not installed, not scanned. */

#include "armchair-gtk4.h"
#include <armchair-private.h>

G_BEGIN_DECLS

/* The GTK 4 library's Swift, which Swift makes once; any thread. */
const ArmchairSwiftToolkit *armchair_gtk4_swift (void);

G_END_DECLS

#endif
