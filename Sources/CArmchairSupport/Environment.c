/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "ArmchairSupport.h"

#include <unistd.h>

extern char **environ;

char **armchair_environment(void) {
    return environ;
}
