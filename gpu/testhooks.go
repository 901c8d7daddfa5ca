//go:build cgo && !js

package gpu

import "math"

// histBudgetCap caps histBudget below the device's limits, so that tests can
// force the several c-value dispatches a small device would get. Only
// tests change it, between scorers.
var histBudgetCap uint64 = math.MaxUint64

// stripRowsHook, when positive, sets the c-value strips' height
// (stripLayout) for scorers built after it is set, so that tests and
// benchmarks can try a GPU's layout on any adapter. Only tests change it.
var stripRowsHook int
