#ifndef ARMCHAIR_CGTK_SHIM_H
#define ARMCHAIR_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <glib-unix.h>
#endif
