package model

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/assets"
)

// checkModel: a model that parses predicts, with one metric per key.
func checkModel(t *testing.T, m *Model) {
	x := make([]float64, len(m.Inputs()))
	for i := range x {
		x[i] = 0.5 + float64(i)
	}
	p, err := m.Predict(x)
	if err != nil {
		t.Fatal(err)
	}
	keys := m.Keys()
	if len(p.Metrics) != len(keys) {
		t.Fatalf("%d metrics for %d keys", len(p.Metrics), len(keys))
	}
	for i, mt := range p.Metrics {
		if mt.Name != keys[i] {
			t.Fatalf("metric %d is %q, key %q", i, mt.Name, keys[i])
		}
	}
}

// FuzzParse: the model reader never panics, its errors are one line, and
// what it accepts predicts. Seeds: the small built-in models and every
// broken file of TestParseErrors.
func FuzzParse(f *testing.F) {
	for _, v := range []string{"vmaf_v0.6.1", "vmaf_v1.0.16_3d0h"} {
		data, err := fs.ReadFile(assets.Models, "models/"+v+".json")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, tc := range parseErrorCases(f) {
		f.Add([]byte(tc.data))
	}
	f.Add([]byte(`{"0": {"model_dict": {}}, "1": 2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse("fuzz", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		checkModel(t, m)
	})
}

// FuzzParseFlag: the --model parser never panics, its errors are one line,
// and what it accepts predicts. Seeds: TestParseFlag's table. path= is left
// out: it would read whatever file the fuzzer names.
func FuzzParseFlag(f *testing.F) {
	for _, tc := range flagCases {
		f.Add(tc.flag)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "path=") {
			return
		}
		m, err := ParseFlag(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		checkModel(t, m)
	})
}
