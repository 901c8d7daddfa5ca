//go:build !purego

#include "textflag.h"

// The NEON twins of ADM's row kernels (kernels_arm64.go). Every WORD is an
// A64 instruction the Go assembler has no mnemonic for, named in its
// comment in ARM syntax (llvm-mc -triple=aarch64 -show-encoding gives the
// same word). Integer lanes wrap as the Go twins' fixed-width integers do;
// the widening multiplies (SMULL, UMULL, SMLAL) form every product exactly,
// and the rounding shifts (SRSHL, SRSHR, RSHRN) add their 2^(shift-1) to
// the exact value before shifting, as the Go twins' (x + add) >> shift do
// without overflow.

// func dwt0VNEON(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64) uint16
//
// dwt0VGo over n columns (n a positive multiple of 8): the samples widened
// to int32 lanes and weighed by the taps in wrapping int32 arithmetic as
// the Go twin, addLo = add - dwtLoSum*add and addHi = add added, shifted
// right arithmetically and truncated to int16. Returns the OR of every
// sample read.
TEXT ·dwt0VNEON(SB), NOSPLIT, $0-74
	MOVD lo+0(FP), R0
	MOVD hi+8(FP), R1
	MOVD r0+16(FP), R2
	MOVD r1+24(FP), R3
	MOVD r2+32(FP), R4
	MOVD r3+40(FP), R5
	MOVD n+48(FP), R6
	MOVW addLo+56(FP), R7
	VDUP R7, V22.S4
	MOVW addHi+60(FP), R7
	VDUP R7, V23.S4
	MOVD shift+64(FP), R7
	NEG R7, R7
	VDUP R7, V24.S4
	MOVD $·dwtTaps32(SB), R7
	VLD1 (R7), [V20.S4, V21.S4]
	WORD $0x6f00e419 // movi v25.2d, #0

d0vloop:
	VLD1.P 16(R2), [V0.H8]
	VLD1.P 16(R3), [V1.H8]
	VLD1.P 16(R4), [V2.H8]
	VLD1.P 16(R5), [V3.H8]
	VORR V0.B16, V25.B16, V25.B16
	VORR V1.B16, V25.B16, V25.B16
	VORR V2.B16, V25.B16, V25.B16
	VORR V3.B16, V25.B16, V25.B16
	VUXTL V0.H4, V4.S4
	VUXTL2 V0.H8, V5.S4
	VUXTL V1.H4, V6.S4
	VUXTL2 V1.H8, V7.S4
	VUXTL V2.H4, V8.S4
	VUXTL2 V2.H8, V9.S4
	VUXTL V3.H4, V10.S4
	VUXTL2 V3.H8, V11.S4
	VMOV V22.B16, V12.B16
	VMOV V22.B16, V13.B16
	VMOV V23.B16, V14.B16
	VMOV V23.B16, V15.B16
	WORD $0x6f94008c // mla v12.4s, v4.4s, v20.s[0]
	WORD $0x6f9400ad // mla v13.4s, v5.4s, v20.s[0]
	WORD $0x6f95008e // mla v14.4s, v4.4s, v21.s[0]
	WORD $0x6f9500af // mla v15.4s, v5.4s, v21.s[0]
	WORD $0x6fb400cc // mla v12.4s, v6.4s, v20.s[1]
	WORD $0x6fb400ed // mla v13.4s, v7.4s, v20.s[1]
	WORD $0x6fb500ce // mla v14.4s, v6.4s, v21.s[1]
	WORD $0x6fb500ef // mla v15.4s, v7.4s, v21.s[1]
	WORD $0x6f94090c // mla v12.4s, v8.4s, v20.s[2]
	WORD $0x6f94092d // mla v13.4s, v9.4s, v20.s[2]
	WORD $0x6f95090e // mla v14.4s, v8.4s, v21.s[2]
	WORD $0x6f95092f // mla v15.4s, v9.4s, v21.s[2]
	WORD $0x6fb4094c // mla v12.4s, v10.4s, v20.s[3]
	WORD $0x6fb4096d // mla v13.4s, v11.4s, v20.s[3]
	WORD $0x6fb5094e // mla v14.4s, v10.4s, v21.s[3]
	WORD $0x6fb5096f // mla v15.4s, v11.4s, v21.s[3]
	WORD $0x4eb8458c // sshl v12.4s, v12.4s, v24.4s
	WORD $0x4eb845ad // sshl v13.4s, v13.4s, v24.4s
	WORD $0x4eb845ce // sshl v14.4s, v14.4s, v24.4s
	WORD $0x4eb845ef // sshl v15.4s, v15.4s, v24.4s
	WORD $0x0e61298c // xtn v12.4h, v12.4s
	WORD $0x4e6129ac // xtn2 v12.8h, v13.4s
	WORD $0x0e6129ce // xtn v14.4h, v14.4s
	WORD $0x4e6129ee // xtn2 v14.8h, v15.4s
	VST1.P [V12.H8], 16(R0)
	VST1.P [V14.H8], 16(R1)
	SUBS $8, R6, R6
	BNE d0vloop
	VEXT $8, V25.B16, V25.B16, V26.B16
	VORR V26.B16, V25.B16, V25.B16
	VEXT $4, V25.B16, V25.B16, V26.B16
	VORR V26.B16, V25.B16, V25.B16
	VEXT $2, V25.B16, V25.B16, V26.B16
	VORR V26.B16, V25.B16, V25.B16
	WORD $0x0e023f20 // umov w0, v25.h[0]
	MOVH R0, ret+72(FP)
	RET

// func dwt0HNEON(lo, hi, src *int16, n int)
//
// dwt0HOne for outputs [0, n) (n a positive multiple of 8), output j from
// src[2j .. 2j+3] (src points at the first output's leftmost input). LD2
// splits 16 inputs into even and odd ones: a load at src[2j] gives each
// output's first and second inputs, one at src[2j+2] its third and
// fourth. The int16 products' sums fit int32 (the taps' magnitudes add up
// to 54822 < 2^16); RSHRN #16 is (sum + 32768) >> 16 truncated to int16.
TEXT ·dwt0HNEON(SB), NOSPLIT, $0-32
	MOVD lo+0(FP), R0
	MOVD hi+8(FP), R1
	MOVD src+16(FP), R2
	MOVD n+24(FP), R6
	MOVD $·dwtTaps16(SB), R7
	VLD1 (R7), [V15.H8]

d0hloop:
	VLD2 (R2), [V0.H8, V1.H8]
	ADD $4, R2, R3
	VLD2 (R3), [V2.H8, V3.H8]
	ADD $32, R2, R2
	WORD $0x0f4fa004 // smull v4.4s, v0.4h, v15.h[0]
	WORD $0x4f4fa005 // smull2 v5.4s, v0.8h, v15.h[0]
	WORD $0x0f4fa806 // smull v6.4s, v0.4h, v15.h[4]
	WORD $0x4f4fa807 // smull2 v7.4s, v0.8h, v15.h[4]
	WORD $0x0f5f2024 // smlal v4.4s, v1.4h, v15.h[1]
	WORD $0x4f5f2025 // smlal2 v5.4s, v1.8h, v15.h[1]
	WORD $0x0f5f2826 // smlal v6.4s, v1.4h, v15.h[5]
	WORD $0x4f5f2827 // smlal2 v7.4s, v1.8h, v15.h[5]
	WORD $0x0f6f2044 // smlal v4.4s, v2.4h, v15.h[2]
	WORD $0x4f6f2045 // smlal2 v5.4s, v2.8h, v15.h[2]
	WORD $0x0f6f2846 // smlal v6.4s, v2.4h, v15.h[6]
	WORD $0x4f6f2847 // smlal2 v7.4s, v2.8h, v15.h[6]
	WORD $0x0f7f2064 // smlal v4.4s, v3.4h, v15.h[3]
	WORD $0x4f7f2065 // smlal2 v5.4s, v3.8h, v15.h[3]
	WORD $0x0f7f2866 // smlal v6.4s, v3.4h, v15.h[7]
	WORD $0x4f7f2867 // smlal2 v7.4s, v3.8h, v15.h[7]
	WORD $0x0f108c84 // rshrn v4.4h, v4.4s, #16
	WORD $0x4f108ca4 // rshrn2 v4.8h, v5.4s, #16
	WORD $0x0f108cc6 // rshrn v6.4h, v6.4s, #16
	WORD $0x4f108ce6 // rshrn2 v6.8h, v7.4s, #16
	VST1.P [V4.H8], 16(R0)
	VST1.P [V6.H8], 16(R1)
	SUBS $8, R6, R6
	BNE d0hloop
	RET

