//go:build !purego

#include "textflag.h"

// The NEON twins of VIF's row kernels (kernels_arm64.go), 8 columns a
// step. Every WORD is an A64 instruction the Go assembler has no mnemonic
// for, named in its comment in ARM syntax (llvm-mc -triple=aarch64
// -show-encoding gives the same word). Each tap is broadcast to every
// lane of V6 (its low halfword, V6.H[0], is the tap too: taps are below
// 2^16). The widening multiply-adds (UMLAL) form every product exactly;
// the 32-bit sums wrap as the Go twins' uint32 sums do, and the 64-bit
// ones never overflow.

// func statVNEON(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint16, taps, n int, muAdd, muShift, sqAdd, sqShift uint64)
//
// statVGo over n columns (n a positive multiple of 8) from column 0 of
// the rows ref[k], dis[k]: each row weighed by its own tap (the pairing of
// the Go twin only regroups exact integer sums), the means summed in
// uint32 (below 2^32, so exact), the moments in uint64.
TEXT ·statVNEON(SB), NOSPLIT, $0-112
	MOVD mu1+0(FP), R0
	MOVD mu2+8(FP), R1
	MOVD rr+16(FP), R2
	MOVD dd+24(FP), R3
	MOVD rd+32(FP), R4
	MOVD ref+40(FP), R5
	MOVD dis+48(FP), R6
	MOVD filt+56(FP), R7
	MOVD taps+64(FP), R8
	MOVD n+72(FP), R9
	MOVD muAdd+80(FP), R13
	VDUP R13, V7.S4
	MOVD muShift+88(FP), R13
	NEG R13, R13
	VDUP R13, V8.S4
	MOVD sqAdd+96(FP), R13
	VDUP R13, V10.D2
	MOVD sqShift+104(FP), R13
	NEG R13, R13
	VDUP R13, V11.D2
	WORD $0x4f07c7e9 // movi v9.4s, #0xff, msl #8
	MOVD ZR, R10 // byte offset of the block in the rows

svblock:
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0
	WORD $0x6f00e412 // movi v18.2d, #0
	WORD $0x6f00e413 // movi v19.2d, #0
	WORD $0x6f00e414 // movi v20.2d, #0
	WORD $0x6f00e415 // movi v21.2d, #0
	WORD $0x6f00e416 // movi v22.2d, #0
	WORD $0x6f00e417 // movi v23.2d, #0
	WORD $0x6f00e418 // movi v24.2d, #0
	WORD $0x6f00e419 // movi v25.2d, #0
	WORD $0x6f00e41a // movi v26.2d, #0
	WORD $0x6f00e41b // movi v27.2d, #0
	WORD $0x6f00e41c // movi v28.2d, #0
	WORD $0x6f00e41d // movi v29.2d, #0
	WORD $0x6f00e41e // movi v30.2d, #0
	WORD $0x6f00e41f // movi v31.2d, #0
	MOVD R5, R11
	MOVD R6, R12
	MOVD R7, R15
	MOVD R8, R16

