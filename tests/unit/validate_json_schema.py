#!/usr/bin/python3
"""Validate a JSON document against a JSON schema.

Usage: validate_json_schema.py SCHEMA DOCUMENT
Exit 0 when valid, 1 when invalid (the errors are printed), 2 on bad usage,
unreadable files or a missing jsonschema module.

Run it with /usr/bin/python3: Debian's python3-jsonschema lives there, not
in a pyenv interpreter that may come first on PATH.
"""
import json
import sys


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
    validator = cls(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for e in errors[:20]:
        where = "/".join(str(p) for p in e.absolute_path) or "(root)"
        print("%s: %s" % (where, e.message), file=sys.stderr)
    if errors:
        print("validate_json_schema: %d error(s) in %s" % (len(errors), argv[2]), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
