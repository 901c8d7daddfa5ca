//go:build !purego

#include "textflag.h"

// AVX-512 twins of Barten's DWT passes (precise.go): eight columns or
// outputs per step, with VPSRAQ and VPMOVQD doing the rounding shift and
// the int32 truncation at any shift. The Q24 taps, low-pass then
// high-pass, broadcast as dwords (VPMULDQ reads the low dword of a qword).
DATA ptaps5<>+0(SB)/4, $8102773
DATA ptaps5<>+4(SB)/4, $14034415
DATA ptaps5<>+8(SB)/4, $3760510
DATA ptaps5<>+12(SB)/4, $-2171132
DATA ptaps5<>+16(SB)/4, $-2171132
DATA ptaps5<>+20(SB)/4, $-3760510
DATA ptaps5<>+24(SB)/4, $14034415
DATA ptaps5<>+28(SB)/4, $-8102773
GLOBL ptaps5<>(SB), RODATA|NOPTR, $32

#define PTAPS5 \
	VPBROADCASTD ptaps5<>+0(SB), Z8 \
	VPBROADCASTD ptaps5<>+4(SB), Z9 \
	VPBROADCASTD ptaps5<>+8(SB), Z10 \
	VPBROADCASTD ptaps5<>+12(SB), Z11 \
	VPBROADCASTD ptaps5<>+16(SB), Z12 \
	VPBROADCASTD ptaps5<>+20(SB), Z13 \
	VPBROADCASTD ptaps5<>+24(SB), Z14 \
	VPBROADCASTD ptaps5<>+28(SB), Z15

// PV5(row, tap): Z16 += tap * row[j..j+7] (int32 rows), in int64 lanes.
#define PV5(row, tap) \
	VPMOVSXDQ (row)(AX*4), Z0 \
	VPMULDQ tap, Z0, Z1 \
	VPADDQ Z1, Z16, Z16

// PV05(row, tap): PV5 for uint16 rows, centred by Z7 first.
#define PV05(row, tap) \
	VPMOVZXWQ (row)(AX*2), Z0 \
	VPSUBQ Z7, Z0, Z0 \
	VPMULDQ tap, Z0, Z1 \
	VPADDQ Z1, Z16, Z16

// func preciseVAVX512(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)
// preciseVGo eight columns at a time: n a multiple of 8.
TEXT ·preciseVAVX512(SB), NOSPLIT, $0-72
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VPBROADCASTQ add+56(FP), Z4
	VMOVQ shift+64(FP), X5
	PTAPS5
	XORQ AX, AX
	TESTQ CX, CX
	JLE p5done
p5loop:
	VMOVDQA64 Z4, Z16
	PV5(R8, Z8)
	PV5(R9, Z9)
	PV5(R10, Z10)
	PV5(R11, Z11)
	VPSRAQ X5, Z16, Z16
	VPMOVQD Z16, Y17
	VMOVDQA64 Z4, Z16
	PV5(R8, Z12)
	PV5(R9, Z13)
	PV5(R10, Z14)
	PV5(R11, Z15)
	VPSRAQ X5, Z16, Z16
	VPMOVQD Z16, Y18
	VMOVDQU32 Y17, (DI)(AX*4)
	VMOVDQU32 Y18, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT p5loop
p5done:
	VZEROUPPER
	RET

// func preciseV0AVX512(lo, hi *int32, r0, r1, r2, r3 *uint16, n int, centre, add int64, shift uint64)
// preciseV0Go eight columns at a time: n a multiple of 8.
TEXT ·preciseV0AVX512(SB), NOSPLIT, $0-80
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VPBROADCASTQ centre+56(FP), Z7
	VPBROADCASTQ add+64(FP), Z4
	VMOVQ shift+72(FP), X5
	PTAPS5
	XORQ AX, AX
	TESTQ CX, CX
	JLE p05done
p05loop:
	VMOVDQA64 Z4, Z16
	PV05(R8, Z8)
	PV05(R9, Z9)
	PV05(R10, Z10)
	PV05(R11, Z11)
	VPSRAQ X5, Z16, Z16
	VPMOVQD Z16, Y17
	VMOVDQA64 Z4, Z16
	PV05(R8, Z12)
	PV05(R9, Z13)
	PV05(R10, Z14)
	PV05(R11, Z15)
	VPSRAQ X5, Z16, Z16
	VPMOVQD Z16, Y18
	VMOVDQU32 Y17, (DI)(AX*4)
	VMOVDQU32 Y18, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT p05loop
p05done:
	VZEROUPPER
	RET

// PH5(t0, t1, t2, t3, add, sh, dst): dst (8 dwords) = int32((t0*s0 +
// t1*s1 + t2*s2 + t3*s3 + add) >> sh), (s0, s1) the dwords of Z0's qwords
// (s1 in Z2), (s2, s3) Z1's (s3 in Z3).
#define PH5(t0, t1, t2, t3, add, sh, dst) \
	VPMULDQ t0, Z0, Z16 \
	VPMULDQ t1, Z2, Z17 \
	VPADDQ Z17, Z16, Z16 \
	VPMULDQ t2, Z1, Z17 \
	VPADDQ Z17, Z16, Z16 \
	VPMULDQ t3, Z3, Z17 \
	VPADDQ Z17, Z16, Z16 \
	VPADDQ add, Z16, Z16 \
	VPSRAQ sh, Z16, Z16 \
	VPMOVQD Z16, dst

// func preciseHAVX512(a, b, src *int32, n int, addA int64, shA uint64, addB int64, shB uint64)
// preciseHAVX2 eight outputs at a time (n a multiple of 8), any shift up
// to 63; it reads src[0 .. 2n+1].
TEXT ·preciseHAVX512(SB), NOSPLIT, $0-64
	MOVQ a+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ src+16(FP), R8
	MOVQ n+24(FP), CX
	VPBROADCASTQ addA+32(FP), Z4
	VMOVQ shA+40(FP), X5
	VPBROADCASTQ addB+48(FP), Z6
	VMOVQ shB+56(FP), X7
	PTAPS5
	XORQ AX, AX
	TESTQ CX, CX
	JLE ph5done
ph5loop:
	VMOVDQU32 (R8)(AX*8), Z0
	VMOVDQU32 8(R8)(AX*8), Z1
	VPSRLQ $32, Z0, Z2
	VPSRLQ $32, Z1, Z3
	PH5(Z8, Z9, Z10, Z11, Z4, X5, Y18)
	PH5(Z12, Z13, Z14, Z15, Z6, X7, Y19)
	VMOVDQU32 Y18, (DI)(AX*4)
	VMOVDQU32 Y19, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT ph5loop
ph5done:
	VZEROUPPER
	RET
