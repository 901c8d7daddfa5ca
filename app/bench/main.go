package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/model"
	"github.com/bandscope/bandscope/kernels/benchclip"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/golden"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// sizes are the picture sizes: a real pair is 1080p and is scaled by an
// integer factor (4k = 2x nearest neighbour); synthetic patterns are drawn
// at any of them.
var sizes = map[string][2]int{"720p": {1280, 720}, "1080p": {1920, 1080}, "1440p": {2560, 1440}, "4k": {3840, 2160}}

type config struct {
	pairs, sizes, features, models []string
	threads                        []int
	sets                           []cpu.Set
	masks                          []string
	frames, repeat                 int
	inProcess, verbose             bool
	bandscope, vmaf, keep          string
}

// childEnv marks the bench re-run as the small process that starts one
// timed tool (see child).
const childEnv = "BANDSCOPE_BENCH_CHILD"

func main() {
	if os.Getenv(childEnv) == "1" {
		os.Exit(spawn(os.Args[1:]))
	}
	var (
		c        config
		pairs    = flag.String("pairs", "grad,testsrc2", "clip pairs: real pairs ("+benchclip.PairNames()+") or synth:PATTERN (a kernels/synth pattern against its undistorted variant)")
		sizeList = flag.String("sizes", "1080p,4k", "picture sizes: 1080p and 4k (2x nearest neighbour) for real pairs; 720p, 1080p, 1440p, 4k for synthetic ones")
		features = flag.String("features", "cambi,adm,motion,speed_chroma,vif", "features to time alone (libvmaf: --feature NAME --no_prediction)")
		models   = flag.String("models", "vmaf_v0.6.1,vmaf_v1.0.16_3d0h", "models to time whole (--model version=NAME)")
		threads  = flag.String("threads", "1,0", "thread counts, given to both tools (0: every core)")
		kernels  = flag.String("kernels", "", "Bandscope CPU kernel sets (default: the best this CPU has)")
		masks    = flag.String("vmaf-cpumask", "0", "libvmaf --cpumask values (0: every SIMD path the CPU has, 48: no AVX-512, 63: C only)")
	)
	flag.IntVar(&c.frames, "frames", 0, "frames per clip (default 60)")
	flag.IntVar(&c.repeat, "repeat", 3, "runs of each tool per row, alternating Bandscope, libvmaf, Bandscope, ...; medians are printed")
	flag.BoolVar(&c.inProcess, "inprocess", false, "time Bandscope through the engine API inside this process (no process start, no output file) instead of running `bandscope score`")
	flag.StringVar(&c.bandscope, "bandscope", "", "a built bandscope binary (default: go build -tags nogui ./app, the headless CLI make build writes, into the temporary directory)")
	flag.StringVar(&c.keep, "keep", "", "directory to write the clips and outputs to, and leave them in")
	flag.BoolVar(&c.verbose, "v", false, "print every command line")
	flag.Parse()
	c.pairs, c.sizes, c.features, c.models, c.masks = split(*pairs), split(*sizeList), split(*features), split(*models), split(*masks)
	c.vmaf = os.Getenv("VMAF")
	err := func() error {
		for _, t := range split(*threads) {
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 {
				return fmt.Errorf("-threads: bad count %q", t)
			}
			c.threads = append(c.threads, cpu.Threads(n))
		}
		if *kernels == "" {
			c.sets = []cpu.Set{cpu.Default()}
		}
		for _, k := range split(*kernels) {
			s, err := cpu.Parse(k)
			if err != nil {
				return err
			}
			c.sets = append(c.sets, s)
		}
		if c.repeat < 1 {
			return fmt.Errorf("-repeat must be at least 1")
		}
		return run(&c)
	}()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
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

// target is one thing to time: a feature alone or a whole model.
type target struct {
	name  string
	model bool
}

func (t target) String() string { return t.name }

// clipPair is one pair of files at one size.
type clipPair struct {
	label, size string
	ref, dist   string
	f           yuv.Format
	n           int
}

func run(c *config) error {
	dir := c.keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "bandscope-bench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	printHost(c)
	targets := usableTargets(c)
	if len(targets) == 0 {
		return fmt.Errorf("nothing to time")
	}
	if !c.inProcess && c.bandscope == "" {
		var err error
		if c.bandscope, err = buildBandscope(dir); err != nil {
			return err
		}
	}
	if c.vmaf != "" {
		if out, err := exec.Command(c.vmaf, "--version").CombinedOutput(); err == nil {
			fmt.Printf("# libvmaf: %s (%s)\n", c.vmaf, strings.TrimSpace(string(out)))
		} else {
			fmt.Printf("# libvmaf: %s\n", c.vmaf)
		}
	} else {
		fmt.Println("# libvmaf: not timed (set VMAF=/path/to/vmaf)")
	}
	if !c.inProcess {
		if err := startCost(c); err != nil {
			return err
		}
	}
	fmt.Println(header(c))
	var all []row
	for _, pn := range c.pairs {
		for _, sz := range c.sizes {
			cp, err := writeClips(dir, pn, sz, c.frames)
			if err != nil {
				return err
			}
			first := true
			for _, t := range targets {
				for _, th := range c.threads {
					for _, set := range c.sets {
						for _, mask := range c.masks {
							r, err := measureRow(c, dir, cp, t, th, set, mask, first || c.verbose)
							if err != nil {
								return err
							}
							first = false
							fmt.Println(r.format(c))
							all = append(all, r)
						}
					}
				}
			}
			if c.keep == "" {
				os.Remove(cp.ref)
				os.Remove(cp.dist)
			}
		}
	}
	fmt.Printf("# load average at the end: %s\n", loadAverage())
	if c.vmaf != "" {
		summary(all)
	}
	return nil
}

// startCost prints what starting each tool costs alone (a version
// query, the median of 5), which every whole-process row pays once.
func startCost(c *config) error {
	tools := [][]string{{c.bandscope, "version"}}
	if c.vmaf != "" {
		tools = append(tools, []string{c.vmaf, "--version"})
	}
	var parts []string
	for _, tl := range tools {
		var w, cp []float64
		var rss int64
		for i := 0; i < 5; i++ {
			u, err := spawned(tl[0], tl[1:])
			if err != nil {
				return err
			}
			w, cp, rss = append(w, float64(u.Wall)/1e6), append(cp, float64(u.CPU)/1e6), max(rss, u.MaxRSS)
		}
		parts = append(parts, fmt.Sprintf("%s %s %.0f ms wall, %.0f ms CPU, %s MB", filepath.Base(tl[0]), tl[1], median(w), median(cp), megabytes(float64(rss)/(1<<20))))
	}
	fmt.Printf("# process start alone (median of 5): %s\n", strings.Join(parts, "; "))
	return nil
}

// printHost says what the numbers were measured on.
func printHost(c *config) {
	model := runtime.GOARCH
	var simd []string // the flags that decide which kernels run
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			k, v, ok := strings.Cut(l, ":")
			switch k = strings.TrimSpace(k); {
			case !ok:
			case k == "model name" && model == runtime.GOARCH:
				model = strings.TrimSpace(v)
			case (k == "flags" || k == "Features") && simd == nil:
				for _, f := range strings.Fields(v) {
					if strings.HasPrefix(f, "avx") || f == "bmi2" || f == "fma" || f == "asimd" || f == "sve" {
						simd = append(simd, f)
					}
				}
			}
		}
	}
	avx512 := "no AVX-512, so libvmaf's --cpumask 0 runs its AVX2 code"
	if cpu.AVX512.Supported() {
		avx512 = "AVX-512, which libvmaf's --cpumask 0 uses"
	}
	fmt.Printf("# CPU: %s, %d cores, %s; load average at the start: %s\n", model, runtime.NumCPU(), avx512, loadAverage())
	fmt.Printf("# CPU flags: %s; Bandscope's kernel set: %s\n", strings.Join(simd, " "), cpu.Default())
	mode := "whole process: `bandscope score` and `vmaf` are both child processes that start, read the raw files and write JSON into a temporary directory"
	if c.inProcess {
		mode = "in-process: Bandscope through the engine API (no process start, no output file), libvmaf as a child process"
	}
	fmt.Printf("# %s\n", mode)
	fmt.Printf("# per row: %d runs of each tool, alternating Bandscope, libvmaf, ...; fps = frames / wall time, fps/cpu = frames / CPU time (user+system, every thread),\n", c.repeat)
	fmt.Println("#   both medians; ratio = median of the per-pair Bandscope/libvmaf ratios; MB = the largest peak RSS of the runs; bits: values of the first pair's JSON compared key by key")
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// usableTargets lists the features and models to time and says which are
// left out: features the engine does not register, models needing one.
func usableTargets(c *config) []target {
	var out []target
	for _, f := range c.features {
		if _, ok := engine.LookupFeature(f); !ok {
			fmt.Printf("# skipped feature %s: the engine does not compute it yet (it computes %s)\n", f, engine.FeatureNames())
			continue
		}
		out = append(out, target{name: f})
	}
	for _, m := range c.models {
		if missing := missingInputs(m); missing != "" {
			fmt.Printf("# skipped model %s: %s\n", m, missing)
			continue
		}
		out = append(out, target{name: m, model: true})
	}
	return out
}

