"""The studio's web application (Starlette): one page, and the fragments it asks for as you type.

Routes: ``GET /`` the page; ``POST /analyse`` the table of the text typed (JSON holding HTML
fragments); ``POST /tune`` the pay tables reaching a target; ``POST /report`` a report of the
text, made by ``edge report`` itself in a private folder (the same bytes as the command line
gives); ``POST /save`` writes the file in the studio's folder, only when asked. Every request
must name the studio's own address as its Host, a request that changes something must come from
the studio's own page (its Origin), and when the studio listens beyond this machine every
request carries the token printed at start (docs/studio.md).
"""

from __future__ import annotations

import asyncio
import hmac
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Receive, Scope, Send

from edge.errors import EdgeError
from edge.studio.jobs import Jobs, Superseded
from edge.studio.views import (
    analysed,
    analysed_game,
    result_context,
    tune_context,
    tune_game_context,
)
from edge.studio.work import Answer, check_name

HERE = Path(__file__).parent
REPORT_FORMATS = {"html": "html", "markdown": "md", "latex": "tex", "json": "json"}
STARTER = """# A side bet on the player's first two cards: write yours here.
name = "my-bet"
title = "My Bet"

[shoe]
decks = 8

[deal]
player = 2

[[outcome]]
name = "pair"
when = "same_rank(player)"

[paytables]
default = "usual"
usual = { pair = 11 }
"""


@dataclass(frozen=True)
class Settings:
    """Where the studio works and who may use it."""

    folder: Path
    file: str
    hosts: tuple[str, ...]
    token: str = ""
    game: str = ""                     # one of edge's games, opened instead of a file


