#!/usr/bin/env python3
"""Rule audit: switch each extraction rule and vocabulary group off in turn and measure
word F1 on the TUNE and CHECK halves of the four bench sets (sh, tr, rd, wx).

    .venv/bin/python benchmarks/rule_audit.py                 # every unit, table on stdout
    .venv/bin/python benchmarks/rule_audit.py --only broad-nav,leads --json audit.json

Needs ``../shared/bench`` and the neutral scorer ``../shared/tools/bench_score.py`` (its
loaders and metrics are imported, so the figures are the referee's). Nothing here is on
the extraction path: a unit is switched off by monkeypatching the module attributes the
shipped code reads (vocabulary groups in ``content/vocab.py``, thresholds and steps in
``content/*.py``) inside the two worker processes only.

Speed: pages are decompressed once per worker; one instrumented baseline run records,
per page, which rules fired (class tokens seen, chrome verdicts, prune rules, selection
steps, matched prompt/notice/label entries); a unit is then re-run only on the pages
where it fired (switching off a rule that did not fire cannot change the output), and
only pages whose text changed are re-scored. Chunking is off (the text is the same).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import multiprocessing as mp
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

SETS = ("sh", "tr", "rd", "wx")
HERE = Path(__file__).resolve().parent
DEFAULT_SCORER = HERE.parent.parent / "shared" / "tools" / "bench_score.py"
NEVER = re.compile(r"(?!)")


def load_scorer(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_score", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ----------------------------------------------------------------------------- tracing


@dataclass
class Trace:
    """What fired on one page in the baseline run."""

    tokens: set[str] = field(default_factory=set)
    verdicts: set[str] = field(default_factory=set)
    removed: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)
    prompts: set[str] = field(default_factory=set)
    notices: set[str] = field(default_factory=set)
    labels: set[str] = field(default_factory=set)
    raw: bytes = b""


class _Matcher:
    """Stands in for a block-start regex and records which alternatives matched."""

    def __init__(self, pattern: re.Pattern[str], alternatives: tuple[str, ...],
                 sink: Callable[[], set[str]]) -> None:
        self.pattern, self.sink = pattern, sink
        self.parts = [(a, re.compile(r"[\W_]{0,3}(?:" + a + ")", re.IGNORECASE))
                      for a in alternatives]

    def match(self, line: str) -> re.Match[str] | None:
        found = self.pattern.match(line)
        if found:
            self.sink().update(a for a, rx in self.parts if rx.match(line))
        return found


class _RecordingSet(frozenset[str]):
    """A tag set that records when a membership test says yes (an exception taken)."""

    event = ""
    sink: Callable[[], set[str]] = staticmethod(lambda: set())

    def __contains__(self, item: object) -> bool:
        hit = frozenset.__contains__(self, item)
        if hit:
            self.sink().add(self.event)
        return hit


class _Everything(frozenset[str]):
    def __contains__(self, item: object) -> bool:
        return True


CURRENT: list[Trace] = [Trace()]


def _trace() -> Trace:
    return CURRENT[0]


def _wrap(mod: ModuleType, name: str, after: Callable[..., None]) -> tuple[Any, str, Any]:
    orig = getattr(mod, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        out = orig(*args, **kwargs)
        after(out, *args, **kwargs)
        return out
    return (mod, name, wrapper)


def _tracing_patches() -> list[tuple[Any, str, Any]]:
    from mainmark import pipeline
    from mainmark.content import measure, prune, score, select, vocab

    def on_measure(m: Any, *_: Any) -> None:
        t = _trace()
        for ws in m.words.values():
            t.tokens.update(ws)
        t.verdicts.update(m.chrome.values())
        t.verdicts.update(m.narrow.values())

    def on_prune(removed: dict[Any, str], roots: list[Any], m: Any, chrome: Any,
                 pruning: Any, core: Any = None, *_: Any, **__: Any) -> None:
        _trace().removed.update(removed.values())
        if core is not None and any(r is not core for r in roots):
            _trace().events.add("widened-core")

    def event(name: str, test: Callable[..., bool]) -> Callable[..., None]:
        def after(out: Any, *args: Any, **kwargs: Any) -> None:
            if test(out, *args):
                _trace().events.add(name)
        return after

    def on_ui(out: bool, el: Any, line: str) -> None:
        parent = el.getparent()
        label = " ".join(prune._UI_STRIP.sub(" ", line.casefold()).split())
        if out:
            _trace().labels.add("#slide" if label not in vocab.UI_LABELS else label)
        elif parent is not None and parent.tag in prune._DATA_ITEM_TAGS and (
                label in vocab.UI_LABELS or vocab.SLIDE_COUNTER.fullmatch(label)):
            _trace().events.add("ui-dataitem")

    def on_select(content: Any, *_: Any, **__: Any) -> None:
        _trace().events.add("strategy:" + content.explain.strategy.value)

    lists = _RecordingSet(prune._LIST_TAGS)
    lists.event, lists.sink = "list-exception", lambda: _trace().events
    alts = vocab.READER_PROMPT_FAMILIES.values()
    nalts = vocab.PUBLISHER_NOTICE_FAMILIES.values()
    return [
        _wrap(select, "measure", on_measure),
        _wrap(select, "prune", on_prune),
        _wrap(pipeline, "select", on_select),
        (prune, "READER_PROMPT", _Matcher(vocab.READER_PROMPT, tuple(a for f in alts for a in f),
                                          lambda: _trace().prompts)),
        (prune, "PUBLISHER_NOTICE", _Matcher(vocab.PUBLISHER_NOTICE,
                                             tuple(a for f in nalts for a in f),
                                             lambda: _trace().notices)),
        (prune, "_LIST_TAGS", lists),
        _wrap(prune, "_is_ui_label", on_ui),
        _wrap(prune, "_data_table_part", event("datatable", lambda o, *a: o)),
        _wrap(prune, "_in_photo", event("inphoto", lambda o, *a: o)),
        _wrap(measure, "_is_prose", event("isprose", lambda o, *a: o)),
        _wrap(score, "_feed_story", event("feed-story", lambda o, *a: o[1] is not None)),
        _wrap(score, "_promote", event("promote", lambda o, top, *a: o is not top)),
        _wrap(score, "_widen", event("widen", lambda o, top, *a: o is not top)),
        _wrap(score, "_outlying_prose",
              event("outlying", lambda o, roots, *a: len(o) > len(roots))),
        _wrap(score, "with_siblings", event("siblings", lambda o, *a: len(o) > 1)),
        _wrap(select, "with_siblings", event("jsonld-siblings", lambda o, *a: len(o) > 1)),
        _wrap(score, "leads", event("leads", lambda o, *a: bool(o))),
        _wrap(select, "leads", event("jsonld-leads", lambda o, *a: bool(o))),
        _wrap(score, "_div_as_paragraph", event("divpara", lambda o, *a: o)),
        _wrap(score, "_good_paragraph", event("goodpara", lambda o, *a: o)),
        _wrap(select, "locate_article_body", event("jsonld", lambda o, *a: o is not None)),
        _wrap(select, "locate_article_body",
              event("jsonld-paragraphs", lambda o, *a: o is not None and bool(o.paragraphs))),
        _wrap(select, "_effective_chrome",
              event("effchrome", lambda o, m, *a: len(o) < len(m.chrome))),
    ]


# ----------------------------------------------------------------------------- patching


def _modules() -> list[ModuleType]:
    return [mod for name, mod in sorted(sys.modules.items())
            if name.startswith("mainmark.content.") and mod is not None]


def rebind(name: str, value: Any) -> list[tuple[Any, str, Any]]:
    """Patch a vocabulary name in every content module that imported it."""
    from mainmark.content import vocab
    orig = getattr(vocab, name)
    return [(mod, name, value) for mod in _modules() if getattr(mod, name, None) is orig]


@contextmanager
def patched(patches: list[tuple[Any, str, Any]]) -> Iterator[None]:
    from mainmark.content import measure, vocab
    saved = [(obj, attr, getattr(obj, attr)) for obj, attr, _ in patches]
    # Several patches may wrap the same attribute: apply them in order, each wrapping the
    # value the previous one left.
    for obj, attr, value in patches:
        if callable(value) and getattr(value, "__name__", "") == "wrapper":
            value = _rewrap(value, getattr(obj, attr))
        setattr(obj, attr, value)
    vocab.words.cache_clear()
    measure._class_signals.cache_clear()
    measure._judge.cache_clear()
    try:
        yield
    finally:
        for obj, attr, value in reversed(saved):
            setattr(obj, attr, value)
        vocab.words.cache_clear()
        measure._class_signals.cache_clear()
        measure._judge.cache_clear()


def _rewrap(wrapper: Any, current: Any) -> Any:
    """Point a tracing wrapper at the attribute's current value (stacked wrappers)."""
    cells = wrapper.__closure__ or ()
    names = wrapper.__code__.co_freevars
    after = cells[names.index("after")].cell_contents

    def rewrapped(*args: Any, **kwargs: Any) -> Any:
        out = current(*args, **kwargs)
        after(out, *args, **kwargs)
        return out
    return rewrapped