// func dwt1VNEON(lo, hi *int32, r0, r1, r2, r3 *int16, n int)
//
// dwt123V at scale 1 (no rounding, no shift) over n columns (n a positive
// multiple of 8): int16 rows, sums of their products that fit int32.
TEXT ·dwt1VNEON(SB), NOSPLIT, $0-56
	MOVD lo+0(FP), R0
	MOVD hi+8(FP), R1
	MOVD r0+16(FP), R2
	MOVD r1+24(FP), R3
	MOVD r2+32(FP), R4
	MOVD r3+40(FP), R5
	MOVD n+48(FP), R6
	MOVD $·dwtTaps16(SB), R7
	VLD1 (R7), [V15.H8]

d1vloop:
	VLD1.P 16(R2), [V0.H8]
	VLD1.P 16(R3), [V1.H8]
	VLD1.P 16(R4), [V2.H8]
	VLD1.P 16(R5), [V3.H8]
	WORD $0x0f4fa004 // smull v4.4s, v0.4h, v15.h[0]
	WORD $0x4f4fa005 // smull2 v5.4s, v0.8h, v15.h[0]
	WORD $0x0f4fa806 // smull v6.4s, v0.4h, v15.h[4]
	WORD $0x4f4fa807 // smull2 v7.4s, v0.8h, v15.h[4]
	WORD $0x0f5f2024 // smlal v4.4s, v1.4h, v15.h[1]
	WORD $0x4f5f2025 // smlal2 v5.4s, v1.8h, v15.h[1]
	WORD $0x0f5f2826 // smlal v6.4s, v1.4h, v15.h[5]
	WORD $0x4f5f2827 // smlal2 v7.4s, v1.8h, v15.h[5]
	WORD $0x0f6f2044 // smlal v4.4s, v2.4h, v15.h[2]
	WORD $0x4f6f2045 // smlal2 v5.4s, v2.8h, v15.h[2]
	WORD $0x0f6f2846 // smlal v6.4s, v2.4h, v15.h[6]
	WORD $0x4f6f2847 // smlal2 v7.4s, v2.8h, v15.h[6]
	WORD $0x0f7f2064 // smlal v4.4s, v3.4h, v15.h[3]
	WORD $0x4f7f2065 // smlal2 v5.4s, v3.8h, v15.h[3]
	WORD $0x0f7f2866 // smlal v6.4s, v3.4h, v15.h[7]
	WORD $0x4f7f2867 // smlal2 v7.4s, v3.8h, v15.h[7]
	VST1.P [V4.S4, V5.S4], 32(R0)
	VST1.P [V6.S4, V7.S4], 32(R1)
	SUBS $8, R6, R6
	BNE d1vloop
	RET

// func dwt23VNEON(lo, hi *int32, r0, r1, r2, r3 *int32, n int, shift uint64)
//
// dwt123V at scales 2 and 3 over n columns (n a positive multiple of 4):
// int32 rows, the products and sums in int64 lanes, SRSHL by -shift (the
// rounding 2^(shift-1) is the scale's), truncated to int32.
TEXT ·dwt23VNEON(SB), NOSPLIT, $0-64
	MOVD lo+0(FP), R0
	MOVD hi+8(FP), R1
	MOVD r0+16(FP), R2
	MOVD r1+24(FP), R3
	MOVD r2+32(FP), R4
	MOVD r3+40(FP), R5
	MOVD n+48(FP), R6
	MOVD shift+56(FP), R7
	NEG R7, R7
	VDUP R7, V24.D2
	MOVD $·dwtTaps32(SB), R7
	VLD1 (R7), [V20.S4, V21.S4]

d23vloop:
	VLD1.P 16(R2), [V0.S4]
	VLD1.P 16(R3), [V1.S4]
	VLD1.P 16(R4), [V2.S4]
	VLD1.P 16(R5), [V3.S4]
	WORD $0x0f94a004 // smull v4.2d, v0.2s, v20.s[0]
	WORD $0x4f94a005 // smull2 v5.2d, v0.4s, v20.s[0]
	WORD $0x0f95a006 // smull v6.2d, v0.2s, v21.s[0]
	WORD $0x4f95a007 // smull2 v7.2d, v0.4s, v21.s[0]
	WORD $0x0fb42024 // smlal v4.2d, v1.2s, v20.s[1]
	WORD $0x4fb42025 // smlal2 v5.2d, v1.4s, v20.s[1]
	WORD $0x0fb52026 // smlal v6.2d, v1.2s, v21.s[1]
	WORD $0x4fb52027 // smlal2 v7.2d, v1.4s, v21.s[1]
	WORD $0x0f942844 // smlal v4.2d, v2.2s, v20.s[2]
	WORD $0x4f942845 // smlal2 v5.2d, v2.4s, v20.s[2]
	WORD $0x0f952846 // smlal v6.2d, v2.2s, v21.s[2]
	WORD $0x4f952847 // smlal2 v7.2d, v2.4s, v21.s[2]
	WORD $0x0fb42864 // smlal v4.2d, v3.2s, v20.s[3]
	WORD $0x4fb42865 // smlal2 v5.2d, v3.4s, v20.s[3]
	WORD $0x0fb52866 // smlal v6.2d, v3.2s, v21.s[3]
	WORD $0x4fb52867 // smlal2 v7.2d, v3.4s, v21.s[3]
	WORD $0x4ef85484 // srshl v4.2d, v4.2d, v24.2d
	WORD $0x4ef854a5 // srshl v5.2d, v5.2d, v24.2d
	WORD $0x4ef854c6 // srshl v6.2d, v6.2d, v24.2d
	WORD $0x4ef854e7 // srshl v7.2d, v7.2d, v24.2d
	WORD $0x0ea12884 // xtn v4.2s, v4.2d
	WORD $0x4ea128a4 // xtn2 v4.4s, v5.2d
	WORD $0x0ea128c6 // xtn v6.2s, v6.2d
	WORD $0x4ea128e6 // xtn2 v6.4s, v7.2d
	VST1.P [V4.S4], 16(R0)
	VST1.P [V6.S4], 16(R1)
	SUBS $4, R6, R6
	BNE d23vloop
	RET

// func dwt123HNEON(lo, hi, src *int32, n int, shift uint64)
//
// dwt123One for outputs [0, n) (n a positive multiple of 4), output j from
// src[2j .. 2j+3], split by LD2 as in dwt0HNEON; int64 lanes, SRSHL by
// -shift, truncated to int32.
TEXT ·dwt123HNEON(SB), NOSPLIT, $0-40
	MOVD lo+0(FP), R0
	MOVD hi+8(FP), R1
	MOVD src+16(FP), R2
	MOVD n+24(FP), R6
	MOVD shift+32(FP), R7
	NEG R7, R7
	VDUP R7, V24.D2
	MOVD $·dwtTaps32(SB), R7
	VLD1 (R7), [V20.S4, V21.S4]

d123hloop:
	VLD2 (R2), [V0.S4, V1.S4]
	ADD $8, R2, R3
	VLD2 (R3), [V2.S4, V3.S4]
	ADD $32, R2, R2
	WORD $0x0f94a004 // smull v4.2d, v0.2s, v20.s[0]
	WORD $0x4f94a005 // smull2 v5.2d, v0.4s, v20.s[0]
	WORD $0x0f95a006 // smull v6.2d, v0.2s, v21.s[0]
	WORD $0x4f95a007 // smull2 v7.2d, v0.4s, v21.s[0]
	WORD $0x0fb42024 // smlal v4.2d, v1.2s, v20.s[1]
	WORD $0x4fb42025 // smlal2 v5.2d, v1.4s, v20.s[1]
	WORD $0x0fb52026 // smlal v6.2d, v1.2s, v21.s[1]
	WORD $0x4fb52027 // smlal2 v7.2d, v1.4s, v21.s[1]
	WORD $0x0f942844 // smlal v4.2d, v2.2s, v20.s[2]
	WORD $0x4f942845 // smlal2 v5.2d, v2.4s, v20.s[2]
	WORD $0x0f952846 // smlal v6.2d, v2.2s, v21.s[2]
	WORD $0x4f952847 // smlal2 v7.2d, v2.4s, v21.s[2]
	WORD $0x0fb42864 // smlal v4.2d, v3.2s, v20.s[3]
	WORD $0x4fb42865 // smlal2 v5.2d, v3.4s, v20.s[3]
	WORD $0x0fb52866 // smlal v6.2d, v3.2s, v21.s[3]
	WORD $0x4fb52867 // smlal2 v7.2d, v3.4s, v21.s[3]
	WORD $0x4ef85484 // srshl v4.2d, v4.2d, v24.2d
	WORD $0x4ef854a5 // srshl v5.2d, v5.2d, v24.2d
	WORD $0x4ef854c6 // srshl v6.2d, v6.2d, v24.2d
	WORD $0x4ef854e7 // srshl v7.2d, v7.2d, v24.2d
	WORD $0x0ea12884 // xtn v4.2s, v4.2d
	WORD $0x4ea128a4 // xtn2 v4.4s, v5.2d
	WORD $0x0ea128c6 // xtn v6.2s, v6.2d
	WORD $0x4ea128e6 // xtn2 v6.4s, v7.2d
	VST1.P [V4.S4], 16(R0)
	VST1.P [V6.S4], 16(R1)
	SUBS $4, R6, R6
	BNE d123hloop
	RET

