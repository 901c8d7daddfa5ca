package gpu

import (
	"errors"
	"strings"
	"testing"
)

func TestParseSelector(t *testing.T) {
	for _, tc := range []struct {
		in    string
		index int
		name  string
		bad   bool
	}{
		{in: "gpu", index: -1},
		{in: "gpu:0", index: 0},
		{in: "gpu:12", index: 12},
		{in: "gpu:llvmpipe", index: -1, name: "llvmpipe"},
		{in: "gpu:", bad: true},
		{in: "gpu:-1", bad: true},
		{in: "gpu0", bad: true},
		{in: "cpu", bad: true},
		{in: "", bad: true},
	} {
		index, name, err := ParseSelector(tc.in)
		if (err != nil) != tc.bad || (!tc.bad && (index != tc.index || name != tc.name)) {
			t.Errorf("ParseSelector(%q) = %d, %q, %v", tc.in, index, name, err)
		}
	}
}

func TestChoose(t *testing.T) {
	list := []AdapterInfo{
		{Index: 0, Name: "llvmpipe (LLVM 15)", Type: "cpu", Backend: "vulkan"},
		{Index: 1, Name: "Intel UHD 770", Type: "integrated", Backend: "vulkan"},
		{Index: 2, Name: "NVIDIA H200", Type: "discrete", Backend: "vulkan"},
	}
	for _, tc := range []struct {
		sel  string
		want int
		err  string
	}{
		{sel: "gpu", want: 2},
		{sel: "gpu:0", want: 0},
		{sel: "gpu:intel", want: 1},
		{sel: "gpu:3", err: "does not exist"},
		{sel: "gpu:amd", err: "no adapter named"},
	} {
		a, err := choose(list, tc.sel)
		if tc.err != "" && !errors.Is(err, ErrNoSuchAdapter) {
			t.Errorf("choose(%q) error %v is not ErrNoSuchAdapter (a selector that names no adapter is the command line's)", tc.sel, err)
		}
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("choose(%q) error %v, want %q", tc.sel, err, tc.err)
		case tc.err == "" && (err != nil || a.Index != tc.want):
			t.Errorf("choose(%q) = %d, %v, want %d", tc.sel, a.Index, err, tc.want)
		}
	}
	if _, err := choose(nil, "gpu"); err != ErrNoAdapter {
		t.Errorf("choose on no adapters: %v, want ErrNoAdapter", err)
	}
	if s := list[2].String(); !strings.Contains(s, "gpu:2") || !strings.Contains(s, "NVIDIA H200") || !strings.Contains(s, "discrete") {
		t.Errorf("String() = %q", s)
	}
}
