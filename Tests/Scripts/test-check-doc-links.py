#!/usr/bin/python3
"""Shows that scripts/check-doc-links.py catches what it claims to: each case puts one gtk-doc link
back into a copy of a real file, and the checker must fail it with the expected message; a file of
everything gi-docgen renders as meant (constants, parameters, code) must pass, and so must the
project as it is. Prints one line per case and exits non-zero if any case goes wrong.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "scripts", "check-doc-links.py")

# (case, file, gi-docgen link in it, what to put back, expected message)
CASES = [
    ("a signal as #Type::signal", "Sources/CArmchair/armchair-engine.c", "[signal@Armchair.Engine::hold-prompt]",
     "#ArmchairEngine::hold-prompt", "gtk-doc's signal link"),
    ("a property as #Type:property", "Sources/CArmchair/armchair-engine.c", "[property@Armchair.Engine:configuration]",
     "#ArmchairEngine:configuration", "gtk-doc's property link"),
    ("a type of another library as #Type", "Sources/CArmchair/armchair-engine.c", "[struct@GLib.Error]", "#GError",
     "gtk-doc's type link"),
    ("a method as function()", "Sources/CArmchair/armchair-engine.c", "[method@Armchair.Engine.record_answer]",
     "armchair_engine_record_answer()", "a function name is code"),
    ("a generated property text", "Sources/CArmchair/armchair-configuration-properties.c",
     "[property@Armchair.Configuration:app-id]", "#ArmchairConfiguration:app-id", "gtk-doc's property link"),
    ("a toolkit library's function", "Sources/CArmchairGtk3/armchair-gtk3-binding.c",
     "[method@GObject.Object.unref]", "g_object_unref()", "a function name is code"),
    ("a fragment gi-docgen does not know", "Sources/CArmchairGtk4/armchair-gtk4-binding.c",
     "[func@ArmchairGtk4.Binding.get_for_application]", "[type_func@ArmchairGtk4.Binding.get_for_application]",
     "no fragment type_func@"),
    ("the guide", "docs/reference/using-armchair.md", "[signal@Armchair.Engine::answered]",
     "#ArmchairEngine::answered", "gtk-doc's signal link"),
]

# What gi-docgen renders as meant, in the places the checker must leave alone.
LEGITIMATE = """\
/* Ordinary comments reach no documentation: #GError, armchair_engine_new(). */
#include <glib.h>

/**
 * armchair_example_run:
 * @self: an engine, or %NULL; %TRUE, %ARMCHAIR_ERROR_CONFIGURATION and @self stay gtk-doc's
 *
 * Links [class@Armchair.Engine], [`class@Armchair.Engine`], [method@Armchair.Engine.flush],
 * [ctor@Armchair.Engine.new], [property@Armchair.Engine:configuration],
 * [signal@Armchair.Engine::answered], [error@Armchair.Error], [func@GLib.set_application_name] and
 * [`armchair_gtk3_attach()`](../ArmchairGtk3-1.0/func.attach.html). Code in backticks:
 * `gtk_button_new_with_mnemonic()`, `#GError`, and Python's binding.get_engine() after a dot.
 * Not a type: iRate #232.
 *
 * ```c
 * #include <armchair.h>
 * g_autoptr (ArmchairEngine) engine = armchair_engine_new (configuration, NULL);
 * g_object_unref ();  // #GError, armchair_engine_flush()
 * ```
 *
 * |[<!-- language="C" -->
 * armchair_engine_flush(); #ArmchairEngine
 * ]|
 */
static void
armchair_example_run (void)
{
  g_critical ("call armchair_gtk3_attach() first, see #ArmchairEngine");
}
"""


def run(paths):
    result = subprocess.run([sys.executable, CHECKER, *paths], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def report(ok, verb, case, output):
    print(f"{verb if ok else {'caught': 'MISSED', 'passed': 'FAILED'}[verb]}: {case}")
    if not ok:
        print("  " + output.strip().replace("\n", "\n  "))
    return not ok


def main():
    wrong = 0
    with tempfile.TemporaryDirectory() as scratch:
        for case, path, link, old, expected in CASES:
            text = open(os.path.join(ROOT, path), encoding="utf-8").read()
            assert link in text, f"{case}: {link} is not in {path}"
            spoiled = os.path.join(scratch, os.path.basename(path))
            with open(spoiled, "w", encoding="utf-8") as file:
                file.write(text.replace(link, old, 1))
            status, output = run([spoiled])
            wrong += report(status != 0 and expected in output, "caught", f"{case} ({path})", output)
            os.remove(spoiled)
        legitimate = os.path.join(scratch, "legitimate.c")
        with open(legitimate, "w", encoding="utf-8") as file:
            file.write(LEGITIMATE)
        status, output = run([legitimate])
        wrong += report(status == 0, "passed", "constants, parameters, code and ordinary comments", output)
    status, output = run([])
    wrong += report(status == 0, "passed", "the project's C files and guide as they are", output)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