svtap:
	MOVD.P 8(R11), R13
	MOVD.P 8(R12), R14
	ADD R10, R13, R13
	ADD R10, R14, R14
	VLD1 (R13), [V0.H8]
	VLD1 (R14), [V1.H8]
	MOVHU.P 2(R15), R17
	VDUP R17, V6.S4
	WORD $0x2f462010 // umlal v16.4s, v0.4h, v6.h[0]
	WORD $0x6f462011 // umlal2 v17.4s, v0.8h, v6.h[0]
	WORD $0x2f462032 // umlal v18.4s, v1.4h, v6.h[0]
	WORD $0x6f462033 // umlal2 v19.4s, v1.8h, v6.h[0]
	WORD $0x2e60c002 // umull v2.4s, v0.4h, v0.4h
	WORD $0x6e60c003 // umull2 v3.4s, v0.8h, v0.8h
	WORD $0x2f862054 // umlal v20.2d, v2.2s, v6.s[0]
	WORD $0x6f862055 // umlal2 v21.2d, v2.4s, v6.s[0]
	WORD $0x2f862076 // umlal v22.2d, v3.2s, v6.s[0]
	WORD $0x6f862077 // umlal2 v23.2d, v3.4s, v6.s[0]
	WORD $0x2e61c022 // umull v2.4s, v1.4h, v1.4h
	WORD $0x6e61c023 // umull2 v3.4s, v1.8h, v1.8h
	WORD $0x2f862058 // umlal v24.2d, v2.2s, v6.s[0]
	WORD $0x6f862059 // umlal2 v25.2d, v2.4s, v6.s[0]
	WORD $0x2f86207a // umlal v26.2d, v3.2s, v6.s[0]
	WORD $0x6f86207b // umlal2 v27.2d, v3.4s, v6.s[0]
	WORD $0x2e61c002 // umull v2.4s, v0.4h, v1.4h
	WORD $0x6e61c003 // umull2 v3.4s, v0.8h, v1.8h
	WORD $0x2f86205c // umlal v28.2d, v2.2s, v6.s[0]
	WORD $0x6f86205d // umlal2 v29.2d, v2.4s, v6.s[0]
	WORD $0x2f86207e // umlal v30.2d, v3.2s, v6.s[0]
	WORD $0x6f86207f // umlal2 v31.2d, v3.4s, v6.s[0]
	SUBS $1, R16, R16
	BNE svtap

	// means: uint16((m + muAdd) >> muShift)
	VADD V7.S4, V16.S4, V16.S4
	VADD V7.S4, V17.S4, V17.S4
	VADD V7.S4, V18.S4, V18.S4
	VADD V7.S4, V19.S4, V19.S4
	WORD $0x6ea84610 // ushl v16.4s, v16.4s, v8.4s
	WORD $0x6ea84631 // ushl v17.4s, v17.4s, v8.4s
	WORD $0x6ea84652 // ushl v18.4s, v18.4s, v8.4s
	WORD $0x6ea84673 // ushl v19.4s, v19.4s, v8.4s
	VAND V9.B16, V16.B16, V16.B16
	VAND V9.B16, V17.B16, V17.B16
	VAND V9.B16, V18.B16, V18.B16
	VAND V9.B16, V19.B16, V19.B16
	VST1.P [V16.S4, V17.S4], 32(R0)
	VST1.P [V18.S4, V19.S4], 32(R1)
	// moments: uint32((s + sqAdd) >> sqShift)
	VADD V10.D2, V20.D2, V20.D2
	VADD V10.D2, V21.D2, V21.D2
	VADD V10.D2, V22.D2, V22.D2
	VADD V10.D2, V23.D2, V23.D2
	VADD V10.D2, V24.D2, V24.D2
	VADD V10.D2, V25.D2, V25.D2
	VADD V10.D2, V26.D2, V26.D2
	VADD V10.D2, V27.D2, V27.D2
	VADD V10.D2, V28.D2, V28.D2
	VADD V10.D2, V29.D2, V29.D2
	VADD V10.D2, V30.D2, V30.D2
	VADD V10.D2, V31.D2, V31.D2
	WORD $0x6eeb4694 // ushl v20.2d, v20.2d, v11.2d
	WORD $0x6eeb46b5 // ushl v21.2d, v21.2d, v11.2d
	WORD $0x6eeb46d6 // ushl v22.2d, v22.2d, v11.2d
	WORD $0x6eeb46f7 // ushl v23.2d, v23.2d, v11.2d
	WORD $0x6eeb4718 // ushl v24.2d, v24.2d, v11.2d
	WORD $0x6eeb4739 // ushl v25.2d, v25.2d, v11.2d
	WORD $0x6eeb475a // ushl v26.2d, v26.2d, v11.2d
	WORD $0x6eeb477b // ushl v27.2d, v27.2d, v11.2d
	WORD $0x6eeb479c // ushl v28.2d, v28.2d, v11.2d
	WORD $0x6eeb47bd // ushl v29.2d, v29.2d, v11.2d
	WORD $0x6eeb47de // ushl v30.2d, v30.2d, v11.2d
	WORD $0x6eeb47ff // ushl v31.2d, v31.2d, v11.2d
	WORD $0x0ea12a94 // xtn v20.2s, v20.2d
	WORD $0x4ea12ab4 // xtn2 v20.4s, v21.2d
	WORD $0x0ea12ad5 // xtn v21.2s, v22.2d
	WORD $0x4ea12af5 // xtn2 v21.4s, v23.2d
	WORD $0x0ea12b18 // xtn v24.2s, v24.2d
	WORD $0x4ea12b38 // xtn2 v24.4s, v25.2d
	WORD $0x0ea12b59 // xtn v25.2s, v26.2d
	WORD $0x4ea12b79 // xtn2 v25.4s, v27.2d
	WORD $0x0ea12b9c // xtn v28.2s, v28.2d
	WORD $0x4ea12bbc // xtn2 v28.4s, v29.2d
	WORD $0x0ea12bdd // xtn v29.2s, v30.2d
	WORD $0x4ea12bfd // xtn2 v29.4s, v31.2d
	VST1.P [V20.S4, V21.S4], 32(R2)
	VST1.P [V24.S4, V25.S4], 32(R3)
	VST1.P [V28.S4, V29.S4], 32(R4)
	ADD $16, R10, R10
	SUBS $8, R9, R9
	BNE svblock
	RET

