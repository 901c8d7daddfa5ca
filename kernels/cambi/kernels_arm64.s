//go:build !purego

#include "textflag.h"

// The NEON twins of CAMBI's row kernels (kernels_arm64.go). Every WORD is
// an A64 instruction the Go assembler has no mnemonic for, named in its
// comment in ARM syntax (llvm-mc -triple=aarch64 -show-encoding gives the
// same word).

// iota16<> is the lane index of eight 16-bit lanes.
DATA iota16<>+0(SB)/8, $0x0003000200010000
DATA iota16<>+8(SB)/8, $0x0007000600050004
GLOBL iota16<>(SB), RODATA|NOPTR, $16

// TRAP_VECTORS runs one trapezoid over whole vectors of 8 entries from R0
// (R1 entries, > 0; the lanes past them add 0), in int16 lanes (the caller
// keeps t0, n, m and l within [0, 2^14)): V1 = t, V2 = m, V3 = l, V4 = n,
// V0 = the lane index; R7 nonzero subtracts. Each lane adds min(t+1, m,
// l-t), trapGo's count.
#define TRAP_VECTORS(loop, neg, store) \
	VLD1 (R9), [V0.H8] \
	VADD V0.H8, V1.H8, V1.H8 \
loop: \
	VADD V5.H8, V1.H8, V7.H8 \
	WORD $0x4e626ce7 /* smin v7.8h, v7.8h, v2.8h */ \
	VSUB V1.H8, V3.H8, V8.H8 \
	WORD $0x4e686ce7 /* smin v7.8h, v7.8h, v8.8h */ \
	WORD $0x4e603489 /* cmgt v9.8h, v4.8h, v0.8h */ \
	VAND V9.B16, V7.B16, V7.B16 \
	VLD1 (R0), [V10.H8] \
	CBNZ R7, neg \
	VADD V7.H8, V10.H8, V10.H8 \
	B store \
neg: \
	VSUB V7.H8, V10.H8, V10.H8 \
store: \
	VST1.P [V10.H8], 16(R0) \
	VADD V6.H8, V1.H8, V1.H8 \
	VADD V6.H8, V0.H8, V0.H8 \
	SUBS $8, R1, R1 \
	BGT loop

// func trapNEON(h *uint16, n, t0, m, l int, sub bool)
//
// trapGo over h[0:n] (n > 0), rewriting whole vectors of 8 entries.
TEXT ·trapNEON(SB), NOSPLIT, $0-41
	MOVD h+0(FP), R0
	MOVD n+8(FP), R1
	MOVD t0+16(FP), R2
	MOVD m+24(FP), R3
	MOVD l+32(FP), R4
	MOVBU sub+40(FP), R7
	MOVD $iota16<>(SB), R9
	VDUP R2, V1.H8
	VDUP R3, V2.H8
	VDUP R4, V3.H8
	VDUP R1, V4.H8
	WORD $0x4f008425 // movi v5.8h, #1
	WORD $0x4f008506 // movi v6.8h, #8
	TRAP_VECTORS(tloop, tneg, tstore)
	RET

// func trapsNEON(h *uint16, ops *trapOp, nops int)
//
// trapNEON over a batch (nops > 0): trapOp is {i, n, t0, m, l, sub int32}.
TEXT ·trapsNEON(SB), NOSPLIT, $0-24
	MOVD h+0(FP), R10
	MOVD ops+8(FP), R11
	MOVD nops+16(FP), R12
	MOVD $iota16<>(SB), R9
	WORD $0x4f008425 // movi v5.8h, #1
	WORD $0x4f008506 // movi v6.8h, #8

tsop:
	MOVW 0(R11), R0
	ADD R0<<1, R10, R0
	MOVW 4(R11), R1
	MOVW 8(R11), R2
	MOVW 12(R11), R3
	MOVW 16(R11), R4
	MOVW 20(R11), R7
	VDUP R2, V1.H8
	VDUP R3, V2.H8
	VDUP R4, V3.H8
	VDUP R1, V4.H8
	TRAP_VECTORS(tsloop, tsneg, tsstore)
	ADD $24, R11, R11
	SUBS $1, R12, R12
	BNE tsop
	RET

