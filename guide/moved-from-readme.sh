#!/usr/bin/env bash
# Lists every heading and every `$ skirmish` command of a README, one a line:
#   heading: TEXT      (a Markdown heading outside code blocks, without its #s)
#   command: skirmish ARGS   (a `$ skirmish` line inside a code block, without the `$ `)
# Run once, on the README as it was before its text moved into the guide:
#   guide/moved-from-readme.sh README.md > guide/moved-from-readme.txt
# tests/guide.rs checks that each entry is still found in README.md or guide/src/**/*.md.
set -euo pipefail
awk '
  /^[[:space:]]*```/ { fenced = !fenced; next }
  !fenced && /^#+ / { sub(/^#+ +/, ""); sub(/[[:space:]]+$/, ""); print "heading: " $0; next }
  fenced && /^[[:space:]]*\$ skirmish/ { sub(/^[[:space:]]*\$ /, ""); sub(/[[:space:]]+$/, ""); print "command: " $0 }
' "${1:-README.md}"
