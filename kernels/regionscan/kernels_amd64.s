//go:build !purego

#include "textflag.h"

// The AVX2 row kernels of the region search (scan.go).

// prefetchAhead is how far ahead of a row's c-values (in bytes) the
// kernels that read maps from memory ask for them: a run finds a frame's
// maps out of cache (CAMBI wrote them a whole picture before), and the
// hardware's prefetch alone left weighHits waiting on them. 4 KB ahead
// (about a 1080p row; the mask's bytes a quarter as far) cut Extract's
// time in a 1080p run by about 12%; 8 KB ahead gained nothing.
#define prefetchAhead 4096

// VPERMPS indices that repeat each value of a vector's lower half, then of
// its upper half, twice: up[j] serves dst[2j] and dst[2j+1].
DATA dupIdx<>+0(SB)/4, $0
DATA dupIdx<>+4(SB)/4, $0
DATA dupIdx<>+8(SB)/4, $1
DATA dupIdx<>+12(SB)/4, $1
DATA dupIdx<>+16(SB)/4, $2
DATA dupIdx<>+20(SB)/4, $2
DATA dupIdx<>+24(SB)/4, $3
DATA dupIdx<>+28(SB)/4, $3
DATA dupIdx<>+32(SB)/4, $4
DATA dupIdx<>+36(SB)/4, $4
DATA dupIdx<>+40(SB)/4, $5
DATA dupIdx<>+44(SB)/4, $5
DATA dupIdx<>+48(SB)/4, $6
DATA dupIdx<>+52(SB)/4, $6
DATA dupIdx<>+56(SB)/4, $7
DATA dupIdx<>+60(SB)/4, $7
GLOBL dupIdx<>(SB), RODATA|NOPTR, $64

// func weighUpAVX2(dst, c, up *float32, n int, w float32)
//
// dst[x] = float32(w*c[x]) + up[x>>1], 16 values a step: a multiply and an
// addition, each rounded (no FMA). n is a multiple of 16.
TEXT ·weighUpAVX2(SB), NOSPLIT, $0-36
	MOVQ dst+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ up+16(FP), DX
	MOVQ n+24(FP), CX
	VBROADCASTSS w+32(FP), Y15
	VMOVDQU dupIdx<>+0(SB), Y13
	VMOVDQU dupIdx<>+32(SB), Y14
	XORQ AX, AX

wuloop:
	CMPQ AX, CX
	JGE  wudone
	PREFETCHT0 prefetchAhead(SI)(AX*4)
	VMOVUPS (DX), Y0
	VPERMPS Y0, Y13, Y1
	VPERMPS Y0, Y14, Y2
	VMULPS  (SI)(AX*4), Y15, Y3
	VMULPS  32(SI)(AX*4), Y15, Y4
	VADDPS  Y1, Y3, Y3
	VADDPS  Y2, Y4, Y4
	VMOVUPS Y3, (DI)(AX*4)
	VMOVUPS Y4, 32(DI)(AX*4)
	ADDQ    $32, DX
	ADDQ    $16, AX
	JMP     wuloop

wudone:
	VZEROUPPER
	RET

// R8 = the bits of the 64 mask bytes at base+AX that are not 0 (zero is
// a zeroed vector register, tmp a scratch register; Y0, Y1 are
// clobbered).
#define MASKBITS(base, zero, tmp) \
	VMOVDQU   (base)(AX*1), Y0;   \
	VPCMPEQB  zero, Y0, Y0;       \
	VPMOVMSKB Y0, R8;             \
	VMOVDQU   32(base)(AX*1), Y1; \
	VPCMPEQB  zero, Y1, Y1;       \
	VPMOVMSKB Y1, tmp;            \
	SHLQ      $32, tmp;           \
	ORQ       tmp, R8;            \
	NOTQ      R8

// One group of 8 values of hitsAVX2: bits 8k..8k+7 of R10 where
// t <= v (LE_OQ: false for NaN).
#define HITS8(off, k) \
	VCMPPS    $0x12, off(SI)(AX*4), Y14, Y2; \
	VMOVMSKPS Y2, R11;                        \
	SHLQ      $(8*k), R11;                    \
	ORQ       R11, R10

// func hitsAVX2(b *uint64, v *float32, mask *uint8, n int, t float32)
//
// One word of b per 64 values: bit x set where mask[x] != 0 and
// v[x] >= t. n is a multiple of 64.
TEXT ·hitsAVX2(SB), NOSPLIT, $0-36
	MOVQ b+0(FP), DI
	MOVQ v+8(FP), SI
	MOVQ mask+16(FP), DX
	MOVQ n+24(FP), CX
	VBROADCASTSS t+32(FP), Y14
	VPXOR Y15, Y15, Y15
	XORQ AX, AX

