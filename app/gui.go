//go:build !nogui

package main

import "github.com/bandscope/bandscope/ui"

// openInspector opens the inspector window on the clips args name.
func openInspector(args []string) error { return ui.Run(args) }
