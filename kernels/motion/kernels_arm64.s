//go:build !purego

#include "textflag.h"

// The NEON twins of the motion passes (kernels_arm64.go). Every WORD is an
// A64 instruction the Go assembler has no mnemonic for, named in its
// comment in ARM syntax (llvm-mc -triple=aarch64 -show-encoding gives the
// same word). The taps sit in V20 = {3571, 16004, 26386, 0}; SRSHL and
// SRSHR round with libvmaf's 2^(shift-1) and shift arithmetically, on the
// exact sum (the intermediate is not truncated).

// func vpassNEON(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, bpc uint64) uint32
//
// vpassGo over n columns (n a positive multiple of 8); returns the OR of
// every |dst[j]|. Below 16 bits each difference fits 16 bits and the sum
// T0*(d0+d4) + T1*(d1+d3) + T2*d2 fits int32 (|d| < 2^15, taps summing to
// 2^16); 16-bit samples take the products in int64 lanes.
TEXT ·vpassNEON(SB), NOSPLIT, $0-108
	MOVD dst+0(FP), R0
	MOVD p0+8(FP), R1
	MOVD p1+16(FP), R2
	MOVD p2+24(FP), R3
	MOVD p3+32(FP), R4
	MOVD p4+40(FP), R5
	MOVD c0+48(FP), R6
	MOVD c1+56(FP), R7
	MOVD c2+64(FP), R8
	MOVD c3+72(FP), R9
	MOVD c4+80(FP), R10
	MOVD n+88(FP), R11
	MOVD bpc+96(FP), R12
	MOVD $3571, R13
	VMOV R13, V20.S[0]
	MOVD $16004, R13
	VMOV R13, V20.S[1]
	MOVD $26386, R13
	VMOV R13, V20.S[2]
	NEG R12, R13
	VDUP R13, V24.S4
	VEOR V25.B16, V25.B16, V25.B16
	CMP $16, R12
	BEQ vwide

vloop:
	VLD1.P 16(R1), [V0.H8]
	VLD1.P 16(R2), [V1.H8]
	VLD1.P 16(R3), [V2.H8]
	VLD1.P 16(R4), [V3.H8]
	VLD1.P 16(R5), [V4.H8]
	VLD1.P 16(R6), [V5.H8]
	VLD1.P 16(R7), [V6.H8]
	VLD1.P 16(R8), [V7.H8]
	VLD1.P 16(R9), [V8.H8]
	VLD1.P 16(R10), [V9.H8]
	// d0+d4 = (p0+p4) - (c0+c4), d1+d3 alike, d2, in int32 lanes
	WORD $0x2e64000a // uaddl v10.4s, v0.4h, v4.4h
	WORD $0x6e64000b // uaddl2 v11.4s, v0.8h, v4.8h
	WORD $0x2e6900ac // uaddl v12.4s, v5.4h, v9.4h
	WORD $0x6e6900ad // uaddl2 v13.4s, v5.8h, v9.8h
	VSUB V12.S4, V10.S4, V10.S4
	VSUB V13.S4, V11.S4, V11.S4
	WORD $0x2e63002c // uaddl v12.4s, v1.4h, v3.4h
	WORD $0x6e63002d // uaddl2 v13.4s, v1.8h, v3.8h
	WORD $0x2e6800ce // uaddl v14.4s, v6.4h, v8.4h
	WORD $0x6e6800cf // uaddl2 v15.4s, v6.8h, v8.8h
	VSUB V14.S4, V12.S4, V12.S4
	VSUB V15.S4, V13.S4, V13.S4
	WORD $0x2e67204e // usubl v14.4s, v2.4h, v7.4h
	WORD $0x6e67204f // usubl2 v15.4s, v2.8h, v7.8h
	WORD $0x4f948150 // mul v16.4s, v10.4s, v20.s[0]
	WORD $0x4f948171 // mul v17.4s, v11.4s, v20.s[0]
	WORD $0x6fb40190 // mla v16.4s, v12.4s, v20.s[1]
	WORD $0x6fb401b1 // mla v17.4s, v13.4s, v20.s[1]
	WORD $0x6f9409d0 // mla v16.4s, v14.4s, v20.s[2]
	WORD $0x6f9409f1 // mla v17.4s, v15.4s, v20.s[2]
	WORD $0x4eb85610 // srshl v16.4s, v16.4s, v24.4s
	WORD $0x4eb85631 // srshl v17.4s, v17.4s, v24.4s
	VST1.P [V16.S4, V17.S4], 32(R0)
	WORD $0x4ea0ba10 // abs v16.4s, v16.4s
	WORD $0x4ea0ba31 // abs v17.4s, v17.4s
	VORR V16.B16, V25.B16, V25.B16
	VORR V17.B16, V25.B16, V25.B16
	SUBS $8, R11, R11
	BNE vloop
	B vdone