hloop:
	CMPQ AX, CX
	JGE  hdone
	MASKBITS(DX, Y15, R9)
	VCMPPS    $0x12, (SI)(AX*4), Y14, Y2
	VMOVMSKPS Y2, R10
	HITS8(32, 1)
	HITS8(64, 2)
	HITS8(96, 3)
	HITS8(128, 4)
	HITS8(160, 5)
	HITS8(192, 6)
	HITS8(224, 7)
	ANDQ      R8, R10
	MOVQ      R10, (DI)
	ADDQ      $8, DI
	ADDQ      $64, AX
	JMP       hloop

hdone:
	VZEROUPPER
	RET

// 16 int32s of all ones, then 16 of zeros: the 16 bytes from 4*(16-r)
// on are the VMASKMOVPS masks of the first r of 16 values.
DATA tailMask<>+0(SB)/8, $-1
DATA tailMask<>+8(SB)/8, $-1
DATA tailMask<>+16(SB)/8, $-1
DATA tailMask<>+24(SB)/8, $-1
DATA tailMask<>+32(SB)/8, $-1
DATA tailMask<>+40(SB)/8, $-1
DATA tailMask<>+48(SB)/8, $-1
DATA tailMask<>+56(SB)/8, $-1
DATA tailMask<>+64(SB)/8, $0
DATA tailMask<>+72(SB)/8, $0
DATA tailMask<>+80(SB)/8, $0
DATA tailMask<>+88(SB)/8, $0
DATA tailMask<>+96(SB)/8, $0
DATA tailMask<>+104(SB)/8, $0
DATA tailMask<>+112(SB)/8, $0
DATA tailMask<>+120(SB)/8, $0
GLOBL tailMask<>(SB), RODATA|NOPTR, $128

// One step of runSumAVX2: the 16 values in Y5, Y6 added to the lanes
// (Y0-Y3, widened to float64) and to the largest (Y4).
#define RUNSUM16 \
	VMAXPS       Y5, Y4, Y4;  \
	VMAXPS       Y6, Y4, Y4;  \
	VCVTPS2PD    X5, Y7;      \
	VEXTRACTF128 $1, Y5, X8;  \
	VCVTPS2PD    X8, Y8;      \
	VCVTPS2PD    X6, Y9;      \
	VEXTRACTF128 $1, Y6, X10; \
	VCVTPS2PD    X10, Y10;    \
	VADDPD       Y7, Y0, Y0;  \
	VADDPD       Y8, Y1, Y1;  \
	VADDPD       Y9, Y2, Y2;  \
	VADDPD       Y10, Y3, Y3

// The end of both run sums: lanes 0-3 of the sum (Y0) added as reduce
// adds them (i + i+2, then i + i+1), the largest of Y4's eight values, both stored.
#define RUNSUM_END \
	VEXTRACTF128 $1, Y0, X1;    \
	VADDPD       X1, X0, X0;    \
	VPERMILPD    $1, X0, X1;    \
	VADDSD       X1, X0, X0;    \
	VMOVSD       X0, sum+16(FP); \
	VEXTRACTF128 $1, Y4, X5;    \
	VMAXPS       X5, X4, X4;    \
	VPERMILPS    $0x4E, X4, X5; \
	VMAXPS       X5, X4, X4;    \
	VPERMILPS    $0xB1, X4, X5; \
	VMAXPS       X5, X4, X4;    \
	VMOVSS       X4, top+24(FP); \
	VZEROUPPER

