package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/cpu"
)

// TestDevicesListsKernelSets: `bandscope devices` names the default CPU
// kernel set and every set this CPU runs (neon on arm64, the x86 sets on
// amd64, scalar everywhere), and refuses arguments with exit 2.
func TestDevicesListsKernelSets(t *testing.T) {
	var out, errb bytes.Buffer
	if code := devicesMain(nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(out.String(), "\n")
	if !strings.HasPrefix(lines[0], "cpu    CPU ("+cpu.Default().String()+")") {
		t.Errorf("first line %q: want the default set %s", lines[0], cpu.Default())
	}
	for _, s := range cpu.Supported() {
		if !strings.Contains(lines[1], s.String()) {
			t.Errorf("kernel-set line %q lacks %s", lines[1], s)
		}
	}
	out.Reset()
	errb.Reset()
	if code := devicesMain([]string{"extra"}, &out, &errb); code != 2 || out.Len() != 0 {
		t.Errorf("devices extra: exit %d, stdout %q; want 2 and nothing", code, out.String())
	}
}