// missingInputs says why the engine cannot score a model ("" if it can).
func missingInputs(version string) string {
	m, err := model.ParseFlag("version=" + version)
	if err != nil {
		return err.Error()
	}
	var miss []string
	for _, in := range m.Inputs() {
		if _, ok := engine.LookupFeature(in.Extractor); !ok && !slices.Contains(miss, in.Extractor) {
			miss = append(miss, in.Extractor)
		}
	}
	if len(miss) == 0 {
		return ""
	}
	return "it needs " + strings.Join(miss, ", ") + ", which the engine does not compute yet"
}

// buildBandscope builds the bandscope binary the whole-process mode runs:
// the headless CLI, as make build builds it (-tags nogui: no Fyne packages
// to start).
func buildBandscope(dir string) (string, error) {
	root, err := golden.Root()
	if err != nil {
		return "", err
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	bin := filepath.Join(dir, "bandscope")
	t0 := time.Now()
	cmd := exec.Command(goBin, "build", "-tags", "nogui", "-o", bin, "./app")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build -tags nogui ./app: %v\n%s", err, out)
	}
	fmt.Printf("# bandscope: go build -tags nogui -o %s ./app (%.0f s)\n", bin, time.Since(t0).Seconds())
	return bin, nil
}

// writeClips writes the pair's two raw files at one size.
func writeClips(dir, name, size string, frames int) (clipPair, error) {
	wh, ok := sizes[strings.ToLower(size)]
	if !ok {
		return clipPair{}, fmt.Errorf("unknown size %q", size)
	}
	n := frames
	if n == 0 {
		n = 60
	}
	cp := clipPair{size: strings.ToLower(size), n: n}
	var err error
	if pattern, ok := strings.CutPrefix(name, "synth:"); ok {
		cp.label = "synth_" + pattern
		cp.ref, cp.dist, cp.f, err = benchclip.WriteSynth(dir, pattern, wh[0], wh[1], n)
		return cp, err
	}
	p, ok := benchclip.LookupPair(name)
	if !ok {
		return cp, fmt.Errorf("unknown pair %q (real pairs: %s; or synth:PATTERN)", name, benchclip.PairNames())
	}
	scale := wh[0] / p.Format.Width
	if scale < 1 || p.Format.Width*scale != wh[0] || p.Format.Height*scale != wh[1] {
		return cp, fmt.Errorf("pair %s is %dx%d: size %s is not a whole multiple", p.Alias, p.Format.Width, p.Format.Height, size)
	}
	if scale > 1 {
		cp.size = fmt.Sprintf("%s(%dx)", cp.size, scale)
	}
	cp.label = p.Name
	cp.ref, cp.dist, cp.f, err = benchclip.WritePair(dir, p, scale, n)
	return cp, err
}

