#include "textflag.h"

// func vpassAVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, round int64, shift uint64) uint32
//
// dst[j] = (3571*(d0+d4) + 16004*(d1+d3) + 26386*d2 + round) >> shift for
// j in [0, n), dk = pk[j] - ck[j], n a multiple of 8; returns the OR of
// dst. Samples of at most 15 bits keep every sum inside int32.
TEXT ·vpassAVX2(SB), NOSPLIT, $0-116
	MOVL $3571, R13
	MOVQ R13, X10
	VPBROADCASTD X10, Y10
	MOVL $16004, R13
	MOVQ R13, X11
	VPBROADCASTD X11, Y11
	MOVL $26386, R13
	MOVQ R13, X12
	VPBROADCASTD X12, Y12
	MOVQ round+96(FP), R13
	MOVQ R13, X13
	VPBROADCASTD X13, Y13
	MOVQ shift+104(FP), X14
	VPXOR Y15, Y15, Y15

	MOVQ dst+0(FP), DI
	MOVQ p0+8(FP), AX
	MOVQ p1+16(FP), BX
	MOVQ p2+24(FP), CX
	MOVQ p3+32(FP), DX
	MOVQ p4+40(FP), SI
	MOVQ c0+48(FP), R8
	MOVQ c1+56(FP), R9
	MOVQ c2+64(FP), R10
	MOVQ c3+72(FP), R11
	MOVQ c4+80(FP), R12
	MOVQ n+88(FP), R14
	XORQ R13, R13

vloop:
	CMPQ R13, R14
	JGE  vdone
	VPMOVZXWD (AX)(R13*2), Y0
	VPMOVZXWD (R8)(R13*2), Y5
	VPSUBD    Y5, Y0, Y0
	VPMOVZXWD (BX)(R13*2), Y1
	VPMOVZXWD (R9)(R13*2), Y6
	VPSUBD    Y6, Y1, Y1
	VPMOVZXWD (CX)(R13*2), Y2
	VPMOVZXWD (R10)(R13*2), Y7
	VPSUBD    Y7, Y2, Y2
	VPMOVZXWD (DX)(R13*2), Y3
	VPMOVZXWD (R11)(R13*2), Y8
	VPSUBD    Y8, Y3, Y3
	VPMOVZXWD (SI)(R13*2), Y4
	VPMOVZXWD (R12)(R13*2), Y9
	VPSUBD    Y9, Y4, Y4
	VPADDD    Y4, Y0, Y0
	VPADDD    Y3, Y1, Y1
	VPMULLD   Y10, Y0, Y0
	VPMULLD   Y11, Y1, Y1
	VPMULLD   Y12, Y2, Y2
	VPADDD    Y1, Y0, Y0
	VPADDD    Y2, Y0, Y0
	VPADDD    Y13, Y0, Y0
	VPSRAD    X14, Y0, Y0
	VMOVDQU   Y0, (DI)(R13*4)
	VPOR      Y0, Y15, Y15
	ADDQ      $8, R13
	JMP       vloop

vdone:
	XORL    AX, AX
	VPTEST  Y15, Y15
	SETNE   AL
	MOVL    AX, ret+112(FP)
	VZEROUPPER
	RET

// func hpassAVX2(out, row *int32, n int) uint32
//
// out[i] = (3571*(r[i]+r[i+4]) + 16004*(r[i+1]+r[i+3]) + 26386*r[i+2] +
// 2^15) >> 16 for i in [0, n), n a multiple of 8, and the uint32 sum of
// |out[i]|. |r| <= 65535 keeps each product inside int32; their sum may
// not fit, so each product is split into its high and low 16 bits: the
// result is the sum of the high parts plus (the low parts + 2^15) >> 16.
TEXT ·hpassAVX2(SB), NOSPLIT, $0-28
	MOVL $3571, AX
	MOVQ AX, X10
	VPBROADCASTD X10, Y10
	MOVL $16004, AX
	MOVQ AX, X11
	VPBROADCASTD X11, Y11
	MOVL $26386, AX
	MOVQ AX, X12
	VPBROADCASTD X12, Y12
	MOVL $32768, AX
	MOVQ AX, X13
	VPBROADCASTD X13, Y13
	MOVL $65535, AX
	MOVQ AX, X9
	VPBROADCASTD X9, Y9
	VPXOR Y15, Y15, Y15

	MOVQ out+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ BX, BX

