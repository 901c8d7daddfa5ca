package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// Every flag of `bandscope score` parses its own value and, when the value
// is wrong, says which values it accepts: the flag package prints that
// error as one line ("invalid value ... for flag -b: ..."), and scoreMain
// exits 2 with it, without the usage.

// intFlag is an integer within [lo, hi].
type intFlag struct {
	p      *int
	lo, hi int64
	what   string // e.g. "a width"
}

func (f *intFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (f *intFlag) Set(s string) error {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || v < f.lo || v > f.hi {
		return fmt.Errorf("want %s from %d to %d", f.what, f.lo, f.hi)
	}
	*f.p = int(v)
	return nil
}

// threadsFlag is --threads: any count is accepted, counts above
// engine.MaxThreads are clamped (scoreMain says so once).
type threadsFlag struct {
	p       *int
	clamped string // the value given, when clamped
}

func (f *threadsFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (f *threadsFlag) Set(s string) error {
	s = strings.TrimSpace(s)
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return fmt.Errorf("want a number of threads, 0 (all cores) to %d", engine.MaxThreads)
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil || v > engine.MaxThreads {
		f.clamped = s
		*f.p = engine.MaxThreads
		return nil
	}
	*f.p, f.clamped = int(v), ""
	return nil
}

// bitDepthFlag is -b: 8, 10, 12 or 16.
type bitDepthFlag struct{ p *int }

func (f *bitDepthFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (f *bitDepthFlag) Set(s string) error {
	switch strings.TrimSpace(s) {
	case "8", "10", "12", "16":
		*f.p, _ = strconv.Atoi(strings.TrimSpace(s))
		return nil
	}
	return fmt.Errorf("want 8, 10, 12 or 16")
}

// chromaFlag is -p: 420, 422, 444 or 400.
type chromaFlag struct {
	c   *engine.Chroma
	set *bool
}

func (f *chromaFlag) String() string { return "" }

func (f *chromaFlag) Set(s string) error {
	switch s {
	case "420", "422", "444", "400", "yuv420p", "yuv422p", "yuv444p", "gray":
		c, err := engine.ParseChroma(s)
		if err != nil {
			return err
		}
		*f.c, *f.set = c, true
		return nil
	}
	return fmt.Errorf("want 420, 422, 444 or 400")
}

// choiceFlag is a string checked by a function.
type choiceFlag struct {
	p     *string
	check func(string) error
}

func (f *choiceFlag) String() string {
	if f.p == nil {
		return ""
	}
	return *f.p
}

func (f *choiceFlag) Set(s string) error {
	if f.check != nil {
		if err := f.check(s); err != nil {
			return err
		}
	}
	*f.p = s
	return nil
}

// stringFlag is a string that must not be empty (a file name).
type stringFlag struct {
	p    *string
	what string
}

func (f *stringFlag) String() string {
	if f.p == nil {
		return ""
	}
	return *f.p
}

func (f *stringFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("want %s, not an empty string", f.what)
	}
	*f.p = s
	return nil
}

func checkBackend(s string) error {
	switch {
	case s == "cpu" || s == "gpu":
		return nil
	case strings.HasPrefix(s, "cpu:"):
		if err := engine.CheckKernels(strings.TrimPrefix(s, "cpu:")); err != nil {
			return err
		}
		return nil
	case strings.HasPrefix(s, "gpu:"):
		if n, err := strconv.Atoi(strings.TrimPrefix(s, "gpu:")); err == nil && n >= 0 && n < 1<<16 {
			return nil
		}
	}
	return fmt.Errorf("want cpu, cpu:scalar|avx2|avx512|neon, gpu or gpu:N (bandscope devices lists the GPUs)")
}

func checkKernels(s string) error { return engine.CheckKernels(s) }

func checkPrecision(s string) error {
	_, err := engine.ParsePrecision(s)
	if err != nil {
		return fmt.Errorf("want a number of decimals from 1 to 17, or max")
	}
	return nil
}

func checkMaxMemory(s string) error {
	_, err := engine.ParseBytes(s)
	return err
}

// featureFlags collects repeated --feature arguments.
type featureFlags []engine.Spec

func (f *featureFlags) String() string { return fmt.Sprint(*f) }
func (f *featureFlags) Set(s string) error {
	sp, err := engine.ParseSpec(s)
	if err != nil {
		return fmt.Errorf("%v (want NAME or NAME=opt=val:opt=val; features: %s)", err, strings.Join(engine.FeatureNames(), ", "))
	}
	*f = append(*f, sp)
	return nil
}

// modelFlags collects repeated --model arguments (checked by
// engine.CheckModels once every flag is read).
type modelFlags []string

func (f *modelFlags) String() string { return strings.Join(*f, " ") }
func (f *modelFlags) Set(s string) error {
	if s == "" {
		return fmt.Errorf("empty model: want version=NAME or path=FILE.json")
	}
	*f = append(*f, s)
	return nil
}

// resolveRun completes a request from the run flags: the memory budget
// (--max-memory) and the CPU kernel set (--cpu-kernels, on the CPU only).
func resolveRun(req *engine.Request, maxMem, cpuKernels string) error {
	var err error
	if req.MaxMemory, err = engine.ParseBytes(maxMem); maxMem == "" {
		req.MaxMemory = 0
	} else if err != nil {
		return fmt.Errorf("--max-memory %v", err)
	}
	if cpuKernels != "" {
		if req.Backend != "" && req.Backend != "cpu" && !strings.HasPrefix(req.Backend, "cpu:") {
			return fmt.Errorf("--cpu-kernels needs --backend cpu (it is %s)", req.Backend)
		}
		req.Backend = "cpu:" + cpuKernels
	}
	return nil
}
