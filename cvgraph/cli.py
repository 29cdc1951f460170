"""The `cvgraph` command line: build, add, remove, export, query, validate, serve.

Names and options here are relied on by tooling; see the README for each command.
Errors are reported as one clear line on stderr (never a traceback) with exit status 1 or 2.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .config import DEFAULT_INPUT, DEFAULT_STORE, Settings
from .errors import CVGraphError

EXPORT_FORMATS = ("trig", "nquads", "turtle", "ntriples", "jsonld")
QUERY_FORMATS = ("table", "json", "csv", "tsv", "xml", "turtle", "jsonld", "ntriples")


def _store_arg(p: argparse.ArgumentParser) -> None:
    from .remote import store_argument

    p.add_argument("--store", type=store_argument, default=DEFAULT_STORE,
                   help=f"store directory (default {DEFAULT_STORE}), or the URL of a SPARQL 1.1 server "
                        "(http://host:port for Oxigraph server's /query, /update, /store)")
    p.add_argument("--query-endpoint", default=None, help="remote store: SPARQL query endpoint URL")
    p.add_argument("--update-endpoint", default=None, help="remote store: SPARQL update endpoint URL")
    p.add_argument("--gsp-endpoint", default=None, help="remote store: Graph Store Protocol endpoint URL")


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cvgraph", description="Researchers' CVs → a linked-data knowledge graph served over SPARQL.")
    parser.add_argument("--base", help="base IRI for minted IRIs (default $CVGRAPH_BASE or http://127.0.0.1:8000/)")
    sub = parser.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build", help="build the graph from CV files or folders")
    b.add_argument("paths", nargs="*", type=Path, help=f"files or folders (default {DEFAULT_INPUT})")
    _store_arg(b)
    b.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    b.add_argument("--links", type=Path, default=None, help="override file with must-link / cannot-link pairs")
    b.add_argument("--verbose", "-v", action="store_true", help="print each document's extraction report and all SHACL results")
    b.add_argument("--no-wait", action="store_true", help="fail at once if another build holds the store lock")
    b.add_argument("--engine", choices=("local", "dask"), default="local",
                   help="where read/extract/map run: local processes (default) or Dask (see the README, section Scale)")
    b.add_argument("--dask-scheduler", default="processes",
                   help="with --engine dask: processes | threads | sync | tcp://HOST:PORT of a dask.distributed scheduler")
    b.add_argument("--shards", type=Path, default=None,
                   help="with --engine dask: shared folder for the per-partition N-Quads shards (default: a temporary folder)")

    a = sub.add_parser("add", help="add (or replace) documents in the built graph without rebuilding it")
    a.add_argument("paths", nargs="+", type=Path, help="files or folders to add")
    _store_arg(a)
    a.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    a.add_argument("--links", type=Path, default=None, help="override file (default: the one the store was built with)")
    a.add_argument("--verbose", "-v", action="store_true", help="print each new document's extraction report and the SHACL results of re-validated documents")
    a.add_argument("--no-wait", action="store_true", help="fail at once if another writer holds the store lock")

    r = sub.add_parser("remove", help="remove documents (by file path or file name) from the built graph")
    r.add_argument("paths", nargs="+", help="file paths or file names of documents in the store")
    _store_arg(r)
    r.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    r.add_argument("--verbose", "-v", action="store_true", help="print the SHACL results of re-validated documents")
    r.add_argument("--no-wait", action="store_true", help="fail at once if another writer holds the store lock")

    e = sub.add_parser("export", help="export the store (TriG/N-Quads keep named graphs)")
    _store_arg(e)
    e.add_argument("--format", required=True, choices=EXPORT_FORMATS)
    e.add_argument("-o", "--output", type=Path, default=None, help="output file (default stdout)")

    q = sub.add_parser("query", help="run a SPARQL query on the union of all graphs")
    _store_arg(q)
    q.add_argument("query", help="the query text, or @FILE to read it from a file")
    q.add_argument("--format", default="table", choices=QUERY_FORMATS)

    v = sub.add_parser("validate", help="validate every document graph in the store with the SHACL shapes")
    _store_arg(v)

    s = sub.add_parser("serve", help="serve the SPARQL endpoint and linked-data pages")
    _store_arg(s)
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--timeout", type=float, default=10.0, help="per-query timeout in seconds (default 10)")
    s.add_argument("--allow-updates", action="store_true", help="accept SPARQL UPDATE with the bearer token")
    s.add_argument("--update-token", default=None, help="bearer token required for updates ($CVGRAPH_UPDATE_TOKEN)")
    s.add_argument("--access-log", action="store_true", help="log every request (off by default: it costs latency)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    try:
        settings = Settings.from_env(args.base)
        _remote_store(args)
        return COMMANDS[args.command](args, settings)
    except CVGraphError as exc:
        print(f"cvgraph: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:    # an output file that cannot be written, a full disk: no traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"cvgraph: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _remote_store(args) -> None:
    """`--store URL` (with the endpoint overrides) → a RemoteTarget; a directory stays a Path."""
    from .remote import RemoteTarget, is_remote

    overrides = [getattr(args, k, None) for k in ("query_endpoint", "update_endpoint", "gsp_endpoint")]
    if hasattr(args, "store") and is_remote(args.store):
        args.store = RemoteTarget.parse(str(args.store), *overrides)
    elif any(overrides):
        raise CVGraphError("--query-endpoint/--update-endpoint/--gsp-endpoint need --store http(s)://…")


def cmd_build(args, settings: Settings) -> int:
    from .build import build

    paths = args.paths or [DEFAULT_INPUT]
    if args.engine == "dask":
        from .distributed import distributed_build

        summary = distributed_build(paths, args.store, settings, scheduler=args.dask_scheduler,
                                    workers=args.jobs, shard_dir=args.shards, overrides_path=args.links,
                                    wait_for_lock=not args.no_wait)
    else:
        summary = build(paths, args.store, settings, jobs=args.jobs, overrides_path=args.links,
                        wait_for_lock=not args.no_wait)
    return _report(args, summary)


def cmd_add(args, settings: Settings) -> int:
    from .build import add_documents

    summary = add_documents(args.paths, args.store, settings, jobs=args.jobs, overrides_path=args.links,
                            wait_for_lock=not args.no_wait)
    return _report(args, summary)


def cmd_remove(args, settings: Settings) -> int:
    from .build import remove_documents

    summary = remove_documents(args.paths, args.store, settings, jobs=args.jobs, wait_for_lock=not args.no_wait)
    return _report(args, summary)


def _report(args, summary) -> int:
    if args.verbose:
        for name, report in summary.reports.items():
            counts = ", ".join(f"{k} {v}" for k, v in report["counts"].items() if v)
            print(f"{name}: {counts}")
            for msg in report["skipped"]:
                print(f"  skipped: {msg}")
            for msg in report["warnings"]:
                print(f"  warning: {msg}")
    if summary.validation_text and (args.verbose or summary.violations or summary.warnings):
        print(summary.validation_text)
    for name, reason in summary.failed:
        print(f"cvgraph: {name}: {reason}", file=sys.stderr)
    print(summary.render())
    if summary.changed_graphs is not None and summary.committed:
        print(f"document graphs written: {summary.changed_graphs}  "
              f"({summary.seconds.get('total', 0.0):.2f} s)")
    return summary.exit_code


def cmd_export(args, settings: Settings) -> int:
    from .export import export

    out = args.output.open("wb") if args.output else sys.stdout.buffer
    try:
        export(args.store, args.format, out, settings)
    finally:
        if args.output:
            out.close()
    return 0


def cmd_query(args, settings: Settings) -> int:
    from .export import run_query

    text = args.query
    if text.startswith("@"):
        try:
            text = Path(text[1:]).read_text(encoding="utf-8")
        except OSError as exc:
            raise CVGraphError(f"cannot read query file {text[1:]}: {exc.strerror}") from exc
    sys.stdout.write(run_query(args.store, text, args.format, settings))
    return 0


def cmd_validate(args, settings: Settings) -> int:
    from .validate_store import validate_store

    text, violations = validate_store(args.store, settings)
    print(text)
    return 1 if violations else 0


def cmd_serve(args, settings: Settings) -> int:
    import os

    import uvicorn

    from endpoint.app import create_app
    from .store import live_generation

    from .remote import is_remote

    if not is_remote(args.store) and live_generation(args.store) is None:
        raise CVGraphError(f"no graph has been built in {args.store} (run `cvgraph build` first)")
    token = args.update_token or os.environ.get("CVGRAPH_UPDATE_TOKEN")
    app = create_app(args.store, settings, query_timeout=args.timeout, allow_updates=args.allow_updates,
                     update_token=token)
    print(f"cvgraph: serving {args.store} at http://{args.host}:{args.port}/ (SPARQL at /sparql)", file=sys.stderr)
    # loop="asyncio": uvloop works too since the pool restores blocking mode on its pipes after
    # each wait (tests/test_endpoint_streaming.py), but it showed no clear gain here.
    uvicorn.run(app, host=args.host, port=args.port, log_level="info", access_log=args.access_log,
                loop="asyncio")
    return 0


COMMANDS = {"build": cmd_build, "add": cmd_add, "remove": cmd_remove, "export": cmd_export, "query": cmd_query, "validate": cmd_validate,
            "serve": cmd_serve}

if __name__ == "__main__":
    sys.exit(main())
