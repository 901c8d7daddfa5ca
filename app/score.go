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
func scoreMain(args []string, stdout, stderr io.Writer) int {
	a := &scoreArgs{prec: "6"}
	a.req.Backend = "cpu"
	a.threads.p = &a.req.Threads
	var p engine.Precision
	return runClipCommand(clipCommand{name: "score", fs: a.flags(), usage: scoreUsage, threads: &a.threads,
		check: func() (err error) {
			p, err = a.check()
			return err
		},
		run: func(ctx context.Context) int {
			run := &scoreRun{req: a.req, out: a.out, format: outputFormat(a.asJSON, a.asXML, a.csv, a.out), prec: p, quiet: a.quiet, stdout: stdout, stderr: stderr}
			return run.exec(ctx)
		},
	}, args, stdout, stderr)
}

// clipCommand is a command that scores clips (score, regions), as
// runClipCommand runs it.
type clipCommand struct {
	name    string // "score"
	fs      *flag.FlagSet
	usage   func(io.Writer) // --help
	threads *threadsFlag
	// check completes the parsed command line; its error is the command
	// line's (exit 2).
	check func() error
	run   func(ctx context.Context) int
}

// runClipCommand parses and checks a command line, then runs it until it
// ends or a signal stops it: 2 and one line for a bad command line, 1 and
// one line for an internal error (a panic), the run's code otherwise.
func runClipCommand(c clipCommand, args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			sayf(stderr, "bandscope: internal error: %v", p)
			if os.Getenv("BANDSCOPE_TRACE") != "" {
				stderr.Write(debug.Stack())
			}
			code = 1
		}
	}()
	usageErr := func(err error) int {
		sayf(stderr, "bandscope %s: %v", c.name, err)
		return 2
	}
	if err := c.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage(stdout)
			return 0
		}
		return usageErr(fmt.Errorf("%v (bandscope %s --help lists the flags)", err, c.name))
	}
	if c.fs.NArg() > 0 {
		return usageErr(fmt.Errorf("unexpected argument %q (flags come as -flag value; bandscope %s --help lists them)", c.fs.Arg(0), c.name))
	}
	if err := c.check(); err != nil {
		return usageErr(err)
	}
	if c.threads.clamped != "" {
		fmt.Fprintf(stderr, "bandscope: --threads %s is more than %d: using %d\n", c.threads.clamped, engine.MaxThreads, engine.MaxThreads)
	}

	// SIGQUIT (Ctrl-\) too: Go's default would print every goroutine's
	// stack and exit 2, the bad command line's code, leaving the staged
	// files behind.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	engine.QuietGPULogs() // each failure is one line of ours
	return c.run(ctx)
}

// scoreArgs are `bandscope score`'s flags as given.
type scoreArgs struct {
	req                engine.Request
	out, prec, maxMem  string
	asJSON, asXML, csv bool
	quiet, noPred      bool
	features           featureFlags
	models             modelFlags
	cpumask            uint
	cpuKernels         string
	threads            threadsFlag
}

// flags are the flag set that parses into a.
func (a *scoreArgs) flags() *flag.FlagSet {
	fs := newScoreFlags(&a.req, &a.out, &a.prec, &a.maxMem, &a.asJSON, &a.asXML, &a.csv, &a.quiet, &a.noPred, &a.features, &a.models, &a.cpumask, &a.cpuKernels, &a.threads)
	fs.BoolVar(&a.req.Explain, "explain", false, "")
	return fs
}

// check completes the request from the flags (libvmaf's default model
// when no feature and no model is asked for, the memory budget, the CPU
// kernel set) and refuses, as the command line's errors, what no run can
// do; it returns the output's precision.
func (a *scoreArgs) check() (engine.Precision, error) {
	req := &a.req
	if req.Distorted == "" {
		return engine.Precision{}, errors.New("-d/--distorted is required (the clip to score)")
	}
	if err := a.checkWork(); err != nil {
		return engine.Precision{}, err
	}
	p, err := engine.ParsePrecision(a.prec)
	if err != nil {
		return p, err
	}
	req.Features = a.features
	req.Models = a.models
	req.NoPrediction = a.noPred
	if err := engine.CheckKeys(*req); err != nil {
		return p, err
	}
	if err := resolveRun(req, a.maxMem, a.cpuKernels); err != nil {
		return p, err
	}
	formats := 0
	for _, b := range []bool{a.asJSON, a.asXML, a.csv} {
		if b {
			formats++
		}
	}
	if formats > 1 {
		return p, errors.New("give at most one of --json, --xml, --csv")
	}
	return p, nil
}

// checkWork checks what the run computes: the features and models (the
// default model when none is asked for), and --explain's needs.
func (a *scoreArgs) checkWork() error {
	if len(a.features) == 0 && len(a.models) == 0 {
		if a.noPred {
			// libvmaf adds its default model unless -n; it then scores
			// nothing at all.
			return errors.New("-n/--no_prediction with no --feature or --model: nothing to score")
		}
		a.models = modelFlags{"version=vmaf_v0.6.1"} // libvmaf's default
	}
	if err := engine.CheckFeatures(a.features); err != nil {
		return err
	}
	if err := engine.CheckModels(a.models); err != nil {
		return err
	}
	if a.req.Explain && a.noPred {
		return errors.New("--explain needs the models' scores: leave out -n/--no_prediction")
	}
	if a.req.Explain && len(a.models) == 0 {
		return errors.New("--explain needs a --model (it says what each model input costs the score)")
	}
	return nil
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
