"""The desktop around the app under test: the handler it opens addresses with (the software
centre's appstream: and the mail client's mailto:), which records what it is asked to open."""
import os


def install_uri_handler(folder):
    """Makes a recording script the desktop's handler for appstream: and mailto: addresses, in the
    XDG folders `folder`/data and `folder`/config; returns the file each opened address is added to."""
    opened = os.path.join(folder, "opened.txt")
    os.makedirs(os.path.join(folder, "data", "applications"), exist_ok=True)
    os.makedirs(os.path.join(folder, "config"), exist_ok=True)
    script = os.path.join(folder, "handler.sh")
    with open(script, "w") as f:
        f.write(f"#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{opened}'\n")
    os.chmod(script, 0o755)
    with open(os.path.join(folder, "data", "applications", "e2e-handler.desktop"), "w") as f:
        f.write("[Desktop Entry]\nType=Application\nName=E2E Handler\nNoDisplay=true\n"
                f"Exec={script} %u\nMimeType=x-scheme-handler/appstream;x-scheme-handler/mailto;\n")
    with open(os.path.join(folder, "config", "mimeapps.list"), "w") as f:
        f.write("[Default Applications]\nx-scheme-handler/appstream=e2e-handler.desktop\n"
                "x-scheme-handler/mailto=e2e-handler.desktop\n")
    return opened
