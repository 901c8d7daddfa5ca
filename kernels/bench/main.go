package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/internal/benchclip"
)

var sizes = map[string][2]int{"720p": {1280, 720}, "1080p": {1920, 1080}, "1440p": {2560, 1440}, "4k": {3840, 2160}}

func main() {
	var (
		features = flag.String("features", "cambi,adm", "features to time")
		sizeList = flag.String("sizes", "1080p,4k", "picture sizes: 720p, 1080p, 1440p, 4k")
		threads  = flag.String("threads", "1,0", "thread counts (0: every core)")
		kernels  = flag.String("kernels", "", "kernel sets (default: every one the host supports)")
		clipName = flag.String("clip", "real", "real (the x264 encode of testdata/clips) or an engine/synth pattern")
		frames   = flag.Int("frames", 0, "frames per clip (default: 24 at 1080p and below, 8 above)")
		repeat   = flag.Int("repeat", 3, "runs per measurement; the best is kept")
		vmafCPU  = flag.String("vmaf-cpumask", "0", "libvmaf --cpumask values to time (0: every SIMD path, 63: C only)")
		keep     = flag.String("keep", "", "directory to leave the clip files in (for timing other tools)")
	)
	flag.Parse()
	if err := run(*features, *sizeList, *threads, *kernels, *clipName, *frames, *repeat, *vmafCPU, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type measure struct {
	fps, cpuFPS float64
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func run(features, sizeList, threadList, kernelList, clipName string, nframes, repeat int, masks, keep string) error {
	sets := cpu.Supported()
	if kernelList != "" {
		sets = nil
		for _, k := range split(kernelList) {
			s, err := cpu.Parse(k)
			if err != nil {
				return err
			}
			sets = append(sets, s)
		}
	}
	var ths []int
	for _, t := range split(threadList) {
		n, err := strconv.Atoi(t)
		if err != nil {
			return fmt.Errorf("-threads: %v", err)
		}
		ths = append(ths, cpu.Threads(n))
	}
	vmaf := os.Getenv("VMAF")
	dir := keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "bandscope-bench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	fmt.Printf("# %d cores, kernel sets %v, clip %q, best of %d\n", cpu.Threads(0), sets, clipName, repeat)
	fmt.Printf("%-6s %-6s %-7s %3s %9s %9s", "feat", "size", "kernels", "thr", "fps", "fps/cpu")
	if vmaf != "" {
		fmt.Printf(" %-9s %9s %9s %7s %7s", "vmaf", "fps", "fps/cpu", "ratio", "cpu-rat")
	}
	fmt.Println()
	for _, sz := range split(sizeList) {
		wh, ok := sizes[strings.ToLower(sz)]
		if !ok {
			return fmt.Errorf("unknown size %q", sz)
		}
		n := nframes
		if n == 0 {
			n = 24
			if wh[0]*wh[1] > 1920*1080 {
				n = 8
			}
		}
		pics, err := benchclip.Clip(clipName, wh[0], wh[1], n)
		if err != nil {
			return err
		}
		f := pics[0].Format
		path := filepath.Join(dir, fmt.Sprintf("%s_%dx%d_%db.yuv", clipName, f.Width, f.Height, f.BitDepth))
		if err := benchclip.WriteRaw(path, pics); err != nil {
			return err
		}
		pics = nil
		for _, feat := range split(features) {
			for _, t := range ths {
				var vm map[string]measure
				if vmaf != "" {
					vm = map[string]measure{}
					for _, m := range split(masks) {
						if vm[m], err = timeVMAF(vmaf, path, f, feat, t, m, n, repeat); err != nil {
							return err
						}
					}
				}
				for _, set := range sets {
					m, err := timeEngine(path, f, feat, set, t, n, repeat)
					if err != nil {
						return err
					}
					fmt.Printf("%-6s %-6s %-7s %3d %9.2f %9.2f", feat, sz, set, t, m.fps, m.cpuFPS)
					keys := make([]string, 0, len(vm))
					for k := range vm {
						keys = append(keys, k)
					}
					sort.Strings(keys)
					for i, k := range keys {
						if i > 0 {
							fmt.Printf("\n%46s", "")
						}
						v := vm[k]
						fmt.Printf(" %-9s %9.2f %9.2f %6.2fx %6.2fx", "mask"+k, v.fps, v.cpuFPS, m.fps/v.fps, m.cpuFPS/v.cpuFPS)
					}
					fmt.Println()
				}
			}
		}
		if keep == "" {
			os.Remove(path)
		}
	}
	return nil
}

// timeEngine scores the clip through the engine, as `bandscope score` does.
func timeEngine(path string, f yuv.Format, feat string, set cpu.Set, threads, n, repeat int) (measure, error) {
	var best measure
	for r := 0; r < repeat; r++ {
		req := engine.Request{Distorted: path, Reference: path, Features: []feature.Spec{{Name: feat}},
			Backend: "cpu:" + set.String(), Threads: threads,
			Raw: clip.RawOptions{Width: f.Width, Height: f.Height, BitDepth: f.BitDepth, Chroma: f.Chroma, ChromaSet: true}}
		c0, t0 := benchclip.CPUTime(), time.Now()
		s, err := engine.Open(context.Background(), req)
		if err != nil {
			return best, err
		}
		res, err := s.Run(context.Background(), nil)
		s.Close()
		if err != nil {
			return best, err
		}
		wall, cpuT := time.Since(t0), benchclip.CPUTime()-c0
		m := measure{fps: float64(len(res.Frames)) / wall.Seconds()}
		if cpuT > 0 {
			m.cpuFPS = float64(len(res.Frames)) / cpuT.Seconds()
		}
		best.fps, best.cpuFPS = max(best.fps, m.fps), max(best.cpuFPS, m.cpuFPS)
	}
	return best, nil
}

// timeVMAF runs libvmaf's CLI on the same file.
func timeVMAF(bin, path string, f yuv.Format, feat string, threads int, mask string, n, repeat int) (measure, error) {
	var best measure
	for r := 0; r < repeat; r++ {
		args := []string{"--threads", strconv.Itoa(threads), "--cpumask", mask, "-r", path, "-d", path,
			"-w", strconv.Itoa(f.Width), "-h", strconv.Itoa(f.Height), "-p", f.Chroma.String(), "-b", strconv.Itoa(f.BitDepth),
			"--feature", feat, "--no_prediction", "-q", "--json", "-o", os.DevNull}
		cmd := exec.Command(bin, args...)
		c0, t0 := benchclip.ChildCPUTime(), time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			return best, fmt.Errorf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, out)
		}
		wall, cpuT := time.Since(t0), benchclip.ChildCPUTime()-c0
		m := measure{fps: float64(n) / wall.Seconds()}
		if cpuT > 0 {
			m.cpuFPS = float64(n) / cpuT.Seconds()
		}
		best.fps, best.cpuFPS = max(best.fps, m.fps), max(best.cpuFPS, m.cpuFPS)
	}
	return best, nil
}
