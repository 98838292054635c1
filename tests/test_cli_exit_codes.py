"""One table of exit codes, and errors that say what they are.

The README's table is compared with the constants the commands return; a spent time
budget exits 124, not 2 (the usage-error code); ``InputError`` is no longer a
``TypeError`` for missing files, fetch failures and missing extras, while
``extract(123)`` still raises a ``TypeError``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path

import pytest

import mainmark
from mainmark.cli import flags
from mainmark.cli.main import build_parser, main
from mainmark.errors import InputError, InputTypeError, InputUnavailable, MissingExtraError
from mainmark.ingest import run
from mainmark.ingest.run import BatchSettings, run_batch
from mainmark_eval.datasets import BENCH_LAYOUT

_ROOT = Path(__file__).resolve().parent.parent


def _between(text: str, marker: str) -> str:
    return text.split(f"<!-- {marker}:start -->", 1)[1].split(f"<!-- {marker}:end -->", 1)[0]


def test_the_readme_table_lists_every_exit_code_the_commands_use() -> None:
    table = _between((_ROOT / "README.md").read_text(encoding="utf-8"), "exit-codes")
    documented = {int(code) for code in re.findall(r"^\| (\d+) \|", table, re.MULTILINE)}
    used = {getattr(flags, name) for name in dir(flags) if name.startswith("EXIT_")}
    assert documented == used
    assert run.EXIT_WRITE_FAILED == flags.EXIT_WRITE_FAILED == 74
    assert run.EXIT_INTERRUPTED == flags.EXIT_INTERRUPTED
    assert run.EXIT_LOCKED == flags.EXIT_LOCKED == 75
    assert run.EXIT_TERMINATED == flags.EXIT_TERMINATED == 143


def test_a_spent_time_budget_is_not_a_usage_error(tmp_path: Path) -> None:
    page = tmp_path / "big.html"
    page.write_text("<html><body>" + "<div><p>words and more words</p></div>" * 40_000
                    + "</body></html>", encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["extract", str(page), "--time-budget", "0.01"])
    assert code == flags.EXIT_TIMEOUT == 124, err.getvalue()
    assert err.getvalue().count("\n") == 1


@pytest.mark.parametrize("url", ["http://[::1", "http://[zz]/", "http://example.org:port/"])
def test_a_malformed_page_url_is_a_usage_error(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the library drops it with a warning the command would not print: the URL the user
    # typed would be ignored without a word
    page = tmp_path / "p.html"
    page.write_text("<p>Some words of a page.</p>", encoding="utf-8")
    with pytest.raises(SystemExit) as exited:  # argparse's own exit, as for a bad choice
        main(["extract", str(page), "--url", url])
    assert exited.value.code == flags.EXIT_USAGE
    assert "malformed URL" in capsys.readouterr().err
    assert main(["extract", str(page), "--url", "https://example.org/a"]) == 0


def test_a_bad_option_value_is_still_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "p.html"
    page.write_text("<p>x</p>", encoding="utf-8")
    assert main(["extract", str(page), "--max-tokens", "0", "--format", "chunks"]) == 2
    assert "mainmark:" in capsys.readouterr().err


def test_input_error_is_not_a_type_error_but_the_wrong_type_still_is() -> None:
    assert not issubclass(InputError, TypeError)
    assert issubclass(InputTypeError, TypeError) and issubclass(InputTypeError, InputError)
    with pytest.raises(TypeError):
        mainmark.extract(123)  # type: ignore[arg-type]


def test_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(InputUnavailable) as caught:
        run_batch([str(tmp_path / "nope.html")], BatchSettings(out=str(tmp_path / "out")))
    assert isinstance(caught.value, OSError) and not isinstance(caught.value, TypeError)


def test_a_missing_extra_is_an_import_error(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "p.html"
    page.write_text("<p>x</p>", encoding="utf-8")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "pyarrow" else real(name, *a))
    with pytest.raises(MissingExtraError, match=r"mainmark\[parquet\]") as caught:
        run_batch([str(page)], BatchSettings(out=str(tmp_path / "out"), format="parquet"))
    assert isinstance(caught.value, ImportError)


def test_eval_help_and_docs_show_the_folder_layout() -> None:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert isinstance(sub.choices, dict)
    help_text = sub.choices["eval"].format_help()
    assert BENCH_LAYOUT in help_text
    docs = _between((_ROOT / "docs" / "eval.md").read_text(encoding="utf-8"), "bench-layout")
    assert BENCH_LAYOUT in docs
