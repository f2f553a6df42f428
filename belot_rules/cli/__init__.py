"""The ``belot`` command line: one module per verb, each exposing ``register(subparsers)``.

A verb's module adds its sub-parser and sets ``run`` (``args -> exit status``) as its
default; adding a verb means writing its module and naming it in ``COMMANDS``. A
command line that starts with a verb imports that verb's module alone, so a command
does not pay at start-up for the libraries of the others. Only this package prints
and only it imports rich. A :class:`UserError` becomes its message
on stderr and exit status 1; Ctrl-C exits with 130 (SIGTERM or SIGHUP stopping a simulation, with 128 +
the signal); neither shows a traceback.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
from typing import Any

from .. import __version__, i18n
from ..errors import UserError
from ..i18n import N_, gettext as _

COMMANDS = ["play", "validate", "show", "rules", "list", "schema", "replay", "score", "sheet", "compare", "simulate", "duel", "tournament"]
COMMANDS += ["host", "join"]  # the network table
MODULES = {"rules": "booklet"}  # a verb whose module has another name


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser with every verb of ``COMMANDS`` registered, or the verb ``only`` alone."""
    setattr(argparse, "_", i18n.gettext)  # noqa: B010 - argparse's own texts (ARGPARSE_TEXTS) in the language
    parser = argparse.ArgumentParser(
        prog="belot",
        description=_("Belot / Belote rule sets as YAML files: check them, read them, play them."),
        epilog=_("Start with: belot list, belot show bulgarian, belot play. "
                 "belot COMMAND --help gives the options of a command."),
    )
    parser.add_argument("--version", action="version", version=f"belot-rules {__version__}",
                        help=_("show program's version number and exit"))
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in [only] if only in COMMANDS else COMMANDS:
        importlib.import_module(f"{__name__}.{MODULES.get(name, name)}").register(subparsers)
    for command in [parser, *subparsers.choices.values()]:  # any command, before or after its verb
        command.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS, help=_(
            "the language to speak: {languages} (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English)"
        ).format(languages=", ".join(i18n.LANGUAGES)))
    return parser


# argparse's own texts (headings, the help of -h, its errors), which it looks up with gettext in its
# module: marked here for the catalogues, and looked up in them once build_parser points argparse at i18n.gettext.
ARGPARSE_TEXTS = (N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
                  N_("%(prog)s: error: %(message)s\n"),
                  N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
                  N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("expected one argument"),
                  N_("argument %(argument_name)s: %(message)s"))


def _lang_flag(argv: list[str]) -> str | None:
    """The value of ``--lang`` anywhere on the command line, read before parsing so that the parser's
    own texts can be in that language."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith("--lang="):
            return word.removeprefix("--lang=")
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
    return None


def _quiet_pool_exit(unraisable: Any) -> None:
    """After a stopped run, Python 3.11's exit hook of a process pool may write to a pipe the pool's manager
    thread has just closed, and print "Exception ignored ... Bad file descriptor": a race inside Python, not
    the user's concern. Anything else is reported as Python reports it."""
    error = unraisable.exc_value
    if isinstance(error, OSError) and error.errno == errno.EBADF:
        return
    sys.__unraisablehook__(unraisable)


def main(argv: list[str] | None = None) -> int:
    """Run one ``belot`` command and return its exit status."""
    for stream in (sys.stdout, sys.stderr):  # a terminal without ✓ or ♥ gets '?', not a traceback
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    ends_process = argv is None  # the process's own command line: it ends with the command
    argv = sys.argv[1:] if argv is None else argv
    args = None
    try:
        i18n.use(i18n.choose(_lang_flag(argv), os.environ))
        # A leading verb is the command: the other verbs are not needed to parse or run it.
        args = build_parser(argv[0] if argv else None).parse_args(argv)
        args.ends_process = ends_process
        status: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, not as a traceback when Python exits
        ray_backend = sys.modules.get("belot_rules.sim.ray_backend")  # loaded only by a command that used Ray
        if ends_process and ray_backend is not None:
            ray_backend.leave_cluster(status)
        return status
    except SystemExit as done:  # argparse: --help, --version, or a usage error already printed
        return done.code if isinstance(done.code, int) else 0 if done.code is None else 2
    except UserError as err:
        print(str(err), file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM / SIGHUP during a long run
        sys.unraisablehook = _quiet_pool_exit
        out = getattr(args, "out", None)
        if out:
            print(f"Stopped. {out} keeps what was played; run the same command with --resume to go on.",
                  file=sys.stderr)
        return 128 + getattr(stop, "signum", 2)
    except BrokenPipeError:  # the reader (``| head``) went away: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as err:  # ``> /dev/full``: the output cannot be written (files read or written say so themselves)
        if err.errno not in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO):
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's flush at exit must not fail again
        print(f"belot: cannot write the output: {err.strerror or err}", file=sys.stderr)
        return 1