// func runSumAVX2(v *float32, n int) (sum float64, top float32)
//
// RunSum of v[0:n], n >= 1: value i goes, widened to float64, to lane
// i%16 (Y0, Y1, Y2, Y3 hold lanes 0-3, 4-7, 8-11, 12-15) in the order of
// i; a last partial vector is read with zeros past n, which leave the
// lanes and the largest value as they are (the values are at least 0 and
// no lane is -0). The lanes are then added as reduce adds them.
TEXT ·runSumAVX2(SB), NOSPLIT, $0-28
	MOVQ v+0(FP), SI
	MOVQ n+8(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VBROADCASTSS (SI), Y4
	MOVQ CX, DX
	ANDQ $-16, DX
	XORQ AX, AX

rsloop:
	CMPQ AX, DX
	JGE  rstail
	VMOVUPS (SI)(AX*4), Y5
	VMOVUPS 32(SI)(AX*4), Y6
	RUNSUM16
	ADDQ    $16, AX
	JMP     rsloop

rstail:
	SUBQ AX, CX // values left, 0-15
	JEQ  rsreduce
	LEAQ (SI)(AX*4), SI
	LEAQ tailMask<>+64(SB), R8
	SHLQ $2, CX
	SUBQ CX, R8
	VMOVDQU    (R8), Y11
	VMOVDQU    32(R8), Y12
	VMASKMOVPS (SI), Y11, Y5
	VMASKMOVPS 32(SI), Y12, Y6
	RUNSUM16

rsreduce:
	VADDPD       Y2, Y0, Y0 // lanes i + i+8
	VADDPD       Y3, Y1, Y1
	VADDPD       Y1, Y0, Y0 // + i+4
	RUNSUM_END
	RET

// One step of weighHitsAVX2: values off/4 .. off/4+15 of the word's 64
// weighed (as weighUpAVX2) and stored, their hit bits put at bit off/4
// of R10.
#define WEIGHHITS16(off, sh) \
	VMOVUPS   (DX), Y0;                \
	VPERMPS   Y0, Y13, Y1;             \
	VPERMPS   Y0, Y14, Y2;             \
	VMULPS    off(SI)(AX*4), Y15, Y3;  \
	VMULPS    off+32(SI)(AX*4), Y15, Y4; \
	VADDPS    Y1, Y3, Y3;              \
	VADDPS    Y2, Y4, Y4;              \
	VMOVUPS   Y3, off(DI)(AX*4);       \
	VMOVUPS   Y4, off+32(DI)(AX*4);    \
	VCMPPS    $0x12, Y3, Y12, Y5;      \
	VMOVMSKPS Y5, R11;                 \
	SHLQ      $(sh), R11;              \
	ORQ       R11, R10;                \
	VCMPPS    $0x12, Y4, Y12, Y6;      \
	VMOVMSKPS Y6, R11;                 \
	SHLQ      $(sh+8), R11;            \
	ORQ       R11, R10;                \
	ADDQ      $32, DX

// func weighHitsAVX2(dst, c, up *float32, mask *uint8, b *uint64, n int, w, t float32)
//
// weighUpAVX2 and hitsAVX2 in one pass, 64 values (a word of b) a step:
// the sums are tested while in registers, and the loads of c, up and mask
// overlap the arithmetic. n is a multiple of 64.
TEXT ·weighHitsAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ up+16(FP), DX
	MOVQ mask+24(FP), R9
	MOVQ b+32(FP), BX
	MOVQ n+40(FP), CX
	VBROADCASTSS w+48(FP), Y15
	VBROADCASTSS t+52(FP), Y12
	VMOVDQU dupIdx<>+0(SB), Y13
	VMOVDQU dupIdx<>+32(SB), Y14
	VPXOR Y11, Y11, Y11
	XORQ AX, AX

whloop:
	CMPQ AX, CX
	JGE  whdone
	PREFETCHT0 prefetchAhead(SI)(AX*4)
	PREFETCHT0 prefetchAhead+64(SI)(AX*4)
	PREFETCHT0 prefetchAhead+128(SI)(AX*4)
	PREFETCHT0 prefetchAhead+192(SI)(AX*4)
	PREFETCHT0 prefetchAhead/4(R9)(AX*1)
	MASKBITS(R9, Y11, R12)
	XORQ      R10, R10
	WEIGHHITS16(0, 0)
	WEIGHHITS16(64, 16)
	WEIGHHITS16(128, 32)
	WEIGHHITS16(192, 48)
	ANDQ      R8, R10
	MOVQ      R10, (BX)
	ADDQ      $8, BX
	ADDQ      $64, AX
	JMP       whloop

whdone:
	VZEROUPPER
	RET

// One step of runSumAVX512: the 16 values in Z5 added to the lanes (Z0,
// Z1, widened to float64) and to the largest (Z4).
#define RUNSUM16Z \
	VMAXPS        Z5, Z4, Z4; \
	VCVTPS2PD     Y5, Z6;     \
	VEXTRACTF32X8 $1, Z5, Y7; \
	VCVTPS2PD     Y7, Z7;     \
	VADDPD        Z6, Z0, Z0; \
	VADDPD        Z7, Z1, Z1

// func runSumAVX512(v *float32, n int) (sum float64, top float32)
//
// runSumAVX2 with 16 values a load: Z0 holds lanes 0-7, Z1 lanes 8-15; a
// last partial vector is loaded with zeros past n (K1).
TEXT ·runSumAVX512(SB), NOSPLIT, $0-28
	MOVQ v+0(FP), SI
	MOVQ n+8(FP), CX
	VXORPD Z0, Z0, Z0
	VXORPD Z1, Z1, Z1
	VBROADCASTSS (SI), Z4
	MOVQ CX, DX
	ANDQ $-16, DX
	XORQ AX, AX

r5loop:
	CMPQ AX, DX
	JGE  r5tail
	VMOVUPS (SI)(AX*4), Z5
	RUNSUM16Z
	ADDQ    $16, AX
	JMP     r5loop

r5tail:
	SUBQ AX, CX // values left, 0-15
	JEQ  r5reduce
	MOVL $1, R8
	SHLL CX, R8
	DECL R8
	KMOVW R8, K1
	VMOVUPS.Z (SI)(AX*4), K1, Z5
	RUNSUM16Z

r5reduce:
	VADDPD        Z1, Z0, Z0 // lanes i + i+8
	VEXTRACTF64X4 $1, Z0, Y1
	VADDPD        Y1, Y0, Y0 // + i+4
	VEXTRACTF32X8 $1, Z4, Y5
	VMAXPS        Y5, Y4, Y4
	RUNSUM_END
	RET
