#!/usr/bin/env python3
"""Validates OPDS 2.0 documents against the committed OPDS 2.0 and Readium Web Publication schemas.

usage: validate-opds2.py (--feed FILE | --publication FILE)...
Every schema is loaded from this folder (no network). Exits 1 and prints each error when a document
is invalid, 2 when the validator itself is missing.
"""
import json
import pathlib
import re
import sys

try:
    import jsonschema
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT7
except ImportError as error:  # the test must fail loudly, not skip
    print(f"python jsonschema (and referencing) are needed: {error}", file=sys.stderr)
    sys.exit(2)

HERE = pathlib.Path(__file__).resolve().parent / "opds2"
BASES = {"opds": "https://drafts.opds.io/schema/", "readium": "https://readium.org/webpub-manifest/schema/"}
# ECMA-262 named groups (?<name>…) are written (?:…) for Python's re, which spells them (?P<name>…)
# and refuses a name used twice (the BCP 47 pattern has privateUse twice); matching is unchanged.
NAMED_GROUP = re.compile(r"\(\?<([A-Za-z][A-Za-z0-9]*)>")


def python_patterns(node):
    if isinstance(node, dict):
        return {(NAMED_GROUP.sub("(?:", key) if isinstance(key, str) else key): python_patterns(value)
                for key, value in node.items()}
    if isinstance(node, list):
        return [python_patterns(item) for item in node]
    if isinstance(node, str):
        return NAMED_GROUP.sub("(?:", node)
    return node


def registry():
    resources = []
    for folder, base in BASES.items():
        for path in sorted((HERE / folder).rglob("*.json")):
            relative = path.relative_to(HERE / folder).as_posix()
            contents = python_patterns(json.loads(path.read_text()))
            contents.pop("$id", None)  # each schema is known by where it lives, under both schemes
            contents.pop("id", None)
            resource = Resource(contents=contents, specification=DRAFT7)
            url = base + relative
            resources += [(url, resource), (url.replace("https://", "http://"), resource)]
    return Registry().with_resources(resources)


def main(arguments):
    if not arguments or len(arguments) % 2:
        print(__doc__, file=sys.stderr)
        return 2
    store = registry()
    roots = {"--feed": BASES["opds"] + "feed.schema.json", "--publication": BASES["opds"] + "publication.schema.json"}
    failures = 0
    for flag, name in zip(arguments[::2], arguments[1::2]):
        validator = jsonschema.Draft7Validator({"$ref": roots[flag]}, registry=store,
                                               format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
        document = json.loads(pathlib.Path(name).read_text())
        for error in validator.iter_errors(document):
            failures += 1
            where = "/".join(str(part) for part in error.absolute_path)
            print(f"{name}: {where or '(root)'}: {error.message}")
    print(f"{len(arguments) // 2} documents, {failures} errors")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