// sample is one timed run.
type sample struct {
	wall, cpu time.Duration
	rss       int64 // peak resident set size, bytes (0: not measured)
	values    map[string]float64
	frames    int
}

// row is one line of the table.
type row struct {
	cp         clipPair
	t          target
	threads    int
	set        cpu.Set
	mask       string
	bs, vm     []sample
	ratio, cpu float64 // medians of the per-pair ratios
	bits       string
}

func measureRow(c *config, dir string, cp clipPair, t target, threads int, set cpu.Set, mask string, show bool) (row, error) {
	r := row{cp: cp, t: t, threads: threads, set: set, mask: mask}
	var ratios, cpuRatios []float64
	for i := 0; i < c.repeat; i++ {
		b, err := runBandscope(c, dir, cp, t, threads, set, show && i == 0)
		if err != nil {
			return r, err
		}
		r.bs = append(r.bs, b)
		if c.vmaf == "" {
			continue
		}
		v, err := runVMAF(c, dir, cp, t, threads, mask, show && i == 0)
		if err != nil {
			return r, err
		}
		r.vm = append(r.vm, v)
		ratios = append(ratios, fps(v.frames, b.wall)/fps(v.frames, v.wall))
		if b.cpu > 0 && v.cpu > 0 {
			cpuRatios = append(cpuRatios, v.cpu.Seconds()/b.cpu.Seconds())
		}
		if i == 0 {
			r.bits = compare(b.values, v.values)
		}
	}
	r.ratio, r.cpu = median(ratios), median(cpuRatios)
	return r, nil
}

