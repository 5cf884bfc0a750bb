/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define _GNU_SOURCE
#include "ArmchairSupport.h"

#include <dlfcn.h>
#include <stddef.h>

const char *armchairsupport_code_file(void) {
    Dl_info info;
    if (dladdr((void *)armchairsupport_code_file, &info) == 0 || info.dli_fname == NULL || info.dli_fname[0] != '/')
        return NULL;
    return info.dli_fname;
}