// func cvRunNEON(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32)
//
// cvRunGo over a run of n pixels (n a positive multiple of 4), 4 a step:
// for each active step d (act's set bits, lowest first) p = max of the
// counts d+1 rows above and below, w*p0*p in int32 lanes (it fits, as
// the AVX2 twin's), SCVTF to float (rounded once, as float32(int)), times
// rec[p+p0] (read lane by lane: NEON has no gather), the largest value
// kept (FMAX: every value is a non-negative number, so it is the Go
// twin's val > c).
TEXT ·cvRunNEON(SB), NOSPLIT, $0-56
	MOVD out+0(FP), R0
	MOVD n+8(FP), R1
	MOVD p0+16(FP), R2
	MOVD stride+24(FP), R3
	LSL $1, R3, R3
	MOVWU act+32(FP), R4
	MOVD wts+40(FP), R5
	MOVD rec+48(FP), R6

cvblock:
	VLD1 (R2), [V0.H4]
	VUXTL V0.H4, V0.S4
	WORD $0x6f00e401 // movi v1.2d, #0
	MOVWU R4, R8

cvstep:
	CBZW R8, cvstore
	RBITW R8, R9
	CLZW R9, R9
	SUBW $1, R8, R10
	ANDW R10, R8, R8
	ADD $1, R9, R10
	MUL R3, R10, R10
	ADD R2, R10, R11
	SUB R10, R2, R12
	VLD1 (R11), [V2.H4]
	VLD1 (R12), [V3.H4]
	VUMAX V3.H4, V2.H4, V2.H4
	VUXTL V2.H4, V2.S4
	VADD V2.S4, V0.S4, V4.S4
	WORD $0x4ea29c02 // mul v2.4s, v0.4s, v2.4s
	MOVW (R5)(R9<<2), R13
	VDUP R13, V5.S4
	WORD $0x4ea59c42 // mul v2.4s, v2.4s, v5.4s
	WORD $0x4e21d842 // scvtf v2.4s, v2.4s
	WORD $0x0e043c8e // umov w14, v4.s[0]
	ADD R14<<2, R6, R15
	WORD $0x0d4081e6 // ld1 {v6.s}[0], [x15]
	WORD $0x0e0c3c8e // umov w14, v4.s[1]
	ADD R14<<2, R6, R15
	WORD $0x0d4091e6 // ld1 {v6.s}[1], [x15]
	WORD $0x0e143c8e // umov w14, v4.s[2]
	ADD R14<<2, R6, R15
	WORD $0x4d4081e6 // ld1 {v6.s}[2], [x15]
	WORD $0x0e1c3c8e // umov w14, v4.s[3]
	ADD R14<<2, R6, R15
	WORD $0x4d4091e6 // ld1 {v6.s}[3], [x15]
	WORD $0x6e26dc42 // fmul v2.4s, v2.4s, v6.4s
	WORD $0x4e22f421 // fmax v1.4s, v1.4s, v2.4s
	B cvstep

cvstore:
	VST1.P [V1.S4], 16(R0)
	ADD $8, R2, R2
	SUBS $4, R1, R1
	BNE cvblock
	RET

// func flatRowNEON(out *uint8, row, below *uint16, n int)
//
// flatRowTail's columns [0, n) (n a positive multiple of 16, the row
// holding n+1 samples): 1 where row[x] equals row[x+1] and below[x].
TEXT ·flatRowNEON(SB), NOSPLIT, $0-32
	MOVD out+0(FP), R0
	MOVD row+8(FP), R1
	MOVD below+16(FP), R2
	MOVD n+24(FP), R3

flatloop:
	ADD $2, R1, R4
	VLD1.P 32(R1), [V0.H8, V1.H8]
	VLD1 (R4), [V2.H8, V3.H8]
	VLD1.P 32(R2), [V4.H8, V5.H8]
	VCMEQ V2.H8, V0.H8, V6.H8
	VCMEQ V3.H8, V1.H8, V7.H8
	VCMEQ V4.H8, V0.H8, V8.H8
	VCMEQ V5.H8, V1.H8, V9.H8
	VAND V8.B16, V6.B16, V6.B16
	VAND V9.B16, V7.B16, V7.B16
	WORD $0x0e2128c6 // xtn v6.8b, v6.8h
	WORD $0x4e2128e6 // xtn2 v6.16b, v7.8h
	VUSHR $7, V6.B16, V6.B16
	VST1.P [V6.B16], 16(R0)
	SUBS $16, R3, R3
	BNE flatloop
	RET

