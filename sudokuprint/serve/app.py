"""The Starlette application: the phone page, the booklet page, the player, and the JSON API under them.

Every answer of the API is JSON (a PDF where one is asked for); every bad
request gets a 4xx JSON ``{"error": WORD, "message": SENTENCE}`` and the
server goes on.  The work itself runs in the bounded pool (:mod:`.pool`);
uploads go to the server's own temporary folder and are deleted when their
request ends, and the folder itself when the server stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import tempfile
from importlib import resources
from typing import Any, AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..html import build_edition, render_page
from .errors import RequestError
from .jobs import BookletRequest, Job, Jobs, booklet_templates
from .pool import Busy, TooLong, WorkPool
from .settings import MAX_JSON, ServeSettings
from .uploads import receive_photo
from .work import PRINT_KINDS

TOKEN_COOKIE = "sudokuprint_token"
TOKEN_HEADER = "x-sudokuprint-token"
PAGES = {"/": "index.html", "/booklet": "booklet.html"}
ASSETS = {"app.css": "text/css", "app.js": "text/javascript", "booklet.js": "text/javascript",
          "icon.svg": "image/svg+xml"}
PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
"""The Content-Security-Policy of the app's own pages: nothing but the server itself."""


def error_response(status: int, error: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": error, "message": message}, status_code=status, headers=headers)


def asset(name: str) -> bytes:
    """One of the app's shipped files (``assets/``)."""
    return resources.files(__package__).joinpath("assets", name).read_bytes()


class TokenGate:
    """ASGI middleware: with a token set, every request must carry it (query ``token``, header or cookie), else 403.

    A page opened with the token in its address gets it as a cookie, so its own requests and links carry it.
    """

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.token is None:
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get("token") or request.headers.get(TOKEN_HEADER) or \
            request.cookies.get(TOKEN_COOKIE) or ""
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            response = error_response(403, "forbidden", "this server needs its token: open the address it printed, "
                                      "with ?token=...")
            await response(scope, receive, send)
            return
        if request.query_params.get("token"):
            async def send_with_cookie(message: Message) -> None:
                if message["type"] == "http.response.start":
                    cookie = f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                    message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie.encode())]
                await send(message)
            await self.app(scope, receive, send_with_cookie)
            return
        await self.app(scope, receive, send)