hloop:
	CMPQ    BX, CX
	JGE     hdone
	VMOVDQU (SI)(BX*4), Y0
	VMOVDQU 4(SI)(BX*4), Y1
	VMOVDQU 8(SI)(BX*4), Y2
	VMOVDQU 12(SI)(BX*4), Y3
	VMOVDQU 16(SI)(BX*4), Y4
	VPADDD  Y4, Y0, Y0
	VPADDD  Y3, Y1, Y1
	VPMULLD Y10, Y0, Y0
	VPMULLD Y11, Y1, Y1
	VPMULLD Y12, Y2, Y2
	VPSRAD  $16, Y0, Y3
	VPSRAD  $16, Y1, Y4
	VPSRAD  $16, Y2, Y5
	VPADDD  Y4, Y3, Y3
	VPADDD  Y5, Y3, Y3
	VPAND   Y9, Y0, Y0
	VPAND   Y9, Y1, Y1
	VPAND   Y9, Y2, Y2
	VPADDD  Y1, Y0, Y0
	VPADDD  Y2, Y0, Y0
	VPADDD  Y13, Y0, Y0
	VPSRLD  $16, Y0, Y0
	VPADDD  Y3, Y0, Y0
	VMOVDQU Y0, (DI)(BX*4)
	VPABSD  Y0, Y0
	VPADDD  Y0, Y15, Y15
	ADDQ    $8, BX
	JMP     hloop

hdone:
	VEXTRACTI128 $1, Y15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0x4E, X15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0xB1, X15, X0
	VPADDD       X0, X15, X15
	MOVQ         X15, AX
	MOVL         AX, ret+24(FP)
	VZEROUPPER
	RET

// func vpass16AVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int) uint32
//
// vpassAVX2 for 16-bit samples (shift 16, rounding 2^15): each product
// still fits int32 but their sum may not, so, as in hpassAVX2, each is
// split into its high and low 16 bits.
TEXT ·vpass16AVX2(SB), NOSPLIT, $0-100
	MOVL $3571, R13
	MOVQ R13, X10
	VPBROADCASTD X10, Y10
	MOVL $16004, R13
	MOVQ R13, X11
	VPBROADCASTD X11, Y11
	MOVL $26386, R13
	MOVQ R13, X12
	VPBROADCASTD X12, Y12
	MOVL $32768, R13
	MOVQ R13, X13
	VPBROADCASTD X13, Y13
	MOVL $65535, R13
	MOVQ R13, X14
	VPBROADCASTD X14, Y14
	VPXOR Y15, Y15, Y15

	MOVQ dst+0(FP), DI
	MOVQ p0+8(FP), AX
	MOVQ p1+16(FP), BX
	MOVQ p2+24(FP), CX
	MOVQ p3+32(FP), DX
	MOVQ p4+40(FP), SI
	MOVQ c0+48(FP), R8
	MOVQ c1+56(FP), R9
	MOVQ c2+64(FP), R10
	MOVQ c3+72(FP), R11
	MOVQ c4+80(FP), R12
	MOVQ n+88(FP), R14
	XORQ R13, R13

v16loop:
	CMPQ R13, R14
	JGE  v16done
	VPMOVZXWD (AX)(R13*2), Y0
	VPMOVZXWD (R8)(R13*2), Y5
	VPSUBD    Y5, Y0, Y0
	VPMOVZXWD (BX)(R13*2), Y1
	VPMOVZXWD (R9)(R13*2), Y6
	VPSUBD    Y6, Y1, Y1
	VPMOVZXWD (CX)(R13*2), Y2
	VPMOVZXWD (R10)(R13*2), Y7
	VPSUBD    Y7, Y2, Y2
	VPMOVZXWD (DX)(R13*2), Y3
	VPMOVZXWD (R11)(R13*2), Y8
	VPSUBD    Y8, Y3, Y3
	VPMOVZXWD (SI)(R13*2), Y4
	VPMOVZXWD (R12)(R13*2), Y9
	VPSUBD    Y9, Y4, Y4
	VPADDD    Y4, Y0, Y0
	VPADDD    Y3, Y1, Y1
	VPMULLD   Y10, Y0, Y0
	VPMULLD   Y11, Y1, Y1
	VPMULLD   Y12, Y2, Y2
	VPSRAD    $16, Y0, Y3
	VPSRAD    $16, Y1, Y4
	VPSRAD    $16, Y2, Y5
	VPADDD    Y4, Y3, Y3
	VPADDD    Y5, Y3, Y3
	VPAND     Y14, Y0, Y0
	VPAND     Y14, Y1, Y1
	VPAND     Y14, Y2, Y2
	VPADDD    Y1, Y0, Y0
	VPADDD    Y2, Y0, Y0
	VPADDD    Y13, Y0, Y0
	VPSRLD    $16, Y0, Y0
	VPADDD    Y3, Y0, Y0
	VMOVDQU   Y0, (DI)(R13*4)
	VPOR      Y0, Y15, Y15
	ADDQ      $8, R13
	JMP       v16loop

v16done:
	XORL    AX, AX
	VPTEST  Y15, Y15
	SETNE   AL
	MOVL    AX, ret+96(FP)
	VZEROUPPER
	RET
