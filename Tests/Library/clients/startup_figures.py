"""What the Python notes apps print for ../benchmark.py, by the environment:

- NOTES_FIRST_FRAME=1: the monotonic clock once the first frame is drawn ("first-frame T"), then
  the app exits at once (os._exit: what ../benchmark.py counts under callgrind ends at the frame);
- NOTES_READY=1: after the first frame, the app runs until Armchair's engine has saved the launch
  (the state file holds a use count), or for 0.3 s without Armchair, while a 1 ms timer measures the
  longest stall of the main loop; then prints "ready T", "longest-gap SECONDS" and "private-dirty
  KIB" (the process's private dirty memory then: anonymous memory and written pages of files, which
  only swap could free; the rest of its RSS is clean pages of files the kernel may drop), and quits.
"""
import os
import time

from gi.repository import GLib

STATE_FILE = os.path.join(GLib.get_user_state_dir(), "org.example.Notes", "armchair.ini")


def watch(window, app):
    """Watches `window`'s first frame when a figure is asked for."""
    if os.environ.get("NOTES_FIRST_FRAME") or os.environ.get("NOTES_READY"):
        window.connect("realize", lambda w: w.get_frame_clock().connect("after-paint", first_frame, app))


def first_frame(clock, app):
    if hasattr(first_frame, "seen"):
        return
    first_frame.seen = time.monotonic()
    if os.environ.get("NOTES_FIRST_FRAME"):
        print(f"first-frame {first_frame.seen:.6f}", flush=True)
        # At once, so that instructions counted to the exit (callgrind) are those to the frame.
        os._exit(0)
    ticks = {"last": time.monotonic(), "longest": 0.0}

    def tick():
        now = time.monotonic()
        ticks["longest"] = max(ticks["longest"], now - ticks["last"])
        ticks["last"] = now
        if launch_saved() or (os.environ.get("NOTES_WITHOUT_ARMCHAIR") and now - first_frame.seen > 0.3):
            print(f"ready {now:.6f}\nlongest-gap {ticks['longest']:.6f}\nprivate-dirty {private_dirty_kib()}",
                  flush=True)
            app.quit()
            return GLib.SOURCE_REMOVE
        return GLib.SOURCE_CONTINUE
    GLib.timeout_add(1, tick)


def private_dirty_kib():
    """The process's private dirty memory in KiB, from /proc/self/smaps_rollup."""
    with open("/proc/self/smaps_rollup") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("Private_Dirty:"))


def launch_saved():
    try:
        with open(STATE_FILE) as f:
            return "use-count=" in f.read()
    except OSError:
        return False