// func colAddNEON(col, in, out *uint8, n int)
//
// colAddGo over n entries (n a positive multiple of 16), wrapping bytes.
TEXT ·colAddNEON(SB), NOSPLIT, $0-32
	MOVD col+0(FP), R0
	MOVD in+8(FP), R1
	MOVD out+16(FP), R2
	MOVD n+24(FP), R3

colloop:
	VLD1 (R0), [V0.B16]
	VLD1.P 16(R1), [V1.B16]
	VLD1.P 16(R2), [V2.B16]
	VADD V1.B16, V0.B16, V0.B16
	VSUB V2.B16, V0.B16, V0.B16
	VST1.P [V0.B16], 16(R0)
	SUBS $16, R3, R3
	BNE colloop
	RET

// MODE3 is mode3 of the lanes of V0, V1 and V2 (a, b, c) into V3: a where
// it equals b or c, else b where b equals c, else the minimum of the
// three.
#define MODE3 \
	VCMEQ V1.H8, V0.H8, V4.H8 \
	VCMEQ V2.H8, V0.H8, V5.H8 \
	VCMEQ V2.H8, V1.H8, V6.H8 \
	VUMIN V1.H8, V0.H8, V3.H8 \
	VUMIN V2.H8, V3.H8, V3.H8 \
	VBIT V6.B16, V1.B16, V3.B16 \
	VORR V5.B16, V4.B16, V4.B16 \
	VBIT V4.B16, V0.B16, V3.B16

// func hmodeNEON(out, in *uint16, n int)
//
// hmodeGo's interior: out[x] = mode3(in[x-1], in[x], in[x+1]) for x in
// [0, n) (n a positive multiple of 8; in holds one sample either side).
TEXT ·hmodeNEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD in+8(FP), R1
	MOVD n+16(FP), R3
	SUB $2, R1, R1

hmodeloop:
	VLD1 (R1), [V0.H8]
	ADD $2, R1, R4
	VLD1 (R4), [V1.H8]
	ADD $4, R1, R4
	VLD1 (R4), [V2.H8]
	MODE3
	VST1.P [V3.H8], 16(R0)
	ADD $16, R1, R1
	SUBS $8, R3, R3
	BNE hmodeloop
	RET

// func vmodeNEON(out, a, b, c *uint16, n int)
//
// vmodeGo over n samples (n a positive multiple of 8).
TEXT ·vmodeNEON(SB), NOSPLIT, $0-40
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD c+24(FP), R5
	MOVD n+32(FP), R3

vmodeloop:
	VLD1.P 16(R1), [V0.H8]
	VLD1.P 16(R2), [V1.H8]
	VLD1.P 16(R5), [V2.H8]
	MODE3
	VST1.P [V3.H8], 16(R0)
	SUBS $8, R3, R3
	BNE vmodeloop
	RET

// func convRowNEON(out, in *uint16, n int, sl, sr uint64) uint16
//
// convRowGo over n samples (n a positive multiple of 8): v << sl (16-bit,
// the bits past 16 dropped as uint16 drops them), then URSHL by -sr, the
// rounded (v + 2^(sr-1)) >> sr on the exact sum; returns the largest
// input sample.
TEXT ·convRowNEON(SB), NOSPLIT, $0-42
	MOVD out+0(FP), R0
	MOVD in+8(FP), R1
	MOVD n+16(FP), R3
	MOVD sl+24(FP), R4
	VDUP R4, V20.H8
	MOVD sr+32(FP), R4
	NEG R4, R4
	VDUP R4, V21.H8
	WORD $0x6f00e416 // movi v22.2d, #0

convloop:
	VLD1.P 16(R1), [V0.H8]
	VUMAX V0.H8, V22.H8, V22.H8
	WORD $0x6e744400 // ushl v0.8h, v0.8h, v20.8h
	WORD $0x6e755400 // urshl v0.8h, v0.8h, v21.8h
	VST1.P [V0.H8], 16(R0)
	SUBS $8, R3, R3
	BNE convloop
	WORD $0x6e70aad6 // umaxv h22, v22.8h
	WORD $0x0e023ec0 // umov w0, v22.h[0]
	MOVH R0, ret+40(FP)
	RET