// func den0NEON(s *int16, n int) uint64
//
// den0Go over n coefficients (n a positive multiple of 8): |v| as uint16
// (ABS wraps -32768 to 0x8000, which is 32768 unsigned), its square in
// uint32 and cube in uint64 lanes (below 2^46), summed in uint64.
TEXT ·den0NEON(SB), NOSPLIT, $0-24
	MOVD s+0(FP), R0
	MOVD n+8(FP), R1
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0

den0loop:
	VLD1.P 16(R0), [V0.H8]
	WORD $0x4e60b800 // abs v0.8h, v0.8h
	WORD $0x2e60c001 // umull v1.4s, v0.4h, v0.4h
	WORD $0x6e60c002 // umull2 v2.4s, v0.8h, v0.8h
	VUXTL V0.H4, V3.S4
	VUXTL2 V0.H8, V4.S4
	WORD $0x2ea38030 // umlal v16.2d, v1.2s, v3.2s
	WORD $0x6ea38031 // umlal2 v17.2d, v1.4s, v3.4s
	WORD $0x2ea48050 // umlal v16.2d, v2.2s, v4.2s
	WORD $0x6ea48051 // umlal2 v17.2d, v2.4s, v4.4s
	SUBS $8, R1, R1
	BNE den0loop
	VADD V17.D2, V16.D2, V16.D2
	WORD $0x5ef1ba10 // addp d16, v16.2d
	FMOVD F16, R0
	MOVD R0, ret+16(FP)
	RET

// func den123NEON(s *int32, n int, addSq, sq, addCub, shiftCub uint64) uint64
//
// den123Go over n coefficients (n a positive multiple of 4), in uint64
// lanes that wrap as its uint64 arithmetic: u = |v| as uint32, y = (u*u +
// addSq) >> sq, then y*u. With sq >= 30 (the caller's check) y is below
// 2^33: y*u is UMULL of y's low word and u plus, when y has bit 32, u << 32.
TEXT ·den123NEON(SB), NOSPLIT, $0-56
	MOVD s+0(FP), R0
	MOVD n+8(FP), R1
	MOVD addSq+16(FP), R2
	VDUP R2, V20.D2
	MOVD sq+24(FP), R2
	NEG R2, R2
	VDUP R2, V21.D2
	MOVD addCub+32(FP), R2
	VDUP R2, V22.D2
	MOVD shiftCub+40(FP), R2
	NEG R2, R2
	VDUP R2, V23.D2
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0

den123loop:
	VLD1.P 16(R0), [V0.S4]
	WORD $0x4ea0b800 // abs v0.4s, v0.4s
	WORD $0x2ea0c001 // umull v1.2d, v0.2s, v0.2s
	WORD $0x6ea0c002 // umull2 v2.2d, v0.4s, v0.4s
	VADD V20.D2, V1.D2, V1.D2
	VADD V20.D2, V2.D2, V2.D2
	WORD $0x6ef54421 // ushl v1.2d, v1.2d, v21.2d
	WORD $0x6ef54442 // ushl v2.2d, v2.2d, v21.2d
	WORD $0x0ea12823 // xtn v3.2s, v1.2d
	WORD $0x4ea12843 // xtn2 v3.4s, v2.2d
	WORD $0x0f208424 // shrn v4.2s, v1.2d, #32
	WORD $0x4f208444 // shrn2 v4.4s, v2.2d, #32
	WORD $0x2ea0c061 // umull v1.2d, v3.2s, v0.2s
	WORD $0x6ea0c062 // umull2 v2.2d, v3.4s, v0.4s
	WORD $0x2ea0c085 // umull v5.2d, v4.2s, v0.2s
	WORD $0x6ea0c086 // umull2 v6.2d, v4.4s, v0.4s
	VSHL $32, V5.D2, V5.D2
	VSHL $32, V6.D2, V6.D2
	VADD V5.D2, V1.D2, V1.D2
	VADD V6.D2, V2.D2, V2.D2
	VADD V22.D2, V1.D2, V1.D2
	VADD V22.D2, V2.D2, V2.D2
	WORD $0x6ef74421 // ushl v1.2d, v1.2d, v23.2d
	WORD $0x6ef74442 // ushl v2.2d, v2.2d, v23.2d
	VADD V1.D2, V16.D2, V16.D2
	VADD V2.D2, V17.D2, V17.D2
	SUBS $4, R1, R1
	BNE den123loop
	VADD V17.D2, V16.D2, V16.D2
	WORD $0x5ef1ba10 // addp d16, v16.2d
	FMOVD F16, R0
	MOVD R0, ret+48(FP)
	RET

// func csf0NEON(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32)
//
// csf0Go over n columns (n a positive multiple of 8). Per band: the
// weighed coefficient in wrapping int32 lanes, plus the band's rounding,
// shifted arithmetically and truncated to int16 (csf0One); its |v| as
// uint16 (ABS wraps -32768 to 0x8000, 32768 unsigned) times 4369 and 8738
// in uint32 lanes, RSHRN #12 ((x + 2048) >> 12 truncated to int16, as
// csf0Flt and csf0Ctr), sign-extended into the int32 sums (SADDW).
TEXT ·csf0NEON(SB), NOSPLIT, $0-60
	MOVD f+0(FP), R0
	MOVD c+8(FP), R1
	MOVD s0+16(FP), R2
	MOVD s1+24(FP), R3
	MOVD s2+32(FP), R4
	MOVD n+40(FP), R6
	MOVW w0+48(FP), R7
	VMOV R7, V20.S[0]
	MOVW w1+52(FP), R7
	VMOV R7, V20.S[1]
	MOVW w2+56(FP), R7
	VMOV R7, V20.S[2]
	MOVD $16384, R7
	VDUP R7, V22.S4
	MOVD $65535, R7
	VDUP R7, V23.S4
	MOVD $4369, R7
	WORD $0x4e021cef // mov v15.h[0], w7
	MOVD $8738, R7
	WORD $0x4e061cef // mov v15.h[1], w7

