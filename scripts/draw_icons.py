"""Draw the web app's icons: a 3x3 board of dice with a word's path traced across it, as PNG
files (192 and 512 px, for the manifest and the home screen) and an SVG (the page's icon).

Plain Python (zlib for the PNG data), so the icons are made here and the same every time:

    python scripts/draw_icons.py            # writes src/boggle/web/static/icons/
    python scripts/draw_icons.py OUT_DIR

The picture fills the square; the maskable icons (icon-maskable-192.png and -512.png, for
a home screen that cuts icons to a circle or another shape) draw it smaller
(`MASKABLE_SCALE`), every die inside the safe zone, the middle circle of radius 40%.
"""

from __future__ import annotations

import argparse
import itertools
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "src" / "boggle" / "web" / "static" / "icons"
SIZES = (192, 512)

BOARD = (0x26, 0x46, 0x53)  # the board's colour in style.css
CUBE = (0xFF, 0xFD, 0xF5)
PATH = (0xC2, 0x41, 0x0C)  # the accent
GRID = 3
# In units of the icon's side: where the dice are, their size and corner radius.
MARGIN, GAP = 0.16, 0.04
CUBE_SIDE = (1 - 2 * MARGIN - (GRID - 1) * GAP) / GRID
RADIUS = CUBE_SIDE * 0.18
MASKABLE_SCALE = 0.82  # the maskable icons' picture: the corner dice inside the safe circle
SAFE_RADIUS = 0.40  # a maskable icon's safe zone: a circle of 40% of the side (W3C manifest)
TRACE = [(0, 0), (1, 1), (1, 2), (2, 1)]  # the path's dice: (row, col)
LINE = 0.035  # the path's half width


def cube_box(row: int, col: int) -> tuple[float, float, float, float]:
    left = MARGIN + col * (CUBE_SIDE + GAP)
    top = MARGIN + row * (CUBE_SIDE + GAP)
    return left, top, left + CUBE_SIDE, top + CUBE_SIDE


def centre(row: int, col: int) -> tuple[float, float]:
    left, top, right, bottom = cube_box(row, col)
    return (left + right) / 2, (top + bottom) / 2


def in_rounded_box(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    left, top, right, bottom = box
    if not (left <= x <= right and top <= y <= bottom):
        return False
    near_x = min(max(x, left + RADIUS), right - RADIUS)
    near_y = min(max(y, top + RADIUS), bottom - RADIUS)
    return (x - near_x) ** 2 + (y - near_y) ** 2 <= RADIUS**2


def near_path(x: float, y: float) -> bool:
    points = [centre(*cell) for cell in TRACE]
    if (x - points[0][0]) ** 2 + (y - points[0][1]) ** 2 <= (LINE * 2.2) ** 2:
        return True  # the dot where the path starts
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        if (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= LINE**2:
            return True
    return False


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    if near_path(x, y):
        return PATH
    for row in range(GRID):
        for col in range(GRID):
            if in_rounded_box(x, y, cube_box(row, col)):
                return CUBE
    return BOARD


def pixels(size: int, scale: float = 1.0) -> list[bytes]:
    """Rows of RGB bytes, each pixel the mean of 3x3 samples (smooth edges); the picture drawn
    at ``scale`` about the centre (the board's colour around it)."""
    samples = (1 / 6, 3 / 6, 5 / 6)

    def at(value: float) -> float:
        return value if scale == 1.0 else 0.5 + (value - 0.5) / scale

    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            total = [0, 0, 0]
            for sy in samples:
                for sx in samples:
                    colour = colour_at(at((px + sx) / size), at((py + sy) / size))
                    for channel in range(3):
                        total[channel] += colour[channel]
            row += bytes(round(value / 9) for value in total)
        rows.append(bytes(row))
    return rows


def png(size: int, scale: float = 1.0) -> bytes:
    """The icon as a PNG file (8-bit RGB, no filter), its picture at ``scale``."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in pixels(size, scale))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def svg() -> str:
    """The same picture as an SVG document (100 units a side)."""

    def hex_colour(rgb: tuple[int, int, int]) -> str:
        return "#" + "".join(f"{value:02x}" for value in rgb)

    def unit(value: float) -> str:
        return f"{value * 100:.2f}".rstrip("0").rstrip(".")

    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
        f'<rect width="100" height="100" fill="{hex_colour(BOARD)}"/>',
    ]
    for row in range(GRID):
        for col in range(GRID):
            left, top, _, _ = cube_box(row, col)
            parts.append(
                f'<rect x="{unit(left)}" y="{unit(top)}" width="{unit(CUBE_SIDE)}" '
                f'height="{unit(CUBE_SIDE)}" rx="{unit(RADIUS)}" fill="{hex_colour(CUBE)}"/>'
            )
    points = " ".join(f"{unit(x)},{unit(y)}" for x, y in (centre(*cell) for cell in TRACE))
    first_x, first_y = centre(*TRACE[0])
    parts.append(
        f'<polyline points="{points}" fill="none" stroke="{hex_colour(PATH)}" '
        f'stroke-width="{unit(2 * LINE)}" stroke-linecap="round" stroke-linejoin="round"/>'
    )
    parts.append(
        f'<circle cx="{unit(first_x)}" cy="{unit(first_y)}" r="{unit(LINE * 2.2)}" '
        f'fill="{hex_colour(PATH)}"/>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def draw(folder: Path) -> list[Path]:
    """Write the icons into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for size in SIZES:
        path = folder / f"icon-{size}.png"
        path.write_bytes(png(size))
        written.append(path)
        path = folder / f"icon-maskable-{size}.png"
        path.write_bytes(png(size, MASKABLE_SCALE))
        written.append(path)
    path = folder / "icon.svg"
    path.write_text(svg(), encoding="utf-8")
    written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ICONS)
    for path in draw(parser.parse_args().folder):
        print(path)


if __name__ == "__main__":
    main()
