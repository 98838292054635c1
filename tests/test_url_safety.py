"""No classic XSS vector survives as live markup in ``Document.html`` or in the markdown.

The oracle is written apart from :mod:`mainmark.page.urls`: it reads a URL the way a
browser's WHATWG parser does (outer C0 controls and spaces stripped, tab/LF/CR removed,
scheme compared case-insensitively), and the markdown is judged by rendering it with a
CommonMark renderer whose own link filter is switched off, so a destination it would
decode into ``javascript:`` counts as live.
"""

from __future__ import annotations

import html as htmllib
import re

import lxml.html
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

import mainmark

_PROSE = ("The council met on Tuesday to discuss the budget for the coming year, and "
          "members agreed to publish the full minutes before the next session. ") * 4
_URL_ATTRS = {"href", "src", "action", "formaction", "data", "poster", "background",
              "cite", "codebase", "xlink:href", "srcset", "lowsrc", "dynsrc", "ping"}
_LIVE_TAGS = {"script", "iframe", "object", "embed", "frame", "frameset", "applet", "base",
              "meta", "link", "form", "style", "svg", "math", "template", "portal"}
_SAFE = ("http", "https", "mailto")

#: href/src values: each family of the classic cheat sheets, as it would sit in an
#: attribute (character references left for the page's parser to decode).
URL_VECTORS = [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", "JAVASCRIPT:alert(1)",
    " javascript:alert(1)", "\tjavascript:alert(1)", "javascript:alert(1) ",
    "jav&#x09;ascript:alert(1)", "jav&#x0A;ascript:alert(1)", "jav&#x0D;ascript:alert(1)",
    "jav&#9;ascript:alert(1)", "jav&#10;ascript:alert(1)", "jav&#13;ascript:alert(1)",
    "jav&Tab;ascript:alert(1)", "jav&NewLine;ascript:alert(1)", "java\tscript:alert(1)",
    "java\nscript:alert(1)", "java\rscript:alert(1)", "&#x01;javascript:alert(1)",
    "&#x1F;javascript:alert(1)", "&#x0E;javascript:alert(1)", "&#x20;javascript:alert(1)",
    "&#x0C;javascript:alert(1)", "&#x0B;javascript:alert(1)", "&#0;javascript:alert(1)",
    "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)",
    "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
    "&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112"
    "&#0000116&#0000058alert(1)",
    "&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)",
    "javascript&colon;alert(1)", "javascript&#58;alert(1)", "javascript&#x3A;alert(1)",
    "javascript&#x3a;alert(1)", "jav&amp;#x09;ascript:alert(1)", "javascript&amp;colon;x",
    "jav&amp;amp;#x09;ascript:alert(1)", "javascript\\:alert(1)", "java\\script:alert(1)",
    "javascript://%0Aalert(1)", "javascript://comment%0d%0aalert(1)",
    "  &#x09;&#x0A; javascript:alert(1)", "j&#x0A;a&#x0D;v&#x09;ascript:alert(1)",
    "vbscript:msgbox(1)", "VBScript:msgbox(1)", "vb&#x09;script:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>", " data:text/html,<script>alert(1)</script>",
    "da&#x09;ta:text/html,<script>alert(1)</script>", "data:image/svg+xml,<svg onload=alert(1)>",
    "&#100;ata:text/html,x", "livescript:alert(1)", "mocha:alert(1)", "file:///etc/passwd",
    "javascript:alert(&quot;x&quot;)", "javascript:alert('x')", 'javascript:"x"',
    "jav\u0000ascript:alert(1)", "\u0001javascript:alert(1)",
]
#: Whole fragments: event handlers, embedding elements, CSS, forms, SVG/MathML, base.
MARKUP_VECTORS = [
    '<img src="x" onerror="alert(1)" alt="pic">', '<svg onload="alert(1)"><a>x</a></svg>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>', '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">', '<a href="https://ok.example/" onclick="alert(1)">x</a>',
    '<p onmouseover="alert(1)">hover text</p>',
    '<div style="background:url(javascript:alert(1))">styled text</div>',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button>'
    '</form>',
    '<math><a xlink:href="javascript:alert(1)">m</a></math>', "<script>alert(1)</script>",
    '<body onload="alert(1)"><p>body text</p></body>',
    '<details open ontoggle="alert(1)">d</details>',
    '<video poster="javascript:alert(1)"></video>', '<img srcset="javascript:alert(1) 2x" alt="s">',
    '<img src="data:image/png;base64,AAAA" data-src="javascript:alert(1)" alt="lazy">',
    "<p>&lt;script&gt;alert(1)&lt;/script&gt; as text</p>",
    "<p>&lt;img src=x onerror=alert(1)&gt; as text</p>", "<p>&lt;javascript:alert(1)&gt;</p>",
    "<p>[click](javascript:alert(1)) as text</p>", "<p>![x](javascript:alert(1)) as text</p>",
    '<a href="x" style="color:red" id="i" class="c">attrs</a>',
    # a formula goes out as TeX between dollars, which plain CommonMark reads as markdown
    "<p>We have <math><mtext>&lt;img src=x onerror=alert(1)&gt;</mtext></math> here.</p>",
    "<p>Then <math><mi>[x](javascript:alert(1))</mi></math> holds.</p>",
    '<p>If <math alttext="&lt;img src=x onerror=alert(1)&gt;"><mi>a</mi></math> holds.</p>',
    '<script type="math/tex">[a](javascript:alert(1))</script>',
    '<math display="block"><mtext>[r]: javascript:alert(1)</mtext></math><p>See [r].</p>',
    '<p>Grows as <math><mi>x</mi><mo>&lt;</mo><mi>y</mi></math> <math><mtext>&lt;a href='
    '"javascript:alert(1)"&gt;x&lt;/a&gt;</mtext></math> here.</p>',
    # inline code holding blocks: its text is written raw, as code is, so every run of it
    # must stay in a code span, and the blocks' own text is text
    "<code><ul><li>[x](javascript:alert(1))</li></ul></code>",
    "<p>Run <code>&lt;script&gt;alert(1)&lt;/script&gt;<div>block</div></code> now.</p>",
    "<code><div>one</div>[x](javascript:alert(1))<div>two</div></code>",
    "<code><a><header>`</header>[x](javascript:alert(1))<dt>~~~</dt></a></code>",
]
BASE_VECTORS = ["javascript:alert(1)//", "jav&#x09;ascript:alert(1)//", "data:text/html,x/"]


