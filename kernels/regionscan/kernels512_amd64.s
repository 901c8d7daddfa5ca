//go:build !purego

#include "textflag.h"

// As in kernels_amd64.s (prefetchAhead): 4 KB ahead of the c-values.
#define prefetchAhead512 4096

// The AVX-512 row kernels of the region search (scan.go): weighUpAVX2 and
// weighHitsAVX2 sixteen values a vector. In a run these kernels wait on
// the core, not on memory (both of a 2-core VM's cores are busy), so the
// wider vectors and mask registers halve their instructions.

// VPERMPS indices that repeat each of a vector's lower eight values twice
// (idx512<>+0), then each of its upper eight (idx512<>+64): up[j] serves
// dst[2j] and dst[2j+1].
DATA idx512<>+0(SB)/4, $0
DATA idx512<>+4(SB)/4, $0
DATA idx512<>+8(SB)/4, $1
DATA idx512<>+12(SB)/4, $1
DATA idx512<>+16(SB)/4, $2
DATA idx512<>+20(SB)/4, $2
DATA idx512<>+24(SB)/4, $3
DATA idx512<>+28(SB)/4, $3
DATA idx512<>+32(SB)/4, $4
DATA idx512<>+36(SB)/4, $4
DATA idx512<>+40(SB)/4, $5
DATA idx512<>+44(SB)/4, $5
DATA idx512<>+48(SB)/4, $6
DATA idx512<>+52(SB)/4, $6
DATA idx512<>+56(SB)/4, $7
DATA idx512<>+60(SB)/4, $7
DATA idx512<>+64(SB)/4, $8
DATA idx512<>+68(SB)/4, $8
DATA idx512<>+72(SB)/4, $9
DATA idx512<>+76(SB)/4, $9
DATA idx512<>+80(SB)/4, $10
DATA idx512<>+84(SB)/4, $10
DATA idx512<>+88(SB)/4, $11
DATA idx512<>+92(SB)/4, $11
DATA idx512<>+96(SB)/4, $12
DATA idx512<>+100(SB)/4, $12
DATA idx512<>+104(SB)/4, $13
DATA idx512<>+108(SB)/4, $13
DATA idx512<>+112(SB)/4, $14
DATA idx512<>+116(SB)/4, $14
DATA idx512<>+120(SB)/4, $15
DATA idx512<>+124(SB)/4, $15
GLOBL idx512<>(SB), RODATA|NOPTR, $128

// 32 values of dst from 32 of c at byte offset off and the 16 of up at
// (DX): products rounded (VMULPS), then the additions (VADDPS), never
// fused. Leaves the sums in Z3 (values 0-15) and Z4 (16-31).
#define WEIGH32(off) \
	VMOVUPS   (DX), Z0;               \
	VPERMPS   Z0, Z13, Z1;            \
	VPERMPS   Z0, Z14, Z2;            \
	VMULPS    off(SI)(AX*4), Z15, Z3; \
	VMULPS    off+64(SI)(AX*4), Z15, Z4; \
	VADDPS    Z1, Z3, Z3;             \
	VADDPS    Z2, Z4, Z4;             \
	VMOVUPS   Z3, off(DI)(AX*4);      \
	VMOVUPS   Z4, off+64(DI)(AX*4);   \
	ADDQ      $64, DX

// func weighUpAVX512(dst, c, up *float32, n int, w float32)
//
// weighUpAVX2 32 values a step. n is a multiple of 32.
TEXT ·weighUpAVX512(SB), NOSPLIT, $0-36
	MOVQ dst+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ up+16(FP), DX
	MOVQ n+24(FP), CX
	VBROADCASTSS w+32(FP), Z15
	VMOVUPS idx512<>+0(SB), Z13
	VMOVUPS idx512<>+64(SB), Z14
	XORQ AX, AX

wu5loop:
	CMPQ AX, CX
	JGE  wu5done
	PREFETCHT0 prefetchAhead512(SI)(AX*4)
	PREFETCHT0 prefetchAhead512+64(SI)(AX*4)
	WEIGH32(0)
	ADDQ $32, AX
	JMP  wu5loop

wu5done:
	VZEROUPPER
	RET

// func weighHitsAVX512(dst, c, up *float32, mask *uint8, b *uint64, n int, w, t float32)
//
// weighHitsAVX2 with 64 values (a word of b) a step: the sums are
// compared while in registers (t <= v, LE_OQ: false for NaN) into mask
// registers, joined into the word and ANDed with the mask bytes' test.
// n is a multiple of 64.
TEXT ·weighHitsAVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ up+16(FP), DX
	MOVQ mask+24(FP), R9
	MOVQ b+32(FP), BX
	MOVQ n+40(FP), CX
	VBROADCASTSS w+48(FP), Z15
	VBROADCASTSS t+52(FP), Z12
	VMOVUPS idx512<>+0(SB), Z13
	VMOVUPS idx512<>+64(SB), Z14
	XORQ AX, AX

wh5loop:
	CMPQ AX, CX
	JGE  wh5done
	PREFETCHT0 prefetchAhead512(SI)(AX*4)
	PREFETCHT0 prefetchAhead512+64(SI)(AX*4)
	PREFETCHT0 prefetchAhead512+128(SI)(AX*4)
	PREFETCHT0 prefetchAhead512+192(SI)(AX*4)
	PREFETCHT0 prefetchAhead512/4(R9)(AX*1)
	VMOVDQU8  (R9)(AX*1), Z5
	VPTESTMB  Z5, Z5, K1
	WEIGH32(0)
	VCMPPS    $0x12, Z3, Z12, K2
	VCMPPS    $0x12, Z4, Z12, K3
	WEIGH32(128)
	VCMPPS    $0x12, Z3, Z12, K4
	VCMPPS    $0x12, Z4, Z12, K5
	KUNPCKWD  K2, K3, K2
	KUNPCKWD  K4, K5, K4
	KUNPCKDQ  K2, K4, K2
	KANDQ     K1, K2, K2
	KMOVQ     K2, (BX)
	ADDQ      $8, BX
	ADDQ      $64, AX
	JMP       wh5loop

wh5done:
	VZEROUPPER
	RET
