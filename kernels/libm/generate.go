package libm

// tables.go is generated from ARM's optimized-routines' constants, some
// carried over and some derived by upstream's rules.
//go:generate go run ./internal/gentables -o tables.go