# ----------------------------------------------------------------------------- units


@dataclass
class Unit:
    name: str
    area: str
    why: str
    patches: Callable[[], list[tuple[Any, str, Any]]]
    fired: Callable[[Trace], bool]


def _const(mod_name: str, attr: str, value: Any) -> Callable[[], list[tuple[Any, str, Any]]]:
    def make() -> list[tuple[Any, str, Any]]:
        mod = importlib.import_module(f"mainmark.content.{mod_name}")
        return [(mod, attr, value)]
    return make


class _Unfrozen:
    """A stage's cut-off table (``content.constants.CUT``, a frozen dataclass) whose fields
    the audit may set for the length of a run, through the same ``setattr`` as a module's
    names."""

    def __init__(self, table: Any) -> None:
        object.__setattr__(self, "_table", table)

    def __getattr__(self, name: str) -> Any:
        return getattr(object.__getattribute__(self, "_table"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(object.__getattribute__(self, "_table"), name, value)


def _cut(field: str, value: Any) -> Callable[[], list[tuple[Any, str, Any]]]:
    """Set a field of the content stage's cut-off table (``CUT.<field>``)."""
    def make() -> list[tuple[Any, str, Any]]:
        from mainmark.content.constants import CUT
        return [(_Unfrozen(CUT), field, value)]
    return make


def _many(*makers: Callable[[], list[tuple[Any, str, Any]]],
          ) -> Callable[[], list[tuple[Any, str, Any]]]:
    return lambda: [p for mk in makers for p in mk()]


def _vocab_minus(name: str, group: str | frozenset[str],
                 keep_groups: tuple[str, ...] = ()) -> Callable[[], list[tuple[Any, str, Any]]]:
    """``name`` without the words of ``group`` (words also in ``keep_groups`` stay)."""
    def make() -> list[tuple[Any, str, Any]]:
        from mainmark.content import vocab
        words = getattr(vocab, group) if isinstance(group, str) else group
        keep: set[str] = set()
        for other in keep_groups:
            keep |= getattr(vocab, other)
        return rebind(name, frozenset(getattr(vocab, name) - (words - keep)))
    return make


def _vocab_set(name: str, value: Any) -> Callable[[], list[tuple[Any, str, Any]]]:
    return lambda: rebind(name, value)


def _tok(group: str) -> Callable[[Trace], bool]:
    def fired(t: Trace) -> bool:
        from mainmark.content import vocab
        return bool(t.tokens & getattr(vocab, group))
    return fired


def _stems(group: str) -> Callable[[Trace], bool]:
    def fired(t: Trace) -> bool:
        from mainmark.content import vocab
        stems = getattr(vocab, group)
        return any(w.startswith(stems) for w in t.tokens)
    return fired


def _ev(*names: str) -> Callable[[Trace], bool]:
    return lambda t: any(n in t.events for n in names)


def _rm(*names: str) -> Callable[[Trace], bool]:
    return lambda t: any(n in t.removed for n in names)


def _verdict(prefix: str) -> Callable[[Trace], bool]:
    return lambda t: any(v.startswith(prefix) for v in t.verdicts)


def _raw(*needles: bytes) -> Callable[[Trace], bool]:
    return lambda t: any(n in t.raw for n in needles)


def _noop(*_: Any, **__: Any) -> None:
    return None


_BROAD_GROUPS = ("NAV_WORDS", "RECIRC_WORDS", "MARKETING_WORDS", "AD_WORDS", "OVERLAY_WORDS",
                 "WALL_WORDS", "SOCIAL_WORDS", "COMMENT_WORDS", "LISTING_WORDS")
_NARROW_GROUPS = ("NARROW_NAV_WORDS", "NARROW_SOCIAL_WORDS", "NARROW_MARKETING_WORDS",
                  "NARROW_AD_WORDS", "NARROW_COMMENT_WORDS",
                  "CREDIT_WORDS")
_I18N_GROUPS: tuple[str, ...] = ()  # i18n:comment, the last, went in the 0.21 audit


def _broad_group(group: str) -> Callable[[], list[tuple[Any, str, Any]]]:
    others = tuple(g for g in _BROAD_GROUPS + _I18N_GROUPS if g != group)
    return _many(_vocab_minus("BROAD_CHROME_WORDS", group, others),
                 _vocab_minus("NEGATIVE_WORDS", group, (*others, "NEGATIVE_EXTRA_WORDS")))


def _narrow_group(group: str) -> Callable[[], list[tuple[Any, str, Any]]]:
    others = tuple(g for g in _NARROW_GROUPS + _I18N_GROUPS if g != group)
    return _vocab_minus("NARROW_CHROME_WORDS", group, others)


def _trim_side(rule: str) -> Callable[[], list[tuple[Any, str, Any]]]:
    def make() -> list[tuple[Any, str, Any]]:
        from mainmark.content import prune
        orig = prune._trim_edges

        def trim(roots: Any, m: Any, removed: dict[Any, str], *rest: Any, **kw: Any) -> Any:
            before = dict(removed)
            out = orig(roots, m, removed, *rest, **kw)
            for el in [e for e, r in removed.items() if r == rule and e not in before]:
                del removed[el]
            return out
        return [(prune, "_trim_edges", trim)]
    return make


def _no_core() -> list[tuple[Any, str, Any]]:
    from mainmark.content import select
    orig = select.prune
    return [(select, "prune", lambda roots, m, chrome, pruning, core=None, *rest:
             orig(roots, m, chrome, pruning, None, *rest))]


def _ladder_without(index: int) -> Callable[[], list[tuple[Any, str, Any]]]:
    def make() -> list[tuple[Any, str, Any]]:
        from mainmark.content import select
        steps = tuple(s for i, s in enumerate(select._LADDER) if i != index)
        return [(select, "_LADDER", steps)]
    return make


def _keeps_noscript_only() -> list[tuple[Any, str, Any]]:
    from mainmark.content import clean
    return [(clean, "_keeps", lambda el: el.tag == "noscript" and clean._noscript_prose(el))]


def _strip_no_forms() -> list[tuple[Any, str, Any]]:
    from mainmark.content import clean, vocab
    tags = tuple(t for t in clean._STRIP_TAGS if t not in vocab.FORM_CONTROL_TAGS)
    return [(clean, "_STRIP_TAGS", tags)]


def _regex_without(name: str, families: str, drop: Callable[[str, str], bool],
                   ) -> Callable[[], list[tuple[Any, str, Any]]]:
    def make() -> list[tuple[Any, str, Any]]:
        from mainmark.content import prune, vocab
        fams = getattr(vocab, families)
        kept = tuple(a for fam, alts in fams.items() for a in alts if not drop(fam, a))
        return [(prune, name, vocab.block_start(kept) if kept else NEVER)]
    return make


def _labels_without(drop: Callable[[str], bool]) -> Callable[[], list[tuple[Any, str, Any]]]:
    def make() -> list[tuple[Any, str, Any]]:
        from mainmark.content import prune, vocab
        return [(prune, "UI_LABELS", frozenset(x for x in vocab.UI_LABELS if not drop(x)))]
    return make


def _family_labels(fam: str) -> frozenset[str]:
    from mainmark.content import vocab
    return frozenset(x.casefold() for x in vocab.UI_LABEL_FAMILIES[fam])


def units(entries: bool = True) -> list[Unit]:
    from mainmark.content import vocab
    out: list[Unit] = []
    add = out.append
    for g in _BROAD_GROUPS:
        add(Unit(f"broad:{g.lower().removesuffix('_words')}", "vocab",
                 "broad chrome words outside the main region", _broad_group(g), _tok(g)))
    for g in _NARROW_GROUPS:
        add(Unit(f"narrow:{g.lower().removesuffix('_words').removeprefix('narrow_')}",
                 "vocab", "narrow chrome words inside the content", _narrow_group(g),
                 _tok(g)))
    for g in _I18N_GROUPS:
        others_b = tuple(x for x in _BROAD_GROUPS + _I18N_GROUPS if x != g)
        others_n = tuple(x for x in _NARROW_GROUPS + _I18N_GROUPS if x != g)
        add(Unit(f"i18n:{g.lower().removeprefix('i18n_').removesuffix('_words')}", "vocab",
                 "non-English chrome words (broad and narrow)",
                 _many(_vocab_minus("BROAD_CHROME_WORDS", g, others_b),
                       _vocab_minus("NEGATIVE_WORDS", g, (*others_b, "NEGATIVE_EXTRA_WORDS")),
                       _vocab_minus("NARROW_CHROME_WORDS", g, others_n),
                       _vocab_minus("PROSE_CHROME_WORDS", g)), _tok(g)))
    v = _vocab_set
    add(Unit("broad-stems", "vocab", "compound chrome stems outside main",
             v("BROAD_STEMS", ()), _stems("BROAD_STEMS")))
    add(Unit("narrow-stems", "vocab", "compound chrome stems inside main",
             v("NARROW_STEMS", ()), _stems("NARROW_STEMS")))
    add(Unit("aside-words", "vocab", "<aside> classed sidebar inside main",
             v("ASIDE_CHROME_WORDS", frozenset()), _verdict("aside:")))
    add(Unit("article-header", "vocab", "entry-header is not the site header",
             v("ARTICLE_WORDS", frozenset()),
             lambda t: "header" in t.tokens and bool(t.tokens & vocab.ARTICLE_WORDS)))
    add(Unit("main-words", "vocab", "class words marking the main region",
             v("MAIN_WORDS", frozenset()), _tok("MAIN_WORDS")))
    add(Unit("positive-words", "vocab", "class words raising a container's score",
             v("POSITIVE_WORDS", frozenset()), _tok("POSITIVE_WORDS")))
    add(Unit("negative-extra", "vocab", "non-chrome class words lowering a score",
             v("NEGATIVE_WORDS", vocab.BROAD_CHROME_WORDS), _tok("NEGATIVE_EXTRA_WORDS")))
    add(Unit("lead-words", "vocab", "standfirst class words (leads step)",
             v("LEAD_WORDS", frozenset()), _ev("leads", "jsonld-leads")))
    add(Unit("ignored-prefixes", "vocab", "taxonomy/state class prefixes ignored",
             v("IGNORED_CLASS_PREFIXES", ()),
             lambda t: bool(re.search(rb"[\s\"'](?:" + b"|".join(
                 re.escape(p.encode()) for p in vocab.IGNORED_CLASS_PREFIXES) + b")", t.raw))))
    add(Unit("prose-chrome", "vocab", "comments/newsletter/bio never prose-exempt",
             _many(v("PROSE_CHROME_WORDS", frozenset()), v("PROSE_CHROME_STEMS", ())),
             lambda t: any(v_[7:] in vocab.PROSE_CHROME_WORDS
                           or v_[7:].startswith(vocab.PROSE_CHROME_STEMS)
                           for v_ in t.verdicts if v_.startswith("narrow:"))))
    add(Unit("chrome-roles", "vocab", "ARIA chrome roles", v("CHROME_ROLES", frozenset()),
             _verdict("role=")))
    add(Unit("chrome-tags", "vocab", "nav/footer/aside/header/menu outside main",
             v("CHROME_TAGS", frozenset()), _verdict("tag:")))
    add(Unit("hard-chrome-tags", "vocab", "nav/menu/footer inside main",
             v("HARD_CHROME_TAGS", frozenset()), _verdict("tag:")))
    # prune rules
    add(Unit("reader-prompt", "prune", "short reader prompts",
             _const("prune", "READER_PROMPT", NEVER), _rm("reader-prompt")))
    add(Unit("site-notice", "prune", "publisher notices",
             _const("prune", "PUBLISHER_NOTICE", NEVER), _rm("site-notice")))
    add(Unit("ui-label", "prune", "widget labels and slide counters",
             _many(_const("prune", "UI_LABELS", frozenset()),
                   _const("prune", "SLIDE_COUNTER", NEVER)), _rm("ui-label")))
    for fam in vocab.UI_LABEL_FAMILIES:
        add(Unit(f"ui-label:{fam}", "prune", "widget labels, one language",
                 _labels_without(lambda x, f=fam: x in _family_labels(f)),
                 lambda t, f=fam: bool(t.labels & _family_labels(f))))
    add(Unit("ui-label:slide-counter", "prune", "gallery slide counters",
             _const("prune", "SLIDE_COUNTER", NEVER), lambda t: "#slide" in t.labels))
    add(Unit("ui-label:data-items", "prune", "labels in li/td are data",
             _const("prune", "_DATA_ITEM_TAGS", frozenset()), _ev("ui-dataitem")))
    for fam in vocab.READER_PROMPT_FAMILIES:
        alts = vocab.READER_PROMPT_FAMILIES[fam]
        add(Unit(f"reader-prompt:{fam}", "prune", "reader prompts, one language",
                 _regex_without("READER_PROMPT", "READER_PROMPT_FAMILIES",
                                lambda f, a, fam=fam: f == fam),
                 lambda t, alts=alts: bool(t.prompts & set(alts))))
    for fam in vocab.PUBLISHER_NOTICE_FAMILIES:
        alts = vocab.PUBLISHER_NOTICE_FAMILIES[fam]
        add(Unit(f"site-notice:{fam}", "prune", "publisher notices, one language",
                 _regex_without("PUBLISHER_NOTICE", "PUBLISHER_NOTICE_FAMILIES",
                                lambda f, a, fam=fam: f == fam),
                 lambda t, alts=alts: bool(t.notices & set(alts))))
    c = _const
    add(Unit("link-density", "prune", "link-dense blocks inside the content",
             c("prune", "_DENSITY_TAGS", frozenset()), _rm("link-density")))
    add(Unit("link-density:below-floor", "prune", "short-link strips below the byte floor",
             _cut("short_share", math.inf), _rm("link-density")))
    add(Unit("link-density:long-lists", "prune", "lists of long link texts are content",
             c("prune", "_LIST_TAGS", frozenset()), _ev("list-exception")))
    add(Unit("link-density:data-tables", "prune", "link matrices in data tables are data",
             c("prune", "_data_table_part", lambda el: False), _ev("datatable")))
    add(Unit("photo-credit", "prune", "credit lines (Foto:, ©) under images",
             c("prune", "_CREDIT", NEVER), _rm("photo-credit")))
    add(Unit("photo-credit:figure-cite", "prune", "<cite>/<small> in a photo figure",
             c("prune", "_CREDIT_SIGNS", frozenset()), _ev("inphoto")))
    add(Unit("edge:trailing-furniture", "prune", "short unpunctuated blocks at the end",
             _trim_side("trailing-furniture"), _rm("trailing-furniture")))
    add(Unit("edge:leading-furniture", "prune", "short unpunctuated blocks at the start",
             _trim_side("leading-furniture"), _rm("leading-furniture")))
    add(Unit("author-bio", "prune", "author biography box under the post",
             c("furniture", "_BIO_WORDS", frozenset()), _rm("author-bio")))
    add(Unit("adjacent-posts", "prune", "previous/next post pager",
             c("furniture", "_PREV_WORDS", frozenset()), _rm("adjacent-posts")))
    add(Unit("repeated-caption", "prune", "gallery captions printed twice",
             c("prune", "drop_repeats", _noop), _rm("repeated-caption")))
    add(Unit("prose-exempt", "prune", "narrow-chrome box of real paragraphs is content",
             c("measure", "_is_prose", lambda el, m: False), _ev("isprose")))
    add(Unit("broad-on-widened", "prune", "broad verdicts on material widening added",
             _no_core, _ev("widened-core")))
    # selection
    add(Unit("jsonld-locate", "select", "articleBody names the article's words",
             c("select", "locate_article_body", lambda *a: None), _ev("jsonld")))
    add(Unit("jsonld-paragraphs", "select", "articleBody not in DOM: emit it",
             _cut("locate_client_rendered", -1.0), _ev("jsonld-paragraphs")))
    add(Unit("jsonld-leads", "select", "lead paragraph before a located article",
             c("select", "leads", lambda *a: []), _ev("jsonld-leads")))
    add(Unit("effchrome:main-wrappers", "select", "wrappers of <main>/main marks not chrome",
             c("select", "_main_wrappers", lambda *a: set()), _ev("effchrome")))
    add(Unit("effchrome:max-share", "select", "chrome verdict ignored on >85% boxes",
             _cut("chrome_max_share", math.inf), _ev("effchrome")))
    add(Unit("effchrome:prose-exempt", "select", "narrow-chrome prose boxes scorable",
             c("select", "prose_exempt", lambda *a: False), _ev("effchrome")))
    add(Unit("feed-story", "select", "infinite scroll: the title's story",
             c("score", "_feed_story", lambda top, *a: (top, None, [])), _ev("feed-story")))
    add(Unit("promote:strong-ancestor", "select", "ancestor of 2+ strong candidates",
             _cut("strong_min", 10 ** 9), _ev("promote")))
    add(Unit("promote:near-tie", "select", "ancestor scoring 90% of the top",
             _cut("near_tie", math.inf), _ev("promote")))
    add(Unit("promote:container-climb", "select", "non-container winner climbs",
             c("score", "CONTAINER_TAGS", _Everything()), _ev("promote")))
    add(Unit("widen", "select", "ancestor with clearly more prose", _cut("widen_levels", 0),
             _ev("widen")))
    add(Unit("outlying-prose", "select", "clean prose boxes in ancestors' siblings",
             _cut("outlying_levels", 0), _ev("outlying")))
    add(Unit("siblings", "select", "qualifying siblings join the winner",
             c("score", "with_siblings", lambda top, *a: [top]), _ev("siblings")))
    add(Unit("siblings:good-paragraph", "select", "plain <p> siblings join",
             c("score", "_good_paragraph", lambda *a: False), _ev("goodpara")))
    add(Unit("leads", "select", "marked standfirst before the winner",
             c("score", "leads", lambda *a: []), _ev("leads")))
    add(Unit("hint-proportional", "select", "positive hint scaled by text size",
             _cut("hint_full_bytes", 1), lambda t: bool(t.tokens & (
                 vocab.POSITIVE_WORDS | vocab.MAIN_WORDS))))
    add(Unit("div-as-paragraph", "select", "div with own text runs scores",
             c("score", "_div_as_paragraph", lambda *a: False), _ev("divpara")))
    add(Unit("ladder:relaxed", "select", "relaxed-pruning rung", _ladder_without(1),
             _ev("strategy:ladder", "strategy:fallback")))
    add(Unit("ladder:no-chrome", "select", "no-chrome-vocabulary rung", _ladder_without(2),
             _ev("strategy:ladder", "strategy:fallback")))
    # cleaning
    add(Unit("clean:noscript-prose", "clean", "<noscript> of paragraphs kept",
             c("clean", "_noscript_prose", lambda el: False), _raw(b"<noscript")))
    add(Unit("clean:void-unwrap", "clean", "content swallowed by void tags kept",
             _keeps_noscript_only, _raw(b"<embed", b"<source", b"<track", b"<param")))
    add(Unit("clean:hidden", "clean", "hidden/aria-hidden/display:none removed",
             c("clean", "_strip_hidden", _noop), _raw(b"hidden", b"none")))
    add(Unit("clean:hidden-weak-share", "clean",
             "box hidden by a sheet rule or zero opacity holding a quarter of the text kept",
             _cut("weak_max_share", math.inf), _raw(b"<style", b"opacity")))
    add(Unit("clean:shadow-roots", "clean", "declarative shadow DOM unwrapped",
             c("clean", "_open_shadow_roots", _noop), _raw(b"shadowroot")))
    add(Unit("clean:form-controls", "clean", "form control labels stripped", _strip_no_forms,
             _raw(b"<button", b"<input", b"<select", b"<textarea", b"<option")))
    if entries:
        out += _entry_units()
    return out


def _entry_units() -> list[Unit]:
    """One unit per prompt/notice alternative and per UI label (cheap: they fire rarely)."""
    from mainmark.content import vocab
    out = []
    for fam, alts in vocab.READER_PROMPT_FAMILIES.items():
        for a in alts:
            out.append(Unit(f"reader-prompt={a}", "entry", fam,
                            _regex_without("READER_PROMPT", "READER_PROMPT_FAMILIES",
                                           lambda f, x, a=a: x == a),
                            lambda t, a=a: a in t.prompts))
    for fam, alts in vocab.PUBLISHER_NOTICE_FAMILIES.items():
        for a in alts:
            out.append(Unit(f"site-notice={a}", "entry", fam,
                            _regex_without("PUBLISHER_NOTICE", "PUBLISHER_NOTICE_FAMILIES",
                                           lambda f, x, a=a: x == a),
                            lambda t, a=a: a in t.notices))
    for fam, labels in vocab.UI_LABEL_FAMILIES.items():
        for label in sorted(labels):
            key = label.casefold()
            out.append(Unit(f"ui-label={label}", "entry", fam,
                            _labels_without(lambda x, k=key: x == k),
                            lambda t, k=key: k in t.labels))
    return out


# ----------------------------------------------------------------------------- workers


def _page_stat(bs: ModuleType, ds: str, gold: Any, text: str) -> tuple[Any, ...]:
    """One page's contribution to its set's metric (bench_score's definitions)."""
    if ds == "sh":
        g, o = bs._shingles(gold), bs._shingles(text)
        tp, fp, fn = sum((g & o).values()), sum((o - g).values()), sum((g - o).values())
        s = tp + fp + fn
        if not s:
            return (None, None)
        tp, fp, fn = tp / s, fp / s, fn / s
        p = (1.0 if fp == fn == 0 else tp / (tp + fp)) if tp + fp > 0 else None
        r = (1.0 if fp == fn == 0 else tp / (tp + fn)) if tp + fn > 0 else None
        return (p, r)
    if ds == "tr":
        out = bs._ws(text or "")
        w = sum(bs._ws(s) in out for s in gold["with"]) if text else 0
        wo = sum(bs._ws(s) in out for s in gold["without"]) if text else 0
        return (w, wo, len(gold["with"]) - w)
    return tuple(bs._bag_prf(gold, text))


def aggregate(ds: str, stats: list[tuple[Any, ...]]) -> float:
    if not stats:
        return math.nan
    if ds == "sh":
        ps = [s[0] for s in stats if s[0] is not None]
        rs = [s[1] for s in stats if s[1] is not None]
        p = sum(ps) / len(ps) if ps else 0.0
        r = sum(rs) / len(rs) if rs else 0.0
        return 2 * p * r / (p + r) if p + r else 0.0
    if ds == "tr":
        tp, fp, fn = (sum(s[k] for s in stats) for k in range(3))
        return 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0
    return sum(s[2] for s in stats) / len(stats)


def _worker(shard: int, nshards: int, scorer: str, conn: Any) -> None:
    import gc

    import mainmark
    from mainmark.options import Options
    bs = load_scorer(Path(scorer))
    check = json.loads((bs.BENCH / "check-split.json").read_text(encoding="utf-8"))
    pages: dict[tuple[str, str], dict[str, Any]] = {}
    for ds in SETS:
        in_check = set(check.get(ds, ()))
        for i, it in enumerate(bs.load(ds)):
            if i % nshards != shard:
                continue
            gold = bs._html_text(it["gold"]) if ds == "rd" else it["gold"]
            pages[(ds, it["id"])] = {"html": it["html"], "url": it["url"], "gold": gold,
                                     "check": it["id"] in in_check}
        gc.collect()
    opts = Options(chunking=False)
    baseline: dict[tuple[str, str], str] = {}

    def run(key: tuple[str, str]) -> str:
        it = pages[key]
        try:
            return mainmark.extract(it["html"], url=it["url"], options=opts).text
        except Exception:
            return ""

    table = {u.name: u for u in units()}
    conn.send(("ready", {k: p["check"] for k, p in pages.items()}))
    while True:
        cmd, arg = conn.recv()
        if cmd == "stop":
            return
        if cmd == "baseline":
            traces: dict[tuple[str, str], Trace] = {}
            stats = {}
            with patched(_tracing_patches()):
                for key, it in pages.items():
                    CURRENT[0] = Trace(raw=it["html"])
                    baseline[key] = run(key)
                    traces[key] = CURRENT[0]
                    stats[key] = _page_stat(bs, key[0], it["gold"], baseline[key])
            fired = {name: [k for k, t in traces.items() if u.fired(t)]
                     for name, u in table.items()}
            conn.send(("baseline", (stats, fired)))
        elif cmd == "unit":
            name, keys = arg
            changed = {}
            with patched(table[name].patches()):
                for key in keys:
                    text = run(key)
                    if text != baseline[key]:
                        changed[key] = _page_stat(bs, key[0], pages[key]["gold"], text)
            conn.send(("unit", changed))


# ----------------------------------------------------------------------------- driver


@dataclass
class Pool:
    conns: list[Any]
    procs: list[Any]

    def ask(self, cmd: str, args: list[Any]) -> list[Any]:
        for conn, arg in zip(self.conns, args, strict=True):
            conn.send((cmd, arg))
        return [conn.recv()[1] for conn in self.conns]

    def close(self) -> None:
        for conn in self.conns:
            conn.send(("stop", None))
        for proc in self.procs:
            proc.join()


def start(n: int, scorer: Path) -> tuple[Pool, dict[tuple[str, str], bool]]:
    ctx = mp.get_context("spawn")
    conns, procs = [], []
    for i in range(n):
        a, b = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(i, n, str(scorer), b), daemon=True)
        proc.start()
        conns.append(a)
        procs.append(proc)
    halves: dict[tuple[str, str], bool] = {}
    for conn in conns:
        halves.update(conn.recv()[1])
    return Pool(conns, procs), halves


def figures(stats: dict[tuple[str, str], tuple[Any, ...]],
            halves: dict[tuple[str, str], bool]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {"tune": {}, "check": {}}
    for ds in SETS:
        for half in ("tune", "check"):
            sel = [s for k, s in sorted(stats.items(), key=lambda kv: kv[0])
                   if k[0] == ds and halves[k] == (half == "check")]
            out[half][ds] = aggregate(ds, sel)
    return out


def audit(pool: Pool, halves: dict[tuple[str, str], bool], only: set[str] | None,
          log: Callable[[str], None], max_fired: int | None = None,
          save: Callable[[dict[str, Any]], None] = lambda r: None) -> dict[str, Any]:
    results = pool.ask("baseline", [None] * len(pool.conns))
    stats: dict[tuple[str, str], tuple[Any, ...]] = {}
    fired: list[dict[str, list[tuple[str, str]]]] = []
    for st, fi in results:
        stats.update(st)
        fired.append(fi)
    base = figures(stats, halves)
    log("baseline " + json.dumps(base))
    rows: list[dict[str, Any]] = []
    result = {"baseline": base, "units": rows}
    todo = [u for u in units() if not only or u.name in only]
    # Cheapest first, so an interrupted run still holds most units.
    todo.sort(key=lambda u: sum(len(f.get(u.name, [])) for f in fired))
    for u in todo:
        keys = [f.get(u.name, []) for f in fired]
        n_fired = sum(len(k) for k in keys)
        if max_fired is not None and n_fired > max_fired:
            rows.append({"unit": u.name, "area": u.area, "why": u.why, "fired": n_fired,
                         "changed": None, "delta": None})
            log(f"{u.name:40s} fired {n_fired:5d} not run (over --max-fired)")
            continue
        changed: dict[tuple[str, str], tuple[Any, ...]] = {}
        if n_fired:
            for part in pool.ask("unit", [(u.name, k) for k in keys]):
                changed.update(part)
        new = figures({**stats, **changed}, halves) if changed else base
        delta = {h: {ds: new[h][ds] - base[h][ds] for ds in SETS} for h in new}
        row = {"unit": u.name, "area": u.area, "why": u.why, "fired": n_fired,
               "changed": len(changed), "delta": delta}
        rows.append(row)
        log(f"{u.name:40s} fired {n_fired:5d} changed {len(changed):4d} "
            f"TUNE {_fmt(delta['tune'])} CHECK {_fmt(delta['check'])}")
        save(result)
    return result


def _fmt(d: dict[str, float]) -> str:
    return " ".join(f"{ds} {d[ds]:+.4f}" for ds in SETS)


def verdict(row: dict[str, Any], tolerance: float = 0.002) -> str:
    """The audit's decision rule: a unit whose removal lowers no CHECK F1 by more than
    ``tolerance`` and leaves the summed CHECK delta >= 0 does not pay."""
    if row["delta"] is None:
        return "not run"
    check = row["delta"]["check"]
    if any(check[ds] < -tolerance for ds in SETS) or sum(check.values()) < 0:
        return "keep"
    return "delete"


def markdown_table(result: dict[str, Any], verdicts: dict[str, str] | None = None) -> str:
    """The audit table for docs/extraction.md: F1 deltas (x1000) when the unit is off."""
    head = ("| unit | what it is for | fired | TUNE sh/tr/rd/wx | CHECK sh/tr/rd/wx "
            "| CHECK sum | verdict |\n|---|---|---|---|---|---|---|")
    lines = [head]
    for row in result["units"]:
        if row["delta"] is None:
            cells = ["not run", "not run", "-"]
        else:
            cells = ["/".join(f"{1000 * row['delta'][h][ds]:+.1f}" for ds in SETS)
                     for h in ("tune", "check")]
            cells.append(f"{1000 * sum(row['delta']['check'].values()):+.1f}")
        final = (verdicts or {}).get(row["unit"], row.get("verdict", ""))
        name = row["unit"].replace("|", "\\|")
        lines.append(f"| `{name}` | {row['why']} | {row['fired']} | " + " | ".join(cells)
                     + f" | {final} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scorer", type=Path, default=DEFAULT_SCORER)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", help="comma-separated unit names")
    ap.add_argument("--json", type=Path, help="write the results here")
    ap.add_argument("--max-fired", type=int, help="skip units firing on more pages than this")
    ap.add_argument("--list", action="store_true", help="list the units and exit")
    ap.add_argument("--table", type=Path, help="print the markdown table of a saved run")
    args = ap.parse_args(argv)
    if args.table:
        print(markdown_table(json.loads(args.table.read_text(encoding="utf-8"))))
        return 0
    if args.list:
        for u in units():
            print(f"{u.area:7s} {u.name:40s} {u.why}")
        return 0
    if not args.scorer.exists():
        print(f"no scorer at {args.scorer} (needs ../shared)", file=sys.stderr)
        return 2
    pool, halves = start(args.workers, args.scorer)
    try:
        only = set(args.only.split(",")) if args.only else None
        result = audit(pool, halves, only, lambda s: print(s, flush=True), args.max_fired,
                       lambda r: _save(r, args.json))
    finally:
        pool.close()
    _save(result, args.json)
    return 0


def _save(result: dict[str, Any], path: Path | None) -> None:
    for row in result["units"]:
        row["verdict"] = verdict(row)
    if path is not None:
        path.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