vwide:
	VDUP R13, V24.D2
wloop:
	VLD1.P 16(R1), [V0.H8]
	VLD1.P 16(R2), [V1.H8]
	VLD1.P 16(R3), [V2.H8]
	VLD1.P 16(R4), [V3.H8]
	VLD1.P 16(R5), [V4.H8]
	VLD1.P 16(R6), [V5.H8]
	VLD1.P 16(R7), [V6.H8]
	VLD1.P 16(R8), [V7.H8]
	VLD1.P 16(R9), [V8.H8]
	VLD1.P 16(R10), [V9.H8]
	WORD $0x2e64000a // uaddl v10.4s, v0.4h, v4.4h
	WORD $0x6e64000b // uaddl2 v11.4s, v0.8h, v4.8h
	WORD $0x2e6900ac // uaddl v12.4s, v5.4h, v9.4h
	WORD $0x6e6900ad // uaddl2 v13.4s, v5.8h, v9.8h
	VSUB V12.S4, V10.S4, V10.S4
	VSUB V13.S4, V11.S4, V11.S4
	WORD $0x2e63002c // uaddl v12.4s, v1.4h, v3.4h
	WORD $0x6e63002d // uaddl2 v13.4s, v1.8h, v3.8h
	WORD $0x2e6800ce // uaddl v14.4s, v6.4h, v8.4h
	WORD $0x6e6800cf // uaddl2 v15.4s, v6.8h, v8.8h
	VSUB V14.S4, V12.S4, V12.S4
	VSUB V15.S4, V13.S4, V13.S4
	WORD $0x2e67204e // usubl v14.4s, v2.4h, v7.4h
	WORD $0x6e67204f // usubl2 v15.4s, v2.8h, v7.8h
	// columns 0-1, 2-3, 4-5, 6-7 in int64 lanes
	WORD $0x0f94a150 // smull v16.2d, v10.2s, v20.s[0]
	WORD $0x4f94a151 // smull2 v17.2d, v10.4s, v20.s[0]
	WORD $0x0f94a172 // smull v18.2d, v11.2s, v20.s[0]
	WORD $0x4f94a173 // smull2 v19.2d, v11.4s, v20.s[0]
	WORD $0x0fb42190 // smlal v16.2d, v12.2s, v20.s[1]
	WORD $0x4fb42191 // smlal2 v17.2d, v12.4s, v20.s[1]
	WORD $0x0fb421b2 // smlal v18.2d, v13.2s, v20.s[1]
	WORD $0x4fb421b3 // smlal2 v19.2d, v13.4s, v20.s[1]
	WORD $0x0f9429d0 // smlal v16.2d, v14.2s, v20.s[2]
	WORD $0x4f9429d1 // smlal2 v17.2d, v14.4s, v20.s[2]
	WORD $0x0f9429f2 // smlal v18.2d, v15.2s, v20.s[2]
	WORD $0x4f9429f3 // smlal2 v19.2d, v15.4s, v20.s[2]
	WORD $0x4ef85610 // srshl v16.2d, v16.2d, v24.2d
	WORD $0x4ef85631 // srshl v17.2d, v17.2d, v24.2d
	WORD $0x4ef85652 // srshl v18.2d, v18.2d, v24.2d
	WORD $0x4ef85673 // srshl v19.2d, v19.2d, v24.2d
	WORD $0x0ea12a10 // xtn v16.2s, v16.2d
	WORD $0x4ea12a30 // xtn2 v16.4s, v17.2d
	WORD $0x0ea12a52 // xtn v18.2s, v18.2d
	WORD $0x4ea12a72 // xtn2 v18.4s, v19.2d
	VST1.P [V16.S4], 16(R0)
	VST1.P [V18.S4], 16(R0)
	WORD $0x4ea0ba10 // abs v16.4s, v16.4s
	WORD $0x4ea0ba52 // abs v18.4s, v18.4s
	VORR V16.B16, V25.B16, V25.B16
	VORR V18.B16, V25.B16, V25.B16
	SUBS $8, R11, R11
	BNE wloop

