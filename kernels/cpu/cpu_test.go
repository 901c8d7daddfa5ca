package cpu

import (
	"bytes"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestDefaultWarns: an unusable BANDSCOPE_CPU_KERNELS is reported once, on
// the warning writer, and the default falls back to the best set.
func TestDefaultWarns(t *testing.T) {
	for _, tc := range []struct{ env, want string }{
		{"avx3", `unknown CPU kernel set "avx3"`},
		{"", ""},
		{"scalar", ""},
	} {
		t.Run(tc.env, func(t *testing.T) {
			t.Setenv("BANDSCOPE_CPU_KERNELS", tc.env)
			var buf bytes.Buffer
			old := warnTo
			defer func() { warnTo = old }()
			warnTo = &buf
			defaultOnce, defaultSet, defaultErr = sync.Once{}, 0, nil
			defer func() { defaultOnce, defaultSet, defaultErr = sync.Once{}, 0, nil }()
			s := Default()
			Default()
			got := buf.String()
			if tc.want == "" {
				if got != "" || DefaultError() != nil {
					t.Fatalf("warning %q, error %v; want none", got, DefaultError())
				}
				return
			}
			if !strings.Contains(got, tc.want) || strings.Count(got, "\n") != 1 {
				t.Fatalf("warning %q, want one line with %q", got, tc.want)
			}
			if s != Best() || DefaultError() == nil {
				t.Fatalf("Default %s, error %v; want %s and an error", s, DefaultError(), Best())
			}
		})
	}
}

// TestSetsPerArch: every name parses to its set or is refused naming the
// sets the host runs; an assembly set runs only on its own architecture
// (and nowhere under purego), and the best set is the last supported.
func TestSetsPerArch(t *testing.T) {
	arch := map[Set]string{AVX2: "amd64", AVX512: "amd64", NEON: "arm64"}
	for _, s := range sets {
		got, err := Parse(s.String())
		switch {
		case s.Supported() && (err != nil || got != s):
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, s)
		case !s.Supported() && (err == nil || !strings.Contains(err.Error(), "not supported")):
			t.Errorf("Parse(%q) = %v, %v; want refused", s, got, err)
		}
		if a, ok := arch[s]; ok && s.Supported() && (a != runtime.GOARCH || !asmBuild) {
			t.Errorf("%v supported on %s (assembly in this build: %v)", s, runtime.GOARCH, asmBuild)
		}
	}
	// Every ARMv8-A CPU has Advanced SIMD: without it the NEON twins'
	// tests would pass having run nothing.
	if runtime.GOARCH == "arm64" && asmBuild && !NEON.Supported() {
		t.Error("arm64 CPU without NEON (cpuid finds no ASIMD)")
	}
	all := Supported()
	if all[0] != Scalar || Best() != all[len(all)-1] {
		t.Errorf("Supported() = %v, Best() = %v", all, Best())
	}
	if _, err := Parse("sse"); err == nil || !strings.Contains(err.Error(), "neon") {
		t.Errorf("Parse(sse): %v, want an error naming every set", err)
	}
}

// TestHoldProcs: holds raise GOMAXPROCS to the largest count held, never
// lower it, nest, and the last release restores the count from before;
// Threads' default stays the process's own count meanwhile.
func TestHoldProcs(t *testing.T) {
	base := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(base)
	want := func(n int) {
		t.Helper()
		if got := runtime.GOMAXPROCS(0); got != n {
			t.Fatalf("GOMAXPROCS %d, want %d", got, n)
		}
		if got := Threads(0); got != base {
			t.Fatalf("Threads(0) = %d while held, want %d", got, base)
		}
	}
	lower := HoldProcs(max(base-1, 1))
	want(base)
	a := HoldProcs(base + 2)
	want(base + 2)
	b := HoldProcs(base + 1)
	want(base + 2)
	a()
	want(base + 1)
	a() // a second release does nothing
	want(base + 1)
	b()
	want(base)
	lower()
	want(base)
}
