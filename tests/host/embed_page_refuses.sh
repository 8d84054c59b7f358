#!/usr/bin/env bash
# host/web/page/embed_page.cmake builds the page from a copy of its files, and stops the build with
# a message naming what is missing when index.html no longer links the style sheet or the script
# (the page would be served without them).
set -euo pipefail
cmake="$1"
page="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$page"/index.html "$page"/page.css "$page"/page.js "$page"/embed_page.cmake "$work"/
"$cmake" -D PAGE="$work" -D OUT="$work/web_page.cpp" -P "$work/embed_page.cmake"
grep -q "std::string_view webPageHtml()" "$work/web_page.cpp" || { echo "FAIL: no webPageHtml() made"; exit 1; }
for file in page.css page.js; do
  # index.html with the line's link to `file` renamed.
  sed "s/$file/renamed-$file/" "$page/index.html" > "$work/index.html"
  if "$cmake" -D PAGE="$work" -D OUT="$work/web_page.cpp" -P "$work/embed_page.cmake" > "$work/out.txt" 2>&1; then
    echo "FAIL: a page that does not link $file was built"; exit 1
  fi
  tr '\n' ' ' < "$work/out.txt" | tr -s ' ' | grep -q "index.html has no .*$file" ||
    { cat "$work/out.txt"; echo "FAIL: the message does not name $file"; exit 1; }
done
echo "the page is built from its files, and not without its links"
