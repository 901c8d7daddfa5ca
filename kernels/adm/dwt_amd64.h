// The DWT's taps and the vertical passes' shared steps, for
// kernels_amd64.s and kernels512_amd64.s (each file that includes this
// has its own copy of the DATA symbols: they are per file).

// taps<>: the DWT taps as int32, low-pass then high-pass.
DATA taps<>+0(SB)/4, $15826
DATA taps<>+4(SB)/4, $27411
DATA taps<>+8(SB)/4, $7345
DATA taps<>+12(SB)/4, $-4240
DATA taps<>+16(SB)/4, $-4240
DATA taps<>+20(SB)/4, $-7345
DATA taps<>+24(SB)/4, $27411
DATA taps<>+28(SB)/4, $-15826
GLOBL taps<>(SB), RODATA|NOPTR, $32

// pairs<>: the taps as int16 pairs for PMADDWD (low-pass s0,s1 | s2,s3;
// high-pass likewise), one dword per pair; then 32768; then the qword
// order that undoes a 512-bit saturating pack's lane interleave.
DATA pairs<>+0(SB)/2, $15826
DATA pairs<>+2(SB)/2, $27411
DATA pairs<>+4(SB)/2, $7345
DATA pairs<>+6(SB)/2, $-4240
DATA pairs<>+8(SB)/2, $-4240
DATA pairs<>+10(SB)/2, $-7345
DATA pairs<>+12(SB)/2, $27411
DATA pairs<>+14(SB)/2, $-15826
DATA pairs<>+16(SB)/4, $32768
DATA pairs<>+20(SB)/4, $0
DATA pairs<>+24(SB)/8, $0
DATA pairs<>+32(SB)/8, $2
DATA pairs<>+40(SB)/8, $4
DATA pairs<>+48(SB)/8, $6
DATA pairs<>+56(SB)/8, $1
DATA pairs<>+64(SB)/8, $3
DATA pairs<>+72(SB)/8, $5
DATA pairs<>+80(SB)/8, $7
GLOBL pairs<>(SB), RODATA|NOPTR, $88

// PAIRTAPS(l01, l23, h01, h23) broadcasts the four tap pairs.
#define PAIRTAPS(l01, l23, h01, h23) \
	VPBROADCASTD pairs<>+0(SB), l01 \
	VPBROADCASTD pairs<>+4(SB), l23 \
	VPBROADCASTD pairs<>+8(SB), h01 \
	VPBROADCASTD pairs<>+12(SB), h23

// NEXTROWS sets R13 and R12 to the rows a vertical pass's next output row
// reads first, r3 + (r3 - r2) and the row after (r2 in R10, r3 in R11),
// for PREFETCHNEXT: the input comes from memory, and a prefetch never
// faults, so a mirrored edge row costs nothing.
#define NEXTROWS \
	MOVQ R11, R12 \
	SUBQ R10, R12 \
	LEAQ (R11)(R12*1), R13 \
	LEAQ (R13)(R12*1), R12

// PREFETCHNEXT(scale) prefetches NEXTROWS's rows at column AX (scale
// bytes a sample).
#define PREFETCHNEXT(scale) \
	PREFETCHT0 (R13)(AX*scale) \
	PREFETCHT0 (R12)(AX*scale)

// PAIRROWS(r0, r1, r2, r3, a, b, c, d) pairs the words of rows r0 and r1
// column by column in each 128-bit lane (a: the lane's low half, b: its
// high half), and of r2 and r3 likewise (c, d); the outputs must be other
// registers than the rows.
#define PAIRROWS(r0, r1, r2, r3, a, b, c, d) \
	VPUNPCKLWD r1, r0, a \
	VPUNPCKHWD r1, r0, b \
	VPUNPCKLWD r3, r2, c \
	VPUNPCKHWD r3, r2, d

// VSUMS(pa, pb, a, b, c, d, s, t, tmp): one vertical filter on the pairs
// of PAIRROWS, s = pa.a + pb.c and t = pa.b + pb.d (PMADDWD's int32 sums),
// tmp a scratch register.
#define VSUMS(pa, pb, a, b, c, d, s, t, tmp) \
	VPMADDWD pa, a, s \
	VPMADDWD pb, c, tmp \
	VPADDD tmp, s, s \
	VPMADDWD pa, b, t \
	VPMADDWD pb, d, tmp \
	VPADDD tmp, t, t
