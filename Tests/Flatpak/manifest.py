"""The guide's Flatpak manifest (docs/reference/using-armchair.md, the yaml block after
`<!-- flatpak manifest: NAME -->`), made buildable here without changing what it builds: only the
runtime, SDK and extension names, the runtime's branch and the source URLs are replaced.

- org.gnome.Platform, org.gnome.Sdk and org.freedesktop.Sdk.Extension.swift6 become the refs
  scripts/flatpak/build-runtimes.sh makes from Debian's files and the local Swift toolchain (the
  extension keeps its last name part, so it is still /usr/lib/sdk/swift6 in the build);
- Armchair's own https URL becomes a bare clone of this source tree, in which the guide's tag
  names the tree as it is now (its uncommitted changes included: `git stash create`);
- each Swift package's https URL becomes its local copy, /opt/swift-packages/OWNER/NAME.git,
  whose tag and commit must be the ones the guide names (flatpak-builder checks both).
"""
import os
import re
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "reference", "using-armchair.md")
ARMCHAIR_URL = "https://github.com/armchair-linux/armchair.git"
SWIFT_PACKAGES = os.environ.get("SWIFT_PACKAGES", "/opt/swift-packages")
REFS = {
    "org.gnome.Platform": "org.armchair.Test.Platform",
    "org.gnome.Sdk": "org.armchair.Test.Sdk",
    "org.freedesktop.Sdk.Extension.swift6": "org.armchair.Test.Sdk.Extension.swift6",
}
BRANCH = "test"


def documented(name="org.example.Notes.yml"):
    """The text of the manifest the guide shows under the marker for `name`."""
    with open(GUIDE) as f:
        guide = f.read()
    found = re.search(rf"<!-- flatpak manifest: {re.escape(name)} -->\n```yaml\n(.*?)```\n", guide, re.S)
    assert found, f"the guide shows no manifest {name}"
    return found.group(1)


def armchair_clone(folder, tag):
    """A bare repository whose only ref is the tag `tag`, naming this source tree as it is now;
    returns its path and the commit."""
    clone = os.path.join(folder, "armchair.git")
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(["git", "init", "--quiet", "--bare", clone], check=True)
    git = lambda *arguments: subprocess.run(["git", "-C", ROOT, *arguments], capture_output=True, text=True,
                                            check=True).stdout.strip()
    tree = git("stash", "create") or git("rev-parse", "HEAD")
    git("push", "--quiet", clone, f"{tree}:refs/tags/{tag}")
    return clone, tree


def local(text, folder):
    """`text` with the replacements above; the clone of Armchair goes to `folder`. A `commit:` of
    Armchair's source that names no commit (Shipping Your App's) becomes the clone's."""
    for documented_name, local_name in REFS.items():
        text = re.sub(rf"\b{re.escape(documented_name)}\b", local_name, text)
    text = re.sub(r"^runtime-version: .*$", f"runtime-version: '{BRANCH}'", text, flags=re.M)
    tag = re.search(rf"url: {re.escape(ARMCHAIR_URL)}\n\s+tag: '?([^'\n]+)'?\n", text)
    assert tag, "the armchair source has no tag"
    clone, tree = armchair_clone(folder, tag.group(1))
    text = re.sub(r"^(\s+commit: )<[^>\n]*>$", rf"\g<1>{tree}", text, flags=re.M)
    text = text.replace(f"url: {ARMCHAIR_URL}", f"url: file://{clone}")

    def package(match):
        path = os.path.join(SWIFT_PACKAGES, match.group(1) + ".git")
        assert os.path.isdir(path), f"no local copy of {match.group(0)} at {path}"
        return f"url: file://{path}"
    text = re.sub(r"url: https://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?$", package, text, flags=re.M)
    assert "https://" not in text.replace("insteadOf = https://", ""), "a source still needs the network"
    return text


def write(folder, name="org.example.Notes.yml", beside=(), text=None):
    """Writes the guide's manifest `name` (or the manifest `text`), made local, into `folder` with
    the files `beside` (the app's own sources, which the manifest names by relative path); returns
    its path."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(local(documented(name) if text is None else text, folder))
    for source in beside:
        shutil.copy(source, folder)
    return path


SHIPPING = os.path.join(ROOT, "Sources", "ArmchairCore", "ArmchairCore.docc", "ShippingYourApp.md")


def shipping_manifest():
    """The Swift app's manifest of the Shipping Your App article: the yaml block of its Flatpak section."""
    with open(SHIPPING) as f:
        article = f.read()
    section = article[article.index("## Flatpak\n"):]
    return re.search(r"```yaml\n(.*?)```\n", section, re.S).group(1)


def check_shipping_agrees():
    """The Swift app's module asks for what the guide's manifest does: the same runtime, SDK, extension and its path, permissions, Swift package sources (tag
    and commit) and the same redirection of SwiftPM to them; Armchair itself at the guide's tag."""
    import yaml
    guide, shipping = yaml.safe_load(documented()), yaml.safe_load(shipping_manifest())
    for key in ("runtime", "runtime-version", "sdk", "sdk-extensions", "finish-args"):
        assert guide[key] == shipping[key], f"{key}: the guide has {guide[key]}, Shipping Your App {shipping[key]}"
    library = next(m for m in guide["modules"] if m["name"] == "armchair")
    app = shipping["modules"][0]

    def packages(module):
        return {s["dest"]: (s["url"], str(s.get("tag")), s.get("commit")) for s in module["sources"]
                if s["type"] == "git" and s.get("dest", "").startswith("deps/")}

    def gitconfig(module):
        inline = next(s for s in module["sources"] if s["type"] == "inline" and s["dest-filename"] == ".gitconfig")
        return inline["contents"].replace(f"/run/build/{module['name']}/", "/run/build/MODULE/")

    expected = packages(library)
    armchair = next(s for s in library["sources"] if s.get("url") == ARMCHAIR_URL)
    expected["deps/github.com/armchair-linux/armchair"] = (ARMCHAIR_URL, str(armchair["tag"]))
    found = packages(app)
    found["deps/github.com/armchair-linux/armchair"] = found["deps/github.com/armchair-linux/armchair"][:2]
    assert found == expected, f"Swift package sources: the guide's {expected}, Shipping Your App's {found}"
    assert gitconfig(library) == gitconfig(app), "the .gitconfig differs"
    assert library["build-options"]["append-path"] == app["build-options"]["append-path"], "the extension's path"
    for module in (library, app):
        assert module["build-options"]["env"]["HOME"] == f"/run/build/{module['name']}/.home", module["name"]
