package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/regions"
)

// regionsMain is `bandscope regions`: a clip's banding regions followed
// over frames into events (engine/regions), written as events.json (-o)
// or a table on stdout, and a mask Y4M for a debanding filter (--masks).
// It takes score's clip, CAMBI and run flags, and its exit codes: 0
// success, 1 a failed run, 2 a bad command line, 130 interrupted.
func regionsMain(args []string, stdout, stderr io.Writer) int {
	a := &regionsArgs{}
	a.req.Backend = "cpu"
	a.threads.p = &a.req.Threads
	var opt regions.Options
	return runClipCommand(clipCommand{name: "regions", fs: a.flags(), usage: regionsUsage, threads: &a.threads,
		check: func() (err error) {
			opt, err = a.check()
			return err
		},
		run: func(ctx context.Context) int {
			run := &regionsRun{scoreRun: scoreRun{req: a.req, out: a.out, quiet: a.quiet, stdout: stdout, stderr: stderr}, masks: a.masks, opt: opt}
			return run.exec(ctx)
		},
	}, args, stdout, stderr)
}

// regionsArgs are `bandscope regions`' flags as given.
type regionsArgs struct {
	req                engine.Request
	out, masks, maxMem string
	cpuKernels         string
	quiet              bool
	features           featureFlags
	models             modelFlags
	threads            threadsFlag
	threshold          float64
	minFrames          int
}

func (a *regionsArgs) flags() *flag.FlagSet {
	fs, v, _ := newClipFlags("bandscope regions", &a.req, &a.out, &a.maxMem, &a.quiet, &a.features, &a.models, &a.cpuKernels, &a.threads)
	v(&stringFlag{&a.masks, "a file name"}, "masks")
	v(&thresholdFlag{&a.threshold}, "threshold")
	v(&intFlag{&a.minFrames, 1, 1 << 31, "a number of frames"}, "min-frames", "min_frames")
	return fs
}

// check completes the request (CAMBI alone, with its options; the model
// scored with --explain for vmaf_cost) and refuses what no run can do.
func (a *regionsArgs) check() (regions.Options, error) {
	opt := regions.Options{Threshold: a.threshold, MinFrames: a.minFrames}
	req := &a.req
	if req.Distorted == "" {
		return opt, errors.New("-d/--distorted is required (the clip to search)")
	}
	switch {
	case len(a.features) > 1:
		return opt, errors.New("--feature given twice: regions reads one CAMBI (--feature cambi=OPTIONS)")
	case len(a.features) == 1:
		if def, ok := engine.LookupFeature(a.features[0].Name); ok && def.Name != "cambi" {
			return opt, fmt.Errorf("--feature %s: regions reads CAMBI's maps alone (--feature cambi=OPTIONS)", a.features[0].Name)
		}
		req.Features = a.features
	default:
		req.Features = []engine.Spec{{Name: "cambi"}}
	}
	if err := engine.CheckFeatures(req.Features); err != nil {
		return opt, err
	}
	if len(a.models) > 1 {
		return opt, errors.New("--model given twice: vmaf_cost is what CAMBI costs one model")
	}
	if err := engine.CheckModels(a.models); err != nil {
		return opt, err
	}
	if len(a.models) == 1 {
		key, err := regions.CostKey(a.models[0])
		if err != nil {
			return opt, err
		}
		opt.CostKey = key
		req.Models, req.Explain = a.models, true
	}
	if a.masks != "" && a.masks == a.out {
		return opt, fmt.Errorf("--masks %s is also -o: give each its own file", a.masks)
	}
	if err := engine.CheckKeys(*req); err != nil {
		return opt, err
	}
	return opt, resolveRun(req, a.maxMem, a.cpuKernels)
}

// thresholdFlag is --threshold: a positive c-value.
type thresholdFlag struct{ p *float64 }

func (f *thresholdFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strconv.FormatFloat(*f.p, 'g', -1, 64)
}

func (f *thresholdFlag) Set(s string) error {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) {
		return fmt.Errorf("want a positive c-value (default %g)", regions.DefaultThreshold)
	}
	*f.p = v
	return nil
}

// regionsRun is one `bandscope regions` run once its command line is
// checked: score's run (its outputs, progress and one-line failures) with
// a finder watching it.
type regionsRun struct {
	scoreRun
	masks string
	opt   regions.Options
}