csf0loop:
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0
	WORD $0x6f00e412 // movi v18.2d, #0
	WORD $0x6f00e413 // movi v19.2d, #0
	// band 0
	VLD1.P 16(R2), [V0.H8]
	WORD $0x0f10a401 // sxtl v1.4s, v0.4h
	WORD $0x4f10a402 // sxtl2 v2.4s, v0.8h
	WORD $0x4f948021 // mul v1.4s, v1.4s, v20.s[0]
	WORD $0x4f948042 // mul v2.4s, v2.4s, v20.s[0]
	VADD V22.S4, V1.S4, V1.S4
	VADD V22.S4, V2.S4, V2.S4
	WORD $0x4f310421 // sshr v1.4s, v1.4s, #15
	WORD $0x4f310442 // sshr v2.4s, v2.4s, #15
	WORD $0x0e612820 // xtn v0.4h, v1.4s
	WORD $0x4e612840 // xtn2 v0.8h, v2.4s
	WORD $0x4e60b800 // abs v0.8h, v0.8h
	WORD $0x2f4fa001 // umull v1.4s, v0.4h, v15.h[0]
	WORD $0x6f4fa002 // umull2 v2.4s, v0.8h, v15.h[0]
	WORD $0x2f5fa003 // umull v3.4s, v0.4h, v15.h[1]
	WORD $0x6f5fa004 // umull2 v4.4s, v0.8h, v15.h[1]
	WORD $0x0f148c21 // rshrn v1.4h, v1.4s, #12
	WORD $0x4f148c41 // rshrn2 v1.8h, v2.4s, #12
	WORD $0x0f148c63 // rshrn v3.4h, v3.4s, #12
	WORD $0x4f148c83 // rshrn2 v3.8h, v4.4s, #12
	WORD $0x0e611210 // saddw v16.4s, v16.4s, v1.4h
	WORD $0x4e611231 // saddw2 v17.4s, v17.4s, v1.8h
	WORD $0x0e631252 // saddw v18.4s, v18.4s, v3.4h
	WORD $0x4e631273 // saddw2 v19.4s, v19.4s, v3.8h
	// band 1
	VLD1.P 16(R3), [V0.H8]
	WORD $0x0f10a401 // sxtl v1.4s, v0.4h
	WORD $0x4f10a402 // sxtl2 v2.4s, v0.8h
	WORD $0x4fb48021 // mul v1.4s, v1.4s, v20.s[1]
	WORD $0x4fb48042 // mul v2.4s, v2.4s, v20.s[1]
	VADD V22.S4, V1.S4, V1.S4
	VADD V22.S4, V2.S4, V2.S4
	WORD $0x4f310421 // sshr v1.4s, v1.4s, #15
	WORD $0x4f310442 // sshr v2.4s, v2.4s, #15
	WORD $0x0e612820 // xtn v0.4h, v1.4s
	WORD $0x4e612840 // xtn2 v0.8h, v2.4s
	WORD $0x4e60b800 // abs v0.8h, v0.8h
	WORD $0x2f4fa001 // umull v1.4s, v0.4h, v15.h[0]
	WORD $0x6f4fa002 // umull2 v2.4s, v0.8h, v15.h[0]
	WORD $0x2f5fa003 // umull v3.4s, v0.4h, v15.h[1]
	WORD $0x6f5fa004 // umull2 v4.4s, v0.8h, v15.h[1]
	WORD $0x0f148c21 // rshrn v1.4h, v1.4s, #12
	WORD $0x4f148c41 // rshrn2 v1.8h, v2.4s, #12
	WORD $0x0f148c63 // rshrn v3.4h, v3.4s, #12
	WORD $0x4f148c83 // rshrn2 v3.8h, v4.4s, #12
	WORD $0x0e611210 // saddw v16.4s, v16.4s, v1.4h
	WORD $0x4e611231 // saddw2 v17.4s, v17.4s, v1.8h
	WORD $0x0e631252 // saddw v18.4s, v18.4s, v3.4h
	WORD $0x4e631273 // saddw2 v19.4s, v19.4s, v3.8h
	// band 2: Q23 weights, rounding 65535, shift 17
	VLD1.P 16(R4), [V0.H8]
	WORD $0x0f10a401 // sxtl v1.4s, v0.4h
	WORD $0x4f10a402 // sxtl2 v2.4s, v0.8h
	WORD $0x4f948821 // mul v1.4s, v1.4s, v20.s[2]
	WORD $0x4f948842 // mul v2.4s, v2.4s, v20.s[2]
	VADD V23.S4, V1.S4, V1.S4
	VADD V23.S4, V2.S4, V2.S4
	WORD $0x4f2f0421 // sshr v1.4s, v1.4s, #17
	WORD $0x4f2f0442 // sshr v2.4s, v2.4s, #17
	WORD $0x0e612820 // xtn v0.4h, v1.4s
	WORD $0x4e612840 // xtn2 v0.8h, v2.4s
	WORD $0x4e60b800 // abs v0.8h, v0.8h
	WORD $0x2f4fa001 // umull v1.4s, v0.4h, v15.h[0]
	WORD $0x6f4fa002 // umull2 v2.4s, v0.8h, v15.h[0]
	WORD $0x2f5fa003 // umull v3.4s, v0.4h, v15.h[1]
	WORD $0x6f5fa004 // umull2 v4.4s, v0.8h, v15.h[1]
	WORD $0x0f148c21 // rshrn v1.4h, v1.4s, #12
	WORD $0x4f148c41 // rshrn2 v1.8h, v2.4s, #12
	WORD $0x0f148c63 // rshrn v3.4h, v3.4s, #12
	WORD $0x4f148c83 // rshrn2 v3.8h, v4.4s, #12
	WORD $0x0e611210 // saddw v16.4s, v16.4s, v1.4h
	WORD $0x4e611231 // saddw2 v17.4s, v17.4s, v1.8h
	WORD $0x0e631252 // saddw v18.4s, v18.4s, v3.4h
	WORD $0x4e631273 // saddw2 v19.4s, v19.4s, v3.8h
	VST1.P [V16.S4, V17.S4], 32(R0)
	VST1.P [V18.S4, V19.S4], 32(R1)
	SUBS $8, R6, R6
	BNE csf0loop
	RET

// func csf123NEON(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32, weigh bool)
//
// csf123Go over n columns (n a positive multiple of 4), and with weigh
// csf123wGo (each band's weighed coefficients stored back). csf123One's
// int64(wt)*int64(x) is SMULL of x and the weight's bits plus, for a
// weight of 2^31 or more (negative as int32), x << 32 (MASK_b keeps or
// drops that term); SRSHR #28 rounds it, truncated to int32. csf123Flt
// and csf123Ctr are SMULL of |v| (ABS leaves INT_MIN as the Go twin's
// abs32 does) and the constant, less 2^31, its high word (SUBHN): the
// arithmetic >> 32 truncated to int32.
TEXT ·csf123NEON(SB), NOSPLIT, $0-61
	MOVD f+0(FP), R0
	MOVD c+8(FP), R1
	MOVD s0+16(FP), R2
	MOVD s1+24(FP), R3
	MOVD s2+32(FP), R4
	MOVD n+40(FP), R6
	MOVBU weigh+60(FP), R8
	MOVW w0+48(FP), R7
	VMOV R7, V20.S[0]
	ASR $63, R7, R7
	VDUP R7, V25.D2
	MOVW w1+52(FP), R7
	VMOV R7, V20.S[1]
	ASR $63, R7, R7
	VDUP R7, V26.D2
	MOVW w2+56(FP), R7
	VMOV R7, V20.S[2]
	ASR $63, R7, R7
	VDUP R7, V27.D2
	MOVD $0x80000000, R7
	VDUP R7, V28.D2
	MOVD $143165577, R7
	VMOV R7, V21.S[0]
	MOVD $286331153, R7
	VMOV R7, V21.S[1]

csf123loop:
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e412 // movi v18.2d, #0
	// band 0
	VLD1 (R2), [V0.S4]
	WORD $0x0f94a001 // smull v1.2d, v0.2s, v20.s[0]
	WORD $0x4f94a002 // smull2 v2.2d, v0.4s, v20.s[0]
	WORD $0x0f20a403 // sshll v3.2d, v0.2s, #0
	WORD $0x4f20a404 // sshll2 v4.2d, v0.4s, #0
	VSHL $32, V3.D2, V3.D2
	VSHL $32, V4.D2, V4.D2
	VAND V25.B16, V3.B16, V3.B16
	VAND V25.B16, V4.B16, V4.B16
	VADD V3.D2, V1.D2, V1.D2
	VADD V4.D2, V2.D2, V2.D2
	WORD $0x4f642421 // srshr v1.2d, v1.2d, #28
	WORD $0x4f642442 // srshr v2.2d, v2.2d, #28
	WORD $0x0ea12820 // xtn v0.2s, v1.2d
	WORD $0x4ea12840 // xtn2 v0.4s, v2.2d
	CBZ R8, csf123b0
	VST1 [V0.S4], (R2)
csf123b0:
	ADD $16, R2, R2
	WORD $0x4ea0b800 // abs v0.4s, v0.4s
	WORD $0x0f95a001 // smull v1.2d, v0.2s, v21.s[0]
	WORD $0x4f95a002 // smull2 v2.2d, v0.4s, v21.s[0]
	WORD $0x0fb5a003 // smull v3.2d, v0.2s, v21.s[1]
	WORD $0x4fb5a004 // smull2 v4.2d, v0.4s, v21.s[1]
	WORD $0x0ebc6021 // subhn v1.2s, v1.2d, v28.2d
	WORD $0x4ebc6041 // subhn2 v1.4s, v2.2d, v28.2d
	WORD $0x0ebc6063 // subhn v3.2s, v3.2d, v28.2d
	WORD $0x4ebc6083 // subhn2 v3.4s, v4.2d, v28.2d
	VADD V1.S4, V16.S4, V16.S4
	VADD V3.S4, V18.S4, V18.S4
	// band 1
	VLD1 (R3), [V0.S4]
	WORD $0x0fb4a001 // smull v1.2d, v0.2s, v20.s[1]
	WORD $0x4fb4a002 // smull2 v2.2d, v0.4s, v20.s[1]
	WORD $0x0f20a403 // sshll v3.2d, v0.2s, #0
	WORD $0x4f20a404 // sshll2 v4.2d, v0.4s, #0
	VSHL $32, V3.D2, V3.D2
	VSHL $32, V4.D2, V4.D2
	VAND V26.B16, V3.B16, V3.B16
	VAND V26.B16, V4.B16, V4.B16
	VADD V3.D2, V1.D2, V1.D2
	VADD V4.D2, V2.D2, V2.D2
	WORD $0x4f642421 // srshr v1.2d, v1.2d, #28
	WORD $0x4f642442 // srshr v2.2d, v2.2d, #28
	WORD $0x0ea12820 // xtn v0.2s, v1.2d
	WORD $0x4ea12840 // xtn2 v0.4s, v2.2d
	CBZ R8, csf123b1
	VST1 [V0.S4], (R3)