def _is_live_url(value: str) -> bool:
    """Browser view of a URL attribute: does it carry a scheme outside the allow-list?"""
    view = value.strip("".join(chr(c) for c in range(0x21)))
    view = re.sub(r"[\t\n\r]", "", view)
    m = re.match(r"([a-zA-Z][a-zA-Z0-9+.\-]*):", view)
    return m is not None and m.group(1).lower() not in _SAFE


def live_in_html(fragment: str) -> list[str]:
    """Every live construct of an HTML fragment, as short descriptions."""
    if not fragment.strip():
        return []
    found = []
    root = lxml.html.fragment_fromstring(fragment, create_parent="div")
    for el in root.iter():
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag.lower() in _LIVE_TAGS:
            found.append(f"<{tag}>")
        for name, value in el.attrib.items():
            key = name.lower()
            if key.startswith("on") or key in ("srcdoc", "formaction"):
                found.append(f"{key}=")
            elif key == "style" and re.search(r"url\s*\(|expression\s*\(", value, re.I):
                found.append("style url()")
            elif key in _URL_ATTRS and any(map(_is_live_url, _urls_of(key, value))):
                found.append(f"{key}={value!r}")
    return found


def _urls_of(attr: str, value: str) -> list[str]:
    if attr != "srcset":
        return [value]
    return [c.split()[0] for c in value.split(",") if c.split()]


def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark")
    # Judge the URL ourselves: no scheme filter, and no percent-encoding that would hide
    # a decoded tab from the oracle (not every renderer encodes).
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    md.normalizeLink = lambda url: url  # type: ignore[method-assign]
    return md


_MD = _renderer()


def live_in_markdown(markdown: str) -> list[str]:
    return live_in_html(_MD.render(markdown))


def _page(fragment: str, head: str = "") -> str:
    return (f"<html><head><title>Council budget</title>{head}</head><body><article>"
            f"<h1>Council budget</h1><p>{_PROSE}</p>{fragment}<p>{_PROSE}</p>"
            "</article></body></html>")


def _pages() -> list[tuple[str, str]]:
    pages = []
    for v in URL_VECTORS:
        quoted = v.replace('"', "&quot;")
        pages.append((f"a:{v}", _page(f'<p>See <a href="{quoted}">the minutes</a> now.</p>')))
        pages.append((f"img:{v}", _page(f'<p><img src="{quoted}" alt="chart"></p>')))
    pages.extend((f"markup:{v}", _page(v)) for v in MARKUP_VECTORS)
    pages.extend((f"base:{v}", _page('<p><a href="minutes">the minutes</a></p>',
                                     f'<base href="{v}">')) for v in BASE_VECTORS)
    head = ('<link rel="canonical" href="jav&#x09;ascript:alert(1)">'
            '<meta property="og:image" content="javascript:alert(1)">')
    pages.append(("meta:canonical+image", _page("", head)))
    return pages


