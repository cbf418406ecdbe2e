"""Whole font collections that Chromium embedded, cut down to the glyphs the pages draw.

A TrueType font used for more than a few hundred glyphs is embedded whole: Skia's subsetter
gives up (400 distinct Han characters of WenQuanYi embedded as 55 KB, 800 as the entire 5 MB
collection, 2.3 MB compressed). The zh book uses about 2,000, so every zh book carried the
whole of wqy-microhei.ttc. `subset_collections` cuts each embedded collection down to the
face the PDF names and the glyphs its pages draw, keeping glyph ids (the text's character
codes are glyph ids: CIDToGIDMap /Identity). finish.py calls it on every printed book.
"""
import io
import logging
import re

from pypdf.generic import NameObject, NumberObject

# In Skia's content streams a font is chosen by `/F7 14.66 Tf` and glyphs are drawn as
# 2-byte hex strings: `<07B9> Tj`, `[<0037> -12 <0055>] TJ`.
# (Other hex strings, such as a tagged PDF's /ActualText, are not glyphs: only Tj and TJ count.)
TEXT_TOKEN = re.compile(rb"/([^\s/<>\[\]()]+)\s+[-+\d.]+\s+Tf"
                        rb"|<([0-9A-Fa-f]*)>\s*Tj"
                        rb"|\[((?:\s*(?:<[0-9A-Fa-f]*>|[-+\d.]+))*)\s*\]\s*TJ")
HEX = re.compile(rb"<([0-9A-Fa-f]*)>")


def _glyphs_drawn(writer):
    """{id of a FontFile2 stream: (stream, its font's /BaseFont, glyph ids drawn with it)}, every page and form."""
    drawn = {}

    def visit(content, resources, depth=0):
        resources = resources.get_object() if resources is not None else {}
        fonts = {str(name)[1:]: font.get_object() for name, font in (resources.get("/Font") or {}).items()}
        current = None
        for match in TEXT_TOKEN.finditer(content):
            if match.group(1) is not None:
                font = fonts.get(match.group(1).decode("latin-1"))
                stream = _font_file(font) if font is not None else None
                current = None if stream is None else drawn.setdefault(
                    id(stream), (stream, str(font.get("/BaseFont", "")), set()))[2]
            elif current is not None:
                for hexed in [match.group(2)] if match.group(2) is not None else HEX.findall(match.group(3)):
                    current.update(int(hexed[i:i + 4], 16) for i in range(0, len(hexed) - 3, 4))
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form" and depth < 8:
                visit(xobject.get_data(), xobject.get("/Resources"), depth + 1)

    for page in writer.pages:
        contents = page.get_contents()
        if contents is not None:
            visit(contents.get_data(), page.get("/Resources"))
    return drawn


def _font_file(font):
    """The FontFile2 stream of a Type0 font dictionary, or None."""
    descendants = font.get("/DescendantFonts")
    if not descendants:
        return None
    descriptor = descendants[0].get_object().get("/FontDescriptor")
    stream = descriptor.get_object().get("/FontFile2") if descriptor is not None else None
    return None if stream is None else stream.get_object()


def subset_collections(writer):
    """Every embedded whole font collection (a .ttc) cut down to its face and the glyphs drawn.

    Returns how many bytes of font data (uncompressed) it saved.
    """
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM NOT subset ... dropped": as meant
    saved = 0
    for stream, base_font, glyphs in _glyphs_drawn(writer).values():
        data = stream.get_data()
        if not data.startswith(b"ttcf") or not glyphs:
            continue
        wanted = base_font.split("+", 1)[-1].lstrip("/")
        faces = TTCollection(io.BytesIO(data)).fonts
        face = next((f for f in faces if f["name"].getDebugName(6) == wanted), None)
        if face is None:
            raise ValueError(f"the embedded font collection has no face named {wanted!r}: "
                             f"{[f['name'].getDebugName(6) for f in faces]}")
        options = subset.Options()
        options.retain_gids = True      # the PDF's character codes are these glyph ids
        options.notdef_outline = True
        options.name_IDs = ["*"]
        options.layout_features = []    # shaping is done: the PDF draws glyphs, not text
        subsetter = subset.Subsetter(options)
        subsetter.populate(gids=sorted(glyphs | {0}))
        subsetter.subset(face)
        out = io.BytesIO()
        face.save(out)
        stream.set_data(out.getvalue())
        stream[NameObject("/Length1")] = NumberObject(len(out.getvalue()))
        saved += len(data) - len(out.getvalue())
    return saved
