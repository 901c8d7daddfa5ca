//go:build !purego

#include "textflag.h"

#include "dwt_amd64.h"

// func dwt0VAVX2(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64)
// For j in [0, n), n a multiple of 16: lo[j] = int16((sum lo-taps*r + addLo) >> shift),
// hi[j] likewise with the high-pass taps; int32 arithmetic wraps, the
// int16 conversion truncates.
TEXT ·dwt0VAVX2(SB), NOSPLIT, $0-72
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VMOVQ shift+64(FP), X14
	MOVL addLo+56(FP), R12
	MOVL addHi+60(FP), R13
	VPBROADCASTD taps<>+0(SB), Y4
	VPBROADCASTD taps<>+4(SB), Y5
	VPBROADCASTD taps<>+8(SB), Y6
	VPBROADCASTD taps<>+12(SB), Y7
	VPBROADCASTD taps<>+16(SB), Y8
	VPBROADCASTD taps<>+20(SB), Y9
	VPBROADCASTD taps<>+24(SB), Y10
	VPBROADCASTD taps<>+28(SB), Y11
	XORQ AX, AX
	TESTQ CX, CX
	JLE vdone

vloop:
	// columns 0-7: lo in Y15, hi in Y3; columns 8-15: lo in Y12, hi in Y13
	VPMOVZXWD (R8)(AX*2), Y0
	VPMULLD Y4, Y0, Y15
	VPMULLD Y8, Y0, Y3
	VPMOVZXWD 16(R8)(AX*2), Y0
	VPMULLD Y4, Y0, Y12
	VPMULLD Y8, Y0, Y13
	VPMOVZXWD (R9)(AX*2), Y0
	VPMULLD Y5, Y0, Y1
	VPADDD Y1, Y15, Y15
	VPMULLD Y9, Y0, Y1
	VPADDD Y1, Y3, Y3
	VPMOVZXWD 16(R9)(AX*2), Y0
	VPMULLD Y5, Y0, Y1
	VPADDD Y1, Y12, Y12
	VPMULLD Y9, Y0, Y1
	VPADDD Y1, Y13, Y13
	VPMOVZXWD (R10)(AX*2), Y0
	VPMULLD Y6, Y0, Y1
	VPADDD Y1, Y15, Y15
	VPMULLD Y10, Y0, Y1
	VPADDD Y1, Y3, Y3
	VPMOVZXWD 16(R10)(AX*2), Y0
	VPMULLD Y6, Y0, Y1
	VPADDD Y1, Y12, Y12
	VPMULLD Y10, Y0, Y1
	VPADDD Y1, Y13, Y13
	VPMOVZXWD (R11)(AX*2), Y0
	VPMULLD Y7, Y0, Y1
	VPADDD Y1, Y15, Y15
	VPMULLD Y11, Y0, Y1
	VPADDD Y1, Y3, Y3
	VPMOVZXWD 16(R11)(AX*2), Y0
	VPMULLD Y7, Y0, Y1
	VPADDD Y1, Y12, Y12
	VPMULLD Y11, Y0, Y1
	VPADDD Y1, Y13, Y13
	VMOVD R12, X0
	VPBROADCASTD X0, Y0
	VMOVD R13, X1
	VPBROADCASTD X1, Y1
	VPADDD Y0, Y15, Y15
	VPADDD Y0, Y12, Y12
	VPADDD Y1, Y3, Y3
	VPADDD Y1, Y13, Y13
	VPSRAD X14, Y15, Y15
	VPSRAD X14, Y12, Y12
	VPSRAD X14, Y3, Y3
	VPSRAD X14, Y13, Y13
	// truncate to int16 (sign-extend the low half) so the saturating pack
	// keeps the bits
	VPSLLD $16, Y15, Y15
	VPSRAD $16, Y15, Y15
	VPSLLD $16, Y12, Y12
	VPSRAD $16, Y12, Y12
	VPSLLD $16, Y3, Y3
	VPSRAD $16, Y3, Y3
	VPSLLD $16, Y13, Y13
	VPSRAD $16, Y13, Y13
	VPACKSSDW Y12, Y15, Y15
	VPERMQ $0xD8, Y15, Y15
	VMOVDQU Y15, (DI)(AX*2)
	VPACKSSDW Y13, Y3, Y3
	VPERMQ $0xD8, Y3, Y3
	VMOVDQU Y3, (SI)(AX*2)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT vloop
vdone:
	VZEROUPPER
	RET

// V0FILT2(pa, pb, add, dst): one DWT0 vertical filter over 16 columns from
// the interleaved rows (Y4/Y5: r0,r1 low/high words of each 128-bit lane;
// Y6/Y7: r2,r3), plus add, shifted by X14, truncated to int16 at dst in
// column order (the lane-wise unpack and pack undo each other).
#define V0FILT2(pa, pb, add, dst) \
	VSUMS(pa, pb, Y4, Y5, Y6, Y7, Y9, Y10, Y11) \
	VPADDD add, Y9, Y9 \
	VPADDD add, Y10, Y10 \
	VPSRAD X14, Y9, Y9 \
	VPSRAD X14, Y10, Y10 \
	VPSLLD $16, Y9, Y9 \
	VPSRAD $16, Y9, Y9 \
	VPSLLD $16, Y10, Y10 \
	VPSRAD $16, Y10, Y10 \
	VPACKSSDW Y10, Y9, dst

// func dwt0V15AVX2(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64) uint16
// dwt0VAVX512's recipe sixteen columns at a time (n a multiple of 16) for
// samples under 2^15: they are int16 then, the taps pair up for PMADDWD,
// and no sum wraps (|sum| <= 54822 * 32767 < 2^31). It returns the OR of
// every sample read: a sample out of range shows there, and the outputs
// do not matter then. It prefetches, column for column, the two rows the
// next output row reads first (r3 + (r3 - r2) and the one after; a
// prefetch never faults, so a mirrored edge row costs nothing): the
// picture comes from memory, and this halves the kernel's time there.
TEXT ·dwt0V15AVX2(SB), NOSPLIT, $0-74
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VMOVQ shift+64(FP), X14
	MOVL addLo+56(FP), BX
	VMOVD BX, X12
	VPBROADCASTD X12, Y12
	MOVL addHi+60(FP), BX
	VMOVD BX, X13
	VPBROADCASTD X13, Y13
	PAIRTAPS(Y0, Y1, Y2, Y3)
	VPXOR Y15, Y15, Y15
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE w2done
w2loop:
	PREFETCHNEXT(2)
	VMOVDQU (R8)(AX*2), Y8
	VMOVDQU (R9)(AX*2), Y9
	VMOVDQU (R10)(AX*2), Y10
	VMOVDQU (R11)(AX*2), Y11
	VPOR Y8, Y15, Y15
	VPOR Y9, Y15, Y15
	VPOR Y10, Y15, Y15
	VPOR Y11, Y15, Y15
	PAIRROWS(Y8, Y9, Y10, Y11, Y4, Y5, Y6, Y7)
	V0FILT2(Y0, Y1, Y12, Y8)
	VMOVDQU Y8, (DI)(AX*2)
	V0FILT2(Y2, Y3, Y13, Y8)
	VMOVDQU Y8, (SI)(AX*2)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT w2loop
w2done:
	VEXTRACTI128 $1, Y15, X0
	VPOR X0, X15, X0
	VPSHUFD $0x4E, X0, X1
	VPOR X1, X0, X0
	VMOVQ X0, AX
	MOVQ AX, BX
	SHRQ $32, BX
	ORQ BX, AX
	MOVQ AX, BX
	SHRQ $16, BX
	ORQ BX, AX
	MOVW AX, ret+72(FP)
	VZEROUPPER
	RET

// V08FILT2(pa, pb, add, dst): V0FILT2 on 8-bit samples: the sums fit
// int16 after the shift by 8 (|sum + add| < 2^23), so the saturating pack
// needs no truncation first.
#define V08FILT2(pa, pb, add, dst) \
	VSUMS(pa, pb, Y4, Y5, Y6, Y7, Y9, Y10, Y11) \
	VPADDD add, Y9, Y9 \
	VPADDD add, Y10, Y10 \
	VPSRAD $8, Y9, Y9 \
	VPSRAD $8, Y10, Y10 \
	VPACKSSDW Y10, Y9, dst