// exec runs the search and returns the exit code. Its outputs (the -o
// file or the table, the mask) are checked before any work and published
// together when the run succeeds, as score's.
func (r *regionsRun) exec(ctx context.Context) int {
	outputs := r.openOutputs(ctx)
	defer outputs.Abort() // a no-op once committed
	var rep *regions.Report
	write := func(w io.Writer) error { return rep.WriteTable(w) }
	if r.out != "" {
		write = func(w io.Writer) error { return rep.WriteJSON(w) }
	}
	if err := r.output(write); err != nil {
		return r.fail(ctx, err)
	}
	var mask *bufio.Writer
	if r.masks != "" {
		f, err := outputs.Stage(r.masks)
		if err != nil {
			return r.fail(ctx, err)
		}
		mask = bufio.NewWriterSize(f, 1<<20)
		r.opt.Masks = maskFile{mask, r.masks}
	}
	finder, err := regions.NewFinder(r.opt)
	if err != nil {
		return r.fail(ctx, err)
	}
	r.req.Watch = finder.Watch()
	s, err := r.open(ctx)
	if err != nil {
		return r.fail(ctx, err)
	}
	defer s.Close()
	src, err := regions.SourceOf(s, r.req)
	if err == nil {
		err = finder.Start(src)
	}
	if err != nil {
		return r.fail(ctx, err)
	}
	progress, cleared := r.progress()
	res, err := s.Run(ctx, progress)
	cleared()
	if err == nil {
		rep, err = finder.Finish(res)
	}
	if err == nil && mask != nil {
		err = maskFile{mask, r.masks}.flush()
	}
	if err != nil {
		return r.fail(ctx, err)
	}
	if err := outputs.Commit(); err != nil {
		return r.fail(ctx, err)
	}
	return 0
}

// maskFile is the staged mask, its errors naming it.
type maskFile struct {
	w    *bufio.Writer
	path string
}

func (m maskFile) Write(b []byte) (int, error) {
	n, err := m.w.Write(b)
	if err != nil {
		err = fmt.Errorf("%s: %w", m.path, err)
	}
	return n, err
}

func (m maskFile) flush() error {
	if err := m.w.Flush(); err != nil {
		return fmt.Errorf("--masks %s: writing the mask: %w", m.path, err)
	}
	return nil
}

// regionsUsage is --help.
func regionsUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: bandscope regions -d DIST [-r REF] [-w W -h H -p PF -b BD] [--feature cambi=OPTIONS]
         [--model version=NAME] [-o events.json] [--masks mask.y4m] [--min-frames N] [--threshold C]

Finds the clip's banding regions in CAMBI's c-value maps, follows them over frames into events,
most severe first, and writes them as JSON (-o) or a table on stdout; --masks writes a mono
Y4M at the distorted clip's own size, 255 on each event's pixels, for a debanding filter.

Input:
  -d, --distorted FILE      the clip to search (.y4m; raw YUV: .yuv, .raw, .bin; anything ffmpeg decodes)
  -r, --reference FILE      its reference (for a ladder rendition or cambi=full_ref=true)
  -w, --width N, -h, --height N, -p, --pixel_format PF, -b, --bitdepth N
                            raw YUV only: size, 420/422/444/400, 8/10/12/16 bits
      --frame_cnt N         search at most N frames
      --no-scale            refuse a distorted clip smaller than the reference

Regions:
      --feature cambi[=opt=val:...]
                            CAMBI's options, as score takes them (window_size, enc_width, ...)
      --threshold C         the c-value a banding pixel reaches (default %g)
      --min-frames N        drop events shorter than N frames (default %d)
      --model version=NAME|path=FILE.json
                            a model that reads CAMBI: each event's vmaf_cost, the points
                            CAMBI costs it (as score --explain computes them)

Output:
  -o, --output FILE         events.json (default: a table on stdout); never an input
      --masks FILE          the mask Y4M (C mono, 8-bit, one frame per frame searched)
  -q, --quiet               no progress line

Run:
      --threads N, --backend B, --cpu-kernels SET, --max-memory SIZE
                            as bandscope score --help says

Exit status: 0 success, 1 the run failed, 2 a bad command line, 130 interrupted.
`, regions.DefaultThreshold, regions.DefaultMinFrames)
}
