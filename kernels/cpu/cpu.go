package cpu

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// Set is a kernel set.
type Set int

// The kernel sets; those of one architecture slowest first.
const (
	Scalar Set = iota // portable Go, the reference
	AVX2              // amd64 AVX2 assembly
	AVX512            // amd64 AVX-512 (F, BW, VL, DQ, CD) assembly
	NEON              // arm64 Advanced SIMD (ASIMD) assembly
)

// sets are every kernel set, in Set order.
var sets = []Set{Scalar, AVX2, AVX512, NEON}

func (s Set) String() string {
	switch s {
	case Scalar:
		return "scalar"
	case AVX2:
		return "avx2"
	case AVX512:
		return "avx512"
	case NEON:
		return "neon"
	}
	return fmt.Sprintf("Set(%d)", int(s))
}

// Parse reads a kernel set name: scalar, avx2, avx512, neon, or "" / "auto"
// for the best the host supports. It refuses sets the host cannot run.
func Parse(name string) (Set, error) {
	var s Set
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "auto", "best":
		return Best(), nil
	case "scalar", "generic", "go":
		s = Scalar
	case "avx2":
		s = AVX2
	case "avx512", "avx-512":
		s = AVX512
	case "neon", "asimd":
		s = NEON
	default:
		return 0, fmt.Errorf("unknown CPU kernel set %q (want scalar, avx2, avx512, neon or auto)", name)
	}
	if !s.Supported() {
		return 0, fmt.Errorf("CPU kernel set %s is not supported by this CPU (supported: %s)", s, strings.Join(names(Supported()), ", "))
	}
	return s, nil
}

func names(sets []Set) []string {
	var n []string
	for _, s := range sets {
		n = append(n, s.String())
	}
	return n
}

// Supported reports whether the host can run the set with this build: the
// scalar set everywhere, an assembly set where this build carries its
// architecture's assembly (asm_amd64.go, asm_arm64.go) and the CPU has
// its instructions.
func (s Set) Supported() bool { return s == Scalar || asmSupports(s) }

// Supported lists the sets the host can run, slowest first.
func Supported() []Set {
	var out []Set
	for _, s := range sets {
		if s.Supported() {
			out = append(out, s)
		}
	}
	return out
}

var (
	defaultOnce sync.Once
	defaultSet  Set
	defaultErr  error
)

// Best is the fastest set the host supports.
func Best() Set {
	all := Supported()
	return all[len(all)-1]
}

// warnTo receives Default's warning (a variable for the test).
var warnTo io.Writer = os.Stderr

// Default is the set used when none is asked for: BANDSCOPE_CPU_KERNELS
// when set and supported, else Best (with a warning on stderr, once, when
// BANDSCOPE_CPU_KERNELS is set but unusable).
func Default() Set {
	defaultOnce.Do(func() {
		defaultSet = Best()
		if env := os.Getenv("BANDSCOPE_CPU_KERNELS"); env != "" {
			if s, err := Parse(env); err == nil {
				defaultSet = s
			} else {
				defaultErr = fmt.Errorf("BANDSCOPE_CPU_KERNELS: %w", err)
				// Said once, here, so that a mistyped value is never
				// silently ignored whoever asks for the default first.
				fmt.Fprintf(warnTo, "bandscope: %v; using %s\n", defaultErr, defaultSet)
			}
		}
	})
	return defaultSet
}

// Threads resolves a thread count: n > 0 as given, otherwise every core
// the process may use (GOMAXPROCS, as it is without HoldProcs).
func Threads(n int) int {
	if n > 0 {
		return n
	}
	return baseProcs()
}
