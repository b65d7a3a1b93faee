"""sudokuprint serve's JSON API on a real server (127.0.0.1, a free port): each endpoint, and each bad input."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from conftest import REPO
from serve_server import Server, form, truth

from sudokuprint.cli import main
from sudokuprint.formats import parse
from sudokuprint.logic import grade
from sudokuprint.publish.plan import read_plan
from sudokuprint.serve import ServeSettings
from sudokuprint.serve.server import qr_code

SAMPLES = REPO / "samples"
NEWSPAPER = SAMPLES / "newspaper-photo.jpg"
HALF_SOLVED = SAMPLES / "half-solved-photo.jpg"
TOP95_1 = (SAMPLES / "top95.txt").read_text().splitlines()[0]
TOP95_1_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"  # README
EASY50_1 = (SAMPLES / "easy50.txt").read_text().splitlines()[0]



@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("serve"), "-j", "2")
    yield running
    assert running.stop() in (0, 143)


def cli_jsonl(*args: str, stdin: str | None = None) -> list[dict]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


# -- /api/scan ---------------------------------------------------------------------------------------------


def test_scan_returns_the_fields_of_scan_jsonl_and_the_overlay(server: Server) -> None:
    answer = server.post_photo(NEWSPAPER.read_bytes(), "newspaper.jpg")
    assert answer.status == 200, answer.body
    row = answer.json()
    reference = cli_jsonl("scan", str(NEWSPAPER), "--format", "jsonl")[0]
    assert set(reference) <= set(row)
    for key in reference:
        if key not in ("source", "timings"):
            assert row[key] == reference[key], key
    assert row["source"] == "newspaper.jpg"
    assert row["puzzle"] == truth(SAMPLES / "newspaper-photo.dat")
    overlay = row["overlay"]
    assert overlay["image"].startswith("data:image/jpeg;base64,")
    assert [c["digit"] if c["kind"] == "given" else 0 for c in overlay["cells"]] == \
        [int(d) if d != "." else 0 for d in row["puzzle"]]
    assert all(len(c["polygon"]) == 4 for c in overlay["cells"])


def test_scan_of_a_filled_photo_reports_the_handwriting(server: Server) -> None:
    row = server.post_photo(HALF_SOLVED.read_bytes()).json()
    assert row["filled"] == truth(SAMPLES / "half-solved-photo.dat")
    assert len(row["handwritten"]) == 81 - 26 and all(entry["correct"] for entry in row["handwritten"])
    kinds = [c["kind"] for c in row["overlay"]["cells"]]
    assert kinds.count("handwritten") == 55 and kinds.count("given") == 26


def png(width: int, height: int, colour: int = 255) -> bytes:
    out = io.BytesIO()
    Image.new("L", (width, height), colour).save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("data, status, error, words", [
    (b"this is not a photo at all", 415, "not-an-image", "not an image"),
    (png(800, 600), 422, "no-grid", "no"),
    (png(10, 10), 422, "too-small", "too small"),
    (png(8000, 8000), 413, "too-large", "too many pixels"),
])
def test_a_photo_that_cannot_be_read_gets_a_clear_4xx(server: Server, data: bytes, status: int, error: str,
                                                       words: str) -> None:
    answer = server.post_photo(data, "mine.png")
    assert answer.status == status, answer.body
    body = answer.json()
    assert body["error"] == error and words in body["message"]
    assert str(server.tmp) not in body["message"]  # the upload's name, never the server's temporary file


def test_uploads_over_50_mb_get_413_announced_or_streamed(server: Server) -> None:
    big = b"\xff" * (50 * 1024 * 1024 + 1)
    answer = server.post_photo(big)
    assert answer.status == 413 and answer.json()["error"] == "too-large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts as it comes
        body, _ = form_parts
        for start in range(0, len(body), 1 << 20):
            yield body[start:start + (1 << 20)]

    form_parts = form("photo", "big.jpg", big)
    answer = server.request("POST", "/api/scan", chunks(), {"Content-Type": form_parts[1]})
    assert answer.status == 413 and "50 MB" in answer.json()["message"]
    assert server.get("/api/status").json()["waiting"] == 0


def test_a_scan_request_that_is_not_a_form_with_a_photo_gets_400(server: Server) -> None:
    assert server.post_json("/api/scan", {"photo": "x"}).json()["error"] == "not-a-form"
    answer = server.post_photo(NEWSPAPER.read_bytes(), field="picture")
    assert answer.status == 400 and answer.json()["error"] == "no-photo"
    answer = server.post_photo(b"")
    assert answer.status == 400 and answer.json()["error"] == "empty-photo"


# -- /api/check, /api/solve, /api/hint ------------------------------------------------------------------------


def test_check_says_what_check_jsonl_says(server: Server) -> None:
    for puzzle in (EASY50_1, "55" + "." * 79, "." * 81):
        answer = server.post_json("/api/check", {"puzzle": puzzle})
        assert answer.status == 200
        reference = cli_jsonl("check", "--format", "jsonl", stdin=puzzle + "\n")[0]
        body = answer.json()
        for key in ("status", "puzzle", "shape", "clues", "valid", "solutions"):
            assert body[key] == reference[key]
    assert server.post_json("/api/check", {"puzzle": "55" + "." * 79}).json()["conflicts"][0] == \
        "digit 5 appears 2 times in row 1 (r1c1, r1c2)"


def test_check_marks_each_entry_right_or_wrong(server: Server) -> None:
    solution = TOP95_1_SOLUTION
    entries = list(TOP95_1)
    entries[1] = solution[1]  # right
    entries[2] = "9" if solution[2] != "9" else "8"  # wrong
    body = server.post_json("/api/check", {"puzzle": TOP95_1, "entries": "".join(entries)}).json()
    assert body["wrong"] == 1
    assert [(e["cell"], e["correct"]) for e in body["entries"]] == [("r1c2", True), ("r1c3", False)]
    assert body["entries"][1]["message"] == f"r1c3: you wrote {entries[2]}, the solution has {solution[2]}"


def test_entries_that_change_a_given_are_refused(server: Server) -> None:
    changed = ("5" if TOP95_1[0] != "5" else "6") + TOP95_1[1:]
    answer = server.post_json("/api/check", {"puzzle": TOP95_1, "entries": changed})
    assert answer.status == 400 and "r1c1" in answer.json()["message"]


def test_solve_gives_the_one_solution(server: Server) -> None:
    body = server.post_json("/api/solve", {"puzzle": TOP95_1}).json()
    assert body == {"puzzle": TOP95_1, "solution": TOP95_1_SOLUTION, "status": "unique"}


@pytest.mark.parametrize("puzzle, status, words", [
    ("." * 81, 422, "several solutions"),
    ("55" + "." * 79, 422, "digit 5 appears 2 times in row 1"),
    ("1" * 80 + "x", 400, "column 81"),
    ("hello", 400, "not a puzzle"),
    ("", 400, "puzzle"),
])
def test_solve_refuses_a_puzzle_without_one_solution_or_malformed(server: Server, puzzle: str, status: int,
                                                                  words: str) -> None:
    answer = server.post_json("/api/solve", {"puzzle": puzzle})
    assert answer.status == status and words in answer.json()["message"]


def test_hint_is_the_graders_first_step(server: Server) -> None:
    body = server.post_json("/api/hint", {"puzzle": TOP95_1}).json()
    # README: `sudokuprint explain` of this puzzle starts "Hidden Single (box): r6c2=4 — in box 4, 4 can go only in r6c2"
    assert body["text"] == "Hidden Single (box): r6c2=4 — in box 4, 4 can go only in r6c2"
    assert body["technique"] == "Hidden Single (box)" and body["placements"] == [{"cell": "r6c2", "digit": "4"}]


def test_hint_points_out_a_wrong_entry_first(server: Server) -> None:
    wrong = "9" if TOP95_1_SOLUTION[1] != "9" else "8"
    body = server.post_json("/api/hint", {"puzzle": TOP95_1, "entries": TOP95_1[0] + wrong + TOP95_1[2:]}).json()
    assert body["technique"] == "Wrong digit" and body["cells"] == ["r1c2"]
    assert server.post_json("/api/hint", {"puzzle": TOP95_1, "entries": TOP95_1_SOLUTION}).status == 422


@pytest.mark.parametrize("body, headers, status, error", [
    (b"{not json", {"Content-Type": "application/json"}, 400, "not-json"),
    (b"[1, 2]", {"Content-Type": "application/json"}, 400, "bad-request"),
    (b'{"puzzle": 5}', {"Content-Type": "application/json"}, 400, "bad-puzzle"),
    (b"{}", {"Content-Type": "application/json"}, 400, "bad-puzzle"),
    (json.dumps({"puzzle": "." * 70_000}).encode(), {"Content-Type": "application/json"}, 413, "too-large"),
])
@pytest.mark.parametrize("path", ["/api/check", "/api/solve", "/api/hint"])
def test_bad_json_requests_get_a_clear_4xx(server: Server, path: str, body: bytes, headers: dict, status: int,
                                           error: str) -> None:
    answer = server.request("POST", path, body, headers)
    assert answer.status == status and answer.json()["error"] == error and answer.json()["message"]


def test_unknown_paths_and_methods_answer_json(server: Server) -> None:
    assert server.get("/api/nothing").status == 404 and server.get("/api/nothing").json()["error"] == "not-found"
    answer = server.get("/api/check")
    assert answer.status == 405 and answer.json()["error"] == "method-not-allowed"
    assert server.get("/assets/../settings.py").status == 404


# -- /api/print, /api/booklet ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["worksheet", "page"])
def test_print_makes_a_one_page_pdf(server: Server, kind: str) -> None:
    answer = server.get(f"/api/print?kind={kind}&puzzle={EASY50_1}")
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    assert f'filename="sudoku-{kind}.pdf"' in answer.headers["content-disposition"]
    pdf = PdfReader(io.BytesIO(answer.body))
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    assert all(digit in text for digit in set(EASY50_1) - {"."})
    assert server.get(f"/api/print?kind=poster&puzzle={EASY50_1}").json()["error"] == "bad-kind"


def test_a_booklet_job_shows_progress_then_gives_its_pdf(server: Server, tmp_path: Path) -> None:
    answer = server.post_json("/api/booklet", {"count": 6, "level": "easy", "template": "booklet-a4-4up",
                                               "title": "Six easy", "seed": 5})
    assert answer.status == 202
    job = answer.json()
    seen = [job["made"]]
    early = server.get(f"/api/booklet/{job['job']}/pdf")
    deadline = time.monotonic() + 300
    while job["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
        job = server.get(job["url"]).json()
        seen.append(job["made"])
    assert job["state"] == "done", job
    assert seen == sorted(seen) and seen[-1] == 6
    if early.status != 200:  # asked before it was made
        assert early.status == 409 and early.json()["error"] == "not-ready"
    pdf = server.get(job["pdf"])
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    (tmp_path / "book.pdf").write_bytes(pdf.body)
    plan = read_plan(tmp_path / "book.pdf")
    assert len(PdfReader(tmp_path / "book.pdf").pages) == job["pages"]
    assert len(plan.puzzles) == 6 and plan.template == "booklet-a4-4up"
    assert [grade(parse(placed.puzzle), "x").level for placed in plan.puzzles] == [1] * 6  # easy, as the grader says


@pytest.mark.parametrize("request_body, error", [
    ({"count": 0}, "bad-count"),
    ({"count": 201}, "bad-count"),
    ({"count": "ten"}, "bad-count"),
    ({"level": "impossible"}, "bad-level"),
    ({"template": "poster-a1"}, "bad-template"),
    ({"title": ""}, "bad-title"),
    ({"seed": -1}, "bad-seed"),
])
def test_a_bad_booklet_form_gets_400_naming_the_field(server: Server, request_body: dict, error: str) -> None:
    answer = server.post_json("/api/booklet", request_body)
    assert answer.status == 400 and answer.json()["error"] == error
    assert answer.json()["message"].startswith(error.removeprefix("bad-"))


def test_an_unknown_booklet_job_is_404(server: Server) -> None:
    assert server.get("/api/booklet/nothing").status == 404
    assert server.get("/api/booklet/nothing/pdf").json()["error"] == "no-such-job"


# -- the token, the pool's limits, the stop ---------------------------------------------------------------------


def test_a_token_is_required_when_asked_and_the_cookie_carries_it(tmp_path: Path) -> None:
    guarded = Server(tmp_path, "--require-token")
    try:
        assert guarded.token and len(guarded.token) >= 20
        for path in ("/", "/api/status", "/play"):
            answer = guarded.get(path, token=False)
            assert answer.status == 403 and answer.json()["error"] == "forbidden"
        assert guarded.post_json("/api/solve", {"puzzle": TOP95_1}, token=False).status == 403
        assert guarded.get(f"/api/status?token=wrong{guarded.token}", token=False).status == 403
        page = guarded.get(f"/?token={guarded.token}", token=False)
        assert page.status == 200 and b"Take photo" in page.body
        cookie = page.headers["set-cookie"].split(";")[0]
        assert guarded.get("/api/status", headers={"Cookie": cookie}, token=False).status == 200
        assert guarded.post_json("/api/solve", {"puzzle": TOP95_1}).json()["solution"] == TOP95_1_SOLUTION
    finally:
        assert guarded.stop() in (0, 143)


def test_a_non_loopback_bind_prints_a_token_and_a_qr_code() -> None:
    result = CliRunner().invoke(main, ["serve", "--host", "256.1.1.1", "--port", "0"])
    assert result.exit_code == 2 and "cannot listen on 256.1.1.1" in result.output
    settings = ServeSettings(host="0.0.0.0", port=8123)
    assert settings.token and all(url.endswith(f":8123/?token={settings.token}") for url in settings.urls())
    assert ServeSettings(host="127.0.0.1").token is None and ServeSettings(host="::1").token is None


def test_work_past_the_time_limit_gets_504_and_the_server_goes_on(tmp_path: Path) -> None:
    hurried = Server(tmp_path, "--time-limit", "0.1", "-j", "1")
    try:
        answer = hurried.post_photo(NEWSPAPER.read_bytes())
        assert answer.status == 504 and answer.json()["error"] == "time-limit"
        assert "0.1 s" in answer.json()["message"]
        assert hurried.post_json("/api/check", {"puzzle": EASY50_1}).json()["status"] == "unique"
    finally:
        assert hurried.stop() in (0, 143)


def test_a_full_queue_answers_503_at_once(tmp_path: Path) -> None:
    small = Server(tmp_path, "-j", "1", "--queue", "0")
    try:
        answers: list = []
        threads = [threading.Thread(target=lambda: answers.append(small.post_photo(NEWSPAPER.read_bytes())))
                   for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(a.status for a in answers)
        assert statuses[0] == 200 and 503 in statuses
        busy = next(a for a in answers if a.status == 503)
        assert busy.json()["error"] == "busy" and busy.headers["retry-after"] == "2"
    finally:
        assert small.stop() in (0, 143)


@pytest.mark.parametrize("how, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_sigterm_and_ctrl_c_stop_it_cleanly_leaving_nothing(tmp_path: Path, how: int, code: int) -> None:
    server = Server(tmp_path, "-j", "2")
    assert server.post_photo(NEWSPAPER.read_bytes()).status == 200
    assert server.get(f"/api/print?kind=page&puzzle={EASY50_1}").status == 200
    left = server.leftovers()  # while it runs: its own temporary folder, empty once the requests are done
    assert len(left) == 1 and left[0].startswith("tmp/sudokuprint-serve-")
    started = time.monotonic()
    assert server.stop(how) == code
    assert time.monotonic() - started < 15
    assert server.leftovers() == []


def test_the_terminal_qr_code_reads_back_as_the_address() -> None:
    url = "http://192.168.1.20:8000/?token=" + ServeSettings(host="0.0.0.0").token  # type: ignore[operator]
    halves = {"█": (255, 255), "▀": (255, 0), "▄": (0, 255), " ": (0, 0)}  # light (the terminal's ink) on top, below
    rows = [line for line in qr_code(url).splitlines() if line]
    pixels = np.array([[halves[c][half] for c in line] for line in rows for half in (0, 1)], np.uint8)
    picture = cv2.resize(pixels, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    # OpenCV's ArUco-based detector: the classic QRCodeDetector missed 14 of 300 random tokens' codes, this one none
    # of 1,800 (segno's codes are right: the classic detector's finder search is fragile)
    decoded, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(picture)
    assert decoded == url


def test_without_the_serve_extra_the_command_says_how_to_install_it() -> None:
    blocked = ("import sys; sys.modules['uvicorn'] = None; from sudokuprint.cli import main; "
               "main(['serve'], prog_name='sudokuprint')")
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=120)
    assert done.returncode == 3
    assert "pip install 'sudokuprint[serve]'" in done.stderr and "uvicorn" in done.stderr


def test_a_photo_that_arrives_too_slowly_gets_408_and_leaves_no_file(tmp_path: Path) -> None:
    hurried = Server(tmp_path, "--time-limit", "1")
    try:
        body, kind = form("photo", "slow.jpg", NEWSPAPER.read_bytes())

        def slowly() -> Iterator[bytes]:
            yield body[:1000]
            time.sleep(2.5)
            yield body[1000:]

        answer = hurried.request("POST", "/api/scan", slowly(), {"Content-Type": kind})
        assert answer.status == 408 and answer.json()["error"] == "too-slow"
        assert hurried.post_json("/api/check", {"puzzle": EASY50_1}).status == 200
        (folder,) = hurried.tmp.iterdir()
        assert list(folder.iterdir()) == []
    finally:
        assert hurried.stop() in (0, 143)
