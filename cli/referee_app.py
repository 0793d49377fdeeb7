"""One click scaffold for the referees: `overturn overload|offboard|insider new|show|legal|play|undo|session|rules`.

A game module builds its group with ``build_referee_group(RefereeCommands(...))``
from a ``Referee`` (overturn.referees.protocol) plus its own options and
examples, then may add its own commands to the returned group with the shared
helpers ``load_game``, ``save_game``, ``refused`` and ``report_played`` (and
``overturn_cli.common.echo_json``).

Conventions, the same for every game:

* exit 0 done, 1 refused by the rules (the file is unchanged), 2 usage error
  or unreadable file;
* under ``--json`` a refusal is ``{"error": {"rule": ..., "message": ...}}`` on
  stdout; results are JSON on stdout, errors one line on stderr;
* a file that cannot be trusted (bad JSON, a field the rules contradict, any
  exception while rebuilding it) is one "unreadable" error naming the file,
  never a traceback; a failed save is one line, exit 1, the old file intact;
* `new` on an existing file and `session --new` need ``--force``;
* the line saying what the game waits for is followed by the command to type
  (``notation_hint``), in the text output and the session's prompts, not in JSON.

The game's own option decorators arrive as keyword arguments: `new` passes
``new_options`` to ``Referee.new_game``, `show` passes ``show_options`` to
``render``/``view_json``, `play` passes ``play_options`` to ``play``, `session`
takes ``new_options`` (used with ``--new``) and passes ``session_options`` to
``session_step``, ``computer_turn`` and ``session_undo``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TypeVar

import click

from overturn.jsonstore import SaveError, StateFileError, load_json, save_json_atomic
from overturn.referees.protocol import IllegalAction, NothingToUndo, Played, Referee, UsageProblem
from overturn.referees.templates import SharedCatalogue
from overturn.referees.wording import Event, kind
from overturn_cli.common import json_option, plain_color_option, state_option, updates_state
from overturn_cli.console import echo_json

F = TypeVar("F", bound=Callable[..., Any])
Decorator = Callable[[F], F]

# What deeper code may raise on a corrupted file; each becomes "unreadable file".
CORRUPTION_ERRORS = (
    ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, MemoryError, OverflowError,
)


class Refused(click.ClickException):
    """A move the rules refuse: exit 1, the rule and message as text or as a JSON object on stdout."""

    exit_code = 1

    def __init__(self, refusal: IllegalAction, as_json: bool) -> None:
        super().__init__(refusal.message)
        self.rule = refusal.rule
        self.as_json = as_json

    def show(self, file: IO[Any] | None = None) -> None:
        if self.as_json:
            click.echo(json.dumps({"error": {"rule": self.rule, "message": self.message}}, ensure_ascii=False))
        else:
            click.echo(f"refused: {self.message.rstrip('.')} [rule: {self.rule}]; the game file is unchanged", err=True)


class UnreadableFile(click.ClickException):
    """A game file that cannot be trusted: exit 2, one line naming the file."""

    exit_code = 2


def refused(refusal: IllegalAction, as_json: bool = False) -> Refused:
    return Refused(refusal, as_json)


@dataclass(frozen=True)
class RefereeCommands:
    """A game's command line: its referee, group help, own options and per-command examples."""

    referee: Referee[Any]
    help: str
    start_hint: str  # the `new` command to suggest when the file is missing
    # What the game waits for, as the event its awaiting line words: its kind's wording in the game's commandLine
    # section of overturn/wording/en.json (the page never reads that section) is the notation hint that follows.
    awaited: Callable[[Any], Event] | None = None
    new_options: Sequence[Decorator[Any]] = ()
    show_options: Sequence[Decorator[Any]] = ()
    play_options: Sequence[Decorator[Any]] = ()
    session_options: Sequence[Decorator[Any]] = ()  # e.g. computer players; passed to the session hooks
    examples: Mapping[str, str] = field(default_factory=dict)  # command name -> example lines


def notation_hint(commands: RefereeCommands, game: Any) -> str:
    """The command to type for what ``game`` waits for (``Type 'play load N'...``), or "" where there is none."""
    if commands.awaited is None:
        return ""
    event = commands.awaited(game)
    hints = SharedCatalogue("en", commands.referee.name, "commandLine")
    return hints[kind(event)](event) if kind(event) in hints else ""


def hinted(commands: RefereeCommands, game: Any, text: str) -> str:
    """``text``, ending with the awaiting line (``awaiting``, or a drawing that ends with it), then the notation hint."""
    hint = notation_hint(commands, game)
    return f"{text} {hint}" if hint else text


def load_game(referee: Referee[Any], path: Path, start_hint: str = "") -> Any:
    """Read and check a game file; every failure is one UnreadableFile naming the file."""
    try:
        return referee.from_json(load_json(path), str(path))
    except StateFileError as exc:
        hint = f" (start one with '{start_hint}')" if start_hint and not path.exists() else ""
        raise UnreadableFile(f"{exc}{hint}") from None
    except CORRUPTION_ERRORS as exc:
        raise UnreadableFile(f"{path}: unreadable {referee.title} file ({type(exc).__name__}: {_short(exc)})") from None


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return text[:200]


