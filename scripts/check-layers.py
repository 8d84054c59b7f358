#!/usr/bin/env python3
"""Fails when an include crosses a layer the wrong way (docs/architecture.md).

Static libraries alone do not stop a header include: a file may include any header under the
source root whatever its library links. This reads every quoted include of the C++ sources and
checks it against the layers below. Run by ctest (IncludeLayers) and by hand:

    scripts/check-layers.py [SOURCE_ROOT]
"""
import pathlib
import re
import sys

# Each part, from the most specific folder to the least, and the parts it may include (itself
# always). A file belongs to the first part whose folder holds it.
CORE_TEXT = "core/text"
CORE_OBSERVATION = "core/observation"
CORE_RULES = "core/rules"
CORE_RECORD = "core/record"
CORE_REFEREE = "core/referee"
CORE_ENGINE = "core/engine"
CORE_PROTOCOL = "core/protocol"
CORE_SELFPLAY = "core/selfplay"
CAMERA = "hardware/camera"
CAMERA_VARIANT = "hardware/camera/variant"
CAMERA_SIMULATION = "hardware/camera/simulation"

HOST_FILES = "host/files"
HOST_RECORD = "host/record"
HOST_SESSION = "host/session"
HOST_INPUTS = "host/inputs"
HOST_VIEWS = "host/views"
HOST_VIEWS_DISPLAY = "host/views/display"
HOST_WEB = "host/web"
HOST_TABLE = "host/table"
HOST_PRINT = "host/print"
HOST_CLI = "host/cli"
HOST_PUBLISH = "host/publish"
HOST_HUB = "host/hub"

RULES_BELOW = [CORE_RULES, CORE_TEXT]
DRIVER_BELOW = [CORE_OBSERVATION, CORE_TEXT, "firmware/protocol"]

MAY_INCLUDE = {
    CORE_TEXT: [],
    CORE_OBSERVATION: [],
    CORE_RULES: [CORE_TEXT],
    CORE_RECORD: RULES_BELOW,
    CORE_REFEREE: RULES_BELOW + [CORE_OBSERVATION],
    CORE_ENGINE: RULES_BELOW,
    CORE_PROTOCOL: RULES_BELOW + [CORE_ENGINE],
    CORE_SELFPLAY: RULES_BELOW + [CORE_ENGINE, CORE_RECORD],
    # Drivers read what a sensor sees; the camera's variant part and its simulation also read a
    # variant's layout and position, but no driver includes the engine or the record.
    CAMERA_VARIANT: DRIVER_BELOW + [CAMERA, CORE_RULES, CORE_REFEREE],
    CAMERA_SIMULATION: DRIVER_BELOW + [CAMERA, CORE_RULES, CORE_REFEREE],
    CAMERA: DRIVER_BELOW,
    "hardware/gpio": DRIVER_BELOW,
    "hardware/link": DRIVER_BELOW,
    "firmware": [],
    # The program's own layers (docs/architecture.md). The session knows the games and its journal,
    # no device and no view; inputs feed it, views follow it, the web page is a view; the table
    # wires them; the command line and the commands above may use everything.
    HOST_FILES: [],
    HOST_RECORD: [CORE_RULES, CORE_RECORD, CORE_TEXT, HOST_FILES],
    HOST_SESSION: ["core", HOST_RECORD],
    HOST_INPUTS: ["core", "hardware", HOST_SESSION],
    # The display painter draws a position and its marks into an image: no session, no device.
    HOST_VIEWS_DISPLAY: [CORE_RULES, CORE_REFEREE, CORE_OBSERVATION, CORE_TEXT, HOST_FILES],
    HOST_VIEWS: ["core", "hardware/link", HOST_SESSION, HOST_VIEWS_DISPLAY],
    HOST_WEB: ["core", HOST_SESSION, HOST_VIEWS],
    HOST_TABLE: ["core", "hardware/link", HOST_SESSION, HOST_VIEWS, HOST_WEB, HOST_FILES],
    # The sheets `tessera print` makes follow the camera's layout of the board.
    HOST_PRINT: [CORE_RULES, CORE_REFEREE, CORE_OBSERVATION, CORE_TEXT, CAMERA, CAMERA_VARIANT, HOST_FILES],
    HOST_CLI: ["core", "hardware", HOST_FILES],
    # The club (docs/club.md): a board publishes its session's game from its journal; the hub
    # follows the boards and draws mini boards in the display's colours.
    HOST_PUBLISH: ["core", HOST_SESSION, HOST_RECORD, HOST_FILES],
    HOST_HUB: ["core", HOST_PUBLISH, HOST_SESSION, HOST_VIEWS_DISPLAY, HOST_FILES],
    # The commands and main(): every library; only tests/ is out of the program's reach.
    "host": ["core", "hardware", "firmware", "host"],
    "tests": ["core", "hardware", "firmware", "host"],
}
# Folders whose files include their neighbours by bare name (their own include root).
OWN_ROOT = {"firmware": "firmware"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def part_of(path):
    for part in sorted(MAY_INCLUDE, key=len, reverse=True):
        if path == part or path.startswith(part + "/"):
            return part
    return None


def resolve(root, source, name):
    """The include's path from the source root, as the compiler would find it."""
    beside = (source.parent / name)
    if beside.exists():
        return beside.resolve().relative_to(root).as_posix()
    for folder, own in OWN_ROOT.items():
        if source.relative_to(root).as_posix().startswith(folder + "/") and (root / own / name).exists():
            return f"{own}/{name}"
    return name


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent).resolve()
    wrong = []
    checked = 0
    for source in sorted(root.glob("**/*")):
        if source.suffix not in (".cpp", ".hpp", ".h", ".c") or not source.is_file():
            continue
        relative = source.relative_to(root).as_posix()
        if relative.startswith(("build", ".git")) or "/build" in relative.split("/")[0]:
            continue
        part = part_of(relative)
        if part is None:
            continue
        checked += 1
        text = source.read_text(errors="replace")
        for match in INCLUDE.finditer(text):
            target = resolve(root, source, match.group(1))
            target_part = part_of(target)
            if target_part is None or target_part == part:
                continue
            allowed = MAY_INCLUDE[part]
            if not any(target_part == a or target_part.startswith(a + "/") for a in allowed):
                line = text.count("\n", 0, match.start()) + 1
                wrong.append(f"{relative}:{line}: {part} may not include {target} ({target_part})")
    for w in wrong:
        print(w)
    print(f"check-layers: {checked} files read, {len(wrong)} includes cross a layer the wrong way")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
