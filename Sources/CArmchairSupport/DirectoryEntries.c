/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define _GNU_SOURCE

#include "ArmchairSupport.h"

#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

void armchairsupport_remove_entries(int folder, const char *prefix) {
    /* A stack buffer read with getdents64: opendir() would add an fstat, two fcntl calls and a
     * 32 KiB allocation, for a folder of a few names. */
    char buffer[2048] __attribute__((aligned(8)));
    size_t length = strlen(prefix);
    ssize_t count;
    while ((count = getdents64(folder, buffer, sizeof buffer)) > 0) {
        for (ssize_t offset = 0; offset < count;) {
            const struct dirent64 *entry = (const struct dirent64 *)(buffer + offset);
            if (strncmp(entry->d_name, prefix, length) == 0) unlinkat(folder, entry->d_name, 0);
            offset += entry->d_reclen;
        }
    }
}
