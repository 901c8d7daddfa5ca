package cpu

import (
	"bytes"
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