class Guard:
    """Refuse a request that changes something from anywhere but the studio's own page (its
    Origin), and, with a token, any request without it (DNS rebinding and cross-site posts)."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        origin = request.headers.get("origin")
        allowed = {f"http://{host}" for host in self.settings.hosts}
        if request.method != "GET" and origin is not None and origin not in allowed:
            await PlainTextResponse("edge studio: a request from another site", 403)(
                scope, receive, send)
            return
        if self.settings.token:
            given = (request.query_params.get("token") or request.cookies.get("edge-token")
                     or request.headers.get("x-edge-token") or "")
            if not hmac.compare_digest(given, self.settings.token):
                await PlainTextResponse("edge studio: the token printed at start is needed",
                                        403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _form_pays(form: Any) -> dict[str, str]:
    return {key[4:]: str(value) for key, value in form.items()
            if key.startswith("pay.") and str(value).strip()}


def _decks(form: Any) -> int | None:
    text = str(form.get("decks", "")).strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 8:
        raise EdgeError(f"decks={text!r}: a whole number of decks, 1 to 8.")
    return int(text)


def make_app(settings: Settings) -> Starlette:
    """The studio's application for ``settings``."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    jobs = Jobs()

    async def page(request: Request) -> Response:
        context: dict[str, Any] = {"formats": list(REPORT_FORMATS)}
        if settings.game:
            from edge.games import get_game
            from edge.options import options_dict
            game = get_game(settings.game)
            context.update(game=game.name, name=game.title,
                           bets=[(bet.name, bet.description) for bet in game.bets],
                           defaults=", ".join(f"{key}={value}" for key, value in
                                              options_dict(game.make_rules({})).items()))
        else:
            path = settings.folder / settings.file
            context.update(text=path.read_text(encoding="utf-8") if path.is_file() else STARTER,
                           name=settings.file, game="")
        response = templates.TemplateResponse(request, "page.html", context)
        if settings.token:
            response.set_cookie("edge-token", settings.token, httponly=True, samesite="strict")
        return response

    async def analyse_view(request: Request) -> Response:
        form = await request.form()
        seq = str(form.get("seq", "0"))
        pays = tuple(sorted(_form_pays(form).items()))
        try:
            if settings.game:
                chosen = (settings.game, str(form.get("bet", "")),
                          str(form.get("options", "")), pays)
                context = await jobs.run(str(form.get("page", "")), chosen, analysed_game,
                                         *chosen)
            else:
                args = (str(form.get("text", "")), check_name(str(form.get("name", ""))),
                        _decks(form), pays)
                context = await jobs.run(str(form.get("page", "")), args, analysed, *args)
        except EdgeError as error:
            context = result_context(Answer(str(form.get("name", "")), error=str(error)))
        except Superseded:
            return JSONResponse({"seq": seq, "superseded": True})
        result = templates.get_template("result.html").render(context)
        boxes = templates.get_template("pays.html").render(context)
        return JSONResponse({"seq": seq, "ok": context["ok"], "result": result, "pays": boxes,
                             "outcomes": context["outcomes_key"],
                             "error_line": context.get("line")})

    async def tune_view(request: Request) -> Response:
        form = await request.form()
        pays = tuple(sorted(_form_pays(form).items()))
        wanted = (str(form.get("target", "")), str(form.get("vary", "")))
        if settings.game:
            args = (settings.game, str(form.get("bet", "")), *wanted,
                    str(form.get("options", "")), pays)
            work: Callable[..., dict[str, Any]] = tune_game_context
        else:
            args = (str(form.get("text", "")), check_name(str(form.get("name", ""))), *wanted,
                    str(form.get("decks", "")), pays)
            work = tune_context
        try:
            context = await jobs.run(f"{form.get('page', '')} tune", ("tune", *args), work,
                                     *args)
        except Superseded:
            return HTMLResponse("")
        return HTMLResponse(templates.get_template("tune.html").render(context))

    async def save_view(request: Request) -> Response:
        form = await request.form()
        try:
            name = check_name(str(form.get("name", "")))
        except EdgeError as error:
            return PlainTextResponse(f"not saved: {error}", 400)
        text = str(form.get("text", ""))
        target = settings.folder / name
        partial = target.with_name(f".{name}.part")
        partial.write_text(text, encoding="utf-8")
        partial.replace(target)
        return PlainTextResponse(f"saved {name} in {settings.folder}")

    async def report_view(request: Request) -> Response:
        form = await request.form()
        fmt = str(form.get("format", "html"))
        if fmt not in REPORT_FORMATS:
            return PlainTextResponse(f"format {fmt!r}: one of {', '.join(REPORT_FORMATS)}", 400)
        try:
            if settings.game:
                from edge.options import parse_set_list
                options = parse_set_list(str(form.get("options", "")))
                name, text = settings.game, ""
            else:
                name, text = check_name(str(form.get("name", ""))), str(form.get("text", ""))
                decks = _decks(form)
                options = {} if decks is None else {"decks": str(decks)}
        except EdgeError as error:
            return PlainTextResponse(str(error), 400)
        extra: list[str] = []
        if form.get("changed"):            # the pays typed, in the order of the table's rows
            typed = "-".join(str(value).strip() for key, value in form.items()
                             if key.startswith("pay."))
            chosen = str(form.get("bet", ""))
            extra = ["--paytable", f"{chosen}={typed}" if settings.game and chosen else typed]
        made = await asyncio.to_thread(report_bytes, text, name, fmt, options, extra)
        if isinstance(made, str):
            return PlainTextResponse(made, 400)
        download = f"{Path(name).stem}-report.{REPORT_FORMATS[fmt]}"
        return Response(made, media_type="application/octet-stream",
                        headers={"content-disposition": f'attachment; filename="{download}"'})

    routes = [Route("/", page), Route("/analyse", analyse_view, methods=["POST"]),
              Route("/tune", tune_view, methods=["POST"]),
              Route("/save", save_view, methods=["POST"]),
              Route("/report", report_view, methods=["POST"]),
              Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=[
                      host.rsplit(":", 1)[0] for host in settings.hosts]),
                  Middleware(Guard, settings=settings)]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.jobs = jobs          # ended by the command when the server stops
    return app


def report_bytes(text: str, name: str, fmt: str, options: dict[str, str],
                 extra: list[str] | None = None) -> bytes | str:
    """``edge report NAME --format FMT`` (and ``extra`` arguments: the pays typed) run in a
    private folder, on the file ``text`` written there as ``name`` (or, with no text, on the
    game ``name``): the bytes the command line gives, or its error line."""
    with tempfile.TemporaryDirectory(prefix="edge-studio-report-") as private:
        if text:
            (Path(private) / name).write_text(text, encoding="utf-8")
        command = [sys.executable, "-m", "edge", "report", name, "--format", fmt, "-o", "out"]
        for key, value in options.items():
            command += ["--set", f"{key}={value}"]
        command += extra or []
        done = subprocess.run(command, cwd=private, capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else \
                f"edge report ended with status {done.returncode}"
        return (Path(private) / "out").read_bytes()