// DITHER_SUM sums row[x], row[x+1], next[x] and next[x+1] (R1 and R2 at
// x) into the uint32 lanes of V4 and V5, leaving row[x..x+7] in V0.
#define DITHER_SUM \
	ADD $2, R1, R4 \
	ADD $2, R2, R5 \
	VLD1.P 16(R1), [V0.H8] \
	VLD1 (R4), [V1.H8] \
	VLD1.P 16(R2), [V2.H8] \
	VLD1 (R5), [V3.H8] \
	WORD $0x2e610004 /* uaddl v4.4s, v0.4h, v1.4h */ \
	WORD $0x6e610005 /* uaddl2 v5.4s, v0.8h, v1.8h */ \
	WORD $0x2e621084 /* uaddw v4.4s, v4.4s, v2.4h */ \
	WORD $0x6e6210a5 /* uaddw2 v5.4s, v5.4s, v2.8h */ \
	WORD $0x2e631084 /* uaddw v4.4s, v4.4s, v3.4h */ \
	WORD $0x6e6310a5 // uaddw2 v5.4s, v5.4s, v3.8h

// func antiDitherNEON(out, row, next *uint16, n int)
//
// antiDitherGo over n outputs (n a positive multiple of 8; the rows hold
// one more sample): the uint32 sum of four, shifted right by 2 (SHRN
// truncates to 16 bits, as the Go twin's uint16).
TEXT ·antiDitherNEON(SB), NOSPLIT, $0-32
	MOVD out+0(FP), R0
	MOVD row+8(FP), R1
	MOVD next+16(FP), R2
	MOVD n+24(FP), R3

adloop:
	DITHER_SUM
	WORD $0x0f1e8484 // shrn v4.4h, v4.4s, #2
	WORD $0x4f1e84a4 // shrn2 v4.8h, v5.4s, #2
	VST1.P [V4.H8], 16(R0)
	SUBS $8, R3, R3
	BNE adloop
	RET

// func convDitherNEON(out, row, next *uint16, n int, sl uint64) uint16
//
// convDitherGo over n outputs (n a positive multiple of 8): the uint32 sum
// of four shifted left by sl and right by 2, truncated to 16 bits; returns
// the largest row[x], x < n.
TEXT ·convDitherNEON(SB), NOSPLIT, $0-42
	MOVD out+0(FP), R0
	MOVD row+8(FP), R1
	MOVD next+16(FP), R2
	MOVD n+24(FP), R3
	MOVD sl+32(FP), R6
	VDUP R6, V20.S4
	WORD $0x6f00e416 // movi v22.2d, #0

cdloop:
	DITHER_SUM
	VUMAX V0.H8, V22.H8, V22.H8
	WORD $0x6eb44484 // ushl v4.4s, v4.4s, v20.4s
	WORD $0x6eb444a5 // ushl v5.4s, v5.4s, v20.4s
	WORD $0x0f1e8484 // shrn v4.4h, v4.4s, #2
	WORD $0x4f1e84a4 // shrn2 v4.8h, v5.4s, #2
	VST1.P [V4.H8], 16(R0)
	SUBS $8, R3, R3
	BNE cdloop
	WORD $0x6e70aad6 // umaxv h22, v22.8h
	WORD $0x0e023ec0 // umov w0, v22.h[0]
	MOVH R0, ret+40(FP)
	RET

// func decimate16NEON(out, in *uint16, n int)
//
// out[x] = in[2x] for x < n (n a positive multiple of 8), reading in[0:2n]
// (LD2 splits the even samples from the odd).
TEXT ·decimate16NEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD in+8(FP), R1
	MOVD n+16(FP), R3

dec16loop:
	VLD2.P 32(R1), [V0.H8, V1.H8]
	VST1.P [V0.H8], 16(R0)
	SUBS $8, R3, R3
	BNE dec16loop
	RET