csf123b1:
	ADD $16, R3, R3
	WORD $0x4ea0b800 // abs v0.4s, v0.4s
	WORD $0x0f95a001 // smull v1.2d, v0.2s, v21.s[0]
	WORD $0x4f95a002 // smull2 v2.2d, v0.4s, v21.s[0]
	WORD $0x0fb5a003 // smull v3.2d, v0.2s, v21.s[1]
	WORD $0x4fb5a004 // smull2 v4.2d, v0.4s, v21.s[1]
	WORD $0x0ebc6021 // subhn v1.2s, v1.2d, v28.2d
	WORD $0x4ebc6041 // subhn2 v1.4s, v2.2d, v28.2d
	WORD $0x0ebc6063 // subhn v3.2s, v3.2d, v28.2d
	WORD $0x4ebc6083 // subhn2 v3.4s, v4.2d, v28.2d
	VADD V1.S4, V16.S4, V16.S4
	VADD V3.S4, V18.S4, V18.S4
	// band 2
	VLD1 (R4), [V0.S4]
	WORD $0x0f94a801 // smull v1.2d, v0.2s, v20.s[2]
	WORD $0x4f94a802 // smull2 v2.2d, v0.4s, v20.s[2]
	WORD $0x0f20a403 // sshll v3.2d, v0.2s, #0
	WORD $0x4f20a404 // sshll2 v4.2d, v0.4s, #0
	VSHL $32, V3.D2, V3.D2
	VSHL $32, V4.D2, V4.D2
	VAND V27.B16, V3.B16, V3.B16
	VAND V27.B16, V4.B16, V4.B16
	VADD V3.D2, V1.D2, V1.D2
	VADD V4.D2, V2.D2, V2.D2
	WORD $0x4f642421 // srshr v1.2d, v1.2d, #28
	WORD $0x4f642442 // srshr v2.2d, v2.2d, #28
	WORD $0x0ea12820 // xtn v0.2s, v1.2d
	WORD $0x4ea12840 // xtn2 v0.4s, v2.2d
	CBZ R8, csf123b2
	VST1 [V0.S4], (R4)
csf123b2:
	ADD $16, R4, R4
	WORD $0x4ea0b800 // abs v0.4s, v0.4s
	WORD $0x0f95a001 // smull v1.2d, v0.2s, v21.s[0]
	WORD $0x4f95a002 // smull2 v2.2d, v0.4s, v21.s[0]
	WORD $0x0fb5a003 // smull v3.2d, v0.2s, v21.s[1]
	WORD $0x4fb5a004 // smull2 v4.2d, v0.4s, v21.s[1]
	WORD $0x0ebc6021 // subhn v1.2s, v1.2d, v28.2d
	WORD $0x4ebc6041 // subhn2 v1.4s, v2.2d, v28.2d
	WORD $0x0ebc6063 // subhn v3.2s, v3.2d, v28.2d
	WORD $0x4ebc6083 // subhn2 v3.4s, v4.2d, v28.2d
	VADD V1.S4, V16.S4, V16.S4
	VADD V3.S4, V18.S4, V18.S4
	VST1.P [V16.S4], 16(R0)
	VST1.P [V18.S4], 16(R1)
	SUBS $4, R6, R6
	BNE csf123loop
	RET

// func thrRowNEON(thr, fu, fm, fd, c *int32, n int)
//
// thrRowGo over n columns (n a positive multiple of 4), fu, fm, fd and c
// at the first column (the rows are read one column either side): the
// same nine terms, added in wrapping int32 lanes.
TEXT ·thrRowNEON(SB), NOSPLIT, $0-48
	MOVD thr+0(FP), R0
	MOVD fu+8(FP), R1
	MOVD fm+16(FP), R2
	MOVD fd+24(FP), R3
	MOVD c+32(FP), R4
	MOVD n+40(FP), R6
	SUB $4, R1, R1
	SUB $4, R2, R2
	SUB $4, R3, R3

thrloop:
	VLD1 (R1), [V0.S4]
	ADD $4, R1, R7
	VLD1 (R7), [V1.S4]
	ADD $8, R1, R7
	VLD1 (R7), [V2.S4]
	VLD1 (R2), [V3.S4]
	ADD $8, R2, R7
	VLD1 (R7), [V4.S4]
	VLD1 (R3), [V5.S4]
	ADD $4, R3, R7
	VLD1 (R7), [V6.S4]
	ADD $8, R3, R7
	VLD1 (R7), [V7.S4]
	VLD1.P 16(R4), [V16.S4]
	VADD V1.S4, V0.S4, V0.S4
	VADD V3.S4, V2.S4, V2.S4
	VADD V5.S4, V4.S4, V4.S4
	VADD V7.S4, V6.S4, V6.S4
	VADD V2.S4, V0.S4, V0.S4
	VADD V6.S4, V4.S4, V4.S4
	VADD V4.S4, V0.S4, V0.S4
	VADD V16.S4, V0.S4, V0.S4
	VST1.P [V0.S4], 16(R0)
	ADD $16, R1, R1
	ADD $16, R2, R2
	ADD $16, R3, R3
	SUBS $4, R6, R6
	BNE thrloop
	RET

// func cm0NEON(s *int16, thr *int32, n int, wt int32, sub, sq, shiftCub uint64, addCub int64) int64
//
// cm0Go's sum over one band of n columns (n a positive multiple of 4),
// the threshold row from thrRowNEON: maskedCube(int32(s)*wt, thr<<sub) in
// wrapping int32 lanes up to the clipped difference; its square in int64
// lanes, SRSHL by -sq and truncated to int32; the cube in int64 lanes,
// plus addCub, shifted arithmetically; the sum in int64 lanes.
TEXT ·cm0NEON(SB), NOSPLIT, $0-72
	MOVD s+0(FP), R0
	MOVD thr+8(FP), R1
	MOVD n+16(FP), R2
	MOVW wt+24(FP), R3
	VDUP R3, V20.S4
	MOVD sub+32(FP), R3
	VDUP R3, V21.S4
	MOVD sq+40(FP), R3
	NEG R3, R3
	VDUP R3, V22.D2
	MOVD shiftCub+48(FP), R3
	NEG R3, R3
	VDUP R3, V23.D2
	MOVD addCub+56(FP), R3
	VDUP R3, V24.D2
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0

cm0loop:
	VLD1.P 8(R0), [V0.H4]
	VLD1.P 16(R1), [V1.S4]
	WORD $0x0f10a400 // sxtl v0.4s, v0.4h
	WORD $0x4eb49c00 // mul v0.4s, v0.4s, v20.4s
	WORD $0x4ea0b800 // abs v0.4s, v0.4s
	WORD $0x4eb54421 // sshl v1.4s, v1.4s, v21.4s
	VSUB V1.S4, V0.S4, V0.S4
	WORD $0x6f00e402 // movi v2.2d, #0
	WORD $0x4ea26400 // smax v0.4s, v0.4s, v2.4s
	WORD $0x0ea0c001 // smull v1.2d, v0.2s, v0.2s
	WORD $0x4ea0c002 // smull2 v2.2d, v0.4s, v0.4s
	WORD $0x4ef65421 // srshl v1.2d, v1.2d, v22.2d
	WORD $0x4ef65442 // srshl v2.2d, v2.2d, v22.2d
	WORD $0x0ea12821 // xtn v1.2s, v1.2d
	WORD $0x4ea12841 // xtn2 v1.4s, v2.2d
	WORD $0x0ea0c022 // smull v2.2d, v1.2s, v0.2s
	WORD $0x4ea0c023 // smull2 v3.2d, v1.4s, v0.4s
	VADD V24.D2, V2.D2, V2.D2
	VADD V24.D2, V3.D2, V3.D2
	WORD $0x4ef74442 // sshl v2.2d, v2.2d, v23.2d
	WORD $0x4ef74463 // sshl v3.2d, v3.2d, v23.2d
	VADD V2.D2, V16.D2, V16.D2
	VADD V3.D2, V17.D2, V17.D2
	SUBS $4, R2, R2
	BNE cm0loop
	VADD V17.D2, V16.D2, V16.D2
	WORD $0x5ef1ba10 // addp d16, v16.2d
	FMOVD F16, R0
	MOVD R0, ret+64(FP)
	RET

// func cm123NEON(s, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64, weighed bool) int64
//
// cm123Go's sum over one band of n columns (n a positive multiple of 4),
// or with weighed cm123wGo's (the band already csf123One-weighed): the
// weighing as in csf123NEON, then cm0NEON's masked cube with no threshold
// shift.
TEXT ·cm123NEON(SB), NOSPLIT, $0-72
	MOVD s+0(FP), R0
	MOVD thr+8(FP), R1
	MOVD n+16(FP), R2
	MOVW wt+24(FP), R3
	VMOV R3, V20.S[0]
	ASR $63, R3, R3
	VDUP R3, V25.D2
	MOVD sq+32(FP), R3
	NEG R3, R3
	VDUP R3, V22.D2
	MOVD shiftCub+40(FP), R3
	NEG R3, R3
	VDUP R3, V23.D2
	MOVD addCub+48(FP), R3
	VDUP R3, V24.D2
	MOVBU weighed+56(FP), R4
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0

