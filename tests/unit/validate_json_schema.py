#!/usr/bin/python3
"""Validate a JSON document against a JSON schema.

Usage: validate_json_schema.py SCHEMA DOCUMENT
Exit 0 when valid, 1 when invalid (the errors are printed), 2 on bad usage,
unreadable files, a missing jsonschema module or a missing uri-reference
format check (python3-rfc3987): without it a badly encoded SARIF uri would
pass as valid, so the check is required rather than silently skipped.

A schema may $ref other schemas by a relative URI (the CycloneDX schemas
name spdx.schema.json and jsf-0.82.schema.json). Those are read from the
schema's own directory, never fetched: every *.json there is preloaded under
its $id and its file URI, and a reference to anything else fails.

Run it with /usr/bin/python3: Debian's python3-jsonschema lives there, not
in a pyenv interpreter that may come first on PATH.
"""
import json
import os
import sys
import urllib.parse


def load_store(schema_path, schema):
    """Every JSON schema next to schema_path, keyed by $id and by file URI."""
    directory = os.path.dirname(os.path.abspath(schema_path))
    store = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(directory, name)
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError):
            continue
        if not isinstance(doc, dict):
            continue
        uri = "file://" + urllib.parse.quote(path)
        store[uri] = doc
        if isinstance(doc.get("$id"), str):
            store[doc["$id"].rstrip("#")] = doc
    store["file://" + urllib.parse.quote(os.path.abspath(schema_path))] = schema
    return directory, store


def make_resolver(jsonschema, schema_path, schema):
    """A resolver over the schema directory that never goes to the network."""
    directory, store = load_store(schema_path, schema)

    def local(uri):
        # A URI the store lacks: the file of that name in the schema directory, if any.
        name = os.path.basename(urllib.parse.urlparse(uri).path)
        path = os.path.join(directory, name)
        if name and os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return json.load(f)
        raise jsonschema.exceptions.RefResolutionError("unresolvable reference %s" % uri)

    base = schema.get("$id") or schema.get("id") or ("file://" + urllib.parse.quote(os.path.abspath(schema_path)))
    return jsonschema.RefResolver(base, schema, store=store,
                                  handlers={"http": local, "https": local, "file": local})


def main(argv):
    if len(argv) != 3:
        print("usage: validate_json_schema.py SCHEMA DOCUMENT", file=sys.stderr)
        return 2
    try:
        import jsonschema
        from jsonschema.validators import validator_for
    except ImportError as e:
        print("validate_json_schema: %s (install python3-jsonschema)" % e, file=sys.stderr)
        return 2
    checker = jsonschema.FormatChecker()
    # jsonschema checks uri-reference only with rfc3987 (or rfc3986-validator)
    # importable; otherwise it silently accepts any string.
    if "uri-reference" not in checker.checkers or checker.conforms("%zz bad uri", "uri-reference"):
        print("validate_json_schema: the uri-reference format check is not available "
              "(install python3-rfc3987)", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        # Strict UTF-8: a writer that lets an invalid byte through must fail here.
        with open(argv[2], encoding="utf-8", errors="strict") as f:
            document = json.load(f)
    except (OSError, ValueError) as e:
        print("validate_json_schema: %s" % e, file=sys.stderr)
        return 1 if isinstance(e, ValueError) else 2

    cls = validator_for(schema)
    cls.check_schema(schema)
    # Every format checker this jsonschema has (uri, uri-reference with rfc3987),
    # not only the schema draft's: a badly encoded artifact uri must fail.
    validator = cls(schema, format_checker=checker,
                    resolver=make_resolver(jsonschema, argv[1], schema))
    try:
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    except jsonschema.exceptions.RefResolutionError as e:
        print("validate_json_schema: %s" % e, file=sys.stderr)
        return 2
    for e in errors[:20]:
        where = "/".join(str(p) for p in e.absolute_path) or "(root)"
        print("%s: %s" % (where, e.message), file=sys.stderr)
    if errors:
        print("validate_json_schema: %d error(s) in %s" % (len(errors), argv[2]), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
