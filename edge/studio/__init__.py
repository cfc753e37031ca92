"""``edge studio [FILE]``: design a bet in the browser, with its exact math as you type.

A local web page (Starlette, served by uvicorn: an optional extra, ``pip install
"edge-casino-math[studio]"``) where a bet file is written, its errors shown at their line, its
exact return table and figures updated as it changes, its pays moved and tuned to a target, and
its report downloaded as the command line makes it. It listens on 127.0.0.1; another address
needs ``--host`` and every request then carries the token printed at start. It writes nothing
but the file, in the folder it was started in, and only when asked (docs/studio.md).
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import secrets
import socket
import sys
from pathlib import Path

from edge.errors import EdgeError

EXTRA = 'pip install "edge-casino-math[studio]"'
NEEDED = ("starlette", "uvicorn", "jinja2", "multipart")


def add_studio_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``edge studio`` command's arguments."""
    parser.description = ("Open a page in the browser to write a bet file and see its exact "
                          "return table as you type (an optional extra: " + EXTRA + ").")
    parser.add_argument("file", nargs="?", default="my-bet.toml",
                        help="the bet file to open, in this folder (default: my-bet.toml; "
                             "a file that does not exist starts from an example), or one of "
                             "edge's games by name (its pays and options; no file)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1, this machine "
                             "only; any other needs the token printed at start)")
    parser.add_argument("--port", type=int, default=0,
                        help="the port (default: a free one, printed at start)")
    parser.add_argument("--no-browser", action="store_true",
                        help="print the address only; do not open a browser")


def _check_extra() -> None:
    import importlib.util
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        raise EdgeError(f"edge studio needs its optional extra ({', '.join(missing)} not "
                        f"installed): {EXTRA}")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _file_in(folder: Path, file: str) -> str:
    path = (folder / file).resolve()
    if path.parent != folder.resolve():
        raise EdgeError(f"file {file!r}: the studio opens and saves a file in the folder it "
                        f"is started in ({folder}), not elsewhere.")
    from edge.studio.work import check_name
    return check_name(path.name)


def cmd_studio(args: argparse.Namespace) -> int:
    """Serve the studio until interrupted."""
    _check_extra()
    import uvicorn

    from edge.studio.app import Settings, make_app
    folder = Path.cwd()
    game = ""
    if args.file.strip().lower().endswith(".toml"):
        name = _file_in(folder, args.file)
    else:                                  # one of edge's games: its pays and options
        from edge.games import get_game
        game, name = get_game(args.file).name, ""
    if not 0 <= args.port <= 65535:
        raise EdgeError(f"--port {args.port}: 0 (a free port) to 65535.")
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((args.host, args.port))
    except OSError as error:
        raise EdgeError(f"--host {args.host} --port {args.port}: cannot listen there "
                        f"({error.strerror}).") from None
    port = listener.getsockname()[1]
    shown = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    hosts = [f"{shown}:{port}"] + ([f"localhost:{port}", f"127.0.0.1:{port}"]
                                   if _loopback(args.host) else [])
    token = "" if _loopback(args.host) else secrets.token_urlsafe(24)
    app = make_app(Settings(folder, name, tuple(hosts), token, game))
    address = f"http://{shown}:{port}/" + (f"?token={token}" if token else "")
    print(f"edge studio: {address} (folder {folder}; Ctrl-C ends it)", flush=True)
    if not args.no_browser:
        import webbrowser
        webbrowser.open(address)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[listener])
    app.state.jobs.close()
    print("edge studio: stopped", file=sys.stderr)
    return 0
