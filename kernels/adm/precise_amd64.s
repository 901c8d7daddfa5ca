//go:build !purego

#include "textflag.h"

// Barten's DWT (precise.go) in AVX2: the Q24 taps, low-pass then
// high-pass, each as four qwords, so VPMULDQ (signed low dword times low
// dword, 64-bit products) can take them from memory.
DATA ptaps<>+0(SB)/8, $8102773
DATA ptaps<>+8(SB)/8, $8102773
DATA ptaps<>+16(SB)/8, $8102773
DATA ptaps<>+24(SB)/8, $8102773
DATA ptaps<>+32(SB)/8, $14034415
DATA ptaps<>+40(SB)/8, $14034415
DATA ptaps<>+48(SB)/8, $14034415
DATA ptaps<>+56(SB)/8, $14034415
DATA ptaps<>+64(SB)/8, $3760510
DATA ptaps<>+72(SB)/8, $3760510
DATA ptaps<>+80(SB)/8, $3760510
DATA ptaps<>+88(SB)/8, $3760510
DATA ptaps<>+96(SB)/8, $-2171132
DATA ptaps<>+104(SB)/8, $-2171132
DATA ptaps<>+112(SB)/8, $-2171132
DATA ptaps<>+120(SB)/8, $-2171132
DATA ptaps<>+128(SB)/8, $-2171132
DATA ptaps<>+136(SB)/8, $-2171132
DATA ptaps<>+144(SB)/8, $-2171132
DATA ptaps<>+152(SB)/8, $-2171132
DATA ptaps<>+160(SB)/8, $-3760510
DATA ptaps<>+168(SB)/8, $-3760510
DATA ptaps<>+176(SB)/8, $-3760510
DATA ptaps<>+184(SB)/8, $-3760510
DATA ptaps<>+192(SB)/8, $14034415
DATA ptaps<>+200(SB)/8, $14034415
DATA ptaps<>+208(SB)/8, $14034415
DATA ptaps<>+216(SB)/8, $14034415
DATA ptaps<>+224(SB)/8, $-8102773
DATA ptaps<>+232(SB)/8, $-8102773
DATA ptaps<>+240(SB)/8, $-8102773
DATA ptaps<>+248(SB)/8, $-8102773
GLOBL ptaps<>(SB), RODATA|NOPTR, $256

// PV(row, off): Y6 += tap(off) * row[j..j+3] (int32 rows), in int64 lanes.
#define PV(row, off) \
	VPMOVSXDQ (row)(AX*4), Y0 \
	VPMULDQ ptaps<>+off(SB), Y0, Y1 \
	VPADDQ Y1, Y6, Y6

// PV0(row, off): PV for uint16 rows, centred by Y7 first.
#define PV0(row, off) \
	VPMOVZXWQ (row)(AX*2), Y0 \
	VPSUBQ Y7, Y0, Y0 \
	VPMULDQ ptaps<>+off(SB), Y0, Y1 \
	VPADDQ Y1, Y6, Y6

// POUT(dst): dst (4 dwords) = the low dwords of (Y6 >> X5), which are the
// int32 of the arithmetic shift as long as the shift is at most 32.
#define POUT(dst) \
	VPSRLQ X5, Y6, Y6 \
	VPSHUFD $0x08, Y6, Y6 \
	VPERMQ $0x08, Y6, Y6 \
	VMOVDQU X6, dst

// func preciseVAVX2(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)
// preciseVGo four columns at a time: n a multiple of 4, shift <= 32.
TEXT ·preciseVAVX2(SB), NOSPLIT, $0-72
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VPBROADCASTQ add+56(FP), Y4
	VMOVQ shift+64(FP), X5
	XORQ AX, AX
	TESTQ CX, CX
	JLE pvdone
pvloop:
	VMOVDQA Y4, Y6
	PV(R8, 0)
	PV(R9, 32)
	PV(R10, 64)
	PV(R11, 96)
	POUT((DI)(AX*4))
	VMOVDQA Y4, Y6
	PV(R8, 128)
	PV(R9, 160)
	PV(R10, 192)
	PV(R11, 224)
	POUT((SI)(AX*4))
	ADDQ $4, AX
	CMPQ AX, CX
	JLT pvloop
pvdone:
	VZEROUPPER
	RET

// func preciseV0AVX2(lo, hi *int32, r0, r1, r2, r3 *uint16, n int, centre, add int64, shift uint64)
// preciseV0Go four columns at a time: n a multiple of 4, shift <= 32.
TEXT ·preciseV0AVX2(SB), NOSPLIT, $0-80
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VPBROADCASTQ centre+56(FP), Y7
	VPBROADCASTQ add+64(FP), Y4
	VMOVQ shift+72(FP), X5
	XORQ AX, AX
	TESTQ CX, CX
	JLE pv0done
pv0loop:
	VMOVDQA Y4, Y6
	PV0(R8, 0)
	PV0(R9, 32)
	PV0(R10, 64)
	PV0(R11, 96)
	POUT((DI)(AX*4))
	VMOVDQA Y4, Y6
	PV0(R8, 128)
	PV0(R9, 160)
	PV0(R10, 192)
	PV0(R11, 224)
	POUT((SI)(AX*4))
	ADDQ $4, AX
	CMPQ AX, CX
	JLT pv0loop
pv0done:
	VZEROUPPER
	RET

