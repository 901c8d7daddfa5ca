//go:build cgo && !js

package gpu

import "math"

// histBudgetCap caps histBudget below the device's limits, so that tests can
// force the several c-value dispatches a small device would get. Only
// tests change it, between scorers.
var histBudgetCap uint64 = math.MaxUint64