vdone:
	VEXT $8, V25.B16, V25.B16, V26.B16
	VORR V26.B16, V25.B16, V25.B16
	VEXT $4, V25.B16, V25.B16, V26.B16
	VORR V26.B16, V25.B16, V25.B16
	VMOV V25.S[0], R0
	MOVW R0, ret+104(FP)
	RET

// func hpassNEON(out, row *int32, n int) uint32
//
// hinteriorGo over columns [2, 2+n) (n a positive multiple of 8, row
// holding n+4 values), writing out[j-2] unless out is nil; returns the
// uint32 sum of the |values| (added in lanes: a sum mod 2^32 in any
// order). |row| up to 2^16: the taps' products are taken in int64 lanes.
TEXT ·hpassNEON(SB), NOSPLIT, $0-28
	MOVD out+0(FP), R0
	MOVD row+8(FP), R1
	MOVD n+16(FP), R11
	MOVD $3571, R13
	VMOV R13, V20.S[0]
	MOVD $16004, R13
	VMOV R13, V20.S[1]
	MOVD $26386, R13
	VMOV R13, V20.S[2]
	ADD $4, R1, R2
	ADD $8, R1, R3
	ADD $12, R1, R4
	ADD $16, R1, R5
	VEOR V25.B16, V25.B16, V25.B16

hloop:
	VLD1.P 32(R1), [V0.S4, V1.S4]
	VLD1.P 32(R2), [V2.S4, V3.S4]
	VLD1.P 32(R3), [V4.S4, V5.S4]
	VLD1.P 32(R4), [V6.S4, V7.S4]
	VLD1.P 32(R5), [V8.S4, V9.S4]
	VADD V8.S4, V0.S4, V10.S4
	VADD V9.S4, V1.S4, V11.S4
	VADD V6.S4, V2.S4, V12.S4
	VADD V7.S4, V3.S4, V13.S4
	WORD $0x0f94a150 // smull v16.2d, v10.2s, v20.s[0]
	WORD $0x4f94a151 // smull2 v17.2d, v10.4s, v20.s[0]
	WORD $0x0f94a172 // smull v18.2d, v11.2s, v20.s[0]
	WORD $0x4f94a173 // smull2 v19.2d, v11.4s, v20.s[0]
	WORD $0x0fb42190 // smlal v16.2d, v12.2s, v20.s[1]
	WORD $0x4fb42191 // smlal2 v17.2d, v12.4s, v20.s[1]
	WORD $0x0fb421b2 // smlal v18.2d, v13.2s, v20.s[1]
	WORD $0x4fb421b3 // smlal2 v19.2d, v13.4s, v20.s[1]
	WORD $0x0f942890 // smlal v16.2d, v4.2s, v20.s[2]
	WORD $0x4f942891 // smlal2 v17.2d, v4.4s, v20.s[2]
	WORD $0x0f9428b2 // smlal v18.2d, v5.2s, v20.s[2]
	WORD $0x4f9428b3 // smlal2 v19.2d, v5.4s, v20.s[2]
	WORD $0x4f702610 // srshr v16.2d, v16.2d, #16
	WORD $0x4f702631 // srshr v17.2d, v17.2d, #16
	WORD $0x4f702652 // srshr v18.2d, v18.2d, #16
	WORD $0x4f702673 // srshr v19.2d, v19.2d, #16
	WORD $0x0ea12a10 // xtn v16.2s, v16.2d
	WORD $0x4ea12a30 // xtn2 v16.4s, v17.2d
	WORD $0x0ea12a51 // xtn v17.2s, v18.2d
	WORD $0x4ea12a71 // xtn2 v17.4s, v19.2d
	CBZ R0, hnostore
	VST1.P [V16.S4, V17.S4], 32(R0)
