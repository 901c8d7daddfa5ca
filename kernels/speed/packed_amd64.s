//go:build !purego

#include "textflag.h"

// func vfilt8AVX2(vert *float32, base *uint8, offs *int, taps *float32, ntaps, n int, scale, offset float32)
//
// vfiltAVX2 (kernels_amd64.s) on the samples of a packed 8-bit picture,
// zero-extended from bytes as they are loaded.
TEXT ·vfilt8AVX2(SB), NOSPLIT, $0-56
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
	LEAQ         (SI)(AX*1), DX
	VPMOVZXBD    (DX)(BX*1), Y1
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
