#!/usr/bin/python3
"""A host that already has another Swift runtime in its global scope (the toolchain's shared
libswiftCore.so and friends, loaded RTLD_GLOBAL, as another Swift library would) before it runs
the client CLIENT with ARGUMENTS.

    preload-swift.py SWIFT-LIB-DIR CLIENT [ARGUMENTS...]
"""
import ctypes
import os
import runpy
import sys

for name in ["libswiftCore.so", "libswift_Concurrency.so", "libdispatch.so", "libFoundation.so"]:
    ctypes.CDLL(os.path.join(sys.argv[1], name), mode=ctypes.RTLD_GLOBAL)
sys.argv = sys.argv[2:]
runpy.run_path(sys.argv[0], run_name="__main__")
