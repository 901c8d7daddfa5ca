package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bandscope/bandscope/engine"
)

// devicesMain is `bandscope devices`: the backends a run can use.
func devicesMain(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: bandscope devices")
		return 2
	}
	fmt.Fprintf(stdout, "cpu    %s\n", engine.Backends()[0].Name)
	fmt.Fprintf(stdout, "       kernel sets this CPU runs: %s (--cpu-kernels or BANDSCOPE_CPU_KERNELS picks one)\n", strings.Join(engine.CPUKernelSets(), ", "))
	adapters, err := engine.GPUAdapters()
	if err != nil {
		fmt.Fprintln(stdout, "no GPU:", err)
		return 0
	}
	if len(adapters) == 0 {
		fmt.Fprintln(stdout, "no GPU adapter found")
	}
	for _, a := range adapters {
		fmt.Fprintln(stdout, a)
	}
	return 0
}
