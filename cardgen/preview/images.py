"""Card images for the preview: each face drawn at screen resolution by cardgen's own PNG renderer, once per
fingerprint, the first time the page asks for it, and kept in memory."""

from __future__ import annotations

import threading
from collections.abc import Mapping

from cardgen.layout.ops import Face
from cardgen.render.png_draw import RENDERER_VERSION, pixel_size, render
from cardgen.render.png_encode import encode_png

DPI = 200.0  # a poker card is 496 x 693 px: sharp in the zoomed view and on a phone's high-density screen


class FaceImages:
    """PNG images of the faces the page shows, by fingerprint. `show` says which faces those are now; the
    images of the faces shown now and of the ones shown just before are kept (a page may still ask for one)."""

    def __init__(self, dpi: float = DPI):
        self.dpi = dpi
        self.version = f"{RENDERER_VERSION}-{dpi:g}"  # images drawn otherwise get other addresses
        self.drawn = 0  # faces drawn so far: a change redraws only the faces whose fingerprint is new
        self._lock = threading.Lock()
        self._faces: dict[str, Face] = {}
        self._earlier: dict[str, Face] = {}
        self._png: dict[str, bytes] = {}
        self._drawing: dict[str, threading.Event] = {}

    def show(self, faces: Mapping[str, Face]) -> None:
        """The faces the page shows from now on; images of faces neither shown now nor just before are dropped."""
        with self._lock:
            self._earlier, self._faces = self._faces, dict(faces)
            for key in [key for key in self._png if key not in self._faces and key not in self._earlier]:
                del self._png[key]

    def size(self, face: Face) -> tuple[int, int]:
        """The image's size in pixels: the trimmed card at the preview's resolution."""
        return pixel_size(face.width, face.height, self.dpi)

    def png(self, key: str) -> bytes | None:
        """The image of the face with fingerprint `key`, drawn now if no one has yet; None for a face not shown."""
        while True:
            with self._lock:
                if key in self._png:
                    return self._png[key]
                face = self._faces.get(key) or self._earlier.get(key)
                if face is None:
                    return None
                busy = self._drawing.get(key)
                if busy is None:
                    done = self._drawing[key] = threading.Event()
            if busy is not None:  # another request is drawing it: wait for that one
                busy.wait()
                continue
            try:
                data = encode_png(render(face, self.dpi, bleed=0), self.dpi)
                with self._lock:
                    if key in self._faces or key in self._earlier:  # not dropped by `show` while it was drawn
                        self._png[key] = data
                    self.drawn += 1
                return data
            finally:
                with self._lock:
                    del self._drawing[key]
                done.set()
