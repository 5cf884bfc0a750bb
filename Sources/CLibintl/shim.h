/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_CLIBINTL_SHIM_H
#define ARMCHAIR_CLIBINTL_SHIM_H
// glibc's gettext: bindtextdomain, dgettext, dngettext (no link flag needed on glibc).
#include <libintl.h>
#endif
