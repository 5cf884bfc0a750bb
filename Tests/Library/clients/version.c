/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

/* What an app sees of libarmchair's version: the headers' macros, checked by the preprocessor
 * against the version the test gives (meson.build's, as EXPECTED_MAJOR, EXPECTED_MINOR and
 * EXPECTED_MICRO), and the library's, printed with the headers' for the test to compare:
 * "MAJOR.MINOR.MICRO VERSION_S armchair_get_*_version". ../installation.py builds and runs it. */
#include <armchair.h>
#include <stdio.h>

#if !ARMCHAIR_CHECK_VERSION(EXPECTED_MAJOR, EXPECTED_MINOR, EXPECTED_MICRO)
#error "ARMCHAIR_CHECK_VERSION is false for the version the headers are"
#endif
#if !ARMCHAIR_CHECK_VERSION(EXPECTED_MAJOR - 1, 99, 99) || !ARMCHAIR_CHECK_VERSION(EXPECTED_MAJOR, 0, 0)
#error "ARMCHAIR_CHECK_VERSION is false for an older version"
#endif
#if ARMCHAIR_CHECK_VERSION(EXPECTED_MAJOR, EXPECTED_MINOR, EXPECTED_MICRO + 1) || \
    ARMCHAIR_CHECK_VERSION(EXPECTED_MAJOR, EXPECTED_MINOR + 1, 0) || ARMCHAIR_CHECK_VERSION(EXPECTED_MAJOR + 1, 0, 0)
#error "ARMCHAIR_CHECK_VERSION is true for a newer version"
#endif

int
main (void)
{
  printf ("%d.%d.%d %s %u.%u.%u\n", ARMCHAIR_MAJOR_VERSION, ARMCHAIR_MINOR_VERSION, ARMCHAIR_MICRO_VERSION,
          ARMCHAIR_VERSION_S, armchair_get_major_version (), armchair_get_minor_version (),
          armchair_get_micro_version ());
  return 0;
}