func fps(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// runBandscope scores the pair once with Bandscope.
func runBandscope(c *config, dir string, cp clipPair, t target, threads int, set cpu.Set, show bool) (sample, error) {
	if c.inProcess {
		req := engine.Request{Reference: cp.ref, Distorted: cp.dist, Backend: "cpu:" + set.String(), Threads: threads,
			Raw: clip.RawOptions{Width: cp.f.Width, Height: cp.f.Height, BitDepth: cp.f.BitDepth, Chroma: cp.f.Chroma, ChromaSet: true}}
		if t.model {
			req.Models = []string{"version=" + t.name}
		} else {
			req.Features = []feature.Spec{{Name: t.name}}
		}
		c0, t0 := benchclip.CPUTime(), time.Now()
		s, err := engine.Open(context.Background(), req)
		if err != nil {
			return sample{}, err
		}
		res, err := s.Run(context.Background(), nil)
		s.Close()
		if err != nil {
			return sample{}, err
		}
		smp := sample{wall: time.Since(t0), cpu: benchclip.CPUTime() - c0}
		var buf bytes.Buffer // outside the timing: the bits check reads libvmaf's format
		if err := res.WriteJSON(&buf, engine.Precision{Max: true}); err != nil {
			return smp, err
		}
		smp.values, smp.frames, err = readJSON(buf.Bytes())
		return smp, checkFrames("bandscope", smp.frames, cp.n, err)
	}
	out := filepath.Join(dir, "bandscope.json")
	args := append([]string{"score"}, common(cp, t, threads)...)
	args = append(args, "--cpu-kernels", set.String(), "--precision", "max", "-q", "--json", "-o", out)
	return child(c.bandscope, args, out, cp.n, show)
}

// runVMAF scores the pair once with libvmaf's CLI.
func runVMAF(c *config, dir string, cp clipPair, t target, threads int, mask string, show bool) (sample, error) {
	out := filepath.Join(dir, "vmaf.json")
	args := append(common(cp, t, threads), "--cpumask", mask, "-q", "--json", "-o", out)
	return child(c.vmaf, args, out, cp.n, show)
}

// common are the flags both command lines share (libvmaf's).
func common(cp clipPair, t target, threads int) []string {
	args := []string{"-r", cp.ref, "-d", cp.dist, "-w", strconv.Itoa(cp.f.Width), "-h", strconv.Itoa(cp.f.Height),
		"-p", cp.f.Chroma.String(), "-b", strconv.Itoa(cp.f.BitDepth), "--threads", strconv.Itoa(threads)}
	if t.model {
		return append(args, "--model", "version="+t.name)
	}
	return append(args, "--feature", t.name, "--no_prediction")
}

// child runs one scoring process and reads its JSON output back. The tool
// is started by a fresh copy of this program (spawn), not by this process:
// Linux counts the pages of the process a child was forked from in the
// child's peak RSS (vfork shares them until exec), and this process holds
// the clips, so a direct child would report this process's peak, not its own.
func child(bin string, args []string, out string, n int, show bool) (sample, error) {
	os.Remove(out)
	if show {
		fmt.Printf("#   $ %s %s\n", bin, strings.Join(args, " "))
	}
	u, err := spawned(bin, args)
	if err != nil {
		return sample{}, err
	}
	smp := sample{wall: time.Duration(u.Wall), cpu: time.Duration(u.CPU), rss: u.MaxRSS}
	b, err := os.ReadFile(out)
	if err != nil {
		return smp, err
	}
	smp.values, smp.frames, err = readJSON(b)
	return smp, checkFrames(filepath.Base(bin), smp.frames, n, err)
}

// spawned runs bin through a fresh copy of this program (spawn) and
// returns what it used.
func spawned(bin string, args []string) (usage, error) {
	self, err := os.Executable()
	if err != nil {
		return usage{}, err
	}
	cmd := exec.Command(self, append([]string{bin}, args...)...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return usage{}, fmt.Errorf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.Bytes())
	}
	var u usage
	if err := json.Unmarshal(stdout.Bytes(), &u); err != nil {
		return usage{}, fmt.Errorf("%s: %v", bin, err)
	}
	return u, nil
}