def save_game(referee: Referee[Any], path: Path, game: Any) -> None:
    """Write atomically; a failure is one line (exit 1) and leaves the old file as it was."""
    try:
        save_json_atomic(path, referee.to_json(game))
    except SaveError as exc:  # one line naming the file; jsonstore leaves the old file intact
        raise click.ClickException(f"{exc}; the file on disk is unchanged") from None


def play_and_save(commands: RefereeCommands, path: Path, moves: Sequence[str], as_json: bool, **options: Any) -> None:
    """Load, play ``moves`` (all or nothing), save and report: `play`, and any game command that is a move in disguise."""
    referee = commands.referee
    game = load_game(referee, path, commands.start_hint)
    try:
        after, log = referee.play(game, moves, **options)
    except IllegalAction as refusal:
        raise refused(refusal, as_json) from None
    except UsageProblem as exc:
        raise click.UsageError(str(exc)) from None
    save_game(referee, path, after)
    report_played(commands, after, log, as_json)


def report_played(commands: RefereeCommands, game: Any, log: Sequence[Played], as_json: bool) -> None:
    """Print what was applied, then what the game waits for and the command to type (or the JSON view)."""
    if as_json:
        echo_json({"applied": [step.to_json() for step in log], **commands.referee.view_json(game)})
        return
    _echo_log(log)
    click.echo(hinted(commands, game, commands.referee.awaiting(game)))


def _echo_log(log: Sequence[Played]) -> None:
    for step in log:
        click.echo("\n".join(step.lines()))


def _apply_decorators(function: F, decorators: Sequence[Decorator[Any]]) -> F:
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def _option_names(decorators: Sequence[Decorator[Any]]) -> set[str]:
    """The keyword names a list of click option decorators gives their command."""
    probe = _apply_decorators(lambda: None, decorators)
    return {param.name for param in getattr(probe, "__click_params__", []) if param.name}


def _help(text: str, commands: RefereeCommands, name: str) -> str:
    examples = commands.examples.get(name)
    return text + (f"\n\n\b\nExamples:\n{examples}" if examples else "")


