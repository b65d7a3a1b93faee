"""The phone page of sudokuprint serve in Debian's Chromium at a phone's viewport, against a real server.

Upload the sample photo, correct a cell (the uniqueness check answers each change), hint, solve one cell and all,
check the entries of a half-solved photo, play, and download a worksheet and a booklet.  With
``$SUDOKUPRINT_SAMPLES`` set to a folder, the phone flow's screenshots are written there (the README's pictures).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest
from pypdf import PdfReader

from conftest import REPO
from serve_server import Server, truth

import sudokuprint
from sudokuprint.html.browser import PHONE, chromium
from sudokuprint.logic import hint

SAMPLES = REPO / "samples"
SHOTS = os.environ.get("SUDOKUPRINT_SAMPLES")



@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("serve"), "-j", "2")
    yield running
    assert running.stop() == 143


@pytest.fixture
def phone(server: Server) -> Iterator[Any]:
    with chromium() as browser:
        context = browser.new_context(**PHONE, accept_downloads=True, bypass_csp=True)  # the waits below evaluate
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("request", lambda request: request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                or errors.append(f"a request elsewhere: {request.url}"))
        page.goto(server.url)
        yield page
        context.close()
        assert errors == []


def shot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"serve-{name}.png"))


def upload(page: Any, photo: Path) -> None:
    page.set_input_files("#choose", str(photo))
    page.wait_for_selector("#result:not([hidden])", timeout=120_000)
    page.wait_for_function("document.querySelector('#status').textContent.includes('solution')")


def cell(page: Any, index: int) -> Any:
    return page.locator(f'g.cell[data-cell="{index}"]')


def status(page: Any, starts: str) -> str:
    page.wait_for_function(f"document.querySelector('#status').textContent.startsWith({starts!r})")
    return page.inner_text("#status")


def test_photo_correct_hint_solve_play_and_print_on_a_phone(phone: Any, tmp_path: Path) -> None:
    page = phone
    shot(page, "start")
    upload(page, SAMPLES / "newspaper-photo.jpg")
    puzzle = truth(SAMPLES / "newspaper-photo.dat")
    solution = truth(SAMPLES / "half-solved-photo.dat")  # the same puzzle filled in: its solution
    assert status(page, "One solution") == f"One solution ✓ ({81 - puzzle.count('.')} givens)"
    assert page.locator("g.cell").count() == 81
    assert page.locator("g.cell.given").count() == 81 - puzzle.count(".")
    assert page.evaluate("window.sudokuprintServe.puzzleString()") == puzzle
    shot(page, "read")

    for control in page.locator("button:visible, a.button:visible, label.button:visible").all():
        box = control.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, control.inner_text()

    # correct a cell: take away a given the puzzle needs (as if it was misread as empty) and put it back; the
    # uniqueness check answers each change
    first = next(i for i, d in enumerate(puzzle) if d != "."
                 and sudokuprint.count_solutions(puzzle[:i] + "." + puzzle[i + 1:], limit=2) == 2)
    cell(page, first).click()
    assert page.is_visible("#pad")
    for control in page.locator("#pad button").all():
        box = control.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, control.inner_text()
    page.click("#pad-clear")
    status(page, "Now several solutions")
    shot(page, "correct")
    page.click(f'#pad [data-digit="{puzzle[first]}"]')
    status(page, "Now one solution ✓")
    assert "corrected" in cell(page, first).get_attribute("class")
    page.click("#pad-done")
    assert not page.is_visible("#pad")

    page.click("#hint")
    expected_hint = hint(sudokuprint.parse(puzzle)).text()
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    assert page.inner_text("#message") == expected_hint
    assert page.locator("g.cell.hinted").count() >= 1
    shot(page, "hint")

    open_cell = puzzle.index(".")
    cell(page, open_cell).click()
    page.click("#pad-done")
    cell(page, open_cell).click()
    page.click("#solve-cell")
    page.wait_for_selector(f'g.cell.solved[data-cell="{open_cell}"]')
    assert page.inner_text("#message") == f"r{open_cell // 9 + 1}c{open_cell % 9 + 1} is {solution[open_cell]}."
    page.click("#pad-done")
    page.click("#solve-all")
    page.wait_for_function("document.querySelectorAll('g.cell.solved').length === %d" % puzzle.count("."))
    shown = page.evaluate("window.sudokuprintServe.state.solved")
    assert "".join(str(d) if d else puzzle[i] for i, d in enumerate(shown)) == solution
    shot(page, "solved")

    with page.expect_download() as download:
        page.click("#worksheet")
    saved = tmp_path / "worksheet.pdf"
    download.value.save_as(saved)
    pdf = PdfReader(saved)
    assert len(pdf.pages) == 1 and all(d in pdf.pages[0].extract_text() for d in set(puzzle) - {"."})
    with page.expect_download() as download:
        page.click("#page-pdf")
    download.value.save_as(tmp_path / "page.pdf")
    assert len(PdfReader(tmp_path / "page.pdf").pages) == 1

    assert page.get_attribute("#play", "href") == f"/play#p={puzzle}"
    page.click("#play")
    page.wait_for_function("window.sudokuprint && window.sudokuprint.current() && window.sudokuprint.current().givens")
    assert page.evaluate("window.sudokuprint.current().givens") == puzzle  # the browser player, this puzzle


def test_check_my_entries_on_a_half_solved_photo(phone: Any) -> None:
    page = phone
    upload(page, SAMPLES / "suite-pencil-photo.jpg")
    givens = truth(SAMPLES / "suite-pencil-photo.dat")
    pen = truth(SAMPLES / "suite-pencil-photo.hand")
    written = [i for i, d in enumerate(pen) if d != "."]
    status(page, "One solution")
    assert page.locator("g.cell.handwritten").count() == len(written)
    assert page.locator("g.cell.pencil").count() > 0  # the pencil marks, styled apart
    page.click("#check")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    assert page.inner_text("#message") == f"All {len(written)} of your digits are right."
    assert page.locator("g.cell.right").count() == len(written)

    # a digit the reader got wrong is corrected to what the photo shows -- here, a wrong digit
    solution = sudokuprint.solve(givens).to_string()
    target = written[0]
    wrong = next(d for d in "123456789" if d != solution[target])
    cell(page, target).click()
    assert page.inner_text("#pad-kind") == "By hand"
    page.click(f'#pad [data-digit="{wrong}"]')
    page.click("#pad-done")
    page.click("#check")
    name = f"r{target // 9 + 1}c{target % 9 + 1}"
    page.wait_for_function("document.querySelector('#message').textContent.includes('wrong')")
    assert page.inner_text("#message") == (f"1 of your {len(written)} digits is wrong: "
                                           f"{name}: you wrote {wrong}, the solution has {solution[target]}")
    assert "wrong" in cell(page, target).get_attribute("class")
    shot(page, "check")


def test_the_booklet_page_shows_progress_and_downloads_the_pdf(server: Server, phone: Any, tmp_path: Path) -> None:
    page = phone
    page.click("a[href='/booklet']")
    page.wait_for_selector("#template option[value='booklet-a4-4up']", state="attached")
    page.fill("#count", "4")
    page.select_option("#level", "easy")
    page.fill("#title", "Four for the train")
    with page.expect_download(timeout=300_000) as download:
        page.click("#make")
    download.value.save_as(tmp_path / "booklet.pdf")
    assert page.inner_text("#progress-text").startswith("Done: ")
    assert page.evaluate("document.querySelector('#bar').value") == 100
    reader = PdfReader(tmp_path / "booklet.pdf")
    assert "Four for the train" in reader.pages[0].extract_text()
    shot(page, "booklet")