// func statV8NEON(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint16, taps, n int)
//
// statVNEON for 8-bit samples at scale 0 (StatRounding(0, 8): means
// rounded by 2^7 and shifted by 8, moments unrounded): every square and
// product of two samples fits 16 bits and every sum 32, so the moments
// are summed in uint32 lanes from 16-bit products.
TEXT ·statV8NEON(SB), NOSPLIT, $0-80
	MOVD mu1+0(FP), R0
	MOVD mu2+8(FP), R1
	MOVD rr+16(FP), R2
	MOVD dd+24(FP), R3
	MOVD rd+32(FP), R4
	MOVD ref+40(FP), R5
	MOVD dis+48(FP), R6
	MOVD filt+56(FP), R7
	MOVD taps+64(FP), R8
	MOVD n+72(FP), R9
	MOVD ZR, R10

s8block:
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0
	WORD $0x6f00e412 // movi v18.2d, #0
	WORD $0x6f00e413 // movi v19.2d, #0
	WORD $0x6f00e414 // movi v20.2d, #0
	WORD $0x6f00e415 // movi v21.2d, #0
	WORD $0x6f00e416 // movi v22.2d, #0
	WORD $0x6f00e417 // movi v23.2d, #0
	WORD $0x6f00e418 // movi v24.2d, #0
	WORD $0x6f00e419 // movi v25.2d, #0
	MOVD R5, R11
	MOVD R6, R12
	MOVD R7, R15
	MOVD R8, R16

s8tap:
	MOVD.P 8(R11), R13
	MOVD.P 8(R12), R14
	ADD R10, R13, R13
	ADD R10, R14, R14
	VLD1 (R13), [V0.H8]
	VLD1 (R14), [V1.H8]
	MOVHU.P 2(R15), R17
	VDUP R17, V6.S4
	WORD $0x2f462010 // umlal v16.4s, v0.4h, v6.h[0]
	WORD $0x6f462011 // umlal2 v17.4s, v0.8h, v6.h[0]
	WORD $0x2f462032 // umlal v18.4s, v1.4h, v6.h[0]
	WORD $0x6f462033 // umlal2 v19.4s, v1.8h, v6.h[0]
	WORD $0x4e609c02 // mul v2.8h, v0.8h, v0.8h
	WORD $0x4e619c23 // mul v3.8h, v1.8h, v1.8h
	WORD $0x4e619c04 // mul v4.8h, v0.8h, v1.8h
	WORD $0x2f462054 // umlal v20.4s, v2.4h, v6.h[0]
	WORD $0x6f462055 // umlal2 v21.4s, v2.8h, v6.h[0]
	WORD $0x2f462076 // umlal v22.4s, v3.4h, v6.h[0]
	WORD $0x6f462077 // umlal2 v23.4s, v3.8h, v6.h[0]
	WORD $0x2f462098 // umlal v24.4s, v4.4h, v6.h[0]
	WORD $0x6f462099 // umlal2 v25.4s, v4.8h, v6.h[0]
	SUBS $1, R16, R16
	BNE s8tap

	WORD $0x6f382610 // urshr v16.4s, v16.4s, #8
	WORD $0x6f382631 // urshr v17.4s, v17.4s, #8
	WORD $0x6f382652 // urshr v18.4s, v18.4s, #8
	WORD $0x6f382673 // urshr v19.4s, v19.4s, #8
	VST1.P [V16.S4, V17.S4], 32(R0)
	VST1.P [V18.S4, V19.S4], 32(R1)
	VST1.P [V20.S4, V21.S4], 32(R2)
	VST1.P [V22.S4, V23.S4], 32(R3)
	VST1.P [V24.S4, V25.S4], 32(R4)
	ADD $16, R10, R10
	SUBS $8, R9, R9
	BNE s8block
	RET

