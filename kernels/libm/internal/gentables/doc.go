// Command gentables writes kernels/libm's tables.go (go generate in
// kernels/libm runs it): the constants of ARM's optimized-routines (MIT OR
// Apache-2.0 WITH LLVM-exception) that glibc 2.28 and later use for pow,
// powf and exp.
//
// What upstream chose by search or fitted (the polynomials, the log2
// table of powf) is carried over as upstream publishes it, from
// math/powf_log2_data.c, math/exp2f_data.c, math/pow_log_data.c and
// math/exp_data.c. What upstream defines by a rule is derived here by that
// rule, with 300-bit arithmetic rounded once to float64: the 2^(k/N)
// tables of exp2f (N = 32) and exp (N = 128), and pow's log table (N =
// 128: invc, logc and logctail of each subinterval of [0x1.69555p-1,
// 0x1.69555p0]). TestTablesUpToDate holds the result to tables.go, byte
// for byte.
package main