// func dwt0V8AVX2(lo, hi *int16, r0, r1, r2, r3 *uint8, n int, addLo, addHi int32)
// dwt0V15AVX2 at 8 bits on bytes (a packed plane), sixteen columns at a
// time (n a multiple of 16), with its prefetch; no range to check.
TEXT ·dwt0V8AVX2(SB), NOSPLIT, $0-64
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	MOVL addLo+56(FP), BX
	VMOVD BX, X12
	VPBROADCASTD X12, Y12
	MOVL addHi+60(FP), BX
	VMOVD BX, X13
	VPBROADCASTD X13, Y13
	PAIRTAPS(Y0, Y1, Y2, Y3)
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE b8done
b8loop:
	PREFETCHNEXT(1)
	VPMOVZXBW (R8)(AX*1), Y8
	VPMOVZXBW (R9)(AX*1), Y9
	VPMOVZXBW (R10)(AX*1), Y10
	VPMOVZXBW (R11)(AX*1), Y11
	PAIRROWS(Y8, Y9, Y10, Y11, Y4, Y5, Y6, Y7)
	V08FILT2(Y0, Y1, Y12, Y8)
	VMOVDQU Y8, (DI)(AX*2)
	V08FILT2(Y2, Y3, Y13, Y8)
	VMOVDQU Y8, (SI)(AX*2)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT b8loop
b8done:
	VZEROUPPER
	RET

