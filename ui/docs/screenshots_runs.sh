#!/bin/sh
# Regenerates the screenshots of two encodes of the demo source compared
# (compare_runs.png, scores_runs.png) under ui/docs/screenshots/WxH/, from the
# real application in a private Xvfb server whose screen is the window's
# size, at 1280x720 and 1920x1080. Run A is the demo encode; run B is the
# same encode smoothed by ffmpeg's boxblur (as a denoising post-filter
# does), which bands more; vmaf_v0.6.1 and vmaf_v1.0.16_3d0h are picked.
# Needs: xvfb xdotool imagemagick ffmpeg (apt-get install xvfb xdotool imagemagick ffmpeg).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
app="" xvfb=""
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
go build -o "$tmp/bandscope" "$root/app"
dist="$tmp/demo_dist_1280x720_8b420.yuv"
ref="$tmp/demo_ref_1280x720_8b420.yuv"
smooth="$tmp/demo_smooth_1280x720_8b420.yuv"
gzip -dc "$root/assets/demo_dist_1280x720_8b420.yuv.gz" >"$dist"
gzip -dc "$root/assets/demo_ref_1280x720_8b420.yuv.gz" >"$ref"
ffmpeg -loglevel error -y -f rawvideo -s 1280x720 -pix_fmt yuv420p -i "$dist" \
	-vf boxblur=luma_radius=3:luma_power=1:chroma_radius=0:chroma_power=0 -f rawvideo "$smooth"

# shots W H: the two runs on a W x H screen.
shots() {
	w=$1 h=$2
	out="$root/ui/docs/screenshots/${w}x$h"
	mkdir -p "$out"
	# A display of its own: another Xvfb (docs/screenshots.sh, a test) must
	# never receive these keys or be captured.
	n=87
	while [ -e /tmp/.X11-unix/X$n ] || [ -e /tmp/.X$n-lock ]; do n=$((n + 1)); done
	Xvfb ":$n" -screen 0 "${w}x${h}x24" -nolisten tcp >/dev/null 2>&1 &
	xvfb=$!
	sleep 1
	home="$tmp/home-$w"
	mkdir -p "$home"
	export DISPLAY=":$n" HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" XDG_RUNTIME_DIR="$home"
	# Both VMAF models picked: the Scores view's model plots name the runs.
	prefs="$home/config/fyne/io.github.bandscope.bandscope"
	mkdir -p "$prefs"
	printf '{"vmafModels":"vmaf_v0.6.1,vmaf_v1.0.16_3d0h","windowW":%d,"windowH":%d}\n' "$w" "$h" >"$prefs/inspector.json"
	"$tmp/bandscope" "$dist" "$ref" --compare-with "$smooth" >"$tmp/log" 2>&1 &
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
	key() { xdotool key --window "$wid" "$@"; }
	shot() { sleep "$2"; timeout 60 import -window "$wid" "$out/$1.png"; }
	sleep 4
	key Right
	shot compare_runs 25
	key ctrl+5
	key ctrl+r
	shot scores_runs 120
	key ctrl+q
	wait $app || true
	kill $xvfb 2>/dev/null || true
	wait $xvfb 2>/dev/null || true
	echo "screenshots in $out"
}
shots 1280 720
shots 1920 1080
