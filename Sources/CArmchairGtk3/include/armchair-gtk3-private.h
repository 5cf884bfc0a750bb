/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_GTK3_PRIVATE_H
#define ARMCHAIR_GTK3_PRIVATE_H

/* Between ArmchairGtk3Binding and the Swift behind it: not installed, not scanned. */

#include "armchair-gtk3.h"
#include <armchair-private.h>

G_BEGIN_DECLS

/* The GTK 3 library's Swift, which Swift makes once; any thread. */
const ArmchairSwiftToolkit *armchair_gtk3_swift (void);

G_END_DECLS

#endif