// func thrRowAVX2(thr, fu, fm, fd, c *int32, n int)
// thr[j] = fu[j-1]+fu[j]+fu[j+1] + fm[j-1]+fm[j+1] + fd[j-1]+fd[j]+fd[j+1] + c[j]
// for j in [0, n), n a multiple of 8 (the pointers point at column a; the
// rows are readable one column either side).
TEXT ·thrRowAVX2(SB), NOSPLIT, $0-48
	MOVQ thr+0(FP), DI
	MOVQ fu+8(FP), R8
	MOVQ fm+16(FP), R9
	MOVQ fd+24(FP), R10
	MOVQ c+32(FP), R11
	MOVQ n+40(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JLE tdone
tloop:
	VMOVDQU -4(R8)(AX*4), Y0
	VPADDD (R8)(AX*4), Y0, Y0
	VPADDD 4(R8)(AX*4), Y0, Y0
	VMOVDQU -4(R9)(AX*4), Y1
	VPADDD 4(R9)(AX*4), Y1, Y1
	VMOVDQU -4(R10)(AX*4), Y2
	VPADDD (R10)(AX*4), Y2, Y2
	VPADDD 4(R10)(AX*4), Y2, Y2
	VPADDD Y1, Y0, Y0
	VPADDD Y2, Y0, Y0
	VPADDD (R11)(AX*4), Y0, Y0
	VMOVDQU Y0, (DI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT tloop
tdone:
	VZEROUPPER
	RET

// CUBEACC(x, tmp, tmp2): acc Y8 += sum over the 4 qword lanes whose low
// dword is x >= 0 of (int64(int32((x*x + Y10) >> X13))*x + Y11) >> X12
// (arithmetic); Y9 is zero.
#define CUBEACC(x, tmp, tmp2) \
	VPMULDQ x, x, tmp \
	VPADDQ Y10, tmp, tmp \
	VPSRLQ X13, tmp, tmp \
	VPMULDQ x, tmp, tmp \
	VPADDQ Y11, tmp, tmp \
	VPCMPGTQ tmp, Y9, tmp2 \
	VPXOR tmp2, tmp, tmp \
	VPSRLQ X12, tmp, tmp \
	VPXOR tmp2, tmp, tmp \
	VPADDQ tmp, Y8, Y8

// CUBEPOS(x, tmp): CUBEACC where every x is under 2^30 (cmHi clear): x*x
// + 2^(sq-1) < 2^60 + 2^29, so xsq < 2^31 is the positive int32 of the
// shift and xsq*x + addCub is positive: its arithmetic shift is the
// logical one.
#define CUBEPOS(x, tmp) \
	VPMULDQ x, x, tmp \
	VPADDQ Y10, tmp, tmp \
	VPSRLQ X13, tmp, tmp \
	VPMULDQ x, tmp, tmp \
	VPADDQ Y11, tmp, tmp \
	VPSRLQ X12, tmp, tmp \
	VPADDQ tmp, Y8, Y8

DATA cmHi<>+0(SB)/8, $0xc0000000c0000000
DATA cmHi<>+8(SB)/8, $0xc0000000c0000000
DATA cmHi<>+16(SB)/8, $0xc0000000c0000000
DATA cmHi<>+24(SB)/8, $0xc0000000c0000000
GLOBL cmHi<>(SB), RODATA|NOPTR, $32

// func cm0AVX2(s *int16, thr *int32, n int, wt int32, sub, sq, shiftCub uint64, addCub int64) int64
// Sum over j in [0, n), n a multiple of 8, of
//   x = max(|int32(s[j])*wt| - thr[j]<<sub, 0)   (int32, wrapping)
//   xsq = int32((int64(x)*x + 2^(sq-1)) >> sq)
//   (int64(xsq)*x + addCub) >> shiftCub           (arithmetic)
// sq is 29 or 30 (cm0SqShift): vectors whose x are all under 2^30 take
// CUBEPOS, the others CUBEACC.
TEXT ·cm0AVX2(SB), NOSPLIT, $0-72
	MOVQ s+0(FP), SI
	MOVQ thr+8(FP), DI
	MOVQ n+16(FP), CX
	MOVL wt+24(FP), BX
	VMOVD BX, X15
	VPBROADCASTD X15, Y15
	VMOVQ sub+32(FP), X14
	VMOVQ sq+40(FP), X13
	VMOVQ shiftCub+48(FP), X12
	VPBROADCASTQ addCub+56(FP), Y11
	// 2^(sq-1)
	MOVQ sq+40(FP), BX
	DECQ BX
	MOVQ $1, DX
	SHLXQ BX, DX, DX
	VMOVQ DX, X10
	VPBROADCASTQ X10, Y10
	VPXOR Y9, Y9, Y9   // zero
	VPXOR Y8, Y8, Y8   // acc
	XORQ AX, AX
	TESTQ CX, CX
	JLE cdone
cloop:
	VPMOVSXWD (SI)(AX*2), Y0
	VPMULLD Y15, Y0, Y0
	VPABSD Y0, Y0
	VMOVDQU (DI)(AX*4), Y1
	VPSLLD X14, Y1, Y1
	VPSUBD Y1, Y0, Y0
	VPMAXSD Y9, Y0, Y0          // x (even lanes used as is)
	// Masked coefficients (x = 0) add (0 + addCub) >> shiftCub = 0.
	VPTEST Y0, Y0
	JZ cnext
	VPSRLQ $32, Y0, Y1          // x of the odd lanes
	VPTEST cmHi<>(SB), Y0
	JNZ cslow
	CUBEPOS(Y0, Y2)
	CUBEPOS(Y1, Y2)
	JMP cnext
cslow:
	CUBEACC(Y0, Y2, Y3)
	CUBEACC(Y1, Y2, Y3)
cnext:
	ADDQ $8, AX
	CMPQ AX, CX
	JLT cloop
	VEXTRACTI128 $1, Y8, X0
	VPADDQ X0, X8, X8
	VPSHUFD $0x4E, X8, X0
	VPADDQ X0, X8, X8
	VMOVQ X8, AX
	MOVQ AX, ret+64(FP)
	VZEROUPPER
	RET
cdone:
	MOVQ $0, ret+64(FP)
	VZEROUPPER
	RET

// func dwt0HAVX2(lo, hi *int16, src *int16, n int)
// For k in [0, n), n a multiple of 16, with s = src[2k-1 .. 2k+2]:
// lo[k] = (15826*s0 + 27411*s1 + 7345*s2 - 4240*s3 + 32768) >> 16 and hi[k]
// with the high-pass taps. |sum| < 1.8e9, so the int32 products and sums
// never wrap and the result fits int16: PMADDWD and a saturating pack are
// exact. src points at element -1 of the first output's window; the last
// element read is src[2n+1] (the last output's s3), as in the Go twin.
TEXT ·dwt0HAVX2(SB), NOSPLIT, $0-32
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ src+16(FP), R8
	MOVQ n+24(FP), CX
	PAIRTAPS(Y4, Y5, Y6, Y7)
	VPBROADCASTD pairs<>+16(SB), Y8
	XORQ AX, AX
	TESTQ CX, CX
	JLE hdone
hloop:
	// outputs k..k+7: pairs (s0,s1) at src[2k..], (s2,s3) two elements on
	VMOVDQU (R8)(AX*4), Y0
	VMOVDQU 4(R8)(AX*4), Y1
	VMOVDQU 32(R8)(AX*4), Y2
	VMOVDQU 36(R8)(AX*4), Y3
	VPMADDWD Y4, Y0, Y9
	VPMADDWD Y5, Y1, Y10
	VPADDD Y10, Y9, Y9
	VPMADDWD Y4, Y2, Y10
	VPMADDWD Y5, Y3, Y11
	VPADDD Y11, Y10, Y10
	VPADDD Y8, Y9, Y9
	VPADDD Y8, Y10, Y10
	VPSRAD $16, Y9, Y9
	VPSRAD $16, Y10, Y10
	VPACKSSDW Y10, Y9, Y9
	VPERMQ $0xD8, Y9, Y9
	VMOVDQU Y9, (DI)(AX*2)
	VPMADDWD Y6, Y0, Y9
	VPMADDWD Y7, Y1, Y10
	VPADDD Y10, Y9, Y9
	VPMADDWD Y6, Y2, Y10
	VPMADDWD Y7, Y3, Y11
	VPADDD Y11, Y10, Y10
	VPADDD Y8, Y9, Y9
	VPADDD Y8, Y10, Y10
	VPSRAD $16, Y9, Y9
	VPSRAD $16, Y10, Y10
	VPACKSSDW Y10, Y9, Y9
	VPERMQ $0xD8, Y9, Y9
	VMOVDQU Y9, (SI)(AX*2)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT hloop
hdone:
	VZEROUPPER
	RET

// Masking neighbourhood terms: 4369 and 8738 (|csf|/30 and its centre
// weight, Q12) and the rounding constant.
DATA csfK<>+0(SB)/4, $4369
DATA csfK<>+4(SB)/4, $8738
DATA csfK<>+8(SB)/4, $2048
DATA csfK<>+12(SB)/4, $16384
DATA csfK<>+16(SB)/4, $65535
GLOBL csfK<>(SB), RODATA|NOPTR, $20

// CSF0BAND(src, wt, add, shift): v = int16((int32(src)*wt + add) >> shift),
// av = |v|, f += int16((4369*av + 2048) >> 12), c += int16((8738*av + 2048) >> 12)
// for 8 columns (8738*av as twice 4369*av); int32 wraps and int16
// truncations as in Go.
#define CSF0BAND(src, wt, add, shift) \
	VPMOVSXWD src, Y0 \
	VPMULLD wt, Y0, Y0 \
	VPADDD add, Y0, Y0 \
	VPSRAD $shift, Y0, Y0 \
	VPSLLD $16, Y0, Y0 \
	VPSRAD $16, Y0, Y0 \
	VPABSD Y0, Y0 \
	VPMULLD Y10, Y0, Y1 \
	VPADDD Y1, Y1, Y0 \
	VPADDD Y12, Y1, Y1 \
	VPADDD Y12, Y0, Y0 \
	VPSRAD $12, Y1, Y1 \
	VPSRAD $12, Y0, Y0 \
	VPSLLD $16, Y1, Y1 \
	VPSRAD $16, Y1, Y1 \
	VPSLLD $16, Y0, Y0 \
	VPSRAD $16, Y0, Y0 \
	VPADDD Y1, Y8, Y8 \
	VPADDD Y0, Y9, Y9

// func csf0AVX2(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32)
// For j in [0, n), n a multiple of 8: f[j], c[j] = the sums over the three
// bands of scale 0's CSF-weighted masking terms (bands 0 and 1 round with
// 16384 >> 15, band 2 with 65535 >> 17).
TEXT ·csf0AVX2(SB), NOSPLIT, $0-60
	MOVQ f+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ n+40(FP), CX
	MOVL w0+48(FP), BX
	VMOVD BX, X13
	VPBROADCASTD X13, Y13
	MOVL w1+52(FP), BX
	VMOVD BX, X14
	VPBROADCASTD X14, Y14
	MOVL w2+56(FP), BX
	VMOVD BX, X15
	VPBROADCASTD X15, Y15
	VPBROADCASTD csfK<>+0(SB), Y10
	VPBROADCASTD csfK<>+8(SB), Y12
	VPBROADCASTD csfK<>+12(SB), Y6
	VPBROADCASTD csfK<>+16(SB), Y7
	XORQ AX, AX
	TESTQ CX, CX
	JLE sdone
sloop:
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9
	CSF0BAND((R8)(AX*2), Y13, Y6, 15)
	CSF0BAND((R9)(AX*2), Y14, Y6, 15)
	CSF0BAND((R10)(AX*2), Y15, Y7, 17)
	VMOVDQU Y8, (DI)(AX*4)
	VMOVDQU Y9, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT sloop
sdone:
	VZEROUPPER
	RET

DATA decK<>+0(SB)/4, $0x80000000
DATA decK<>+4(SB)/4, $32768
DATA decK<>+8(SB)/4, $16384
DATA decK<>+12(SB)/4, $0x7fff
DATA decK<>+16(SB)/8, $0x3f30000000000000 // 2^-12
DATA decK<>+24(SB)/8, $16384.0
DATA decK<>+32(SB)/8, $0x3f00000000000000 // 2^-15
DATA decK<>+40(SB)/8, $32768.0
DATA decK<>+48(SB)/8, $1073741824.0 // 2^30
GLOBL decK<>(SB), RODATA|NOPTR, $56

// I32TOPS(x, tmp): the 8 int32 lanes of x (exact products and sums of
// int16s, in [-2^31+2^16, 2^31]: the one wrap, 2^31, reads as INT_MIN)
// rounded to float32 in place as Go's float32(int64) does. Y12 holds
// INT_MIN per dword; clobbers tmp.
#define I32TOPS(x, tmp) \
	VPCMPEQD Y12, x, tmp \
	VPAND Y12, tmp, tmp \
	VCVTDQ2PS x, x \
	VPXOR tmp, x, x

// ANGLE4(d, om, tm, dst): angleFlag's test on four lanes from the float32
// lanes d, om, tm (X registers): each widened to float64 and divided by
// 4096, rhs = (cos1 * om) * tm, dst = d*d >= rhs && d >= 0 (qword masks).
// Y13 holds 2^-12, Y14 cos1, Y15 zero; clobbers Y0-Y2.
#define ANGLE4(d, om, tm, dst) \
	VCVTPS2PD d, Y0 \
	VMULPD Y13, Y0, Y0 \
	VCVTPS2PD om, Y1 \
	VMULPD Y13, Y1, Y1 \
	VCVTPS2PD tm, Y2 \
	VMULPD Y13, Y2, Y2 \
	VMULPD Y1, Y14, Y1 \
	VMULPD Y2, Y1, Y1 \
	VMULPD Y0, Y0, Y2 \
	VCMPPD $0x1D, Y1, Y2, Y2 \
	VCMPPD $0x1D, Y15, Y0, Y0 \
	VANDPD Y0, Y2, dst

// func angle0AVX2(flag *int32, oh, ov, th, tv *int16, n int, cos1 float64)
// flag[j] = -1 where angleFlag(oh[j], ov[j], th[j], tv[j]) holds, else 0,
// for j in [0, n), n a multiple of 8: the int32 terms and their float32
// roundings eight lanes wide, the float64 test four (ANGLE4).
TEXT ·angle0AVX2(SB), NOSPLIT, $0-56
	MOVQ flag+0(FP), DI
	MOVQ oh+8(FP), R8
	MOVQ ov+16(FP), R9
	MOVQ th+24(FP), R10
	MOVQ tv+32(FP), R11
	MOVQ n+40(FP), CX
	VBROADCASTSD cos1+48(FP), Y14
	VPBROADCASTD decK<>+0(SB), Y12
	VBROADCASTSD decK<>+16(SB), Y13
	VXORPD Y15, Y15, Y15
	XORQ AX, AX
	TESTQ CX, CX
	JLE adone
aloop:
	VPMOVSXWD (R8)(AX*2), Y0
	VPMOVSXWD (R9)(AX*2), Y1
	VPMOVSXWD (R10)(AX*2), Y2
	VPMOVSXWD (R11)(AX*2), Y3
	VPMULLD Y2, Y0, Y4
	VPMULLD Y3, Y1, Y5
	VPADDD Y5, Y4, Y4 // dp
	VPMULLD Y0, Y0, Y0
	VPMULLD Y1, Y1, Y1
	VPADDD Y1, Y0, Y5 // om
	VPMULLD Y2, Y2, Y2
	VPMULLD Y3, Y3, Y3
	VPADDD Y3, Y2, Y6 // tm
	I32TOPS(Y4, Y0)
	I32TOPS(Y5, Y0)
	I32TOPS(Y6, Y0)
	ANGLE4(X4, X5, X6, Y7)
	VEXTRACTF128 $1, Y4, X4
	VEXTRACTF128 $1, Y5, X5
	VEXTRACTF128 $1, Y6, X6
	ANGLE4(X4, X5, X6, Y8)
	VSHUFPS $0x88, Y8, Y7, Y7 // lanes 0 1 4 5 | 2 3 6 7
	VPERMQ $0xD8, Y7, Y7
	VMOVDQU Y7, (DI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT aloop
adone:
	VZEROUPPER
	RET


// func cm123AVX2(s *int32, thr *int32, n int, wt uint32, sq, shiftCub uint64, addCub int64) int64
// Sum over j in [0, n), n a multiple of 8, of
//   x = max(|int32((int64(s[j])*int64(wt) + 2^27) >> 28)| - thr[j], 0)   (int32, wrapping)
//   xsq = int32((int64(x)*x + 2^(sq-1)) >> sq)
//   (int64(xsq)*x + addCub) >> shiftCub                                  (arithmetic)
// The product is |s|*wt unsigned, negated for negative s; the int32 of
// the 64-bit shift is bits 28..59, the same for a logical shift. sq is 30:
// vectors whose x are all under 2^30 take CUBEPOS, the others CUBEACC.
TEXT ·cm123AVX2(SB), NOSPLIT, $0-64
	MOVQ s+0(FP), SI
	MOVQ thr+8(FP), DI
	MOVQ n+16(FP), CX
	MOVL wt+24(FP), BX
	VMOVD BX, X15
	VPBROADCASTD X15, Y15
	VMOVQ sq+32(FP), X13
	VMOVQ shiftCub+40(FP), X12
	VPBROADCASTQ addCub+48(FP), Y11
	MOVQ sq+32(FP), BX
	DECQ BX
	MOVQ $1, DX
	SHLXQ BX, DX, DX
	VMOVQ DX, X10
	VPBROADCASTQ X10, Y10
	MOVQ $0x8000000, DX
	VMOVQ DX, X14
	VPBROADCASTQ X14, Y14        // 2^27
	VPXOR Y9, Y9, Y9
	VPXOR Y8, Y8, Y8
	XORQ AX, AX
	TESTQ CX, CX
	JLE c32done
c32loop:
	VMOVDQU (SI)(AX*4), Y0
	VPSRAD $31, Y0, Y1           // sign per dword
	VPABSD Y0, Y0                // |s| as unsigned
	VPMULUDQ Y15, Y0, Y2         // even lanes
	VPSRLQ $32, Y0, Y3
	VPMULUDQ Y15, Y3, Y3         // odd lanes
	VPSHUFD $0xA0, Y1, Y4
	VPXOR Y4, Y2, Y2
	VPSUBQ Y4, Y2, Y2
	VPSHUFD $0xF5, Y1, Y4
	VPXOR Y4, Y3, Y3
	VPSUBQ Y4, Y3, Y3
	VPADDQ Y14, Y2, Y2
	VPADDQ Y14, Y3, Y3
	VPSRLQ $28, Y2, Y2
	VPSRLQ $28, Y3, Y3
	VPSLLQ $32, Y3, Y3
	VPBLENDD $0xAA, Y3, Y2, Y0   // x, 8 dwords
	VPABSD Y0, Y0
	VPSUBD (DI)(AX*4), Y0, Y0
	VPMAXSD Y9, Y0, Y0
	VPTEST Y0, Y0
	JZ c32next
	VPSRLQ $32, Y0, Y1
	VPTEST cmHi<>(SB), Y0
	JNZ c32slow
	CUBEPOS(Y0, Y2)
	CUBEPOS(Y1, Y2)
	JMP c32next
c32slow:
	CUBEACC(Y0, Y2, Y3)
	CUBEACC(Y1, Y2, Y3)
c32next:
	ADDQ $8, AX
	CMPQ AX, CX
	JLT c32loop
	VEXTRACTI128 $1, Y8, X0
	VPADDQ X0, X8, X8
	VPSHUFD $0x4E, X8, X0
	VPADDQ X0, X8, X8
	VMOVQ X8, AX
	MOVQ AX, ret+56(FP)
	VZEROUPPER
	RET
c32done:
	MOVQ $0, ret+56(FP)
	VZEROUPPER
	RET

// func cm123wAVX2(s, thr *int32, n int, sq, shiftCub uint64, addCub int64) int64
// cm123AVX2 on coefficients already weighed (csf123wAVX2):
// x = max(|s[j]| - thr[j], 0), then the same cube sum.
TEXT ·cm123wAVX2(SB), NOSPLIT, $0-56
	MOVQ s+0(FP), SI
	MOVQ thr+8(FP), DI
	MOVQ n+16(FP), CX
	VMOVQ sq+24(FP), X13
	VMOVQ shiftCub+32(FP), X12
	VPBROADCASTQ addCub+40(FP), Y11
	MOVQ sq+24(FP), BX
	DECQ BX
	MOVQ $1, DX
	SHLXQ BX, DX, DX
	VMOVQ DX, X10
	VPBROADCASTQ X10, Y10
	VPXOR Y9, Y9, Y9
	VPXOR Y8, Y8, Y8
	XORQ AX, AX
	TESTQ CX, CX
	JLE cwdone
cwloop:
	VPABSD (SI)(AX*4), Y0
	VPSUBD (DI)(AX*4), Y0, Y0
	VPMAXSD Y9, Y0, Y0
	VPTEST Y0, Y0
	JZ cwnext
	VPSRLQ $32, Y0, Y1
	VPTEST cmHi<>(SB), Y0
	JNZ cwslow
	CUBEPOS(Y0, Y2)
	CUBEPOS(Y1, Y2)
	JMP cwnext
cwslow:
	CUBEACC(Y0, Y2, Y3)
	CUBEACC(Y1, Y2, Y3)
cwnext:
	ADDQ $8, AX
	CMPQ AX, CX
	JLT cwloop
	VEXTRACTI128 $1, Y8, X0
	VPADDQ X0, X8, X8
	VPSHUFD $0x4E, X8, X0
	VPADDQ X0, X8, X8
	VMOVQ X8, AX
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET
cwdone:
	MOVQ $0, ret+48(FP)
	VZEROUPPER
	RET

DATA csf1K<>+0(SB)/4, $143165577
DATA csf1K<>+4(SB)/4, $286331153
DATA csf1K<>+8(SB)/8, $0x8000000
DATA csf1K<>+16(SB)/8, $0x80000000
GLOBL csf1K<>(SB), RODATA|NOPTR, $24

// CSF123V(src, wt): Y0 = v = int32((int64(src)*int64(wt) + 2^27) >> 28)
// (the product as |src|*wt unsigned, sign restored; the int32 is bits
// 28..59).
#define CSF123V(src, wt) \
	VMOVDQU src, Y0 \
	VPSRAD $31, Y0, Y1 \
	VPABSD Y0, Y0 \
	VPMULUDQ wt, Y0, Y2 \
	VPSRLQ $32, Y0, Y3 \
	VPMULUDQ wt, Y3, Y3 \
	VPSHUFD $0xA0, Y1, Y4 \
	VPXOR Y4, Y2, Y2 \
	VPSUBQ Y4, Y2, Y2 \
	VPSHUFD $0xF5, Y1, Y4 \
	VPXOR Y4, Y3, Y3 \
	VPSUBQ Y4, Y3, Y3 \
	VPADDQ Y5, Y2, Y2 \
	VPADDQ Y5, Y3, Y3 \
	VPSRLQ $28, Y2, Y2 \
	VPSRLQ $28, Y3, Y3 \
	VPSLLQ $32, Y3, Y3 \
	VPBLENDD $0xAA, Y3, Y2, Y0

// CSF123T: from v in Y0, av = |v| (INT_MIN stays negative, as abs32),
// f += int32((143165577*av - 2^31) >> 32) (Y9), c likewise with 286331153
// (Y10): the high dwords of the exact signed products.
#define CSF123T \
	VPABSD Y0, Y0 \
	VPSRLQ $32, Y0, Y1 \
	VPMULDQ Y7, Y0, Y2 \
	VPMULDQ Y7, Y1, Y3 \
	VPSUBQ Y6, Y2, Y2 \
	VPSUBQ Y6, Y3, Y3 \
	VPSRLQ $32, Y2, Y2 \
	VPBLENDD $0xAA, Y3, Y2, Y2 \
	VPADDD Y2, Y9, Y9 \
	VPMULDQ Y8, Y0, Y2 \
	VPMULDQ Y8, Y1, Y3 \
	VPSUBQ Y6, Y2, Y2 \
	VPSUBQ Y6, Y3, Y3 \
	VPSRLQ $32, Y2, Y2 \
	VPBLENDD $0xAA, Y3, Y2, Y2 \
	VPADDD Y2, Y10, Y10

// func csf123AVX2(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)
// For j in [0, n), n a multiple of 8: f[j], c[j] = the sums over the three
// bands of the CSF-weighted masking terms of scales 1-3.
TEXT ·csf123AVX2(SB), NOSPLIT, $0-60
	MOVQ f+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ n+40(FP), CX
	MOVL w0+48(FP), BX
	VMOVD BX, X13
	VPBROADCASTD X13, Y13
	MOVL w1+52(FP), BX
	VMOVD BX, X14
	VPBROADCASTD X14, Y14
	MOVL w2+56(FP), BX
	VMOVD BX, X15
	VPBROADCASTD X15, Y15
	VPBROADCASTD csf1K<>+0(SB), Y7
	VPBROADCASTD csf1K<>+4(SB), Y8
	VPBROADCASTQ csf1K<>+8(SB), Y5
	VPBROADCASTQ csf1K<>+16(SB), Y6
	XORQ AX, AX
	TESTQ CX, CX
	JLE c1done
c1loop:
	VPXOR Y9, Y9, Y9
	VPXOR Y10, Y10, Y10
	CSF123V((R8)(AX*4), Y13)
	CSF123T
	CSF123V((R9)(AX*4), Y14)
	CSF123T
	CSF123V((R10)(AX*4), Y15)
	CSF123T
	VMOVDQU Y9, (DI)(AX*4)
	VMOVDQU Y10, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT c1loop
c1done:
	VZEROUPPER
	RET

// func csf123wAVX2(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)
// csf123AVX2 that also stores each band's v over its input (csf123wGo).
TEXT ·csf123wAVX2(SB), NOSPLIT, $0-60
	MOVQ f+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ n+40(FP), CX
	MOVL w0+48(FP), BX
	VMOVD BX, X13
	VPBROADCASTD X13, Y13
	MOVL w1+52(FP), BX
	VMOVD BX, X14
	VPBROADCASTD X14, Y14
	MOVL w2+56(FP), BX
	VMOVD BX, X15
	VPBROADCASTD X15, Y15
	VPBROADCASTD csf1K<>+0(SB), Y7
	VPBROADCASTD csf1K<>+4(SB), Y8
	VPBROADCASTQ csf1K<>+8(SB), Y5
	VPBROADCASTQ csf1K<>+16(SB), Y6
	XORQ AX, AX
	TESTQ CX, CX
	JLE w1done
w1loop:
	VPXOR Y9, Y9, Y9
	VPXOR Y10, Y10, Y10
	CSF123V((R8)(AX*4), Y13)
	VMOVDQU Y0, (R8)(AX*4)
	CSF123T
	CSF123V((R9)(AX*4), Y14)
	VMOVDQU Y0, (R9)(AX*4)
	CSF123T
	CSF123V((R10)(AX*4), Y15)
	VMOVDQU Y0, (R10)(AX*4)
	CSF123T
	VMOVDQU Y9, (DI)(AX*4)
	VMOVDQU Y10, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT w1loop
w1done:
	VZEROUPPER
	RET

// func dwt1VAVX2(lo, hi *int32, r0, r1, r2, r3 *int16, n int)
// Scale 1's vertical pass (no rounding, no shift): for j in [0, n), n a
// multiple of 16, lo[j] = 15826*r0[j] + 27411*r1[j] + 7345*r2[j] - 4240*r3[j]
// and hi[j] with the high-pass taps. |sum| < 1.8e9: PMADDWD on the
// interleaved rows is exact. It prefetches the next output row's first
// rows as dwt0V15AVX2 does (scale 0's approximation is no longer in cache).
TEXT ·dwt1VAVX2(SB), NOSPLIT, $0-56
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	PAIRTAPS(Y12, Y13, Y14, Y15)
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE v1done
v1loop:
	PREFETCHNEXT(2)
	VMOVDQU (R8)(AX*2), Y0
	VMOVDQU (R9)(AX*2), Y1
	VMOVDQU (R10)(AX*2), Y2
	VMOVDQU (R11)(AX*2), Y3
	PAIRROWS(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7)
	VPMADDWD Y12, Y4, Y8
	VPMADDWD Y13, Y6, Y9
	VPADDD Y9, Y8, Y8
	VPMADDWD Y12, Y5, Y9
	VPMADDWD Y13, Y7, Y10
	VPADDD Y10, Y9, Y9
	VPERM2I128 $0x20, Y9, Y8, Y10
	VPERM2I128 $0x31, Y9, Y8, Y11
	VMOVDQU Y10, (DI)(AX*4)
	VMOVDQU Y11, 32(DI)(AX*4)
	VPMADDWD Y14, Y4, Y8
	VPMADDWD Y15, Y6, Y9
	VPADDD Y9, Y8, Y8
	VPMADDWD Y14, Y5, Y9
	VPMADDWD Y15, Y7, Y10
	VPADDD Y10, Y9, Y9
	VPERM2I128 $0x20, Y9, Y8, Y10
	VPERM2I128 $0x31, Y9, Y8, Y11
	VMOVDQU Y10, (SI)(AX*4)
	VMOVDQU Y11, 32(SI)(AX*4)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT v1loop
v1done:
	VZEROUPPER
	RET

// HFILT(t0, t1, t2, t3): Y2 = t0*s0 + t1*s1 + t2*s2 + t3*s3 + add, in
// int64 per qword, with (s0, s1) the dwords of Y0's qword and (s2, s3)
// Y1's; then shifted right by X5 (only bits shift..shift+31 are kept, the
// same for a logical shift) and its 4 low dwords packed into X2.
#define HFILT(t0, t1, t2, t3) \
	VPMULDQ t0, Y0, Y2 \
	VPSRLQ $32, Y0, Y3 \
	VPMULDQ t1, Y3, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VPMULDQ t2, Y1, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VPSRLQ $32, Y1, Y3 \
	VPMULDQ t3, Y3, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VPADDQ Y4, Y2, Y2 \
	VPSRLQ X5, Y2, Y2 \
	VPSHUFD $0x08, Y2, Y2 \
	VPERMQ $0x08, Y2, Y2

// func dwt123HAVX2(lo, hi *int32, src *int32, n int, add int64, shift uint64)
// For k in [0, n), n a multiple of 4, with s = src[2k .. 2k+3]:
// lo[k] = int32((15826*s0 + 27411*s1 + 7345*s2 - 4240*s3 + add) >> shift)
// in int64 (exact), hi[k] with the high-pass taps.
TEXT ·dwt123HAVX2(SB), NOSPLIT, $0-48
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ src+16(FP), R8
	MOVQ n+24(FP), CX
	VPBROADCASTQ add+32(FP), Y4
	VMOVQ shift+40(FP), X5
	VPBROADCASTD taps<>+0(SB), Y8
	VPBROADCASTD taps<>+4(SB), Y9
	VPBROADCASTD taps<>+8(SB), Y10
	VPBROADCASTD taps<>+12(SB), Y11
	VPBROADCASTD taps<>+16(SB), Y12
	VPBROADCASTD taps<>+20(SB), Y13
	VPBROADCASTD taps<>+24(SB), Y14
	VPBROADCASTD taps<>+28(SB), Y15
	XORQ AX, AX
	TESTQ CX, CX
	JLE h3done
h3loop:
	VMOVDQU (R8)(AX*8), Y0
	VMOVDQU 8(R8)(AX*8), Y1
	HFILT(Y8, Y9, Y10, Y11)
	VMOVDQU X2, (DI)(AX*4)
	HFILT(Y12, Y13, Y14, Y15)
	VMOVDQU X2, (SI)(AX*4)
	ADDQ $4, AX
	CMPQ AX, CX
	JLT h3loop
h3done:
	VZEROUPPER
	RET

DATA dec8K<>+0(SB)/8, $16384.0
DATA dec8K<>+8(SB)/8, $16384.0
DATA dec8K<>+16(SB)/8, $16384.0
DATA dec8K<>+24(SB)/8, $16384.0
DATA dec8K<>+32(SB)/8, $0x3f00000000000000
DATA dec8K<>+40(SB)/8, $0x3f00000000000000
DATA dec8K<>+48(SB)/8, $0x3f00000000000000
DATA dec8K<>+56(SB)/8, $0x3f00000000000000
DATA dec8K<>+64(SB)/8, $32768.0
DATA dec8K<>+72(SB)/8, $32768.0
DATA dec8K<>+80(SB)/8, $32768.0
DATA dec8K<>+88(SB)/8, $32768.0
GLOBL dec8K<>(SB), RODATA|NOPTR, $96

DATA decAbs<>+0(SB)/8, $0x7fffffffffffffff
DATA decAbs<>+8(SB)/8, $0x7fffffffffffffff
DATA decAbs<>+16(SB)/8, $0x7fffffffffffffff
DATA decAbs<>+24(SB)/8, $0x7fffffffffffffff
GLOBL decAbs<>(SB), RODATA|NOPTR, $32

// func decouple0AVX2(r, a, o, t *int16, flag *int32, n int, egl float64, ie int64)
// decouple0One for j in [0, n), n a multiple of 8, in int32 lanes. tab,
// divLookup's entry for o, is 2^30/o divided in float64 and truncated
// (exact, as in D123HALF; a division is cheaper than a gather here; o = 0
// gives INT_MIN, a wrapping kk that the clamp leaves in [0, 32768] and rst
// 0). kk is (tab*t + 2^14) >> 15: with
// tab = th*2^15 + tl (th = tab >> 15, tl = tab & 0x7FFF) that is
// th*t + ((tl*t + 2^14) >> 15), where |th*t| <= 2^30 and |tl*t| < 2^30 fit
// int32. rst = (kk*o + 16384) >> 15, always within int16 (|kk*o| <= 2^30).
// Where o is 0 kk is not 32768, but rst is 0 either way and kk matters
// nowhere else. The gain limit of a flagged lane
// is min(|rst*egl|, |t|) (truncated) with rst's sign: rst > 0 means kk > 0
// and o > 0, and kk > 0 means t has o's sign, so that is gainLimit's
// min(rst*egl, t), and for rst < 0 its max; where rst is 0 gainLimit gives
// 0 too. egl must be finite and >= 0; ie >= 0 says egl is that integer (at
// most 65535): |rst*ie| < 2^31 is then exact in int32.
TEXT ·decouple0AVX2(SB), NOSPLIT, $0-64
	MOVQ r+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ o+16(FP), R8
	MOVQ t+24(FP), R9
	MOVQ flag+32(FP), R10
	MOVQ n+40(FP), CX
	VBROADCASTSD egl+48(FP), Y15
	MOVQ ie+56(FP), R12
	VMOVD R12, X12
	VPBROADCASTD X12, Y12
	VPBROADCASTD decK<>+4(SB), Y14   // 32768
	VPBROADCASTD decK<>+8(SB), Y13   // 16384
	VPXOR Y9, Y9, Y9
	XORQ AX, AX
	TESTQ CX, CX
	JLE d8done
d8loop:
	VPMOVSXWD (R8)(AX*2), Y0   // o
	VPMOVSXWD (R9)(AX*2), Y1   // t
	VCVTDQ2PD X0, Y2
	VEXTRACTI128 $1, Y0, X3
	VCVTDQ2PD X3, Y3
	VBROADCASTSD decK<>+48(SB), Y4
	VDIVPD Y2, Y4, Y2
	VDIVPD Y3, Y4, Y3
	VCVTTPD2DQY Y2, X2
	VCVTTPD2DQY Y3, X3
	VINSERTI128 $1, X3, Y2, Y4      // tab
	VPSRAD $15, Y4, Y5              // th
	VPBROADCASTD decK<>+12(SB), Y6
	VPAND Y6, Y4, Y4                // tl
	VPMULLD Y1, Y5, Y5
	VPMULLD Y1, Y4, Y4
	VPADDD Y13, Y4, Y4
	VPSRAD $15, Y4, Y4
	VPADDD Y5, Y4, Y4
	VPMAXSD Y9, Y4, Y4
	VPMINSD Y14, Y4, Y4             // kk
	VPMULLD Y0, Y4, Y5
	VPADDD Y13, Y5, Y5
	VPSRAD $15, Y5, Y5              // rst
	// the gain limit's magnitude, in int32 for an integral limit (ie >= 0),
	// else in float64 by halves
	TESTQ R12, R12
	JS d8float
	VPMULLD Y12, Y5, Y7
	VPABSD Y7, Y7
	VPABSD Y1, Y10
	VPMINSD Y10, Y7, Y7
	JMP d8gain
d8float:
	VCVTDQ2PD X1, Y6                // t, low half
	VEXTRACTI128 $1, Y1, X8
	VCVTDQ2PD X8, Y8                // t, high half
	VCVTDQ2PD X5, Y7
	VMULPD Y15, Y7, Y7
	VANDPD decAbs<>(SB), Y7, Y7
	VANDPD decAbs<>(SB), Y6, Y10
	VMINPD Y10, Y7, Y7
	VCVTTPD2DQY Y7, X7
	VEXTRACTI128 $1, Y5, X10
	VCVTDQ2PD X10, Y10
	VMULPD Y15, Y10, Y10
	VANDPD decAbs<>(SB), Y10, Y10
	VANDPD decAbs<>(SB), Y8, Y11
	VMINPD Y11, Y10, Y10
	VCVTTPD2DQY Y10, X10
	VINSERTI128 $1, X10, Y7, Y7
d8gain:
	VPSIGND Y5, Y7, Y7              // with rst's sign, 0 where rst is 0
	VMOVDQU (R10)(AX*4), Y2         // flag
	VPBLENDVB Y2, Y7, Y5, Y5
	VPSUBD Y5, Y1, Y1
	VPSLLD $16, Y1, Y1
	VPSRAD $16, Y1, Y1
	VPACKSSDW Y1, Y5, Y5            // per lane: rst 4, a 4
	VPERMQ $0xD8, Y5, Y5            // rst 8 | a 8
	VMOVDQU X5, (DI)(AX*2)
	VEXTRACTI128 $1, Y5, X5
	VMOVDQU X5, (SI)(AX*2)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT d8loop
d8done:
	VZEROUPPER
	RET

// func den0AVX2(s *int16, n int) uint64
// The sum of |s[j]|^3 (uint64) over j in [0, n), n a multiple of 8.
TEXT ·den0AVX2(SB), NOSPLIT, $0-24
	MOVQ s+0(FP), SI
	MOVQ n+8(FP), CX
	VPXOR Y8, Y8, Y8
	XORQ AX, AX
	TESTQ CX, CX
	JLE g2done
g2loop:
	VPMOVSXWD (SI)(AX*2), Y0
	VPABSD Y0, Y0
	VPSRLQ $32, Y0, Y3
	VPMULUDQ Y0, Y0, Y1
	VPMULUDQ Y0, Y1, Y1
	VPMULUDQ Y3, Y3, Y4
	VPMULUDQ Y3, Y4, Y4
	VPADDQ Y1, Y8, Y8
	VPADDQ Y4, Y8, Y8
	ADDQ $8, AX
	CMPQ AX, CX
	JLT g2loop
g2done:
	VEXTRACTI128 $1, Y8, X0
	VPADDQ X0, X8, X8
	VPSHUFD $0x4E, X8, X0
	VPADDQ X0, X8, X8
	VMOVQ X8, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET

// DEN2(off): Y8 += ((((u*u) + Y10) >> X13)*u + Y11) >> X12 (uint64,
// wrapping) for the 4 coefficients at s+off, u = |s| as uint32; the 64-bit
// product x*u is lo32(x)*u + (hi32(x)*u << 32).
#define DEN2(off) \
	VPABSD off(SI)(AX*4), X0 \
	VPMOVZXDQ X0, Y0 \
	VPMULUDQ Y0, Y0, Y1 \
	VPADDQ Y10, Y1, Y1 \
	VPSRLQ X13, Y1, Y1 \
	VPMULUDQ Y0, Y1, Y2 \
	VPSRLQ $32, Y1, Y3 \
	VPMULUDQ Y0, Y3, Y3 \
	VPSLLQ $32, Y3, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VPADDQ Y11, Y2, Y2 \
	VPSRLQ X12, Y2, Y2 \
	VPADDQ Y2, Y8, Y8

// func den123AVX2(s *int32, n int, addSq, sq, addCub, shiftCub uint64) uint64
// den123AVX512 eight coefficients at a time (n a multiple of 8).
TEXT ·den123AVX2(SB), NOSPLIT, $0-56
	MOVQ s+0(FP), SI
	MOVQ n+8(FP), CX
	VPBROADCASTQ addSq+16(FP), Y10
	VMOVQ sq+24(FP), X13
	VPBROADCASTQ addCub+32(FP), Y11
	VMOVQ shiftCub+40(FP), X12
	VPXOR Y8, Y8, Y8
	XORQ AX, AX
	TESTQ CX, CX
	JLE g3done
g3loop:
	DEN2(0)
	DEN2(16)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT g3loop
g3done:
	VEXTRACTI128 $1, Y8, X0
	VPADDQ X0, X8, X8
	VPSHUFD $0x4E, X8, X0
	VPADDQ X0, X8, X8
	VMOVQ X8, AX
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET

// V2(row, tap): Y6 += tap * the 4 int32 samples of row at AX (int64).
#define V2(row, tap) \
	VPMOVSXDQ (row)(AX*4), Y0 \
	VPMULDQ tap, Y0, Y1 \
	VPADDQ Y1, Y6, Y6

// V2OUT(dst): dst (4 dwords) = the low dwords of (Y6 >> X5): the int32 of
// the arithmetic shift, the same for a logical one while shift <= 32.
#define V2OUT(dst) \
	VPSRLQ X5, Y6, Y6 \
	VPSHUFD $0x08, Y6, Y6 \
	VPERMQ $0x08, Y6, Y6 \
	VMOVDQU X6, dst

// func dwt23VAVX2(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)
// dwt23VAVX512 four columns at a time (n a multiple of 4, shift <= 32),
// prefetching the next output row's first input rows as dwt0V15AVX2 does.
TEXT ·dwt23VAVX2(SB), NOSPLIT, $0-72
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VPBROADCASTQ add+56(FP), Y4
	VMOVQ shift+64(FP), X5
	VPBROADCASTD taps<>+0(SB), Y8
	VPBROADCASTD taps<>+4(SB), Y9
	VPBROADCASTD taps<>+8(SB), Y10
	VPBROADCASTD taps<>+12(SB), Y11
	VPBROADCASTD taps<>+16(SB), Y12
	VPBROADCASTD taps<>+20(SB), Y13
	VPBROADCASTD taps<>+24(SB), Y14
	VPBROADCASTD taps<>+28(SB), Y15
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE u2done
u2loop:
	PREFETCHNEXT(4)
	VMOVDQA Y4, Y6
	V2(R8, Y8)
	V2(R9, Y9)
	V2(R10, Y10)
	V2(R11, Y11)
	V2OUT((DI)(AX*4))
	VMOVDQA Y4, Y6
	V2(R8, Y12)
	V2(R9, Y13)
	V2(R10, Y14)
	V2(R11, Y15)
	V2OUT((SI)(AX*4))
	ADDQ $4, AX
	CMPQ AX, CX
	JLT u2loop
u2done:
	VZEROUPPER
	RET

// Constants of decouple123AVX2: 0.5 and 1008 (the biased exponent of
// 2^-15) per qword, then 126 and 1 per dword.
DATA d123<>+0(SB)/8, $0.5
DATA d123<>+8(SB)/8, $1008
DATA d123<>+16(SB)/4, $126
DATA d123<>+20(SB)/4, $1
GLOBL d123<>(SB), RODATA|NOPTR, $24

// D123HALF(m, k, off, rst, mag): four lanes of decouple123One in float64
// from the dwords m (best15's signed mantissa) and k (its shift) and o, t
// read at off from the row pointers: rst into rst and the gain limit's
// magnitude min(|rst*egl|, |t|), truncated, into mag (4 dwords each).
// Every step is exact:
//   - tab, divLookup's entry for m, is 2^30/m truncated: the quotient of
//     integers under 2^53 is at least 1/m >= 2^-15 from the next integer
//     when it is not one, and 2^30/m < 2^31, so the rounded double never
//     reaches it. m = 0 (o = 0) gives an infinite tab, then kk 0 (MAXPD
//     returns its second operand, 0, for NaN) or 32768, and rst 0 as
//     libvmaf.
//   - kk: y = (tab * 2^-(15+k)) * t is tab*t scaled by a power of two,
//     rounded once; below the clamp (tab*t < 2^(30+k) - 2^(14+k) < 2^47)
//     y and y + 0.5 are exact and floor(y + 0.5) is libvmaf's
//     (tab*t + 2^(14+k)) >> (15+k); at and above it, rounding is monotone
//     and 2^(30+k) - 2^(14+k) is a double, so y + 0.5 >= 32768 still;
//     below zero the floor is at most 0. Clamped to [0, 32768] by max/min.
//   - rst = floor(kk*2^-15*o + 0.5): |kk*o| <= 2^46, exact, and within
//     int32 (-2^31 at kk = 32768, o = -2^31).
//   - mag is at most t where rst > 0 (then t > 0); 2^31 (t = -2^31) reads
//     as -2^31, whose negation is itself, the right result for rst < 0.
// Y11 is zero, Y14 0.5, Y10 1008 per qword, Y15 egl; clobbers Y1, Y3, Y4,
// Y9.
#define D123HALF(m, k, off, rst, mag) \
	VCVTDQ2PD m, Y3 \
	VBROADCASTSD decK<>+48(SB), Y1 \
	VDIVPD Y3, Y1, Y1 \
	VROUNDPD $3, Y1, Y1 \
	VPMOVZXDQ k, Y3 \
	VPSUBQ Y3, Y10, Y3 \
	VPSLLQ $52, Y3, Y3 \
	VMULPD Y3, Y1, Y1 \
	VCVTDQ2PD off(R9)(AX*4), Y9 \
	VMULPD Y9, Y1, Y1 \
	VADDPD Y14, Y1, Y1 \
	VROUNDPD $1, Y1, Y1 \
	VMAXPD Y11, Y1, Y1 \
	VMINPD dec8K<>+64(SB), Y1, Y1 \
	VMULPD dec8K<>+32(SB), Y1, Y1 \
	VCVTDQ2PD off(R8)(AX*4), Y4 \
	VMULPD Y4, Y1, Y1 \
	VADDPD Y14, Y1, Y1 \
	VROUNDPD $1, Y1, Y1 \
	VMULPD Y15, Y1, Y4 \
	VANDPD decAbs<>(SB), Y4, Y4 \
	VANDPD decAbs<>(SB), Y9, Y9 \
	VMINPD Y9, Y4, Y4 \
	VCVTTPD2DQY Y1, rst \
	VCVTTPD2DQY Y4, mag

// func decouple123AVX2(r, a, o, t *int32, flag *int32, n int, egl float64)
// decouple123One for j in [0, n), n a multiple of 8; egl finite and >= 0.
// best15 in int32 lanes (its shift k is the bit length of |o| >> 15, read
// from the exponent of that number converted to float32, exact under
// 2^17), then the table entry (a division, cheaper than a gather here),
// kk, rst and the gain limit in float64, four lanes at a time (D123HALF),
// where they are exact: no 64-bit shifts, clamps or products, which AVX2
// lacks. A flagged lane takes the gain limit's magnitude with rst's sign,
// as decouple0AVX2.
TEXT ·decouple123AVX2(SB), NOSPLIT, $0-56
	MOVQ r+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ o+16(FP), R8
	MOVQ t+24(FP), R9
	MOVQ flag+32(FP), R10
	MOVQ n+40(FP), CX
	VBROADCASTSD egl+48(FP), Y15
	VBROADCASTSD d123<>+0(SB), Y14
	VPBROADCASTQ d123<>+8(SB), Y10
	VPXOR Y11, Y11, Y11
	XORQ AX, AX
	TESTQ CX, CX
	JLE q2done
q2loop:
	VMOVDQU (R8)(AX*4), Y0         // o
	VPABSD Y0, Y1                  // v = |o| as uint32
	VPSRLD $15, Y1, Y2
	VCVTDQ2PS Y2, Y2
	VPSRLD $23, Y2, Y2             // biased exponent of v >> 15 (0 for 0)
	VPBROADCASTD d123<>+16(SB), Y3
	VPSUBD Y3, Y2, Y2
	VPMAXSD Y11, Y2, Y2            // k = bit length of v >> 15
	VPBROADCASTD d123<>+20(SB), Y3
	VPSLLVD Y2, Y3, Y3
	VPSRLD $1, Y3, Y3
	VPADDD Y1, Y3, Y3
	VPSRLVD Y2, Y3, Y3             // m = (v + 2^(k-1)) >> k
	VPSIGND Y0, Y3, Y5             // signed m (0 where o == 0)
	D123HALF(X5, X2, 0, X13, X12)
	VEXTRACTI128 $1, Y5, X5
	VEXTRACTI128 $1, Y2, X2
	D123HALF(X5, X2, 16, X1, X4)
	VINSERTI128 $1, X1, Y13, Y1    // rst
	VINSERTI128 $1, X4, Y12, Y4
	VPSIGND Y1, Y4, Y4             // the gain limit, 0 where rst is 0
	VMOVDQU (R10)(AX*4), Y6        // flag
	VPBLENDVB Y6, Y4, Y1, Y1
	VMOVDQU Y1, (DI)(AX*4)
	VMOVDQU (R9)(AX*4), Y4
	VPSUBD Y1, Y4, Y4
	VMOVDQU Y4, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT q2loop
q2done:
	VZEROUPPER
	RET

// Constants of angle123AVX2: 2^32, 2^31 and 2^-12 as float64, the int32
// sign bit per dword, and 1 per qword.
DATA a123<>+0(SB)/8, $0x41f0000000000000 // 2^32
DATA a123<>+8(SB)/8, $0x41e0000000000000 // 2^31
DATA a123<>+16(SB)/8, $0x3f30000000000000 // 2^-12
DATA a123<>+24(SB)/4, $0x80000000
DATA a123<>+28(SB)/4, $0
DATA a123<>+32(SB)/8, $1
GLOBL a123<>(SB), RODATA|NOPTR, $40

// Q2PD(x, dst): the 4 int64 lanes of x (Y register) rounded to float32 as
// Go's float32(int64) rounds them (to nearest, ties to even), then widened
// to float64 in dst, multiplied by 2^-12. AVX2 has no int64 conversion:
// x = hi*2^32 + lo converts exactly in two halves, their sum s rounds to
// float64 with error e (Fast2Sum: |hi*2^32| >= lo), s is made round-to-odd
// (one ulp toward zero where e points that way, the low bit set where e is
// not 0), and round-to-odd with 29 spare bits rounds to float32 correctly.
// Clobbers Y10-Y13; Y14 holds 2^32, Y15 2^31, Y9 zero.
#define Q2PD(x, dst) \
	VPSHUFD $0x0D, x, Y10 \
	VPERMQ $0x08, Y10, Y10 \
	VCVTDQ2PD X10, Y10 \
	VMULPD Y14, Y10, Y10 \
	VPSHUFD $0x08, x, Y11 \
	VPERMQ $0x08, Y11, Y11 \
	VPBROADCASTD a123<>+24(SB), X12 \
	VPXOR X12, X11, X11 \
	VCVTDQ2PD X11, Y11 \
	VADDPD Y15, Y11, Y11 \
	VADDPD Y11, Y10, dst \
	VSUBPD dst, Y10, Y10 \
	VADDPD Y11, Y10, Y10 \
	VCMPPD $4, Y9, Y10, Y11 \
	VXORPD dst, Y10, Y12 \
	VPSRAD $31, Y12, Y12 \
	VPSHUFD $0xF5, Y12, Y12 \
	VPAND Y11, Y12, Y12 \
	VPADDQ Y12, dst, dst \
	VPBROADCASTQ a123<>+32(SB), Y13 \
	VPAND Y13, Y11, Y11 \
	VPOR Y11, dst, dst \
	VCVTPD2PSY dst, X13 \
	VCVTPS2PD X13, dst \
	VBROADCASTSD a123<>+16(SB), Y13 \
	VMULPD Y13, dst, dst

DATA a123f<>+0(SB)/8, $0x4338000000000000 // 2^52 + 2^51
DATA a123f<>+8(SB)/8, $0x4338000000000000
DATA a123f<>+16(SB)/8, $0x4338000000000000
DATA a123f<>+24(SB)/8, $0x4338000000000000
DATA a123f<>+32(SB)/8, $0x0008000000000000 // 2^51
DATA a123f<>+40(SB)/8, $0x0008000000000000
DATA a123f<>+48(SB)/8, $0x0008000000000000
DATA a123f<>+56(SB)/8, $0x0008000000000000
GLOBL a123f<>(SB), RODATA|NOPTR, $64

// Q2PDFAST(x, dst): Q2PD for int64 lanes in [-2^51, 2^51): x plus the bits
// of 2^52 + 2^51 is that double plus x exactly, less it is x as a double,
// exact; rounding that to float32 once is Go's conversion. Clobbers X13.
#define Q2PDFAST(x, dst) \
	VPADDQ a123f<>+0(SB), x, dst \
	VSUBPD a123f<>+0(SB), dst, dst \
	VCVTPD2PSY dst, X13 \
	VCVTPS2PD X13, dst \
	VBROADCASTSD a123<>+16(SB), Y13 \
	VMULPD Y13, dst, dst

// func angle123AVX2(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)
// angle123AVX512 four lanes at a time (n a multiple of 4), the int64 to
// float32 rounding by Q2PDFAST where the three int64 terms of all four
// lanes are under 2^51 in magnitude (real bands, always), else by Q2PD.
TEXT ·angle123AVX2(SB), NOSPLIT, $0-56
	MOVQ flag+0(FP), DI
	MOVQ oh+8(FP), R8
	MOVQ ov+16(FP), R9
	MOVQ th+24(FP), R10
	MOVQ tv+32(FP), R11
	MOVQ n+40(FP), CX
	VBROADCASTSD cos1+48(FP), Y8
	VBROADCASTSD a123<>+0(SB), Y14
	VBROADCASTSD a123<>+8(SB), Y15
	VPXOR Y9, Y9, Y9
	XORQ AX, AX
	TESTQ CX, CX
	JLE b2done
b2loop:
	VPMOVSXDQ (R8)(AX*4), Y0
	VPMOVSXDQ (R9)(AX*4), Y1
	VPMOVSXDQ (R10)(AX*4), Y2
	VPMOVSXDQ (R11)(AX*4), Y3
	VPMULDQ Y2, Y0, Y4
	VPMULDQ Y3, Y1, Y5
	VPADDQ Y5, Y4, Y4 // dp
	VPMULDQ Y0, Y0, Y0
	VPMULDQ Y1, Y1, Y1
	VPADDQ Y1, Y0, Y0 // om
	VPMULDQ Y2, Y2, Y2
	VPMULDQ Y3, Y3, Y3
	VPADDQ Y3, Y2, Y2 // tm
	// x + 2^51 is under 2^52, unsigned, for x in [-2^51, 2^51)
	VPADDQ a123f<>+32(SB), Y4, Y5
	VPADDQ a123f<>+32(SB), Y0, Y6
	VPOR Y6, Y5, Y5
	VPADDQ a123f<>+32(SB), Y2, Y6
	VPOR Y6, Y5, Y5
	VPSRLQ $52, Y5, Y5
	VPTEST Y5, Y5
	JNZ b2slow
	Q2PDFAST(Y4, Y5)  // d
	Q2PDFAST(Y0, Y6)
	Q2PDFAST(Y2, Y7)
	JMP b2test
b2slow:
	Q2PD(Y4, Y5)      // d
	Q2PD(Y0, Y6)
	Q2PD(Y2, Y7)
b2test:
	VMULPD Y6, Y8, Y6 // cos1 * om/4096
	VMULPD Y7, Y6, Y6 // rhs
	VMULPD Y5, Y5, Y7 // d*d
	VCMPPD $0x1D, Y6, Y7, Y7  // d*d >= rhs
	VCMPPD $0x1D, Y9, Y5, Y5  // d >= 0
	VANDPD Y5, Y7, Y7
	VPSHUFD $0x08, Y7, Y7
	VPERMQ $0x08, Y7, Y7
	VMOVDQU X7, (DI)(AX*4)
	ADDQ $4, AX
	CMPQ AX, CX
	JLT b2loop
b2done:
	VZEROUPPER
	RET

// func q2pdAVX2(dst *float64, src *int64, n int)
// dst[j] = Q2PD(src[j]) for j in [0, n), n a multiple of 4: the
// conversion of angle123AVX2 on its own, for its test.
TEXT ·q2pdAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSD a123<>+0(SB), Y14
	VBROADCASTSD a123<>+8(SB), Y15
	VPXOR Y9, Y9, Y9
	XORQ AX, AX
	TESTQ CX, CX
	JLE q2ddone
q2dloop:
	VMOVDQU (SI)(AX*8), Y0
	Q2PD(Y0, Y1)
	VMOVUPD Y1, (DI)(AX*8)
	ADDQ $4, AX
	CMPQ AX, CX
	JLT q2dloop
q2ddone:
	VZEROUPPER
	RET
