#!/usr/bin/env bash
# host/web/page/embed_page.cmake builds the page from a copy of its files, and stops the build with
# a message naming what is wrong when index.html no longer links a style sheet or a script of the
# folder (the page would be served without it), or links one that is not there.
set -euo pipefail
cmake="$1"
page="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$page"/* "$work"/
"$cmake" -D PAGE="$work" -D OUT="$work/web_page.cpp" -P "$work/embed_page.cmake"
grep -q "std::optional<WebFile> webPageFile(std::string_view name)" "$work/web_page.cpp" || { echo "FAIL: no webPageFile() made"; exit 1; }
for file in page.css page.js pairing.css pairing.js; do
  grep -q "{\"$file\", " "$work/web_page.cpp" || { echo "FAIL: $file is not built in"; exit 1; }
  # index.html with the line's link to `file` renamed.
  sed "s/\"$file\"/\"renamed-$file\"/" "$page/index.html" > "$work/index.html"
  if "$cmake" -D PAGE="$work" -D OUT="$work/web_page.cpp" -P "$work/embed_page.cmake" > "$work/out.txt" 2>&1; then
    echo "FAIL: a page that does not link $file was built"; exit 1
  fi
  tr '\n' ' ' < "$work/out.txt" | tr -s ' ' | grep -q "index.html has no link to $file" ||
    { cat "$work/out.txt"; echo "FAIL: the message does not name $file"; exit 1; }
done
# A link to a file the folder does not have.
cp "$page/index.html" "$work/index.html"
rm "$work/pairing.js"
if "$cmake" -D PAGE="$work" -D OUT="$work/web_page.cpp" -P "$work/embed_page.cmake" > "$work/out.txt" 2>&1; then
  echo "FAIL: a page that links a missing pairing.js was built"; exit 1
fi
tr '\n' ' ' < "$work/out.txt" | tr -s ' ' | grep -q "index.html links pairing.js, which is not in" ||
  { cat "$work/out.txt"; echo "FAIL: the message does not name pairing.js"; exit 1; }
echo "the page is built from its files, and not without its links"
