package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
)

const version = engine.Version

// featureFlags collects repeated --feature arguments.
type featureFlags []feature.Spec

func (f *featureFlags) String() string { return fmt.Sprint(*f) }

// stringFlags collects a repeated flag's values.
type stringFlags []string

func (f *stringFlags) String() string     { return strings.Join(*f, " ") }
func (f *stringFlags) Set(s string) error { *f = append(*f, s); return nil }
func (f *featureFlags) Set(s string) error {
	sp, err := feature.ParseSpec(s)
	if err != nil {
		return err
	}
	*f = append(*f, sp)
	return nil
}

// scoreMain is `bandscope score`: libvmaf's CLI for the features Bandscope
// computes. Exit codes: 0 success, 1 a run that failed, 2 a bad command
// line, 130 interrupted.
func scoreMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bandscope score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		req                engine.Request
		width, height, bd  int
		pixfmt, out, prec  string
		asJSON, asXML, csv bool
		quiet, noPred      bool
		features           featureFlags
		models             stringFlags
		explain            bool
		cpumask            uint
		cpuKernels         string
	)
	str := func(p *string, names []string, def, help string) {
		for _, n := range names {
			fs.StringVar(p, n, def, help)
		}
	}
	integer := func(p *int, names []string, help string) {
		for _, n := range names {
			fs.IntVar(p, n, 0, help)
		}
	}
	boolean := func(p *bool, names []string, help string) {
		for _, n := range names {
			fs.BoolVar(p, n, false, help)
		}
	}
	str(&req.Reference, []string{"r", "reference"}, "", "reference clip (.y4m, .yuv, or anything ffmpeg decodes); default: the distorted clip")
	str(&req.Distorted, []string{"d", "distorted"}, "", "distorted clip")
	integer(&width, []string{"w", "width"}, "width of raw .yuv input")
	integer(&height, []string{"h", "height"}, "height of raw .yuv input")
	str(&pixfmt, []string{"p", "pixel_format"}, "", "pixel format of raw .yuv input: 420, 422, 444 or 400")
	integer(&bd, []string{"b", "bitdepth"}, "bit depth of raw .yuv input: 8, 10, 12 or 16")
	fs.Var(&features, "feature", "feature to compute, NAME or NAME=opt=val:opt=val (repeatable): "+engine.FeatureNames())
	fs.Var(&models, "model", "VMAF model, version=NAME or path=FILE.json, then :name=KEY, :EXTRACTOR.OPTION=VALUE (repeatable; default version=vmaf_v0.6.1 when no --feature is given)")
	boolean(&explain, []string{"explain"}, "with --model: per frame, the points each model input costs the score (keys NAME_cost_FEATURE)")
	str(&out, []string{"o", "output"}, "", "output file (default: a table on stdout)")
	boolean(&asJSON, []string{"json"}, "write JSON")
	boolean(&asXML, []string{"xml"}, "write XML (the default with -o)")
	boolean(&csv, []string{"csv"}, "write CSV")
	str(&prec, []string{"precision"}, "6", "decimals printed (1-17), or max for the shortest text that reads back bit-exactly")
	integer(&req.Frames, []string{"frame_cnt"}, "score at most this many frames")
	integer(&req.Threads, []string{"threads"}, "threads (0: all cores)")
	str(&req.Backend, []string{"backend"}, "cpu", "backend: cpu, gpu (best adapter) or gpu:N (see bandscope devices)")
	boolean(&req.NoScale, []string{"no-scale", "no_scale"}, "refuse a distorted clip smaller than the reference instead of upscaling it (ffmpeg bicubic) to the reference's size")
	boolean(&quiet, []string{"q", "quiet"}, "no progress line")
	boolean(&noPred, []string{"n", "no_prediction"}, "accepted for libvmaf compatibility")
	fs.UintVar(&cpumask, "cpumask", 0, "accepted for libvmaf compatibility (see --cpu-kernels)")
	str(&cpuKernels, []string{"cpu-kernels", "cpu_kernels"}, "", "CPU kernel set: scalar, avx2, avx512 (default: the best this CPU has; the bits are the same)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bandscope score -r REF -d DIST [-w W -h H -p PF -b BD] --feature cambi [--json -o OUT] [--precision max] [--backend cpu|gpu|gpu:N]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bandscope score: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if req.Distorted == "" {
		fmt.Fprintln(stderr, "bandscope score: -d/--distorted is required")
		return 2
	}
	if len(features) == 0 && len(models) == 0 {
		// libvmaf's default.
		models = stringFlags{"version=vmaf_v0.6.1"}
	}
	p, err := engine.ParsePrecision(prec)
	if err != nil {
		fmt.Fprintln(stderr, "bandscope score:", err)
		return 2
	}
	req.Features = features
	req.Models = models
	req.Explain = explain
	if cpuKernels != "" {
		if req.Backend != "" && req.Backend != "cpu" && !strings.HasPrefix(req.Backend, "cpu:") {
			fmt.Fprintln(stderr, "bandscope score: --cpu-kernels needs --backend cpu")
			return 2
		}
		req.Backend = "cpu:" + cpuKernels
	}
	req.Raw = clip.RawOptions{Width: width, Height: height, BitDepth: bd}
	if pixfmt != "" {
		if req.Raw.Chroma, err = yuv.ParseChroma(pixfmt); err != nil {
			fmt.Fprintln(stderr, "bandscope score: -p:", err)
			return 2
		}
		req.Raw.ChromaSet = true
	}
	formats := 0
	for _, b := range []bool{asJSON, asXML, csv} {
		if b {
			formats++
		}
	}
	if formats > 1 {
		fmt.Fprintln(stderr, "bandscope score: give at most one of --json, --xml, --csv")
		return 2
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := score(ctx, req, out, outputFormat(asJSON, asXML, csv, out), p, quiet, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "bandscope:", err)
		if ctx.Err() != nil {
			return 130
		}
		return 1
	}
	return 0
}

func outputFormat(asJSON, asXML, csv bool, out string) string {
	switch {
	case asJSON:
		return "json"
	case csv:
		return "csv"
	case asXML || out != "":
		return "xml"
	}
	return "table"
}

func score(ctx context.Context, req engine.Request, out, format string, p engine.Precision, quiet bool, stdout, stderr io.Writer) error {
	s, err := engine.Open(ctx, req)
	if err != nil {
		return err
	}
	defer s.Close()
	var progress func(engine.Progress)
	if !quiet && isTerminal(stderr) {
		progress = func(pr engine.Progress) {
			total := "?"
			if pr.Total >= 0 {
				total = fmt.Sprint(pr.Total)
			}
			fmt.Fprintf(stderr, "\rframe %d/%s  %.1f fps ", pr.Done, total, pr.FPS)
		}
	}
	res, err := s.Run(ctx, progress)
	if progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		return err
	}
	write := map[string]func(io.Writer, engine.Precision) error{
		"json": res.WriteJSON, "xml": res.WriteXML, "csv": res.WriteCSV, "table": res.WriteTable,
	}[format]
	if out == "" {
		return write(stdout, p)
	}
	return writeAtomic(out, func(w io.Writer) error { return write(w, p) })
}

// writeAtomic writes a file under a temporary name beside it and renames it
// into place, so a failed run never leaves a partial output file.
func writeAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.part")
	if err != nil {
		return fmt.Errorf("output: %w", err)
	}
	defer os.Remove(f.Name()) // fails harmlessly once renamed
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("output %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("output %s: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	return nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && !strings.Contains(os.Getenv("TERM"), "dumb")
}
