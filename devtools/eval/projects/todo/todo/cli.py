"""`todo add TEXT`, `todo list [--all] [--page N]` and `todo done NUMBER`."""

import argparse

from todo import storage
from todo.defaults import DONE_MARK, MAX_TEXT, PAGE_SIZE


def parser():
    """The command line's grammar."""
    top = argparse.ArgumentParser(prog="todo")
    commands = top.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", help="add an item")
    add.add_argument("text")
    listing = commands.add_parser("list", help="list the items")
    listing.add_argument("--all", action="store_true", help="the done items too")
    listing.add_argument("--page", type=int, default=1)
    done = commands.add_parser("done", help="mark an item done")
    done.add_argument("number", type=int)
    return top


def render(item, number):
    """One item as listed: its number, its mark and its text."""
    mark = DONE_MARK if item["done"] else " "
    return f"{number}. [{mark}] {item['text']}"


def page_of(lines, page, size):
    """The lines of page `page` (1 is the first)."""
    start = (page - 1) * size
    return lines[start:start + size]


def run(argv, path=None):
    """What the command prints, line by line."""
    args = parser().parse_args(argv)
    items = storage.load(path)
    if args.command == "add":
        text = args.text.strip()
        if not text:
            return ["nothing to add"]
        if len(text) > MAX_TEXT:
            return [f"too long: at most {MAX_TEXT} characters"]
        items.append({"text": text, "done": False})
        storage.save(items, path)
        return [f"added {len(items)}"]
    if args.command == "done":
        if args.number < 1 or args.number > len(items):
            return [f"no item {args.number}"]
        items[args.number - 1]["done"] = True
        storage.save(items, path)
        return [f"done {args.number}"]
    numbered = [(render(item, number), item) for number, item in enumerate(items, start=1)]
    shown = [line for line, item in numbered if args.all or not item["done"]]
    return page_of(shown, args.page, PAGE_SIZE)


def main(argv=None):
    for line in run(argv):
        print(line)
