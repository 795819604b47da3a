"""/transcribe [<file>] [--language L] [--then <request>]: the words of an audio file, or the assistant's
turn on the request with the transcription attached (its prelude); without a file, the audio files of the
workspace and of /output."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import run_assistant_turn
from orkeon_engine.commands._shared.speech import speech_ports
from orkeon_engine.crews.speech.run import AudioItem, list_audio, transcribe
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, Document, table
from orkeon_engine.ports.files import Files, FilesError

ARGS = ArgSpec(
    flags=(Flag("language", "the language spoken, as a code such as en (detected when unset)", value="CODE"),
           Flag("then", "run the assistant on the words after the file, the transcription attached")),
    positionals=(Positional("file", "the audio file (WAV, MP3, M4A, OGG, FLAC...); none lists them"),
                 Positional("request", "with --then: what the assistant should do with it", many=True)),
)
LISTED_FOLDERS = ("/workspace", "/output")


async def run_transcribe(args: ParsedArgs, deps: Deps) -> CommandView:
    path = args.word(0)
    request = " ".join(args.rest(1))
    if path is None:
        if args.has("then"):
            raise ArgumentError("--then needs the audio file first", ARGS.usage("transcribe"))
        return await _listing(deps)
    if request and not args.has("then"):
        raise ArgumentError(f"unexpected words after the file: {request!r}; --then <request> runs the assistant on "
                            "them", ARGS.usage("transcribe"))
    if args.has("then") and not request:
        raise ArgumentError("--then needs a request: what the assistant should do with the transcription",
                            ARGS.usage("transcribe"))
    language = args.value("language") or ""
    ports = speech_ports(deps)
    if args.has("then"):
        async def prelude() -> str:
            heard = await transcribe(ports, path, language)
            if not heard.text:
                raise CommandFailedError(f"{path}: no words were heard in it, so the assistant was not started")
            return f"Transcription of {ports.files.resolve(path)}:\n\n{heard.text}"

        return await run_assistant_turn(deps, request, prelude)
    heard = await transcribe(ports, path, language)
    words = heard.text or "(no words were heard)"
    length = f"{heard.seconds:g} s, " if heard.seconds is not None else ""
    title = f"Transcription of {ports.files.resolve(path)}"
    return CommandView(lines=(f"{title} ({length}{heard.language or 'language unknown'}):",), message=words,
                       document=Document(title, words + "\n"), data={"text": heard.text, "language": heard.language})


async def _listing(deps: Deps) -> CommandView:
    ports = speech_ports(deps)
    listed = [await list_audio(ports, folder) if await ports.files.exists(folder) else [] for folder in LISTED_FOLDERS]
    # /output lies inside /workspace (.orkeon/local/output): a file is listed once, under the last folder holding it
    seen: set[str] = set()
    groups: list[list[AudioItem]] = []
    for items in reversed(listed):
        groups.insert(0, [item for item in items if _same_file(ports.files, item.path) not in seen])
        seen.update(_same_file(ports.files, item.path) for item in items)
    found = [item for group in groups for item in group]
    if not found:
        return CommandView(message="No audio file in /workspace nor /output. /transcribe <file> takes any path.")
    rows = [[item.path, f"{item.seconds:g} s" if item.seconds is not None else "", f"{item.size:,} B"]
            for item in found]
    return CommandView(table=table(["file", "length", "size"], rows),
                       message=f"{len(found)} audio files. /transcribe <file> gives the words of one.")


def _same_file(files: Files, path: str) -> str:
    """What tells two listed paths of one file apart from two files: the host path behind the virtual one."""
    try:
        return files.host_path(path)
    except FilesError:
        return path