def build_referee_group(commands: RefereeCommands) -> click.Group:
    """The game's click group with the shared commands; add the game's own with ``group.command()``."""
    referee = commands.referee
    title = referee.title
    state = state_option(f"{referee.name}.json")

    def load(path: Path) -> Any:
        return load_game(referee, path, commands.start_hint)

    @click.group(name=referee.name, help=commands.help,
                 context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
    def group() -> None:
        pass

    @updates_state
    def new(force: bool, state_path: Path, as_json: bool, **options: Any) -> None:
        if state_path.exists() and not force:
            raise click.UsageError(f"{state_path} already holds a game; pass --force to replace it, or --state for another file")
        try:
            game = referee.new_game(**options)
        except UsageProblem as exc:
            raise click.UsageError(str(exc)) from None
        save_game(referee, state_path, game)
        if as_json:
            echo_json({"state_file": str(state_path), **referee.view_json(game)})
        else:
            click.echo(f"New {title} game in {state_path}.")
            click.echo(hinted(commands, game, referee.render(game)))

    new_command = click.option("--force", is_flag=True, help="Replace a game already in the file.")(
        state(json_option(plain_color_option(_apply_decorators(new, commands.new_options)))))
    group.command("new", help=_help(f"Set up a new {title} game in the file.", commands, "new"))(new_command)

    def show(state_path: Path, as_json: bool, **options: Any) -> None:
        game = load(state_path)
        if as_json:
            echo_json(referee.view_json(game, **options))
        else:
            click.echo(hinted(commands, game, referee.render(game, **options)))

    group.command("show", help=_help(
        "Draw the game: set-up, board, scores and what the game waits for.", commands, "show"))(
        state(json_option(plain_color_option(_apply_decorators(show, commands.show_options)))))

    @group.command("legal", help=_help("List the legal actions now, in the notation 'play' accepts.", commands, "legal"))
    @state
    @json_option
    def legal(state_path: Path, as_json: bool) -> None:
        game = load(state_path)
        if as_json:  # each action as 'play' takes it; the text may group them for people
            echo_json({"awaiting": referee.awaiting(game), "legal": referee.actions(game)})
            return
        actions = referee.legal(game)
        click.echo(hinted(commands, game, referee.awaiting(game)))
        click.echo("\n".join(actions) if actions else "(none)")

    @updates_state
    def play(moves: tuple[str, ...], state_path: Path, as_json: bool, **options: Any) -> None:
        play_and_save(commands, state_path, moves, as_json, **options)

    play_command = click.argument("moves", nargs=-1, metavar="MOVE...")(
        state(json_option(_apply_decorators(play, commands.play_options))))
    group.command("play", help=_help(
        "Play moves in the game's notation (see 'rules'); all or nothing: a refused move saves nothing.",
        commands, "play"))(play_command)

    @group.command("undo", help=_help("Take back the last actions (all of them count, forced ones included).",
                                      commands, "undo"))
    @click.option("--count", "-n", type=click.IntRange(1), default=1, help="How many actions to take back.")
    @state
    @json_option
    @updates_state
    def undo(count: int, state_path: Path, as_json: bool) -> None:
        game = load(state_path)
        try:
            earlier, taken_back = referee.rewind(game, count)
        except NothingToUndo as exc:  # refused, as a move the rules refuse: exit 1
            raise click.ClickException(str(exc)) from None
        except UsageProblem as exc:
            raise click.UsageError(str(exc)) from None
        save_game(referee, state_path, earlier)
        if as_json:
            echo_json({"taken_back": taken_back, **referee.view_json(earlier)})
        else:
            click.echo(f"Took back: {', '.join(taken_back)}.")
            click.echo(hinted(commands, earlier, referee.awaiting(earlier)))

    new_names = _option_names(commands.new_options)

    @updates_state
    def session(start_new: bool, force: bool, state_path: Path, **options: Any) -> None:
        session_options = {name: value for name, value in options.items() if name not in new_names}
        if start_new:
            if state_path.exists() and not force:
                raise click.UsageError(f"{state_path} already holds a game; pass --force with --new to replace it")
            try:
                game = referee.new_game(**{name: options[name] for name in new_names})
            except UsageProblem as exc:
                raise click.UsageError(str(exc)) from None
            save_game(referee, state_path, game)
        else:
            game = load(state_path)
        _session_loop(commands, game, state_path, session_options)

    session_command = click.option("--new", "start_new", is_flag=True, help="Start a new game in the file first.")(
        click.option("--force", is_flag=True, help="With --new: replace a game already in the file.")(
            state(plain_color_option(_apply_decorators(session, [*commands.new_options, *commands.session_options])))))
    group.command("session", help=_help(
        "Play interactively: one prompt per decision, the file saved after each accepted action. "
        "The set-up options apply with --new.", commands, "session"))(session_command)

    rules_examples = f"  overturn {referee.name} rules\n  overturn {referee.name} rules --json"
    @group.command("rules", help=f"The rules of {title} as this referee applies them, with the move notation."
                   f"\n\n\b\nExamples:\n{commands.examples.get('rules', rules_examples)}")
    @json_option
    def rules(as_json: bool) -> None:
        text = referee.rules_text()
        if as_json:
            echo_json({"game": referee.name, "rules": text})
        else:
            click.echo(text.rstrip("\n"))

    return group


SESSION_WORDS = "Also: show, legal, undo, help, quit."


def _session_loop(commands: RefereeCommands, game: Any, state_path: Path, options: Mapping[str, Any]) -> None:
    referee = commands.referee
    click.echo(hinted(commands, game, referee.render(game)))
    click.echo("Type 'help' for the commands.")
    while not referee.state(game).is_terminal():
        automatic = referee.computer_turn(game, **options)
        if automatic is not None:
            game, log = automatic
            save_game(referee, state_path, game)
            _echo_log(log)
            continue
        prompt = referee.prompt(game)
        if prompt == referee.awaiting(game):  # a game's own short prompt (Overload's discs) already says what to type
            prompt = hinted(commands, game, prompt)
        try:
            answer = without_play(click.prompt(prompt, default="", show_default=False).strip())
        except click.Abort:
            break
        word = answer.lower()
        if word in ("quit", "q", "exit"):
            break
        if word in ("help", "?"):
            click.echo(f"{referee.session_help()}\n{SESSION_WORDS}")
            continue
        if word == "show":
            click.echo(hinted(commands, game, referee.render(game)))
            continue
        if word == "legal":
            click.echo(", ".join(referee.legal(game)) or "(none)")
            continue
        try:
            if word == "undo":
                game, taken_back = referee.session_undo(game, **options)
                log = [Played(f"took back {', '.join(taken_back)}")]
            else:
                game, log = referee.session_step(game, answer, **options)
        except IllegalAction as refusal:
            click.echo(f"refused: {refusal.message} [rule: {refusal.rule}]")
            continue
        except (UsageProblem, NothingToUndo) as exc:
            click.echo(str(exc))
            continue
        save_game(referee, state_path, game)
        _echo_log(log)
    click.echo(f"Saved in {state_path}.")
    click.echo(hinted(commands, game, referee.awaiting(game)))


def without_play(answer: str) -> str:
    """A session answer typed as the hints write it (``play move red1``) read as its move (``move red1``)."""
    first, _, rest = answer.partition(" ")
    return rest.strip() if first.lower() == "play" and rest.strip() else answer