// func statHNEON(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, filt *uint16, taps, n int)
//
// statHGo over n outputs (n a positive multiple of 8) from padded rows
// starting at the first output's leftmost tap. The means are below 2^16,
// so their filtered sums fit uint32 (MLA, exact); the moments' products
// and sums are uint64 (UMLAL). RSHRN #32 and #16 are the Go twin's
// (x + 2^31) >> 32 and (x + 2^15) >> 16 on the exact 64-bit value,
// truncated to 32 bits.
TEXT ·statHNEON(SB), NOSPLIT, $0-88
	MOVD s1+0(FP), R0
	MOVD s2+8(FP), R1
	MOVD s12+16(FP), R2
	MOVD mu1+24(FP), R3
	MOVD mu2+32(FP), R4
	MOVD rr+40(FP), R5
	MOVD dd+48(FP), R6
	MOVD rd+56(FP), R7
	MOVD filt+64(FP), R8
	MOVD taps+72(FP), R9
	MOVD n+80(FP), R10

shblock:
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0
	WORD $0x6f00e412 // movi v18.2d, #0
	WORD $0x6f00e413 // movi v19.2d, #0
	WORD $0x6f00e414 // movi v20.2d, #0
	WORD $0x6f00e415 // movi v21.2d, #0
	WORD $0x6f00e416 // movi v22.2d, #0
	WORD $0x6f00e417 // movi v23.2d, #0
	WORD $0x6f00e418 // movi v24.2d, #0
	WORD $0x6f00e419 // movi v25.2d, #0
	WORD $0x6f00e41a // movi v26.2d, #0
	WORD $0x6f00e41b // movi v27.2d, #0
	WORD $0x6f00e41c // movi v28.2d, #0
	WORD $0x6f00e41d // movi v29.2d, #0
	WORD $0x6f00e41e // movi v30.2d, #0
	WORD $0x6f00e41f // movi v31.2d, #0
	MOVD R3, R11
	MOVD R4, R12
	MOVD R5, R13
	MOVD R6, R14
	MOVD R7, R15
	MOVD R8, R16
	MOVD R9, R17

