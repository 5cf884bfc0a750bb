#!/usr/bin/python3
"""Lays out the installed files of Debian packages as a Flatpak runtime's `files/` folder, without
copying a byte: every regular file is a hard link of the one in /usr or /etc.

    package-files.py DEST PACKAGE...

DEST/files/ gets /usr's tree, DEST/files/etc/ /etc's (a runtime's /usr/etc is the sandbox's /etc).
Besides what dpkg lists, it links what maintainer scripts and triggers wrote at install time:
Python's byte-code, the gdk-pixbuf and GTK 3 module caches, the icon caches, the MIME database,
fontconfig's configuration and the update-alternatives links. The GIO module cache and the
compiled GSettings schemas describe the host's modules, not these: they are left out, and the
caller writes them for this tree (as new files: never write into a hard link, it is the host's file).
Mesa's hard-linked megadriver keeps only swrast, all Xvfb needs.
"""
import glob
import os
import shutil
import subprocess
import sys

DOCUMENTATION = tuple("/usr/share/" + folder + "/" for folder in
                      "doc man info lintian bug doc-base locale help gtk-doc bash-completion zsh applications".split())
HOST_CACHES = ("/usr/lib/x86_64-linux-gnu/gio/modules/giomodule.cache", "/usr/share/glib-2.0/schemas/gschemas.compiled")
MERGED = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")


def listed(packages):
    """The files dpkg lists for `packages`, with /usr merged, minus documentation and host caches."""
    paths = set()
    output = subprocess.run(["dpkg-query", "-L", *packages], capture_output=True, text=True).stdout
    for path in (line.strip() for line in output.splitlines()):
        top = next((t for t in MERGED if path == t or path.startswith(t + "/")), None)
        if top is not None:
            path = "/usr" + path
        if not path.startswith(("/usr/", "/etc/")) or path.startswith(DOCUMENTATION) or path in HOST_CACHES:
            continue
        if "/dri/" in path and path.endswith("_dri.so") and not path.endswith(("/swrast_dri.so", "/kms_swrast_dri.so")):
            continue
        paths.add(path)
    return paths


def written_at_install(paths):
    """What maintainer scripts and triggers made for `paths`, which no package lists."""
    extra = ["/etc/ld.so.conf"]
    for path in paths:
        if path.endswith(".py"):
            folder, name = os.path.split(path)
            extra += glob.glob(os.path.join(folder, "__pycache__", name[:-3] + ".cpython-*.pyc"))
    extra += glob.glob("/usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0/2.10.0/loaders.cache")
    extra += glob.glob("/usr/lib/x86_64-linux-gnu/gtk-3.0/3.0.0/immodules.cache")
    extra += [cache for cache in glob.glob("/usr/share/icons/*/icon-theme.cache")
              if any(p.startswith(os.path.dirname(cache) + "/") for p in paths)]
    for top in ("/usr/share/mime", "/etc/fonts", "/etc/alternatives", "/etc/ld.so.conf.d"):
        for root, _, names in os.walk(top):
            extra += [os.path.join(root, name) for name in names]
    return extra


def link(paths, dest):
    """Recreates `paths` under `dest`: symbolic links as links, regular files as hard links."""
    for path in sorted(paths):
        if not os.path.islink(path) and (not os.path.exists(path) or os.path.isdir(path)):
            continue
        relative = path[len("/usr/"):] if path.startswith("/usr/") else path.lstrip("/")
        target = os.path.join(dest, "files", relative)
        os.makedirs(os.path.dirname(target), mode=0o755, exist_ok=True)
        if os.path.islink(path):
            os.symlink(os.readlink(path), target)
        else:
            try:
                os.link(path, target)
            except OSError:  # another file system: the only case that copies
                shutil.copy2(path, target)


def alternatives(dest):
    """update-alternatives' links in /usr/bin and /usr/sbin (awk, cc, c++…) whose final target
    is in the tree: no package lists them."""
    for folder in ("/usr/bin", "/usr/sbin"):
        for name in os.listdir(folder):
            path = os.path.join(folder, name)
            if not os.path.islink(path) or not os.readlink(path).startswith("/etc/alternatives/"):
                continue
            final = os.path.realpath(path)
            target = os.path.join(dest, "files", path[len("/usr/"):])
            if final.startswith("/usr/") and os.path.exists(os.path.join(dest, "files", final[len("/usr/"):])) \
                    and not os.path.lexists(target):
                os.symlink(os.readlink(path), target)


def main():
    dest, packages = sys.argv[1], sys.argv[2:]
    paths = listed(packages)
    link(paths | set(written_at_install(paths)), dest)
    alternatives(dest)


if __name__ == "__main__":
    main()
