package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/model"
)

// newScoreFlags declares `bandscope score`'s flags: those of every
// command that scores clips (newClipFlags) and the output's.
func newScoreFlags(req *engine.Request, out, prec, maxMem *string, asJSON, asXML, csv, quiet, noPred *bool,
	features *featureFlags, models *modelFlags, cpumask *uint, cpuKernels *string, threads *threadsFlag) *flag.FlagSet {
	fs, v, b := newClipFlags("bandscope score", req, out, maxMem, quiet, features, models, cpuKernels, threads)
	b(asJSON, "json")
	b(asXML, "xml")
	b(csv, "csv")
	v(&choiceFlag{prec, checkPrecision}, "precision")
	b(noPred, "n", "no_prediction")
	fs.UintVar(cpumask, "cpumask", 0, "")
	return fs
}

// newClipFlags declares the flags of the commands that score clips
// (score, regions), every alias bound to the same value, and returns the
// helpers that declare a command's own. The flag package prints nothing:
// the command prints one line for an error and its usage for --help.
func newClipFlags(name string, req *engine.Request, out, maxMem *string, quiet *bool, features *featureFlags, models *modelFlags,
	cpuKernels *string, threads *threadsFlag) (fs *flag.FlagSet, v func(flag.Value, ...string), b func(*bool, ...string)) {
	fs = flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	v = func(val flag.Value, names ...string) {
		for _, n := range names {
			fs.Var(val, n, "")
		}
	}
	b = func(p *bool, names ...string) {
		for _, n := range names {
			fs.BoolVar(p, n, false, "")
		}
	}
	const maxSide = 1 << 20
	v(&stringFlag{&req.Reference, "a file name"}, "r", "reference")
	v(&stringFlag{&req.Distorted, "a file name"}, "d", "distorted")
	v(&intFlag{&req.Raw.Width, 1, maxSide, "a width"}, "w", "width")
	v(&intFlag{&req.Raw.Height, 1, maxSide, "a height"}, "h", "height")
	v(&chromaFlag{&req.Raw.Chroma, &req.Raw.ChromaSet}, "p", "pixel_format")
	v(&bitDepthFlag{&req.Raw.BitDepth}, "b", "bitdepth")
	v(features, "feature")
	v(models, "model")
	b(&req.NoScale, "no-scale", "no_scale")
	v(&stringFlag{out, "a file name"}, "o", "output")
	v(&intFlag{&req.Frames, 0, 1 << 31, "a number of frames"}, "frame_cnt")
	v(threads, "threads")
	v(&choiceFlag{&req.Backend, checkBackend}, "backend")
	b(quiet, "q", "quiet")
	v(&choiceFlag{cpuKernels, checkKernels}, "cpu-kernels", "cpu_kernels")
	v(&choiceFlag{maxMem, checkMaxMemory}, "max-memory", "max_memory")
	return fs, v, b
}

// scoreUsage is --help: the flags by group, each with its aliases once.
func scoreUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: bandscope score -d DIST [-r REF] [-w W -h H -p PF -b BD] --feature NAME[=opt=val:...] [--json -o OUT]

Input:
  -d, --distorted FILE      the clip to score (.y4m; raw YUV: .yuv, .raw, .bin; anything ffmpeg decodes)
  -r, --reference FILE      its reference (default: the distorted clip itself)
  -w, --width N             raw YUV only: width
  -h, --height N            raw YUV only: height
  -p, --pixel_format PF     raw YUV only: 420, 422, 444 or 400
  -b, --bitdepth N          raw YUV only: 8, 10, 12 or 16 (little-endian above 8)
      --frame_cnt N         score at most N frames

Features and models:
      --feature NAME[=opt=val:opt=val]
                            repeatable; NAME is one of %s, with libvmaf's
                            option names and aliases
      --model version=NAME|path=FILE.json[:name=KEY][:EXTRACTOR.OPTION=VALUE...]
                            repeatable; a libvmaf model (default: version=vmaf_v0.6.1
                            when no --feature is given); built in: %s
      --explain             with --model: per frame, the points each model input
                            costs the score (keys NAME_cost_INPUT)
      --no-scale            refuse a distorted clip smaller than the reference
                            instead of upscaling it (ffmpeg bicubic)

Output:
  -o, --output FILE         output file (default: a table on stdout); never an input,
                            written through when a device, FIFO or /dev/stdout
      --json | --xml | --csv
                            the file's layout (XML by default)
      --precision N|max     decimals printed (default 6); max: the shortest exact text
  -q, --quiet               no progress line
  -n, --no_prediction       no model scores: the --model features alone, no default model

Run:
      --threads N           threads, 0 (all cores) to %d; larger counts are clamped
      --backend B           cpu, cpu:scalar|avx2|avx512|neon, gpu or gpu:N (bandscope devices)
      --cpu-kernels SET     scalar, avx2, avx512 or neon (default: the best this CPU has)
      --cpumask N           accepted for libvmaf compatibility
      --max-memory SIZE     refuse a run needing more (e.g. 512M, 8G, none;
                            default: 3/4 of the physical or allowed memory)

Exit status: 0 success, 1 the run failed, 2 a bad command line, 130 interrupted.
`, strings.Join(engine.FeatureNames(), ", "), strings.Join(model.BuiltinVersions(), ", "), engine.MaxThreads)
}