// usage is what spawn reports of the tool it ran.
type usage struct {
	Wall, CPU int64 // nanoseconds
	MaxRSS    int64 // bytes
}

// spawn runs args[0] with the rest of args, times it and prints its usage
// as JSON; the tool's own output goes to stderr only if it fails.
func spawn(args []string) int {
	if len(args) == 0 {
		return 2
	}
	cmd := exec.Command(args[0], args[1:]...)
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, childEnv+"=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%v\n%s", err, out.Bytes())
		return 1
	}
	cpuT, rss := benchclip.ChildUsage(cmd.ProcessState)
	json.NewEncoder(os.Stdout).Encode(usage{Wall: int64(wall), CPU: int64(cpuT), MaxRSS: rss})
	return 0
}

func checkFrames(tool string, got, want int, err error) error {
	if err != nil {
		return fmt.Errorf("%s output: %w", tool, err)
	}
	if got != want {
		return fmt.Errorf("%s scored %d frames, not %d", tool, got, want)
	}
	return nil
}

// readJSON reads libvmaf's JSON layout (which `bandscope score --json`
// writes too): every per-frame value by "FRAME/key", and the frame count.
func readJSON(b []byte) (map[string]float64, int, error) {
	var doc struct {
		Frames []struct {
			FrameNum int                    `json:"frameNum"`
			Metrics  map[string]json.Number `json:"metrics"`
		} `json:"frames"`
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		return nil, 0, err
	}
	vals := map[string]float64{}
	for _, f := range doc.Frames {
		for k, v := range f.Metrics {
			if x, err := strconv.ParseFloat(string(v), 64); err == nil {
				vals[fmt.Sprintf("%d/%s", f.FrameNum, k)] = x
			}
		}
	}
	return vals, len(doc.Frames), nil
}

// compare counts the keys whose values are the same float64 in Bandscope's
// output (a, printed in full) and libvmaf's (b). A stock libvmaf prints six
// decimals; when every value of b reads as printed so (none has more), a
// value of a is compared at six decimals too and the column says so, since
// only a libvmaf printing %.17g (its output.c) shows the bits.
func compare(a, b map[string]float64) string {
	sixOnly := true
	for _, y := range b {
		if y != round6(y) {
			sixOnly = false
			break
		}
	}
	same, diff := 0, 0
	for k, x := range a {
		y, ok := b[k]
		switch {
		case !ok:
		case x == y || sixOnly && round6(x) == y:
			same++
		default:
			diff++
		}
	}
	at := ""
	if sixOnly {
		at = " at libvmaf's 6 decimals"
	}
	switch {
	case same+diff == 0:
		return "no common key"
	case diff == 0:
		return fmt.Sprintf("same%s (%d)", at, same)
	}
	return fmt.Sprintf("%d of %d differ%s", diff, same+diff, at)
}

// round6 is v as printed with six decimals (printf's %.6f) and read back.
func round6(v float64) float64 {
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 6, 64), 64)
	if err != nil {
		return v
	}
	return r
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := slices.Clone(x)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// stats are one tool's medians over a row's runs.
func stats(runs []sample) (fpsW, fpsCPU, mb float64) {
	var w, cp []float64
	var rss int64
	for _, s := range runs {
		w = append(w, fps(s.frames, s.wall))
		if s.cpu > 0 {
			cp = append(cp, fps(s.frames, s.cpu))
		}
		rss = max(rss, s.rss)
	}
	return median(w), median(cp), float64(rss) / (1 << 20)
}

