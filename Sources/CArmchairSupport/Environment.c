#include "ArmchairSupport.h"

#include <unistd.h>

extern char **environ;

char **armchair_environment(void) {
    return environ;
}
