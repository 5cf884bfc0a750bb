#ifndef ARMCHAIR_SUPPORT_H
#define ARMCHAIR_SUPPORT_H

/// The process's environment, `NAME=value` strings ending in NULL; NULL itself after the program
/// called clearenv(). Swift's own `environ` assumes it is never NULL and stops the program.
char **armchair_environment(void);

#endif