hnostore:
	WORD $0x4ea0ba10 // abs v16.4s, v16.4s
	WORD $0x4ea0ba31 // abs v17.4s, v17.4s
	VADD V16.S4, V25.S4, V25.S4
	VADD V17.S4, V25.S4, V25.S4
	SUBS $8, R11, R11
	BNE hloop
	WORD $0x4eb1bb39 // addv s25, v25.4s
	VMOV V25.S[0], R0
	MOVW R0, ret+24(FP)
	RET

// func hpassSmallNEON(out, row *int32, n int) uint32
//
// hpassNEON for rows whose |values| are all below 2^15: every partial sum
// of the taps' products then stays below 2^31, so the filter runs in
// int32 lanes.
TEXT ·hpassSmallNEON(SB), NOSPLIT, $0-28
	MOVD out+0(FP), R0
	MOVD row+8(FP), R1
	MOVD n+16(FP), R11
	MOVD $3571, R13
	VMOV R13, V20.S[0]
	MOVD $16004, R13
	VMOV R13, V20.S[1]
	MOVD $26386, R13
	VMOV R13, V20.S[2]
	ADD $4, R1, R2
	ADD $8, R1, R3
	ADD $12, R1, R4
	ADD $16, R1, R5
	VEOR V25.B16, V25.B16, V25.B16

sloop:
	VLD1.P 32(R1), [V0.S4, V1.S4]
	VLD1.P 32(R2), [V2.S4, V3.S4]
	VLD1.P 32(R3), [V4.S4, V5.S4]
	VLD1.P 32(R4), [V6.S4, V7.S4]
	VLD1.P 32(R5), [V8.S4, V9.S4]
	VADD V8.S4, V0.S4, V10.S4
	VADD V9.S4, V1.S4, V11.S4
	VADD V6.S4, V2.S4, V12.S4
	VADD V7.S4, V3.S4, V13.S4
	WORD $0x4f948150 // mul v16.4s, v10.4s, v20.s[0]
	WORD $0x4f948171 // mul v17.4s, v11.4s, v20.s[0]
	WORD $0x6fb40190 // mla v16.4s, v12.4s, v20.s[1]
	WORD $0x6fb401b1 // mla v17.4s, v13.4s, v20.s[1]
	WORD $0x6f940890 // mla v16.4s, v4.4s, v20.s[2]
	WORD $0x6f9408b1 // mla v17.4s, v5.4s, v20.s[2]
	WORD $0x4f302610 // srshr v16.4s, v16.4s, #16
	WORD $0x4f302631 // srshr v17.4s, v17.4s, #16
	CBZ R0, snostore
	VST1.P [V16.S4, V17.S4], 32(R0)
snostore:
	WORD $0x4ea0ba10 // abs v16.4s, v16.4s
	WORD $0x4ea0ba31 // abs v17.4s, v17.4s
	VADD V16.S4, V25.S4, V25.S4
	VADD V17.S4, V25.S4, V25.S4
	SUBS $8, R11, R11
	BNE sloop
	WORD $0x4eb1bb39 // addv s25, v25.4s
	VMOV V25.S[0], R0
	MOVW R0, ret+24(FP)
	RET