// func decimate8NEON(out, in *uint8, n int)
//
// decimate16NEON for bytes (n a positive multiple of 16).
TEXT ·decimate8NEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD in+8(FP), R1
	MOVD n+16(FP), R3

dec8loop:
	VLD2.P 32(R1), [V0.B16, V1.B16]
	VST1.P [V0.B16], 16(R0)
	SUBS $16, R3, R3
	BNE dec8loop
	RET

// func boxRowNEON(out, col *uint8, n int, thr int8)
//
// boxRowGo's whole windows: out[x] = 1 where col[x] + ... + col[x+6]
// exceeds thr (signed bytes: the sums are at most 49 and the caller
// clamps thr to [-1, 127]), for x < n (n a positive multiple of 16).
TEXT ·boxRowNEON(SB), NOSPLIT, $0-25
	MOVD out+0(FP), R0
	MOVD col+8(FP), R1
	MOVD n+16(FP), R3
	MOVB thr+24(FP), R4
	VDUP R4, V20.B16

boxloop:
	VLD1 (R1), [V0.B16]
	ADD $1, R1, R4
	VLD1 (R4), [V1.B16]
	ADD $2, R1, R4
	VLD1 (R4), [V2.B16]
	ADD $3, R1, R4
	VLD1 (R4), [V3.B16]
	ADD $4, R1, R4
	VLD1 (R4), [V4.B16]
	ADD $5, R1, R4
	VLD1 (R4), [V5.B16]
	ADD $6, R1, R4
	VLD1 (R4), [V6.B16]
	VADD V1.B16, V0.B16, V0.B16
	VADD V3.B16, V2.B16, V2.B16
	VADD V5.B16, V4.B16, V4.B16
	VADD V6.B16, V0.B16, V0.B16
	VADD V4.B16, V2.B16, V2.B16
	VADD V2.B16, V0.B16, V0.B16
	WORD $0x4e343400 // cmgt v0.16b, v0.16b, v20.16b
	VUSHR $7, V0.B16, V0.B16
	VST1.P [V0.B16], 16(R0)
	ADD $16, R1, R1
	SUBS $16, R3, R3
	BNE boxloop
	RET

// func bandRangeNEON(row *uint16, mask *uint8, n int, base, top uint16) (mn, mx1 uint16)
//
// bandRangeGo over n samples (n a positive multiple of 8), top = size-1:
// b = v-base (wrapping 16 bits) counts where the mask byte is set and b
// <= top; the smallest such b (0xffff if none) and the largest b+1 (0 if
// none).
TEXT ·bandRangeNEON(SB), NOSPLIT, $0-36
	MOVD row+0(FP), R0
	MOVD mask+8(FP), R1
	MOVD n+16(FP), R3
	MOVHU base+24(FP), R4
	VDUP R4, V20.H8
	MOVHU top+26(FP), R4
	VDUP R4, V21.H8
	WORD $0x6f07e7f6 // movi v22.2d, #0xffffffffffffffff
	WORD $0x6f00e417 // movi v23.2d, #0
	WORD $0x4f008438 // movi v24.8h, #1

brloop:
	VLD1.P 16(R0), [V0.H8]
	VLD1.P 8(R1), [V1.B8]
	VSUB V20.H8, V0.H8, V0.H8
	WORD $0x6e603ea2 // cmhs v2.8h, v21.8h, v0.8h
	VCMTST V1.B8, V1.B8, V1.B8
	WORD $0x0f08a421 // sxtl v1.8h, v1.8b
	VAND V1.B16, V2.B16, V2.B16
	WORD $0x4ee21c03 // orn v3.16b, v0.16b, v2.16b
	VUMIN V3.H8, V22.H8, V22.H8
	VADD V24.H8, V0.H8, V0.H8
	VAND V2.B16, V0.B16, V0.B16
	VUMAX V0.H8, V23.H8, V23.H8
	SUBS $8, R3, R3
	BNE brloop
	WORD $0x6e71aad6 // uminv h22, v22.8h
	WORD $0x6e70aaf7 // umaxv h23, v23.8h
	WORD $0x0e023ec0 // umov w0, v22.h[0]
	MOVH R0, mn+32(FP)
	WORD $0x0e023ee0 // umov w0, v23.h[0]
	MOVH R0, mx1+34(FP)
	RET
