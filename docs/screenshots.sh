#!/bin/sh
# Regenerates the inspector screenshots under docs/screenshots from the real
# application on the demo clip, in a private Xvfb server.
# Needs: xvfb xdotool imagemagick (apt-get install xvfb xdotool imagemagick).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/docs/screenshots"
tmp=$(mktemp -d)
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
go build -o "$tmp/bandscope" "$root/app"
Xvfb :77 -screen 0 1600x1000x24 >/dev/null 2>&1 &
xvfb=$!
sleep 1
export DISPLAY=:77 HOME="$tmp" XDG_CACHE_HOME="$tmp/cache" XDG_CONFIG_HOME="$tmp/config" XDG_RUNTIME_DIR="$tmp"
"$tmp/bandscope" >"$tmp/log" 2>&1 &
app=$!
wid=""
for _ in $(seq 100); do
	wid=$(xdotool search --name '^Bandscope' 2>/dev/null | head -1 || true)
	[ -n "$wid" ] && break
	sleep 0.3
done
[ -n "$wid" ] || { echo "no window" >&2; cat "$tmp/log" >&2; exit 1; }
xdotool windowsize --sync "$wid" 1600 1000 || true
xdotool windowmove "$wid" 0 0 || true
xdotool windowfocus --sync "$wid" || true
key() { xdotool key --window "$wid" "$@"; }
shot() { sleep "$2"; import -window "$wid" "$out/$1.png"; }
sleep 4
key Right
shot frame 3
key 1 plus plus
shot frame_zoom_4x 2
key 0
key ctrl+2
shot cambi 1
key ctrl+3
shot adm 1
key ctrl+k
shot compare 12
key ctrl+5
key ctrl+r
shot scores 40
key ctrl+q
wait $app || true
echo "screenshots in $out"