// PH(o0, o1, o2, o3, add, sh, sar): X2 = the four int32 of
// (t0*s0 + t1*s1 + t2*s2 + t3*s3 + add) >> shift, with (s0, s1) the
// dwords of Y0's qwords and (s2, s3) Y1's: a logical shift by sh (at most
// 32: the low dwords are those of the arithmetic shift), then an
// arithmetic one of the dwords by sar (shifts over 32 come as 32 + sar).
#define PH(o0, o1, o2, o3, add, sh, sar) \
	VPMULDQ ptaps<>+o0(SB), Y0, Y2 \
	VPSRLQ $32, Y0, Y3 \
	VPMULDQ ptaps<>+o1(SB), Y3, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VPMULDQ ptaps<>+o2(SB), Y1, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VPSRLQ $32, Y1, Y3 \
	VPMULDQ ptaps<>+o3(SB), Y3, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VPADDQ add, Y2, Y2 \
	VPSRLQ sh, Y2, Y2 \
	VPSHUFD $0x08, Y2, Y2 \
	VPERMQ $0x08, Y2, Y2 \
	VPSRAD sar, X2, X2

// func preciseHAVX2(a, b, src *int32, n int, addA int64, shA, sarA uint64, addB int64, shB, sarB uint64)
// For k in [0, n), n a multiple of 4, with s = src[2k .. 2k+3]: a[k] from
// the low-pass taps rounded by (addA, shA, sarA), b[k] from the high-pass
// taps by (addB, shB, sarB).
TEXT ·preciseHAVX2(SB), NOSPLIT, $0-80
	MOVQ a+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ src+16(FP), R8
	MOVQ n+24(FP), CX
	VPBROADCASTQ addA+32(FP), Y4
	VMOVQ shA+40(FP), X5
	VMOVQ sarA+48(FP), X6
	VPBROADCASTQ addB+56(FP), Y7
	VMOVQ shB+64(FP), X8
	VMOVQ sarB+72(FP), X9
	XORQ AX, AX
	TESTQ CX, CX
	JLE phdone
phloop:
	VMOVDQU (R8)(AX*8), Y0
	VMOVDQU 8(R8)(AX*8), Y1
	PH(0, 32, 64, 96, Y4, X5, X6)
	VMOVDQU X2, (DI)(AX*4)
	PH(128, 160, 192, 224, Y7, X8, X9)
	VMOVDQU X2, (SI)(AX*4)
	ADDQ $4, AX
	CMPQ AX, CX
	JLT phloop
phdone:
	VZEROUPPER
	RET

// The bytes of each dword's low word, per 128-bit lane.
DATA lowWords<>+0(SB)/8, $0x0d0c090805040100
DATA lowWords<>+8(SB)/8, $0x8080808080808080
DATA lowWords<>+16(SB)/8, $0x0d0c090805040100
DATA lowWords<>+24(SB)/8, $0x8080808080808080
GLOBL lowWords<>(SB), RODATA|NOPTR, $32

// func narrow16AVX2(dst *int16, src *int32, n int)
// dst[j] = int16(src[j]) (truncation), n a multiple of 8.
TEXT ·narrow16AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVDQU lowWords<>(SB), Y1
	XORQ AX, AX
	TESTQ CX, CX
	JLE n16done
n16loop:
	VMOVDQU (SI)(AX*4), Y0
	VPSHUFB Y1, Y0, Y0
	VPERMQ $0x08, Y0, Y0
	VMOVDQU X0, (DI)(AX*2)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT n16loop
n16done:
	VZEROUPPER
	RET

// func decoupleExact0AVX2(r, a, o, t *int16, flag *int32, n int, egl int64)
// decoupleExactGo[int16] for an integral gain limit egl in [0, 65535], eight
// coefficients at a time (n a multiple of 8), in int32 lanes: rst = t
// clipped to [min(o, 0), max(o, 0)]; where flagged and rst != 0,
// min(rst*egl, t) (rst > 0) or max(rst*egl, t), which |rst| <= 32768 keeps
// inside int32 and equals the double arithmetic of gainLimit; a = t - rst.
TEXT ·decoupleExact0AVX2(SB), NOSPLIT, $0-56
	MOVQ r+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ o+16(FP), R8
	MOVQ t+24(FP), R9
	MOVQ flag+32(FP), R10
	MOVQ n+40(FP), CX
	VPBROADCASTD egl+48(FP), Y7
	VMOVDQU lowWords<>(SB), Y8
	VPXOR Y9, Y9, Y9
	XORQ AX, AX
	TESTQ CX, CX
	JLE dx0done
dx0loop:
	VPMOVSXWD (R8)(AX*2), Y0
	VPMOVSXWD (R9)(AX*2), Y1
	VPMINSD Y9, Y0, Y2
	VPMAXSD Y9, Y0, Y3
	VPMAXSD Y2, Y1, Y2
	VPMINSD Y3, Y2, Y2
	VPMULLD Y7, Y2, Y3
	VPMINSD Y1, Y3, Y4
	VPMAXSD Y1, Y3, Y5
	VPCMPGTD Y9, Y2, Y6
	VPBLENDVB Y6, Y4, Y5, Y4
	VPCMPEQD Y9, Y2, Y6
	VPANDN (R10)(AX*4), Y6, Y6
	VPBLENDVB Y6, Y4, Y2, Y2
	VPSUBD Y2, Y1, Y1
	VPSHUFB Y8, Y2, Y2
	VPERMQ $0x08, Y2, Y2
	VMOVDQU X2, (DI)(AX*2)
	VPSHUFB Y8, Y1, Y1
	VPERMQ $0x08, Y1, Y1
	VMOVDQU X1, (SI)(AX*2)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT dx0loop
dx0done:
	VZEROUPPER
	RET
