#!/bin/sh
# Regenerates the inspector screenshots under ui/docs/screenshots/WxH/ from the
# real application on the demo clip, in a private Xvfb server whose screen
# is the window's size: every view at 1280x720 (a laptop) and 1920x1080
# (and a CAMBI map enlarged by a click);
# then, with vmaf_v0.6.1 and vmaf_v1.0.16_3d0h picked, the VMAF view and
# the Scores view with the models' plots (vmaf.png, scores_vmaf.png);
# then the banding events found over the demo clip (Ctrl+G): the timeline
# under the plots and the regions outlined on the frame (scores_banding.png,
# frame_regions.png). ONLY=vmaf or ONLY=banding makes only those.
# Needs: xvfb xdotool imagemagick (apt-get install xvfb xdotool imagemagick).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
app="" xvfb=""
# XDISPLAY picks the private X server's display number.
disp=${XDISPLAY:-77}
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
go build -o "$tmp/bandscope" "$root/app"

# launch W H [MODELS]: the application on a W x H screen, with MODELS
# (comma-separated built-in versions) picked in its preferences.
launch() {
	w=$1 h=$2
	out="$root/ui/docs/screenshots/${w}x$h"
	mkdir -p "$out"
	Xvfb ":$disp" -screen 0 "${w}x${h}x24" >/dev/null 2>&1 &
	xvfb=$!
	sleep 1
	home="$tmp/home-$w-${3:-none}"
	mkdir -p "$home"
	export DISPLAY=":$disp" HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" XDG_RUNTIME_DIR="$home"
	if [ -n "${3:-}" ]; then
		prefs="$home/config/fyne/io.github.bandscope.bandscope"
		mkdir -p "$prefs"
		# The window size too: it opens at the screen's size.
		printf '{"vmafModels":"%s","windowW":%d,"windowH":%d}\n' "$3" "$w" "$h" >"$prefs/inspector.json"
	fi
	"$tmp/bandscope" >"$tmp/log" 2>&1 &
	app=$!
	wid=""
	for _ in $(seq 100); do
		wid=$(xdotool search --name '^Bandscope' 2>/dev/null | head -1 || true)
		[ -n "$wid" ] && break
		sleep 0.3
	done
	[ -n "$wid" ] || { echo "no window" >&2; cat "$tmp/log" >&2; exit 1; }
	xdotool windowsize --sync "$wid" "$w" "$h" || true
	xdotool windowmove "$wid" 0 0 || true
	xdotool windowfocus --sync "$wid" || true
}
key() { xdotool key --window "$wid" "$@"; }
shot() { sleep "$2"; timeout 60 import -window "$wid" "$out/$1.png"; }

# quit closes the application and its X server.
quit() {
	key ctrl+q
	wait $app || true
	kill $xvfb 2>/dev/null || true
	wait $xvfb 2>/dev/null || true
	echo "screenshots in $out"
}

# shots W H: every view on a W x H screen.
shots() {
	launch "$1" "$2"
	sleep 4
	key Right
	shot frame 3
	key 1 plus plus
	shot frame_zoom_4x 2
	key 0
	key w
	shot frame_wipe 2
	key w
	shot frame_side 2
	key w
	shot frame_difference 2
	key w b
	key h
	shot frame_boost 2
	key b h
	key ctrl+2
	shot cambi 1
	# A click on a map enlarges it over the view, the sidebar folded.
	xdotool mousemove --window "$wid" $(($1 * 45 / 100)) $(($2 * 30 / 100)) click 1
	shot cambi_enlarged 2
	key Escape
	key ctrl+3
	shot adm 1
	key ctrl+k
	shot compare 25
	key ctrl+k
	key ctrl+5
	key ctrl+r
	shot scores 25
	key F1
	shot help 2
	key Escape
	quit
}

# vmafshots W H: the VMAF view and the Scores view with two models picked
# (each frame step scores both models, with their costs).
vmafshots() {
	launch "$1" "$2" vmaf_v0.6.1,vmaf_v1.0.16_3d0h
	sleep 8
	key Right
	sleep 4
	key ctrl+6
	shot vmaf 3
	key ctrl+5
	key ctrl+r
	shot scores_vmaf 60
	quit
}

# bandshots W H: the banding events of the demo clip, found in the
# background; the frame view then outlines the shown frame's regions.
bandshots() {
	launch "$1" "$2"
	sleep 4
	key ctrl+5
	key ctrl+r
	sleep 25
	key ctrl+g
	shot scores_banding 45
	key bracketright
	key ctrl+1
	shot frame_regions 4
	quit
}
if [ -z "${ONLY:-}" ]; then
	shots 1280 720
	shots 1920 1080
fi
if [ -z "${ONLY:-}" ] || [ "$ONLY" = vmaf ]; then
	vmafshots 1280 720
	vmafshots 1920 1080
fi
if [ -z "${ONLY:-}" ] || [ "$ONLY" = banding ]; then
	bandshots 1280 720
	bandshots 1920 1080
fi