shtap:
	VLD1 (R11), [V0.S4, V1.S4]
	VLD1 (R12), [V2.S4, V3.S4]
	VLD1 (R13), [V4.S4, V5.S4]
	ADD $4, R11, R11
	ADD $4, R12, R12
	ADD $4, R13, R13
	MOVHU.P 2(R16), R19
	VDUP R19, V6.S4
	WORD $0x6f860010 // mla v16.4s, v0.4s, v6.s[0]
	WORD $0x6f860031 // mla v17.4s, v1.4s, v6.s[0]
	WORD $0x6f860052 // mla v18.4s, v2.4s, v6.s[0]
	WORD $0x6f860073 // mla v19.4s, v3.4s, v6.s[0]
	WORD $0x2f862094 // umlal v20.2d, v4.2s, v6.s[0]
	WORD $0x6f862095 // umlal2 v21.2d, v4.4s, v6.s[0]
	WORD $0x2f8620b6 // umlal v22.2d, v5.2s, v6.s[0]
	WORD $0x6f8620b7 // umlal2 v23.2d, v5.4s, v6.s[0]
	VLD1 (R14), [V0.S4, V1.S4]
	VLD1 (R15), [V2.S4, V3.S4]
	ADD $4, R14, R14
	ADD $4, R15, R15
	WORD $0x2f862018 // umlal v24.2d, v0.2s, v6.s[0]
	WORD $0x6f862019 // umlal2 v25.2d, v0.4s, v6.s[0]
	WORD $0x2f86203a // umlal v26.2d, v1.2s, v6.s[0]
	WORD $0x6f86203b // umlal2 v27.2d, v1.4s, v6.s[0]
	WORD $0x2f86205c // umlal v28.2d, v2.2s, v6.s[0]
	WORD $0x6f86205d // umlal2 v29.2d, v2.4s, v6.s[0]
	WORD $0x2f86207e // umlal v30.2d, v3.2s, v6.s[0]
	WORD $0x6f86207f // umlal2 v31.2d, v3.4s, v6.s[0]
	SUBS $1, R17, R17
	BNE shtap

	// the moments' means, (x + 2^15) >> 16
	WORD $0x0f308e94 // rshrn v20.2s, v20.2d, #16
	WORD $0x4f308eb4 // rshrn2 v20.4s, v21.2d, #16
	WORD $0x0f308ed5 // rshrn v21.2s, v22.2d, #16
	WORD $0x4f308ef5 // rshrn2 v21.4s, v23.2d, #16
	WORD $0x0f308f18 // rshrn v24.2s, v24.2d, #16
	WORD $0x4f308f38 // rshrn2 v24.4s, v25.2d, #16
	WORD $0x0f308f59 // rshrn v25.2s, v26.2d, #16
	WORD $0x4f308f79 // rshrn2 v25.4s, v27.2d, #16
	WORD $0x0f308f9c // rshrn v28.2s, v28.2d, #16
	WORD $0x4f308fbc // rshrn2 v28.4s, v29.2d, #16
	WORD $0x0f308fdd // rshrn v29.2s, v30.2d, #16
	WORD $0x4f308ffd // rshrn2 v29.4s, v31.2d, #16
	// the means' squares and product, (m*m + 2^31) >> 32
	WORD $0x2eb0c200 // umull v0.2d, v16.2s, v16.2s
	WORD $0x6eb0c201 // umull2 v1.2d, v16.4s, v16.4s
	WORD $0x2eb1c222 // umull v2.2d, v17.2s, v17.2s
	WORD $0x6eb1c223 // umull2 v3.2d, v17.4s, v17.4s
	WORD $0x0f208c00 // rshrn v0.2s, v0.2d, #32
	WORD $0x4f208c20 // rshrn2 v0.4s, v1.2d, #32
	WORD $0x0f208c41 // rshrn v1.2s, v2.2d, #32
	WORD $0x4f208c61 // rshrn2 v1.4s, v3.2d, #32
	VSUB V0.S4, V20.S4, V20.S4
	VSUB V1.S4, V21.S4, V21.S4
	VST1.P [V20.S4, V21.S4], 32(R0)
	WORD $0x2eb2c240 // umull v0.2d, v18.2s, v18.2s
	WORD $0x6eb2c241 // umull2 v1.2d, v18.4s, v18.4s
	WORD $0x2eb3c262 // umull v2.2d, v19.2s, v19.2s
	WORD $0x6eb3c263 // umull2 v3.2d, v19.4s, v19.4s
	WORD $0x0f208c00 // rshrn v0.2s, v0.2d, #32
	WORD $0x4f208c20 // rshrn2 v0.4s, v1.2d, #32
	WORD $0x0f208c41 // rshrn v1.2s, v2.2d, #32
	WORD $0x4f208c61 // rshrn2 v1.4s, v3.2d, #32
	VSUB V0.S4, V24.S4, V24.S4
	VSUB V1.S4, V25.S4, V25.S4
	VST1.P [V24.S4, V25.S4], 32(R1)
	WORD $0x2eb2c200 // umull v0.2d, v16.2s, v18.2s
	WORD $0x6eb2c201 // umull2 v1.2d, v16.4s, v18.4s
	WORD $0x2eb3c222 // umull v2.2d, v17.2s, v19.2s
	WORD $0x6eb3c223 // umull2 v3.2d, v17.4s, v19.4s
	WORD $0x0f208c00 // rshrn v0.2s, v0.2d, #32
	WORD $0x4f208c20 // rshrn2 v0.4s, v1.2d, #32
	WORD $0x0f208c41 // rshrn v1.2s, v2.2d, #32
	WORD $0x4f208c61 // rshrn2 v1.4s, v3.2d, #32
	VSUB V0.S4, V28.S4, V28.S4
	VSUB V1.S4, V29.S4, V29.S4
	VST1.P [V28.S4, V29.S4], 32(R2)
	ADD $32, R3, R3
	ADD $32, R4, R4
	ADD $32, R5, R5
	ADD $32, R6, R6
	ADD $32, R7, R7
	SUBS $8, R10, R10
	BNE shblock
	RET

