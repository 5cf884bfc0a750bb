"""What the Python notes apps print for ../benchmark.py, by the environment:

- NOTES_FIRST_FRAME=1: the monotonic clock once the first frame is drawn ("first-frame T"), then
  the app exits at once (os._exit: what ../benchmark.py counts under callgrind ends at the frame);
- NOTES_READY=1: after the first frame, the app runs until Armchair's engine has saved the launch
  (the state file holds a use count), or for 0.3 s without Armchair, while a 1 ms timer measures the
  longest stall of the main loop; then prints "ready T", "longest-gap SECONDS", "peak-rss KIB" (the
  process's own peak RSS: a child's getrusage counts the parent's memory it was forked from) and
  "private-dirty KIB" (its private dirty memory then: anonymous memory and written pages of files,
  which only swap could free; the rest of its RSS is clean pages of files the kernel may drop), and
  quits.
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
            print(f"ready {now:.6f}\nlongest-gap {ticks['longest']:.6f}\n"
                  f"peak-rss {proc_kib('/proc/self/status', 'VmHWM:')}\n"
                  f"private-dirty {proc_kib('/proc/self/smaps_rollup', 'Private_Dirty:')}", flush=True)
            app.quit()
            return GLib.SOURCE_REMOVE
        return GLib.SOURCE_CONTINUE
    GLib.timeout_add(1, tick)


def proc_kib(path, field):
    """The number after `field` in the /proc file `path`, in KiB."""
    with open(path) as f:
        return next(int(line.split()[1]) for line in f if line.startswith(field))


def launch_saved():
    try:
        with open(STATE_FILE) as f:
            return "use-count=" in f.read()
    except OSError:
        return False
