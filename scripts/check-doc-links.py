#!/usr/bin/env python3
"""Fails, naming each one, where libarmchair's documentation links the gtk-doc way. gi-docgen
writes the reference, and it renders gtk-doc's links as code that leads nowhere:

- `#ArmchairEngine`, `#ArmchairEngine:configuration`, `#ArmchairEngine::answered`, `#GError`:
  write [class@Armchair.Engine], [property@Armchair.Engine:configuration],
  [signal@Armchair.Engine::answered], [struct@GLib.Error];
- `armchair_engine_show_prompt()`: write [method@Armchair.Engine.show_prompt], [ctor@…] for a
  constructor, [func@…] for a function;
- and a fragment gi-docgen does not know ([interface@…] for [iface@…], [type_func@…] for
  [func@…]), which it would only report at the end of the library tier's release build.

What stays as it is: `%NULL`, `%TRUE`, `%ARMCHAIR_…` constants and `@parameter` names, which
gi-docgen renders as code, as gtk-doc did; whatever is in backticks or in a fenced code block,
which is code on purpose (a function the reference has no page for, such as
`gtk_button_new_with_mnemonic()` in the core, whose GIR does not include GTK); and ordinary
comments, which reach no documentation. Whether a link leads to a real symbol is for gi-docgen
to say: the reference build (scripts/build-reference.sh) fails on a broken one.

    scripts/check-doc-links.py            # the documentation comments of libarmchair's C files,
                                          # and the guide's Markdown pages
    scripts/check-doc-links.py FILE...    # these files (.c and .h: their /** */ comments; .md: all)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["Sources/CArmchair", "Sources/CArmchairGtk3", "Sources/CArmchairGtk4"]
PAGES = "docs/reference"

# gi-docgen's fragments (its docs/linking.rst and gidocgen/utils.py).
FRAGMENTS = {"alias", "callback", "class", "const", "ctor", "enum", "error", "flags", "func", "id", "iface",
             "method", "property", "signal", "struct", "type", "vfunc"}
# gtk-doc's sigils for a type, a property and a signal, as gi-docgen's Markdown extension finds them.
SIGIL = re.compile(r"(?<!\w)#([A-Z][A-Za-z0-9]+)(?:(::?)([a-z0-9_-]*[a-z0-9]))?")
# A C function named in the text, with gtk-doc's (): not after a `.`, which is a method in another
# language's code.
FUNCTION = re.compile(r"(?<![\w.])([a-z_][a-z0-9_]*)\(\)")
LINK = re.compile(r"\[`?(\w+)@[\w\-:.]+`?\]")
CODE_SPAN = re.compile(r"`[^`]*`")


def problems_in_text(text):
    """The problems of one line of documentation."""
    found = []
    prose = CODE_SPAN.sub(lambda span: " " * len(span.group(0)), text)
    for match in SIGIL.finditer(prose):
        name, separator, member = match.groups()
        kind = {"::": "signal", ":": "property"}.get(separator, "type")
        example = {"signal": f"[signal@Namespace.Type::{member}]", "property": f"[property@Namespace.Type:{member}]",
                   "type": "[class@Namespace.Type] (or enum@, error@, struct@…)"}[kind]
        found.append(f"{match.group(0)}: gtk-doc's {kind} link, which gi-docgen renders as code; write {example}")
    for match in FUNCTION.finditer(prose):
        found.append(f"{match.group(0)}: a function name is code in gi-docgen, not a link; write [method@…], "
                     "[ctor@…] or [func@…], or put it in backticks when the reference has no page for it")
    for match in LINK.finditer(prose):
        if match.group(1) not in FRAGMENTS:
            found.append(f"{match.group(0)}: gi-docgen has no fragment {match.group(1)}@ "
                         f"(it has {', '.join(sorted(FRAGMENTS))})")
    return found


def documentation_lines(path):
    """(line number, text) of each line of documentation in `path` outside fenced code: in a C file,
    the /** */ comments g-ir-scanner reads, without their leading ` * `; in Markdown, every line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    markdown = path.suffix == ".md"
    inside = markdown
    fenced = False
    for number, line in enumerate(lines, start=1):
        if not markdown:
            stripped = line.strip()
            if not inside and stripped.startswith("/**") and not stripped.startswith("/***"):
                inside = True
                line = line.split("/**", 1)[1]
            elif not inside:
                continue
            closes = "*/" in line
            line = re.sub(r"^\s*\*(?!/)", "", line.split("*/", 1)[0])
        if line.strip().startswith(("```", "|[", "]|")):
            fenced = not fenced if line.strip().startswith("```") else line.strip().startswith("|[")
        elif not fenced:
            yield number, line
        if not markdown and closes:
            inside = fenced = False


def problems_in(path):
    return [f"{path}:{number}: {problem}" for number, text in documentation_lines(path)
            for problem in problems_in_text(text)]


def default_files():
    files = [path for folder in SOURCES for path in sorted((ROOT / folder).rglob("*")) if path.suffix in (".c", ".h")]
    return files + sorted((ROOT / PAGES).glob("*.md"))


def main(arguments):
    if any(argument.startswith("-") for argument in arguments):
        raise SystemExit(__doc__)
    files = [Path(argument) for argument in arguments] or default_files()
    problems = [problem for path in files for problem in problems_in(path)]
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} gtk-doc links where gi-docgen wants its own; see scripts/check-doc-links.py")
        return 1
    print(f"every link in the documentation of {len(files)} files is gi-docgen's")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
