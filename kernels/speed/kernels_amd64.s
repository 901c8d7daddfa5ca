//go:build !purego

#include "textflag.h"

// func matMulSparseAVX2(dst, x, y *float32, n, m int)
//
// dst (n x m) = x (n x n) times y (n x m): each row of dst zeroed, then for
// k = 0..n-1 with x[i][k] not ±0, dst[i][j] = dst[i][j] + float(x[i][k] *
// y[k][j]), eight columns a step and the rest one by one: every element
// rounds its product and its sum in matMulSparse's order (no FMA).
TEXT ·matMulSparseAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DX
	MOVQ n+24(FP), R8
	MOVQ m+32(FP), R9
	MOVQ R9, R10
	ANDQ $-8, R10 // columns in whole vectors
	MOVQ R9, BX
	SHLQ $2, BX   // bytes in a row of dst and y
	XORQ R11, R11 // i

iloop:
	CMPQ R11, R8
	JGE  done
	XORQ R13, R13

zloop:
	CMPQ R13, R9
	JGE  zdone
	MOVL $0, (DI)(R13*4)
	INCQ R13
	JMP  zloop

zdone:
	XORQ R12, R12 // k
	MOVQ DX, R14  // row k of y

kloop:
	CMPQ R12, R8
	JGE  kdone
	MOVL (SI)(R12*4), AX
	ANDL $0x7fffffff, AX
	JZ   knext    // x[i][k] is ±0: the term is skipped
	VBROADCASTSS (SI)(R12*4), Y0
	XORQ R13, R13

jloop:
	CMPQ    R13, R10
	JGE     jtail
	VMULPS  (R14)(R13*4), Y0, Y1
	VMOVUPS (DI)(R13*4), Y2
	VADDPS  Y1, Y2, Y2
	VMOVUPS Y2, (DI)(R13*4)
	ADDQ    $8, R13
	JMP     jloop

jtail:
	CMPQ   R13, R9
	JGE    knext
	VMULSS (R14)(R13*4), X0, X1
	VMOVSS (DI)(R13*4), X2
	VADDSS X1, X2, X2
	VMOVSS X2, (DI)(R13*4)
	INCQ   R13
	JMP    jtail

knext:
	ADDQ BX, R14
	INCQ R12
	JMP  kloop

kdone:
	LEAQ (SI)(R8*4), SI // row i+1 of x
	ADDQ BX, DI
	INCQ R11
	JMP  iloop

done:
	VZEROUPPER
	RET

// func covSumsAVX2(s *[28]float64, cen *float64, n, xi, nv int)
//
// s[yi] = sum over t < n (in order, from +0) of double(cen[t][xi] *
// cen[t][yi]) for yi < 4*nv (1 <= nv <= 7), cen rows of 28 doubles; the
// other entries of s get 0. Each lane is one chain, as covarianceFast's.
// n >= 1.
TEXT ·covSumsAVX2(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), DI
	MOVQ cen+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ xi+24(FP), AX
	MOVQ nv+32(FP), DX
	LEAQ (SI)(AX*8), R8
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7

cloop:
	VBROADCASTSD (R8), Y0
	VMULPD (SI), Y0, Y8
	VADDPD Y8, Y1, Y1
	CMPQ   DX, $2
	JLT    cnext
	VMULPD 32(SI), Y0, Y9
	VADDPD Y9, Y2, Y2
	CMPQ   DX, $3
	JLT    cnext
	VMULPD 64(SI), Y0, Y10
	VADDPD Y10, Y3, Y3
	CMPQ   DX, $4
	JLT    cnext
	VMULPD 96(SI), Y0, Y11
	VADDPD Y11, Y4, Y4
	CMPQ   DX, $5
	JLT    cnext
	VMULPD 128(SI), Y0, Y12
	VADDPD Y12, Y5, Y5
	CMPQ   DX, $6
	JLT    cnext
	VMULPD 160(SI), Y0, Y13
	VADDPD Y13, Y6, Y6
	CMPQ   DX, $7
	JLT    cnext
	VMULPD 192(SI), Y0, Y14
	VADDPD Y14, Y7, Y7

cnext:
	ADDQ $224, SI
	ADDQ $224, R8
	DECQ CX
	JNZ  cloop

	VMOVUPD Y1, (DI)
	VMOVUPD Y2, 32(DI)
	VMOVUPD Y3, 64(DI)
	VMOVUPD Y4, 96(DI)
	VMOVUPD Y5, 128(DI)
	VMOVUPD Y6, 160(DI)
	VMOVUPD Y7, 192(DI)
	VZEROUPPER
	RET

// func vfiltAVX2(vert *float32, base *uint16, offs *int, taps *float32, ntaps, n int, scale, offset float32)
//
// The antialias filter's vertical pass on samples read in place: for j in
// [0, n) (n a multiple of 8), vert[j] = +0, then for each tap k in order
// vert[j] = vert[j] + float(taps[k] * s), s = float(base[offs[k]+j]) *
// scale + offset, picture_copy's float (scale a power of two: the product
// is exact, the sum rounds as sampleTable's does).
TEXT ·vfiltAVX2(SB), NOSPLIT, $0-56
	MOVQ vert+0(FP), DI
	MOVQ base+8(FP), SI
	MOVQ offs+16(FP), R8
	MOVQ taps+24(FP), R9
	MOVQ ntaps+32(FP), R10
	MOVQ n+40(FP), R11
	VBROADCASTSS scale+48(FP), Y14
	VBROADCASTSS offset+52(FP), Y15
	XORQ BX, BX

vjloop:
	CMPQ   BX, R11
	JGE    vjdone
	VXORPS Y0, Y0, Y0
	XORQ   CX, CX

vkloop:
	MOVQ         (R8)(CX*8), AX
	LEAQ         (SI)(AX*2), DX
	VPMOVZXWD    (DX)(BX*2), Y1
	VCVTDQ2PS    Y1, Y1
	VMULPS       Y14, Y1, Y1
	VADDPS       Y15, Y1, Y1
	VBROADCASTSS (R9)(CX*4), Y2
	VMULPS       Y1, Y2, Y1
	VADDPS       Y1, Y0, Y0
	INCQ         CX
	CMPQ         CX, R10
	JLT          vkloop
	VMOVUPS      Y0, (DI)(BX*4)
	ADDQ         $8, BX
	JMP          vjloop

vjdone:
	VZEROUPPER
	RET