cm123loop:
	VLD1.P 16(R0), [V0.S4]
	VLD1.P 16(R1), [V1.S4]
	CBNZ R4, cm123cube
	WORD $0x0f94a002 // smull v2.2d, v0.2s, v20.s[0]
	WORD $0x4f94a003 // smull2 v3.2d, v0.4s, v20.s[0]
	WORD $0x0f20a404 // sshll v4.2d, v0.2s, #0
	WORD $0x4f20a405 // sshll2 v5.2d, v0.4s, #0
	VSHL $32, V4.D2, V4.D2
	VSHL $32, V5.D2, V5.D2
	VAND V25.B16, V4.B16, V4.B16
	VAND V25.B16, V5.B16, V5.B16
	VADD V4.D2, V2.D2, V2.D2
	VADD V5.D2, V3.D2, V3.D2
	WORD $0x4f642442 // srshr v2.2d, v2.2d, #28
	WORD $0x4f642463 // srshr v3.2d, v3.2d, #28
	WORD $0x0ea12840 // xtn v0.2s, v2.2d
	WORD $0x4ea12860 // xtn2 v0.4s, v3.2d
cm123cube:
	WORD $0x4ea0b800 // abs v0.4s, v0.4s
	VSUB V1.S4, V0.S4, V0.S4
	WORD $0x6f00e402 // movi v2.2d, #0
	WORD $0x4ea26400 // smax v0.4s, v0.4s, v2.4s
	WORD $0x0ea0c001 // smull v1.2d, v0.2s, v0.2s
	WORD $0x4ea0c002 // smull2 v2.2d, v0.4s, v0.4s
	WORD $0x4ef65421 // srshl v1.2d, v1.2d, v22.2d
	WORD $0x4ef65442 // srshl v2.2d, v2.2d, v22.2d
	WORD $0x0ea12821 // xtn v1.2s, v1.2d
	WORD $0x4ea12841 // xtn2 v1.4s, v2.2d
	WORD $0x0ea0c022 // smull v2.2d, v1.2s, v0.2s
	WORD $0x4ea0c023 // smull2 v3.2d, v1.4s, v0.4s
	VADD V24.D2, V2.D2, V2.D2
	VADD V24.D2, V3.D2, V3.D2
	WORD $0x4ef74442 // sshl v2.2d, v2.2d, v23.2d
	WORD $0x4ef74463 // sshl v3.2d, v3.2d, v23.2d
	VADD V2.D2, V16.D2, V16.D2
	VADD V3.D2, V17.D2, V17.D2
	SUBS $4, R2, R2
	BNE cm123loop
	VADD V17.D2, V16.D2, V16.D2
	WORD $0x5ef1ba10 // addp d16, v16.2d
	FMOVD F16, R0
	MOVD R0, ret+64(FP)
	RET

// The angle test's doubles: d = float64(float32(dp))/4096 and the same for
// om and tm, from int64 lanes. FCVTN rounds a double to float once, to
// nearest even, so float32(x) is FCVTN of an exact double of x; the
// division by 4096 is exact (a multiply by 2^-12, V30).
#define ANGLE_TAIL \
	WORD $0x0e6168cc /* fcvtn v12.2s, v6.2d */ \
	WORD $0x4e6168ec /* fcvtn2 v12.4s, v7.2d */ \
	WORD $0x0e61690d /* fcvtn v13.2s, v8.2d */ \
	WORD $0x4e61692d /* fcvtn2 v13.4s, v9.2d */ \
	WORD $0x0e61694e /* fcvtn v14.2s, v10.2d */ \
	WORD $0x4e61696e /* fcvtn2 v14.4s, v11.2d */ \
	WORD $0x0e617986 /* fcvtl v6.2d, v12.2s */ \
	WORD $0x4e617987 /* fcvtl2 v7.2d, v12.4s */ \
	WORD $0x0e6179a8 /* fcvtl v8.2d, v13.2s */ \
	WORD $0x4e6179a9 /* fcvtl2 v9.2d, v13.4s */ \
	WORD $0x0e6179ca /* fcvtl v10.2d, v14.2s */ \
	WORD $0x4e6179cb /* fcvtl2 v11.2d, v14.4s */ \
	WORD $0x6e7edcc6 /* fmul v6.2d, v6.2d, v30.2d */ \
	WORD $0x6e7edce7 /* fmul v7.2d, v7.2d, v30.2d */ \
	WORD $0x6e7edd08 /* fmul v8.2d, v8.2d, v30.2d */ \
	WORD $0x6e7edd29 /* fmul v9.2d, v9.2d, v30.2d */ \
	WORD $0x6e7edd4a /* fmul v10.2d, v10.2d, v30.2d */ \
	WORD $0x6e7edd6b /* fmul v11.2d, v11.2d, v30.2d */ \
	WORD $0x6ee0c8cc /* fcmge v12.2d, v6.2d, #0.0 */ \
	WORD $0x6ee0c8ed /* fcmge v13.2d, v7.2d, #0.0 */ \
	WORD $0x6e7fdd08 /* fmul v8.2d, v8.2d, v31.2d */ \
	WORD $0x6e7fdd29 /* fmul v9.2d, v9.2d, v31.2d */ \
	WORD $0x6e6add08 /* fmul v8.2d, v8.2d, v10.2d */ \
	WORD $0x6e6bdd29 /* fmul v9.2d, v9.2d, v11.2d */ \
	WORD $0x6e66dcc6 /* fmul v6.2d, v6.2d, v6.2d */ \
	WORD $0x6e67dce7 /* fmul v7.2d, v7.2d, v7.2d */ \
	WORD $0x6e68e4c6 /* fcmge v6.2d, v6.2d, v8.2d */ \
	WORD $0x6e69e4e7 /* fcmge v7.2d, v7.2d, v9.2d */ \
	VAND V12.B16, V6.B16, V6.B16 \
	VAND V13.B16, V7.B16, V7.B16 \
	WORD $0x0ea128c6 /* xtn v6.2s, v6.2d */ \
	WORD $0x4ea128e6 // xtn2 v6.4s, v7.2d

// func angle0NEON(flag *int32, oh, ov, th, tv *int16, n int, cos1 float64)
//
// angleGo over n columns (n a positive multiple of 4): the int16 vectors'
// dot product and squared norms in int64 lanes (at most 2^31, so every
// SCVTF is exact), then ANGLE_TAIL: float64(cos1)*om times tm, and d*d,
// each rounded as the Go twin rounds them; flag -1 where d >= 0 and
// d*d >= the product.
TEXT ·angle0NEON(SB), NOSPLIT, $0-56
	MOVD flag+0(FP), R0
	MOVD oh+8(FP), R1
	MOVD ov+16(FP), R2
	MOVD th+24(FP), R3
	MOVD tv+32(FP), R4
	MOVD n+40(FP), R5
	FMOVD cos1+48(FP), F31
	WORD $0x4e0807ff // dup v31.2d, v31.d[0]
	FMOVD $0.000244140625, F30
	WORD $0x4e0807de // dup v30.2d, v30.d[0]

angle0loop:
	VLD1.P 8(R1), [V0.H4]
	VLD1.P 8(R2), [V1.H4]
	VLD1.P 8(R3), [V2.H4]
	VLD1.P 8(R4), [V3.H4]
	WORD $0x0e62c004 // smull v4.4s, v0.4h, v2.4h
	WORD $0x0e63c025 // smull v5.4s, v1.4h, v3.4h
	WORD $0x0ea50086 // saddl v6.2d, v4.2s, v5.2s
	WORD $0x4ea50087 // saddl2 v7.2d, v4.4s, v5.4s
	WORD $0x0e60c004 // smull v4.4s, v0.4h, v0.4h
	WORD $0x0e61c025 // smull v5.4s, v1.4h, v1.4h
	WORD $0x0ea50088 // saddl v8.2d, v4.2s, v5.2s
	WORD $0x4ea50089 // saddl2 v9.2d, v4.4s, v5.4s
	WORD $0x0e62c044 // smull v4.4s, v2.4h, v2.4h
	WORD $0x0e63c065 // smull v5.4s, v3.4h, v3.4h
	WORD $0x0ea5008a // saddl v10.2d, v4.2s, v5.2s
	WORD $0x4ea5008b // saddl2 v11.2d, v4.4s, v5.4s
	WORD $0x4e61d8c6 // scvtf v6.2d, v6.2d
	WORD $0x4e61d8e7 // scvtf v7.2d, v7.2d
	WORD $0x4e61d908 // scvtf v8.2d, v8.2d
	WORD $0x4e61d929 // scvtf v9.2d, v9.2d
	WORD $0x4e61d94a // scvtf v10.2d, v10.2d
	WORD $0x4e61d96b // scvtf v11.2d, v11.2d
	ANGLE_TAIL
	VST1.P [V6.S4], 16(R0)
	SUBS $4, R5, R5
	BNE angle0loop
	RET

