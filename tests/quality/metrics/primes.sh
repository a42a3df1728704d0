#!/bin/bash
# expect-file: lines=23 code=19 comment=3 blank=1
# expect: check cognitive=10 cyclomatic=7 params=0 nesting=3
check() {
    for f in "$@"; do
        if [[ -f "$f" && -r "$f" || -L "$f" ]]; then
            echo "$f"
        elif [ -d "$f" ]; then
            case "$f" in
                /tmp/*) echo tmp ;;
                *) echo dir ;;
            esac
        else
            echo none
        fi
    done
}

while read -r line; do
    if [ -n "$line" ]; then
        check "$line"
    fi
done
