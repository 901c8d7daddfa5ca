// Command devcheck is the real-GPU check's helper (.ci/gpu-device-check):
// it writes a synthetic clip pair and compares two `bandscope score
// --json --precision max` outputs, so the check needs neither ffmpeg,
// python nor jq on the machine that has the GPU.
//
//	devcheck clip -w 1920 -h 1080 -frames 16 -r REF.yuv -d DIST.yuv
//	devcheck compare CPU.json GPU.json
//
// The clip is 10-bit 4:2:0, raw little-endian: a gentle luma gradient in
// steps (CAMBI finds bands), a disc and a textured square that move every
// frame (motion is clearly non-zero), chroma ramps with a moving stripe
// (SpEED); the distorted clip quantises the gradient in steps of 4 (bands
// CAMBI scores), adds noise to the texture and quantises the chroma, so
// every feature of the models scores clearly imperfect.
//
// compare checks every per-frame key and every pooled and aggregate value
// as printed (with --precision max the text is the shortest exact
// decimal, so equal text is equal float64 bits), prints the frames
// compared and each output's fps and backends, and exits 1 on the first
// differences.
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "clip":
		err = clipCmd(os.Args[2:])
	case "compare":
		err = compareCmd(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "devcheck:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: devcheck clip -w W -h H -frames N -r REF.yuv -d DIST.yuv | devcheck compare A.json B.json")
	os.Exit(2)
}

func clipCmd(args []string) error {
	fs := flag.NewFlagSet("clip", flag.ExitOnError)
	w := fs.Int("w", 1920, "width")
	h := fs.Int("h", 1080, "height")
	frames := fs.Int("frames", 8, "frames")
	refPath := fs.String("r", "ref.yuv", "reference output")
	distPath := fs.String("d", "dist.yuv", "distorted output")
	fs.Parse(args)
	if *w < 16 || *h < 16 || *frames < 1 {
		return fmt.Errorf("clip: %dx%d, %d frames: want sizes of at least 16 and a frame", *w, *h, *frames)
	}
	for _, dist := range []bool{false, true} {
		path := *refPath
		if dist {
			path = *distPath
		}
		if err := writeClip(path, *w, *h, *frames, dist); err != nil {
			return err
		}
	}
	return nil
}

// hash is a small integer hash (splitmix64's finaliser).
func hash(x, y, t, salt int) uint64 {
	z := uint64(x)<<40 ^ uint64(y)<<16 ^ uint64(t)<<8 ^ uint64(salt)
	z += 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

func luma(x, y, t, w, h int, dist bool) int {
	v := 160 + 500*x/w + 120*y/h // a gentle 10-bit gradient
	step := 1
	if dist {
		step = 4 // steps of one 8-bit code: bands CAMBI sees
	}
	v = v / step * step
	cx, cy, r := w/5+t*w/40, h/2+t*h/60, h/7
	if dx, dy := x-cx, y-cy; dx*dx+dy*dy < r*r {
		v = 900 - v/3
	}
	// A textured square drifting left: detail for ADM and VIF, and motion.
	if sx, sy := x-(3*w/5-t*w/50), y-h/6; sx >= 0 && sx < w/4 && sy >= 0 && sy < h/3 {
		v = 300 + int(hash(sx, sy, 0, 1)%400)
		if dist {
			v += int(hash(x, y, t, 2)%9) - 4 // noise where it hides
		}
	}
	return min(max(v, 0), 1023)
}

func chroma(x, y, t, w, h, plane int, dist bool) int {
	v := 512 + (60*x/w-30)*(1-2*plane) + 40*y/h
	if (x+4*t)/12%3 == 0 {
		v += 60 // a moving stripe
	}
	// The texture of the luma's square, at chroma resolution.
	if sx, sy := x-(3*w/5-t*w/50), y-h/6; sx >= 0 && sx < w/4 && sy >= 0 && sy < h/3 {
		v += int(hash(sx, sy, plane, 5)%200) - 100
	}
	if dist {
		v = v/8*8 + int(hash(x, y, t, 3+plane)%5) - 2
	}
	return min(max(v, 0), 1023)
}

func writeClip(path string, w, h, frames int, dist bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	put := func(v int) { binary.Write(bw, binary.LittleEndian, uint16(v)) }
	for t := 0; t < frames; t++ {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				put(luma(x, y, t, w, h, dist))
			}
		}
		cw, ch := (w+1)/2, (h+1)/2 // 4:2:0, odd sizes rounded up
		for plane := 0; plane < 2; plane++ {
			for y := 0; y < ch; y++ {
				for x := 0; x < cw; x++ {
					put(chroma(x, y, t, cw, ch, plane, dist))
				}
			}
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// output is the part of a --json output compared.
type output struct {
	Version string `json:"version"`
	FPS     json.Number
	Frames  []struct {
		FrameNum int                    `json:"frameNum"`
		Metrics  map[string]json.Number `json:"metrics"`
	} `json:"frames"`
	Pooled    map[string]map[string]json.Number `json:"pooled_metrics"`
	Aggregate map[string]json.Number            `json:"aggregate_metrics"`
	Backends  map[string]string                 `json:"backends"`
}

func read(path string) (*output, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.UseNumber()
	var o output
	if err := dec.Decode(&o); err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &o, nil
}

func compareCmd(args []string) error {
	if len(args) != 2 {
		usage()
	}
	a, err := read(args[0])
	if err != nil {
		return err
	}
	b, err := read(args[1])
	if err != nil {
		return err
	}
	var diffs []string
	add := func(format string, v ...any) {
		if len(diffs) < 10 {
			diffs = append(diffs, fmt.Sprintf(format, v...))
		}
	}
	if len(a.Frames) != len(b.Frames) || len(a.Frames) == 0 {
		add("%d frames against %d", len(a.Frames), len(b.Frames))
	}
	keys := 0
	for i := 0; i < min(len(a.Frames), len(b.Frames)); i++ {
		fa, fb := a.Frames[i], b.Frames[i]
		if len(fa.Metrics) != len(fb.Metrics) {
			add("frame %d: %d keys against %d", fa.FrameNum, len(fa.Metrics), len(fb.Metrics))
		}
		names := make([]string, 0, len(fa.Metrics))
		for k := range fa.Metrics {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if vb, ok := fb.Metrics[k]; !ok || vb != fa.Metrics[k] {
				add("frame %d %s: %s against %s", fa.FrameNum, k, fa.Metrics[k], vb)
			}
		}
		keys += len(fa.Metrics)
	}
	if !reflect.DeepEqual(a.Pooled, b.Pooled) {
		add("pooled metrics differ")
	}
	if !reflect.DeepEqual(a.Aggregate, b.Aggregate) {
		add("aggregate metrics differ")
	}
	fmt.Printf("%s: fps %s, backends %v\n%s: fps %s, backends %v\n", args[0], a.FPS, a.Backends, args[1], b.FPS, b.Backends)
	if len(diffs) > 0 {
		for _, d := range diffs {
			fmt.Println("  DIFFERENT:", d)
		}
		return fmt.Errorf("%s and %s differ", args[0], args[1])
	}
	fmt.Printf("identical: %d frames, %d values, pooled and aggregate metrics\n", len(a.Frames), keys)
	return nil
}