// EXACT_DOUBLE makes the int64 lanes of v12 doubles (temporaries v13-v15)
// from which FCVTN rounds to float32(x) exactly once: below 2^53 the
// magnitude converts exactly; from 2^53 up float32's rounding bit lies at
// bit 29 or higher, so the magnitude's low 12 bits only matter as a
// sticky bit: they become bit 11 (set if any was), leaving at most 53
// significant bits, again exact. ABS leaves -2^63 as 0x8000000000000000,
// 2^63 unsigned; the sign bit is put back on the double. V26 = 0xfff,
// V27 = 0x800, V28 = 2^53-1, V29 = the sign bit.
#define EXACT_DOUBLE \
	WORD $0x4ee0b98d /* abs v13.2d, v12.2d */ \
	VCMTST V26.D2, V13.D2, V14.D2 \
	VAND V27.B16, V14.B16, V14.B16 \
	WORD $0x4e7a1daf /* bic v15.16b, v13.16b, v26.16b */ \
	VORR V14.B16, V15.B16, V15.B16 \
	WORD $0x6efc35ae /* cmhi v14.2d, v13.2d, v28.2d */ \
	VBSL V13.B16, V15.B16, V14.B16 \
	WORD $0x6e61d9ce /* ucvtf v14.2d, v14.2d */ \
	VAND V29.B16, V12.B16, V15.B16 \
	VORR V15.B16, V14.B16, V12.B16

// func angle123NEON(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)
//
// angleGo over n columns (n a positive multiple of 4) of int32 vectors:
// the dot product and squared norms in int64 lanes that wrap as the Go
// twin's int64 (SMULL, SMLAL), each made an exact double by EXACT_DOUBLE,
// then ANGLE_TAIL.
TEXT ·angle123NEON(SB), NOSPLIT, $0-56
	MOVD flag+0(FP), R0
	MOVD oh+8(FP), R1
	MOVD ov+16(FP), R2
	MOVD th+24(FP), R3
	MOVD tv+32(FP), R4
	MOVD n+40(FP), R5
	FMOVD cos1+48(FP), F31
	WORD $0x4e0807ff // dup v31.2d, v31.d[0]
	FMOVD $0.000244140625, F30
	WORD $0x4e0807de // dup v30.2d, v30.d[0]
	MOVD $0xfff, R6
	VDUP R6, V26.D2
	MOVD $0x800, R6
	VDUP R6, V27.D2
	MOVD $0x1fffffffffffff, R6
	VDUP R6, V28.D2
	MOVD $0x8000000000000000, R6
	VDUP R6, V29.D2

angle123loop:
	VLD1.P 16(R1), [V0.S4]
	VLD1.P 16(R2), [V1.S4]
	VLD1.P 16(R3), [V2.S4]
	VLD1.P 16(R4), [V3.S4]
	WORD $0x0ea2c006 // smull v6.2d, v0.2s, v2.2s
	WORD $0x4ea2c007 // smull2 v7.2d, v0.4s, v2.4s
	WORD $0x0ea38026 // smlal v6.2d, v1.2s, v3.2s
	WORD $0x4ea38027 // smlal2 v7.2d, v1.4s, v3.4s
	WORD $0x0ea0c008 // smull v8.2d, v0.2s, v0.2s
	WORD $0x4ea0c009 // smull2 v9.2d, v0.4s, v0.4s
	WORD $0x0ea18028 // smlal v8.2d, v1.2s, v1.2s
	WORD $0x4ea18029 // smlal2 v9.2d, v1.4s, v1.4s
	WORD $0x0ea2c04a // smull v10.2d, v2.2s, v2.2s
	WORD $0x4ea2c04b // smull2 v11.2d, v2.4s, v2.4s
	WORD $0x0ea3806a // smlal v10.2d, v3.2s, v3.2s
	WORD $0x4ea3806b // smlal2 v11.2d, v3.4s, v3.4s
	VMOV V6.B16, V12.B16
	EXACT_DOUBLE
	VMOV V12.B16, V6.B16
	VMOV V7.B16, V12.B16
	EXACT_DOUBLE
	VMOV V12.B16, V7.B16
	VMOV V8.B16, V12.B16
	EXACT_DOUBLE
	VMOV V12.B16, V8.B16
	VMOV V9.B16, V12.B16
	EXACT_DOUBLE
	VMOV V12.B16, V9.B16
	VMOV V10.B16, V12.B16
	EXACT_DOUBLE
	VMOV V12.B16, V10.B16
	VMOV V11.B16, V12.B16
	EXACT_DOUBLE
	VMOV V12.B16, V11.B16
	ANGLE_TAIL
	VST1.P [V6.S4], 16(R0)
	SUBS $4, R5, R5
	BNE angle123loop
	RET

// GAIN_LIMIT applies gainLimit where the flag is set: kk in v8, rst in v9,
// t in v1, o in v0 (int32 lanes), the flags in v2 (nonzero: set), egl in
// V29; the result rst in v2. pos = kk > 0 && o > 0, neg = kk > 0 && o < 0;
// x = float64(rst)*egl (one rounding); pos takes int64(x) (FCVTZS, toward
// zero) where x < float64(t), neg where x > float64(t), else t.
#define GAIN_LIMIT \
	WORD $0x4ea0890a /* cmgt v10.4s, v8.4s, #0 */ \
	WORD $0x4ea0880b /* cmgt v11.4s, v0.4s, #0 */ \
	VAND V10.B16, V11.B16, V11.B16 \
	WORD $0x4ea0a80c /* cmlt v12.4s, v0.4s, #0 */ \
	VAND V10.B16, V12.B16, V12.B16 \
	WORD $0x0f20a52d /* sxtl v13.2d, v9.2s */ \
	WORD $0x4f20a52e /* sxtl2 v14.2d, v9.4s */ \
	WORD $0x4e61d9ad /* scvtf v13.2d, v13.2d */ \
	WORD $0x4e61d9ce /* scvtf v14.2d, v14.2d */ \
	WORD $0x6e7dddad /* fmul v13.2d, v13.2d, v29.2d */ \
	WORD $0x6e7dddce /* fmul v14.2d, v14.2d, v29.2d */ \
	WORD $0x0f20a42f /* sxtl v15.2d, v1.2s */ \
	WORD $0x4f20a430 /* sxtl2 v16.2d, v1.4s */ \
	WORD $0x4e61d9ef /* scvtf v15.2d, v15.2d */ \
	WORD $0x4e61da10 /* scvtf v16.2d, v16.2d */ \
	WORD $0x6eede5f1 /* fcmgt v17.2d, v15.2d, v13.2d */ \
	WORD $0x6eeee612 /* fcmgt v18.2d, v16.2d, v14.2d */ \
	WORD $0x6eefe5b3 /* fcmgt v19.2d, v13.2d, v15.2d */ \
	WORD $0x6ef0e5d4 /* fcmgt v20.2d, v14.2d, v16.2d */ \
	WORD $0x4ee1b9ad /* fcvtzs v13.2d, v13.2d */ \
	WORD $0x4ee1b9ce /* fcvtzs v14.2d, v14.2d */ \
	WORD $0x0ea129ad /* xtn v13.2s, v13.2d */ \
	WORD $0x4ea129cd /* xtn2 v13.4s, v14.2d */ \
	WORD $0x0ea12a31 /* xtn v17.2s, v17.2d */ \
	WORD $0x4ea12a51 /* xtn2 v17.4s, v18.2d */ \
	WORD $0x0ea12a73 /* xtn v19.2s, v19.2d */ \
	WORD $0x4ea12a93 /* xtn2 v19.4s, v20.2d */ \
	VBSL V1.B16, V13.B16, V17.B16 \
	VBSL V1.B16, V13.B16, V19.B16 \
	VBSL V9.B16, V19.B16, V12.B16 \
	VBSL V12.B16, V17.B16, V11.B16 \
	VCMTST V2.S4, V2.S4, V2.S4 \
	VBSL V9.B16, V11.B16, V2.B16

// QUOTIENT: v4 (int32 lanes) = 2^30 / v3 (uint32 lanes, at most 2^15;
// temporary v5), the magnitude of divLookup's entry: the double quotient is
// correctly rounded and 2^30/m lies at least 2^-15 below the next
// integer, far more than half an ulp (2^-23 at most), so FCVTZU's
// truncation is the integer division's. V30 = 2^30.
#define QUOTIENT \
	VUXTL V3.S2, V4.D2 \
	VUXTL2 V3.S4, V5.D2 \
	WORD $0x6e61d884 /* ucvtf v4.2d, v4.2d */ \
	WORD $0x6e61d8a5 /* ucvtf v5.2d, v5.2d */ \
	WORD $0x6e64ffc4 /* fdiv v4.2d, v30.2d, v4.2d */ \
	WORD $0x6e65ffc5 /* fdiv v5.2d, v30.2d, v5.2d */ \
	WORD $0x6ee1b884 /* fcvtzu v4.2d, v4.2d */ \
	WORD $0x6ee1b8a5 /* fcvtzu v5.2d, v5.2d */ \
	WORD $0x0ea12884 /* xtn v4.2s, v4.2d */ \
	WORD $0x4ea128a4 // xtn2 v4.4s, v5.2d

