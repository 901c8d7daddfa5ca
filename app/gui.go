//go:build !nogui

package main

import (
	"os"

	"github.com/bandscope/bandscope/ui"
)

// openInspector opens the inspector window on the clips args name. The
// mark of a headless bandscope that started this binary in its place
// (gui_nogui.go) goes no further than here.
func openInspector(args []string) error {
	os.Unsetenv(inspectorEnv)
	return ui.Run(args)
}
