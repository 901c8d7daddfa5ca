//go:build !purego

#include "textflag.h"

// The NEON twins of SpEED's vector kernels (kernels_arm64.go): every
// output keeps its own float operations in the Go code's order, each
// product and sum rounded on its own (FMUL then FADD, never a fused
// multiply-add). Every WORD is an A64 instruction the Go assembler has no
// mnemonic for, named in its comment in ARM syntax (llvm-mc
// -triple=aarch64 -show-encoding gives the same word).

// func matMulSparseNEON(dst, x, y *float32, n, m int)
//
// dst (n x m) = x (n x n) times y (n x m): each row of dst zeroed, then for
// k = 0..n-1 with x[i][k] not ±0, dst[i][j] = dst[i][j] + float(x[i][k] *
// y[k][j]), four columns a step and the rest one by one.
TEXT ·matMulSparseNEON(SB), NOSPLIT, $0-40
	MOVD dst+0(FP), R0
	MOVD x+8(FP), R1
	MOVD y+16(FP), R2
	MOVD n+24(FP), R3
	MOVD m+32(FP), R4
	AND $-4, R4, R5 // columns in whole vectors
	LSL $2, R4, R6  // bytes in a row of dst and y
	MOVD ZR, R7     // i

mmi:
	CMP R3, R7
	BGE mmdone
	MOVD ZR, R8

mmzero:
	CMP R4, R8
	BGE mmk0
	ADD R8<<2, R0, R13
	MOVW ZR, (R13)
	ADD $1, R8, R8
	B mmzero

mmk0:
	MOVD ZR, R9  // k
	MOVD R2, R10 // row k of y

mmk:
	CMP R3, R9
	BGE mmnext
	ADD R9<<2, R1, R13
	MOVWU (R13), R11
	ANDW $0x7fffffff, R11, R12
	CBZW R12, mmknext // x[i][k] is ±0: the term is skipped
	VDUP R11, V0.S4
	MOVD ZR, R8

mmj:
	CMP R5, R8
	BGE mmtail
	ADD R8<<2, R10, R13
	ADD R8<<2, R0, R14
	VLD1 (R13), [V1.S4]
	VLD1 (R14), [V2.S4]
	WORD $0x6e20dc21 // fmul v1.4s, v1.4s, v0.4s
	WORD $0x4e21d442 // fadd v2.4s, v2.4s, v1.4s
	VST1 [V2.S4], (R14)
	ADD $4, R8, R8
	B mmj

mmtail:
	CMP R4, R8
	BGE mmknext
	ADD R8<<2, R10, R13
	ADD R8<<2, R0, R14
	FMOVS (R13), F1
	FMOVS (R14), F2
	WORD $0x1e200821 // fmul s1, s1, s0
	WORD $0x1e212842 // fadd s2, s2, s1
	FMOVS F2, (R14)
	ADD $1, R8, R8
	B mmtail

mmknext:
	ADD R6, R10, R10
	ADD $1, R9, R9
	B mmk

mmnext:
	ADD R3<<2, R1, R1 // row i+1 of x
	ADD R6, R0, R0
	ADD $1, R7, R7
	B mmi

mmdone:
	RET

// func covSumsNEON(s *[28]float64, cen *float64, n, xi, nv int)
//
// s[yi] = sum over t < n (in order, from +0) of double(cen[t][xi] *
// cen[t][yi]) for yi < 4*nv (1 <= nv <= 7), cen rows of 28 doubles; the
// other entries of s get 0. Each lane is one chain, as covarianceFast's.
// n >= 1.
TEXT ·covSumsNEON(SB), NOSPLIT, $0-40
	MOVD s+0(FP), R0
	MOVD cen+8(FP), R1
	MOVD n+16(FP), R2
	MOVD xi+24(FP), R3
	MOVD nv+32(FP), R4
	ADD R3<<3, R1, R5
	WORD $0x6f00e401 // movi v1.2d, #0
	WORD $0x6f00e402 // movi v2.2d, #0
	WORD $0x6f00e403 // movi v3.2d, #0
	WORD $0x6f00e404 // movi v4.2d, #0
	WORD $0x6f00e405 // movi v5.2d, #0
	WORD $0x6f00e406 // movi v6.2d, #0
	WORD $0x6f00e407 // movi v7.2d, #0
	WORD $0x6f00e408 // movi v8.2d, #0
	WORD $0x6f00e409 // movi v9.2d, #0
	WORD $0x6f00e40a // movi v10.2d, #0
	WORD $0x6f00e40b // movi v11.2d, #0
	WORD $0x6f00e40c // movi v12.2d, #0
	WORD $0x6f00e40d // movi v13.2d, #0
	WORD $0x6f00e40e // movi v14.2d, #0