class ServeApp:
    """The server's state (settings, work pool, booklet jobs, temporary folder) and its routes."""

    def __init__(self, settings: ServeSettings) -> None:
        self.settings = settings
        self.pool = WorkPool(settings.workers, settings.queue, settings.time_limit)
        self.folder: str | None = None
        self.jobs: Jobs | None = None
        self._player: bytes | None = None

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Start the workers and the temporary folder; at the end stop them and delete the folder."""
        self.folder = tempfile.mkdtemp(prefix="sudokuprint-serve-")
        self.jobs = Jobs(self.pool, self.folder)
        try:
            self.pool.start()
            yield
        finally:
            await self.jobs.close()
            self.pool.close()
            shutil.rmtree(self.folder, ignore_errors=True)

    def application(self) -> Starlette:
        routes = [
            Route("/", self.page),
            Route("/booklet", self.page),
            Route("/play", self.player),
            Route("/assets/{name}", self.assets),
            Route("/favicon.ico", self.icon),
            Route("/api/status", self.status),
            Route("/api/scan", self.scan, methods=["POST"]),
            Route("/api/check", self.check, methods=["POST"]),
            Route("/api/solve", self.solve, methods=["POST"]),
            Route("/api/hint", self.hint, methods=["POST"]),
            Route("/api/print", self.print_pdf, methods=["GET", "POST"]),
            Route("/api/templates", self.templates),
            Route("/api/booklet", self.booklet, methods=["POST"]),
            Route("/api/booklet/{job}", self.booklet_job),
            Route("/api/booklet/{job}/pdf", self.booklet_pdf),
        ]
        handlers = {RequestError: self._api_error, HTTPException: self._http_error, Exception: self._crash}
        return Starlette(routes=routes, lifespan=self.lifespan, exception_handlers=handlers,  # type: ignore[arg-type]
                         middleware=[Middleware(TokenGate, token=self.settings.token)])

    # -- errors -------------------------------------------------------------------------------------------

    async def _api_error(self, request: Request, error: Exception) -> Response:
        assert isinstance(error, RequestError)
        return error_response(error.status, error.error, str(error), error.headers)

    async def _http_error(self, request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        words = {404: "not-found", 405: "method-not-allowed"}
        message = {404: f"no such page or API: {request.url.path}",
                   405: f"{request.method} is not allowed on {request.url.path}"}.get(error.status_code, error.detail)
        headers = dict(error.headers) if error.headers else None
        return error_response(error.status_code, words.get(error.status_code, "http-error"), message, headers)

    async def _crash(self, request: Request, error: Exception) -> Response:
        return error_response(500, "internal", f"{type(error).__name__}: {error}")

    # -- pages --------------------------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        return HTMLResponse(asset(PAGES[request.url.path]), headers={"Content-Security-Policy": PAGE_POLICY,
                                                                     "Cache-Control": "no-store"})

    async def player(self, request: Request) -> Response:
        """The browser player (``sudokuprint html --endless``); ``/play#p=PUZZLE`` opens a puzzle in it."""
        if self._player is None:
            self._player = render_page(build_edition([], title="Sudoku", hints=False)).encode("utf-8")
        return HTMLResponse(self._player)

    async def assets(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            raise RequestError(404, "not-found", f"no such file: /assets/{name}")
        return Response(asset(name), media_type=ASSETS[name], headers={"Cache-Control": "no-cache"})

    async def icon(self, request: Request) -> Response:
        """The icon a browser asks for by itself (the player's page names none)."""
        return Response(asset("icon.svg"), media_type="image/svg+xml")

    async def status(self, request: Request) -> Response:
        return JSONResponse({"workers": self.pool.workers, "queue": self.pool.queue, "waiting": self.pool.waiting,
                             "time_limit": self.pool.time_limit, "max_upload": self.settings.max_upload})

    # -- work ---------------------------------------------------------------------------------------------

    async def _work(self, task: str, /, **arguments: Any) -> Any:
        """Run a task in the pool; its value, or the :class:`RequestError` its outcome says."""
        try:
            outcome = await self.pool.run(task, **arguments)
        except Busy:
            raise RequestError(503, "busy", f"all {self.pool.workers} workers are busy and {self.pool.queue} requests "
                           "wait; try again in a moment", {"Retry-After": "2"}) from None
        except TooLong:
            raise RequestError(504, "time-limit", f"gave up after {self.pool.time_limit:g} s of work") from None
        if outcome.error is not None:
            raise RequestError(outcome.status, outcome.error, outcome.message)
        return outcome.value

    async def _json(self, request: Request) -> dict[str, Any]:
        """The request's JSON object (at most :data:`MAX_JSON` bytes, read as it comes)."""
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > MAX_JSON:
            raise RequestError(413, "too-large", f"the request is larger than {MAX_JSON // 1024} KB")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_JSON:
                raise RequestError(413, "too-large", f"the request is larger than {MAX_JSON // 1024} KB")
        try:
            data = json.loads(body or b"null")
        except ValueError as error:
            raise RequestError(400, "not-json", f"the request is not JSON: {error}") from None
        if not isinstance(data, dict):
            raise RequestError(400, "bad-request", 'send a JSON object, e.g. {"puzzle": "53..7....6..195..."}')
        return data

    @staticmethod
    def _text(data: dict[str, Any], name: str, required: bool = True) -> str | None:
        value = data.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            raise RequestError(400, f"bad-{name}", f"{name}: give a puzzle string, e.g. \"53..7....6..195...\"")
        return value

    async def scan(self, request: Request) -> Response:
        assert self.folder is not None
        receiving = receive_photo(request.headers.get("content-type", ""), request.headers.get("content-length"),
                                  request.stream(), self.folder, self.settings.max_upload)
        try:
            upload = await asyncio.wait_for(receiving, self.settings.time_limit)
        except asyncio.TimeoutError:
            raise RequestError(408, "too-slow", f"the photo took longer than {self.settings.time_limit:g} s to "
                               "arrive") from None
        try:
            return JSONResponse(await self._work("scan", path=upload.path, name=upload.name))
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(upload.path)

    async def check(self, request: Request) -> Response:
        data = await self._json(request)
        return JSONResponse(await self._work("check", puzzle=self._text(data, "puzzle"),
                                             entries=self._text(data, "entries", required=False)))

    async def solve(self, request: Request) -> Response:
        data = await self._json(request)
        return JSONResponse(await self._work("solve", puzzle=self._text(data, "puzzle")))

    async def hint(self, request: Request) -> Response:
        data = await self._json(request)
        return JSONResponse(await self._work("hint", puzzle=self._text(data, "puzzle"),
                                             entries=self._text(data, "entries", required=False)))

    async def print_pdf(self, request: Request) -> Response:
        """A one-page PDF (``kind``: ``worksheet`` or ``page``), by POST of JSON or GET of the same as a query."""
        data = await self._json(request) if request.method == "POST" else dict(request.query_params)
        kind = data.get("kind", "worksheet")
        if kind not in PRINT_KINDS:
            raise RequestError(400, "bad-kind", f"kind: {kind!r} is not one of {', '.join(PRINT_KINDS)}")
        pdf = await self._work("print", puzzle=self._text(data, "puzzle"),
                               entries=self._text(data, "entries", required=False) or None, kind=kind)
        return Response(pdf, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="sudoku-{kind}.pdf"'})

    async def templates(self, request: Request) -> Response:
        return JSONResponse({"templates": booklet_templates(), "default": "booklet-a4-4up"})

    async def booklet(self, request: Request) -> Response:
        assert self.jobs is not None
        job = self.jobs.start(BookletRequest.from_json(await self._json(request)))
        return JSONResponse(job.to_dict(), status_code=202, headers={"Location": f"/api/booklet/{job.id}"})

    def _job(self, request: Request) -> Job:
        assert self.jobs is not None
        return self.jobs.get(request.path_params["job"])

    async def booklet_job(self, request: Request) -> Response:
        return JSONResponse(self._job(request).to_dict())

    async def booklet_pdf(self, request: Request) -> Response:
        job = self._job(request)
        if job.state == "failed":
            raise RequestError(422, "failed", job.message)
        if job.state != "done" or job.path is None:
            raise RequestError(409, "not-ready", f"the booklet is not made yet ({job.to_dict()['step']})")
        return FileResponse(job.path, media_type="application/pdf", filename="sudoku-booklet.pdf")


def create_app(settings: ServeSettings) -> Starlette:
    """The application for ``settings`` (its workers start with it, in its lifespan)."""
    return ServeApp(settings).application()