func header(c *config) string {
	h := fmt.Sprintf("%-22s %-8s %-17s %3s", "pair", "size", "what", "thr")
	if len(c.sets) > 1 {
		h += fmt.Sprintf(" %-7s", "kernels")
	}
	if c.vmaf != "" && len(c.masks) > 1 {
		h += fmt.Sprintf(" %-7s", "cpumask")
	}
	h += fmt.Sprintf(" | %-9s %7s %7s %5s", "bandscope", "fps", "fps/cpu", "MB")
	if c.vmaf != "" {
		h += fmt.Sprintf(" | %-7s %7s %7s %5s | %6s %7s | %s", "libvmaf", "fps", "fps/cpu", "MB", "ratio", "cpu-rat", "bits")
	}
	return h
}

func (r row) format(c *config) string {
	s := fmt.Sprintf("%-22s %-8s %-17s %3d", r.cp.label, r.cp.size, r.t.name, r.threads)
	if len(c.sets) > 1 {
		s += fmt.Sprintf(" %-7s", r.set)
	}
	if c.vmaf != "" && len(c.masks) > 1 {
		s += fmt.Sprintf(" %-7s", r.mask)
	}
	w, cp, mb := stats(r.bs)
	s += fmt.Sprintf(" | %-9s %7.2f %7.2f %5s", "", w, cp, megabytes(mb))
	if c.vmaf != "" {
		w, cp, mb := stats(r.vm)
		s += fmt.Sprintf(" | %-7s %7.2f %7.2f %5s | %5.2fx %6.2fx | %s", "", w, cp, megabytes(mb), r.ratio, r.cpu, r.bits)
	}
	return s
}

func megabytes(mb float64) string {
	if mb == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", mb)
}

// goals are the speed Bandscope aims for against libvmaf's best path on
// the same CPU, by wall time and by CPU time: 1.6x for vmaf_v1.0.16_3d0h,
// 1.3x for vmaf_v0.6.1 and adm, 1.8x for cambi, 1.1x for vif, motion and
// speed_chroma.
var goals = map[string]float64{
	"vmaf_v1.0.16_3d0h": 1.6, "vmaf_v0.6.1": 1.3, "adm": 1.3, "cambi": 1.8,
	"vif": 1.1, "motion": 1.1, "speed_chroma": 1.1,
}

// busyShare is the least share of the CPU-time ratio that the wall-clock
// ratio keeps on more than one thread: below it, a core waits.
const busyShare = 0.95

func goal(t target) float64 {
	if g, ok := goals[t.name]; ok {
		return g
	}
	return 1.1
}

// summary says, per feature or model, in how many rows Bandscope is below
// its goal (by the wall-clock or the CPU-time ratio), in how many rows on
// more than one thread the wall-clock ratio falls under busyShare of the
// CPU-time ratio, and the ratios' range.
func summary(rows []row) {
	fmt.Printf("# goals (ratio wall, cpu-rat in brackets; on 2+ threads wall >= %.2f x cpu-rat):\n", busyShare)
	var order []target
	by := map[target][]row{}
	for _, r := range rows {
		if _, ok := by[r.t]; !ok {
			order = append(order, r.t)
		}
		by[r.t] = append(by[r.t], r)
	}
	for _, t := range order {
		g := goal(t)
		below, idle, multi := 0, 0, 0
		lo, hi, clo, chi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for _, r := range by[t] {
			if r.ratio < g || r.cpu < g {
				below++
			}
			if r.threads != 1 {
				multi++
				if r.ratio < busyShare*r.cpu {
					idle++
				}
			}
			lo, hi, clo, chi = min(lo, r.ratio), max(hi, r.ratio), min(clo, r.cpu), max(chi, r.cpu)
		}
		verdict := "meets it"
		if below > 0 {
			verdict = fmt.Sprintf("BELOW in %d of %d rows", below, len(by[t]))
		}
		if multi > 0 {
			verdict += fmt.Sprintf("; cores busy in %d of %d rows", multi-idle, multi)
		}
		fmt.Printf("#   %-17s goal %.1fx: %s; ratio %.2f-%.2fx (%.2f-%.2fx)\n", t.name, g, verdict, lo, hi, clo, chi)
	}
}