// func decouple0NEON(r, a, o, t *int16, flag *int32, n int, egl float64)
//
// decouple0Go over n columns (n a positive multiple of 4), in int32
// lanes: kk = (divLookup[o]*t + 16384) >> 15 as (q * (o < 0 ? -t : t))
// in int64 lanes, rounded by SRSHR, saturated to int32 (SQXTN) and
// clipped to [0, 32768] (32768 where o is 0); rst = int16((kk*o + 16384)
// >> 15); GAIN_LIMIT; r = int16(rst), a = int16(t - rst). The caller
// keeps egl finite and non-negative.
TEXT ·decouple0NEON(SB), NOSPLIT, $0-56
	MOVD r+0(FP), R0
	MOVD a+8(FP), R1
	MOVD o+16(FP), R2
	MOVD t+24(FP), R3
	MOVD flag+32(FP), R4
	MOVD n+40(FP), R5
	FMOVD egl+48(FP), F29
	WORD $0x4e0807bd // dup v29.2d, v29.d[0]
	MOVD $0x41d0000000000000, R6
	VDUP R6, V30.D2
	MOVD $32768, R6
	VDUP R6, V28.S4
	WORD $0x6f00e41b // movi v27.2d, #0

dec0loop:
	VLD1.P 8(R2), [V0.H4]
	VLD1.P 8(R3), [V1.H4]
	VLD1.P 16(R4), [V2.S4]
	WORD $0x0f10a400 // sxtl v0.4s, v0.4h
	WORD $0x0f10a421 // sxtl v1.4s, v1.4h
	WORD $0x4ea0b803 // abs v3.4s, v0.4s
	QUOTIENT
	WORD $0x4ea0a806 // cmlt v6.4s, v0.4s, #0
	WORD $0x6ea0b827 // neg v7.4s, v1.4s
	VBSL V1.B16, V7.B16, V6.B16
	WORD $0x0ea6c087 // smull v7.2d, v4.2s, v6.2s
	WORD $0x4ea6c088 // smull2 v8.2d, v4.4s, v6.4s
	WORD $0x4f7124e7 // srshr v7.2d, v7.2d, #15
	WORD $0x4f712508 // srshr v8.2d, v8.2d, #15
	WORD $0x0ea148e7 // sqxtn v7.2s, v7.2d
	WORD $0x4ea14907 // sqxtn2 v7.4s, v8.2d
	WORD $0x4ebb64e7 // smax v7.4s, v7.4s, v27.4s
	WORD $0x4ebc6ce7 // smin v7.4s, v7.4s, v28.4s
	WORD $0x4ea09808 // cmeq v8.4s, v0.4s, #0
	VBSL V7.B16, V28.B16, V8.B16
	WORD $0x4ea09d09 // mul v9.4s, v8.4s, v0.4s
	WORD $0x4f312529 // srshr v9.4s, v9.4s, #15
	VSHL $16, V9.S4, V9.S4
	WORD $0x4f300529 // sshr v9.4s, v9.4s, #16
	GAIN_LIMIT
	VSUB V2.S4, V1.S4, V3.S4
	WORD $0x0e612842 // xtn v2.4h, v2.4s
	WORD $0x0e612863 // xtn v3.4h, v3.4s
	VST1.P [V2.H4], 8(R0)
	VST1.P [V3.H4], 8(R1)
	SUBS $4, R5, R5
	BNE dec0loop
	RET

// func decouple123NEON(r, a, o, t *int32, flag *int32, n int, egl float64)
//
// decouple123Go over n columns (n a positive multiple of 4): best15 as
// sh = max(17 - clz(|o|), 0) and msb = URSHL(|o|, -sh) (|o| rounded to
// 15 bits, unchanged below 2^15); kk = (q*t*sign + 2^(14+sh)) >> (15+sh)
// in int64 lanes (q*t below 2^61), SRSHL by -(15+sh), saturated and
// clipped as in decouple0NEON; rst = int32((kk*o + 16384) >> 15) in int64
// lanes, truncated; GAIN_LIMIT; a = int32(t - rst), wrapping.
TEXT ·decouple123NEON(SB), NOSPLIT, $0-56
	MOVD r+0(FP), R0
	MOVD a+8(FP), R1
	MOVD o+16(FP), R2
	MOVD t+24(FP), R3
	MOVD flag+32(FP), R4
	MOVD n+40(FP), R5
	FMOVD egl+48(FP), F29
	WORD $0x4e0807bd // dup v29.2d, v29.d[0]
	MOVD $0x41d0000000000000, R6
	VDUP R6, V30.D2
	MOVD $32768, R6
	VDUP R6, V28.S4
	WORD $0x6f00e41b // movi v27.2d, #0
	MOVD $17, R6
	VDUP R6, V26.S4
	MOVD $15, R6
	VDUP R6, V25.S4

dec123loop:
	VLD1.P 16(R2), [V0.S4]
	VLD1.P 16(R3), [V1.S4]
	VLD1.P 16(R4), [V2.S4]
	WORD $0x4ea0b803 // abs v3.4s, v0.4s
	WORD $0x6ea04878 // clz v24.4s, v3.4s
	VSUB V24.S4, V26.S4, V24.S4
	WORD $0x4ebb6718 // smax v24.4s, v24.4s, v27.4s
	WORD $0x6ea0bb05 // neg v5.4s, v24.4s
	WORD $0x6ea55463 // urshl v3.4s, v3.4s, v5.4s
	QUOTIENT
	WORD $0x0ea1c087 // smull v7.2d, v4.2s, v1.2s
	WORD $0x4ea1c088 // smull2 v8.2d, v4.4s, v1.4s
	WORD $0x4ea0a809 // cmlt v9.4s, v0.4s, #0
	WORD $0x0f20a52a // sxtl v10.2d, v9.2s
	WORD $0x4f20a52b // sxtl2 v11.2d, v9.4s
	WORD $0x6ee0b8ec // neg v12.2d, v7.2d
	WORD $0x6ee0b90d // neg v13.2d, v8.2d
	VBSL V7.B16, V12.B16, V10.B16
	VBSL V8.B16, V13.B16, V11.B16
	VADD V25.S4, V24.S4, V24.S4
	WORD $0x6ea0bb18 // neg v24.4s, v24.4s
	WORD $0x0f20a70c // sxtl v12.2d, v24.2s
	WORD $0x4f20a70d // sxtl2 v13.2d, v24.4s
	WORD $0x4eec554a // srshl v10.2d, v10.2d, v12.2d
	WORD $0x4eed556b // srshl v11.2d, v11.2d, v13.2d
	WORD $0x0ea14947 // sqxtn v7.2s, v10.2d
	WORD $0x4ea14967 // sqxtn2 v7.4s, v11.2d
	WORD $0x4ebb64e7 // smax v7.4s, v7.4s, v27.4s
	WORD $0x4ebc6ce7 // smin v7.4s, v7.4s, v28.4s
	WORD $0x4ea09808 // cmeq v8.4s, v0.4s, #0
	VBSL V7.B16, V28.B16, V8.B16
	WORD $0x0ea0c109 // smull v9.2d, v8.2s, v0.2s
	WORD $0x4ea0c10a // smull2 v10.2d, v8.4s, v0.4s
	WORD $0x4f712529 // srshr v9.2d, v9.2d, #15
	WORD $0x4f71254a // srshr v10.2d, v10.2d, #15
	WORD $0x0ea12929 // xtn v9.2s, v9.2d
	WORD $0x4ea12949 // xtn2 v9.4s, v10.2d
	GAIN_LIMIT
	VSUB V2.S4, V1.S4, V3.S4
	VST1.P [V2.S4], 16(R0)
	VST1.P [V3.S4], 16(R1)
	SUBS $4, R5, R5
	BNE dec123loop
	RET

// func i64f32NEON(dst *float64, src *int64, n int)
//
// angle123NEON's int64-to-float32 conversion on its own, for the test:
// dst[i] = float64(float32(src[i]))/4096, n a positive multiple of 2.
TEXT ·i64f32NEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2
	FMOVD $0.000244140625, F30
	WORD $0x4e0807de // dup v30.2d, v30.d[0]
	MOVD $0xfff, R6
	VDUP R6, V26.D2
	MOVD $0x800, R6
	VDUP R6, V27.D2
	MOVD $0x1fffffffffffff, R6
	VDUP R6, V28.D2
	MOVD $0x8000000000000000, R6
	VDUP R6, V29.D2

i64f32loop:
	VLD1.P 16(R1), [V12.D2]
	EXACT_DOUBLE
	WORD $0x0e61698c // fcvtn v12.2s, v12.2d
	WORD $0x0e61798c // fcvtl v12.2d, v12.2s
	WORD $0x6e7edd8c // fmul v12.2d, v12.2d, v30.2d
	VST1.P [V12.D2], 16(R0)
	SUBS $2, R2, R2
	BNE i64f32loop
	RET