covt:
	WORD $0x4d40cca0 // ld1r {v0.2d}, [x5]
	VLD1 (R1), [V16.D2, V17.D2, V18.D2, V19.D2]
	WORD $0x6e60de10 // fmul v16.2d, v16.2d, v0.2d
	WORD $0x6e60de31 // fmul v17.2d, v17.2d, v0.2d
	WORD $0x4e70d421 // fadd v1.2d, v1.2d, v16.2d
	WORD $0x4e71d442 // fadd v2.2d, v2.2d, v17.2d
	CMP $2, R4
	BLT covnext
	WORD $0x6e60de52 // fmul v18.2d, v18.2d, v0.2d
	WORD $0x6e60de73 // fmul v19.2d, v19.2d, v0.2d
	WORD $0x4e72d463 // fadd v3.2d, v3.2d, v18.2d
	WORD $0x4e73d484 // fadd v4.2d, v4.2d, v19.2d
	CMP $3, R4
	BLT covnext
	ADD $64, R1, R6
	VLD1 (R6), [V16.D2, V17.D2, V18.D2, V19.D2]
	WORD $0x6e60de10 // fmul v16.2d, v16.2d, v0.2d
	WORD $0x6e60de31 // fmul v17.2d, v17.2d, v0.2d
	WORD $0x4e70d4a5 // fadd v5.2d, v5.2d, v16.2d
	WORD $0x4e71d4c6 // fadd v6.2d, v6.2d, v17.2d
	CMP $4, R4
	BLT covnext
	WORD $0x6e60de52 // fmul v18.2d, v18.2d, v0.2d
	WORD $0x6e60de73 // fmul v19.2d, v19.2d, v0.2d
	WORD $0x4e72d4e7 // fadd v7.2d, v7.2d, v18.2d
	WORD $0x4e73d508 // fadd v8.2d, v8.2d, v19.2d
	CMP $5, R4
	BLT covnext
	ADD $128, R1, R6
	VLD1 (R6), [V16.D2, V17.D2, V18.D2, V19.D2]
	WORD $0x6e60de10 // fmul v16.2d, v16.2d, v0.2d
	WORD $0x6e60de31 // fmul v17.2d, v17.2d, v0.2d
	WORD $0x4e70d529 // fadd v9.2d, v9.2d, v16.2d
	WORD $0x4e71d54a // fadd v10.2d, v10.2d, v17.2d
	CMP $6, R4
	BLT covnext
	WORD $0x6e60de52 // fmul v18.2d, v18.2d, v0.2d
	WORD $0x6e60de73 // fmul v19.2d, v19.2d, v0.2d
	WORD $0x4e72d56b // fadd v11.2d, v11.2d, v18.2d
	WORD $0x4e73d58c // fadd v12.2d, v12.2d, v19.2d
	CMP $7, R4
	BLT covnext
	ADD $192, R1, R6
	VLD1 (R6), [V16.D2, V17.D2]
	WORD $0x6e60de10 // fmul v16.2d, v16.2d, v0.2d
	WORD $0x6e60de31 // fmul v17.2d, v17.2d, v0.2d
	WORD $0x4e70d5ad // fadd v13.2d, v13.2d, v16.2d
	WORD $0x4e71d5ce // fadd v14.2d, v14.2d, v17.2d

covnext:
	ADD $224, R1, R1
	ADD $224, R5, R5
	SUBS $1, R2, R2
	BNE covt
	VST1.P [V1.D2, V2.D2, V3.D2, V4.D2], 64(R0)
	VST1.P [V5.D2, V6.D2, V7.D2, V8.D2], 64(R0)
	VST1.P [V9.D2, V10.D2, V11.D2, V12.D2], 64(R0)
	VST1 [V13.D2, V14.D2], (R0)
	RET

// func vfiltNEON(vert *float32, base *uint16, offs *int, taps *float32, ntaps, n int, scale, offset float32)
//
// The antialias filter's vertical pass on samples read in place: for j in
// [0, n) (n a positive multiple of 8, ntaps > 0), vert[j] = +0, then for
// each tap k in order vert[j] = vert[j] + float(taps[k] * s), s =
// float(base[offs[k]+j]) * scale + offset, picture_copy's float (scale a
// power of two: the product is exact, the sum rounds as sampleTable's
// does).
TEXT ·vfiltNEON(SB), NOSPLIT, $0-56
	MOVD vert+0(FP), R0
	MOVD base+8(FP), R1
	MOVD offs+16(FP), R2
	MOVD taps+24(FP), R3
	MOVD ntaps+32(FP), R4
	MOVD n+40(FP), R5
	FMOVS scale+48(FP), F20
	WORD $0x4e040694 // dup v20.4s, v20.s[0]
	FMOVS offset+52(FP), F21
	WORD $0x4e0406b5 // dup v21.4s, v21.s[0]

vfj:
	WORD $0x6f00e400 // movi v0.2d, #0
	WORD $0x6f00e401 // movi v1.2d, #0
	MOVD R2, R6
	MOVD R3, R7
	MOVD R4, R8

vfk:
	MOVD.P 8(R6), R9
	ADD R9<<1, R1, R9
	VLD1 (R9), [V2.H8]
	WORD $0x4d40c8e5 // ld1r {v5.4s}, [x7]
	ADD $4, R7, R7
	VUXTL V2.H4, V3.S4
	VUXTL2 V2.H8, V4.S4
	WORD $0x6e21d863 // ucvtf v3.4s, v3.4s
	WORD $0x6e21d884 // ucvtf v4.4s, v4.4s
	WORD $0x6e34dc63 // fmul v3.4s, v3.4s, v20.4s
	WORD $0x6e34dc84 // fmul v4.4s, v4.4s, v20.4s
	WORD $0x4e35d463 // fadd v3.4s, v3.4s, v21.4s
	WORD $0x4e35d484 // fadd v4.4s, v4.4s, v21.4s
	WORD $0x6e23dca3 // fmul v3.4s, v5.4s, v3.4s
	WORD $0x6e24dca4 // fmul v4.4s, v5.4s, v4.4s
	WORD $0x4e23d400 // fadd v0.4s, v0.4s, v3.4s
	WORD $0x4e24d421 // fadd v1.4s, v1.4s, v4.4s
	SUBS $1, R8, R8
	BNE vfk
	VST1.P [V0.S4, V1.S4], 32(R0)
	ADD $16, R1, R1
	SUBS $8, R5, R5
	BNE vfj
	RET
