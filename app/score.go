package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/bandscope/bandscope/engine"
)

const version = engine.Version

// scoreMain is `bandscope score`: libvmaf's CLI for the features Bandscope
// computes. Exit codes: 0 success, 1 a run that failed (an internal error
// included), 2 a bad command line (one line naming the flag and the values
// it accepts), 130 interrupted (SIGINT, SIGTERM, SIGHUP or SIGQUIT).
func scoreMain(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			sayf(stderr, "bandscope: internal error: %v", p)
			if os.Getenv("BANDSCOPE_TRACE") != "" {
				stderr.Write(debug.Stack())
			}
			code = 1
		}
	}()
	var (
		req                engine.Request
		out, prec, maxMem  string
		asJSON, asXML, csv bool
		quiet, noPred      bool
		features           featureFlags
		models             modelFlags
		cpumask            uint
		cpuKernels         string
	)
	prec, req.Backend = "6", "cpu"
	threads := &threadsFlag{p: &req.Threads}
	fs := newScoreFlags(&req, &out, &prec, &maxMem, &asJSON, &asXML, &csv, &quiet, &noPred, &features, &cpumask, &cpuKernels, threads)
	fs.Var(&models, "model", "")
	fs.BoolVar(&req.Explain, "explain", false, "")
	for _, n := range []string{"no-scale", "no_scale"} {
		fs.BoolVar(&req.NoScale, n, false, "")
	}
	usageErr := func(format string, a ...any) int {
		sayf(stderr, "bandscope score: "+format, a...)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			scoreUsage(stdout)
			return 0
		}
		return usageErr("%v (bandscope score --help lists the flags)", err)
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q (flags come as -flag value; bandscope score --help lists them)", fs.Arg(0))
	}
	if req.Distorted == "" {
		return usageErr("-d/--distorted is required (the clip to score)")
	}
	if len(features) == 0 && len(models) == 0 {
		if noPred {
			// libvmaf adds its default model unless -n; it then scores
			// nothing at all.
			return usageErr("-n/--no_prediction with no --feature or --model: nothing to score")
		}
		models = modelFlags{"version=vmaf_v0.6.1"} // libvmaf's default
	}
	if err := engine.CheckFeatures(features); err != nil {
		return usageErr("%v", err)
	}
	if err := engine.CheckModels(models); err != nil {
		return usageErr("%v", err)
	}
	if req.Explain && noPred {
		return usageErr("--explain needs the models' scores: leave out -n/--no_prediction")
	}
	if req.Explain && len(models) == 0 {
		return usageErr("--explain needs a --model (it says what each model input costs the score)")
	}
	p, err := engine.ParsePrecision(prec)
	if err != nil {
		return usageErr("%v", err)
	}
	if req.MaxMemory, err = engine.ParseBytes(maxMem); maxMem == "" {
		req.MaxMemory = 0
	} else if err != nil {
		return usageErr("--max-memory %v", err)
	}
	req.Features = features
	req.Models = models
	req.NoPrediction = noPred
	if err := engine.CheckKeys(req); err != nil {
		return usageErr("%v", err)
	}
	if cpuKernels != "" {
		if req.Backend != "" && req.Backend != "cpu" && !strings.HasPrefix(req.Backend, "cpu:") {
			return usageErr("--cpu-kernels needs --backend cpu (it is %s)", req.Backend)
		}
		req.Backend = "cpu:" + cpuKernels
	}
	formats := 0
	for _, b := range []bool{asJSON, asXML, csv} {
		if b {
			formats++
		}
	}
	if formats > 1 {
		return usageErr("give at most one of --json, --xml, --csv")
	}
	if threads.clamped != "" {
		fmt.Fprintf(stderr, "bandscope: --threads %s is more than %d: using %d\n", threads.clamped, engine.MaxThreads, engine.MaxThreads)
	}

	// SIGQUIT (Ctrl-\) too: Go's default would print every goroutine's
	// stack and exit 2, the bad command line's code, leaving the staged
	// files behind.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	engine.QuietGPULogs() // each failure is one line of ours
	run := &scoreRun{req: req, out: out, format: outputFormat(asJSON, asXML, csv, out), prec: p, quiet: quiet, stdout: stdout, stderr: stderr}
	return run.exec(ctx)
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

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && !strings.Contains(os.Getenv("TERM"), "dumb")
}