PAGES = _pages()
_TEXT_LINKS = mainmark.Options(links="text", chunking=False)


def _live(name: str, page: str) -> list[str]:
    doc = mainmark.extract(page, url="https://news.example/budget")
    found = [f"html {x}" for x in live_in_html(doc.html)]
    found += [f"markdown {x}" for x in live_in_markdown(doc.markdown)]
    for field in ("canonical_url", "image"):
        value = getattr(doc.metadata, field)
        if value and _is_live_url(value):
            found.append(f"metadata {field}={value!r}")
    listed = mainmark.extract(page, url="https://news.example/budget",
                              options=_TEXT_LINKS).links
    found += [f"link {link.url!r}" for link in listed if _is_live_url(link.url)]
    return found


def test_the_vector_list_is_the_classic_eighty() -> None:
    assert len(URL_VECTORS) + len(MARKUP_VECTORS) >= 80


def test_the_oracle_sees_what_a_browser_sees() -> None:
    assert live_in_html('<a href="jav\tascript:x">a</a>') and live_in_html("<p onclick=x>p</p>")
    assert live_in_markdown("[a](jav&#x09;ascript:alert(1))")
    assert not live_in_html('<a href="https://ok.example/a?b=1">a</a><img src="/i.png" alt="">')


def test_no_vector_is_live_anywhere() -> None:
    live = {name: found for name, page in PAGES if (found := _live(name, page))}
    assert live == {}


def test_safe_links_survive() -> None:
    doc = mainmark.extract(_page('<p>Read <a href="/minutes?y=2024&amp;p=2">the minutes</a>'
                                 ' of the session, write to <a href="mailto:clerk@example.org">'
                                 'the clerk</a> of the council, or compare with <a href='
                                 '"HTTPS://other.example/">the other town</a> nearby.</p>'),
                           url="https://news.example/budget", options=_TEXT_LINKS)
    assert [link.url for link in doc.links] == [
        "https://news.example/minutes?y=2024&p=2", "mailto:clerk@example.org",
        "https://other.example/"]


@pytest.mark.parametrize("url, expected", [
    ("jav\tascript:x", None), ("\x01\x02 javascript:x", None), ("JAVASCRIPT:x", None),
    ("javascript&colon;x", None), ("jav&amp;#x09;ascript:x", None), ("javascript\\:x", None),
    ("a b", "https://h.example/a b"), ("//cdn.example/x", "https://cdn.example/x"),
    (" https://h.example/\n", "https://h.example/"), ("", None), ("tel:123", None),
])
def test_safe_url(url: str, expected: str | None) -> None:
    from mainmark.page.urls import safe_url

    assert safe_url(url, "https://h.example/") == expected


def test_an_unsafe_base_is_ignored() -> None:
    from mainmark.page.urls import safe_url

    assert safe_url("x", "javascript:alert(1)//") == "x"


_SCHEMES = st.sampled_from(["javascript", "vbscript", "data"])
_JUNK = st.sampled_from(["\t", "\n", "\r", "&#x09;", "&#10;", "&#X0D;", "&Tab;", "&NewLine;",
                         "&#0009;", "&amp;#x09;"])
_LEAD = st.sampled_from(["", " ", "&#x01;", "&#x1f;", "&#32;", "\t", "&#x0C;", "  &#x0B;"])
_COLON = st.sampled_from([":", "&colon;", "&#58;", "&#x3A;", "&#x003a;", "\\:"])


@st.composite
def scheme_variants(draw: st.DrawFn) -> str:
    """A dangerous scheme as a hostile page may spell it: random case, junk between any
    two letters, entity-encoded letters, leading controls, any spelling of the colon."""
    out = draw(_LEAD)
    for ch in draw(_SCHEMES):
        ch = ch.upper() if draw(st.booleans()) else ch
        if draw(st.integers(0, 5)) == 0:
            ch = draw(st.sampled_from([f"&#{ord(ch)};", f"&#x{ord(ch):x};", f"&#{ord(ch):07d}"]))
        out += ch
        if draw(st.integers(0, 3)) == 0:
            out += draw(_JUNK)
    return out + draw(_COLON) + "alert(1)"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scheme_variants(), st.booleans())
def test_generated_variants_are_never_live(vector: str, as_image: bool) -> None:
    from mainmark.page.urls import is_safe_url

    quoted = vector.replace('"', "&quot;")
    fragment = (f'<p><img src="{quoted}" alt="chart"></p>' if as_image
                else f'<p>See <a href="{quoted}">the minutes</a> now.</p>')
    assert _live(vector, _page(fragment)) == []
    # and the function alone, on the URL as the tree decoded it
    assert not is_safe_url(htmllib.unescape(vector))