// func subVNEON(conv *uint16, rows **uint16, filt *uint16, taps, n int, add, shift uint64)
//
// subVGo over n columns (n a positive multiple of 8) from column 0 of the
// rows: each row weighed by its own tap in uint32 lanes (below 2^32, so
// exact), then uint16((sum + add) >> shift), wrapping as the Go twin.
TEXT ·subVNEON(SB), NOSPLIT, $0-56
	MOVD conv+0(FP), R0
	MOVD rows+8(FP), R1
	MOVD filt+16(FP), R2
	MOVD taps+24(FP), R3
	MOVD n+32(FP), R4
	MOVD add+40(FP), R13
	VDUP R13, V7.S4
	MOVD shift+48(FP), R13
	NEG R13, R13
	VDUP R13, V8.S4
	MOVD ZR, R10

sublock:
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0
	MOVD R1, R11
	MOVD R2, R15
	MOVD R3, R16

subtap:
	MOVD.P 8(R11), R13
	ADD R10, R13, R13
	VLD1 (R13), [V0.H8]
	MOVHU.P 2(R15), R17
	VDUP R17, V6.S4
	WORD $0x2f462010 // umlal v16.4s, v0.4h, v6.h[0]
	WORD $0x6f462011 // umlal2 v17.4s, v0.8h, v6.h[0]
	SUBS $1, R16, R16
	BNE subtap

	VADD V7.S4, V16.S4, V16.S4
	VADD V7.S4, V17.S4, V17.S4
	WORD $0x6ea84610 // ushl v16.4s, v16.4s, v8.4s
	WORD $0x6ea84631 // ushl v17.4s, v17.4s, v8.4s
	WORD $0x0e612a10 // xtn v16.4h, v16.4s
	WORD $0x4e612a30 // xtn2 v16.8h, v17.4s
	VST1.P [V16.H8], 16(R0)
	ADD $16, R10, R10
	SUBS $8, R4, R4
	BNE sublock
	RET

// func subHNEON(out, conv *uint16, filt *uint16, taps, n int)
//
// subHGo over outputs [0, n) (n a positive multiple of 8): out[j] from
// conv[2j .. 2j+taps-1]. LD2 splits 16 samples into the even and the odd
// ones, so tap 2m weighs the even samples of a load at conv[2j+2m] and
// tap 2m+1 its odd ones; uint32 lanes (below 2^32, exact), then RSHRN #16,
// the Go twin's (sum + 32768) >> 16 truncated to 16 bits.
TEXT ·subHNEON(SB), NOSPLIT, $0-40
	MOVD out+0(FP), R0
	MOVD conv+8(FP), R1
	MOVD filt+16(FP), R2
	MOVD taps+24(FP), R3
	MOVD n+32(FP), R4

shlblock:
	WORD $0x6f00e410 // movi v16.2d, #0
	WORD $0x6f00e411 // movi v17.2d, #0
	MOVD R1, R11
	MOVD R2, R15
	MOVD R3, R16

shlpair:
	VLD2 (R11), [V0.H8, V1.H8]
	ADD $4, R11, R11
	MOVHU.P 2(R15), R17
	VDUP R17, V6.S4
	WORD $0x2f462010 // umlal v16.4s, v0.4h, v6.h[0]
	WORD $0x6f462011 // umlal2 v17.4s, v0.8h, v6.h[0]
	SUBS $1, R16, R16
	BEQ shlend
	MOVHU.P 2(R15), R17
	VDUP R17, V6.S4
	WORD $0x2f462030 // umlal v16.4s, v1.4h, v6.h[0]
	WORD $0x6f462031 // umlal2 v17.4s, v1.8h, v6.h[0]
	SUBS $1, R16, R16
	BNE shlpair

shlend:
	WORD $0x0f108e10 // rshrn v16.4h, v16.4s, #16
	WORD $0x4f108e30 // rshrn2 v16.8h, v17.4s, #16
	VST1.P [V16.H8], 16(R0)
	ADD $32, R1, R1
	SUBS $8, R4, R4
	BNE shlblock
	RET
