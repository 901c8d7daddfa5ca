// Integer helpers of the ADM shaders (prepended to each of them). WGSL has
// no 64-bit integers without an extension Bandscope does not ask for, so a
// 64-bit value is a vec2<u32> (x the low word, y the high word), two's
// complement and wrapping like Go's int64/uint64. Every operation here is
// exact integer arithmetic; nothing rounds.

fn s64(a: i32) -> vec2<u32> {
    return vec2<u32>(bitcast<u32>(a), select(0u, 0xffffffffu, a < 0));
}

fn add64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    let lo = a.x + b.x;
    return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));
}

fn neg64(a: vec2<u32>) -> vec2<u32> {
    return add64(~a, vec2<u32>(1u, 0u));
}

fn is_neg64(a: vec2<u32>) -> bool {
    return (a.y >> 31u) != 0u;
}

fn is_zero64(a: vec2<u32>) -> bool {
    return a.x == 0u && a.y == 0u;
}

// unsigned a >= b
fn ge64u(a: vec2<u32>, b: vec2<u32>) -> bool {
    return a.y > b.y || (a.y == b.y && a.x >= b.x);
}

// The full 64-bit product of two u32, from 16-bit halves.
fn umul(a: u32, b: u32) -> vec2<u32> {
    let a0 = a & 0xffffu;
    let a1 = a >> 16u;
    let b0 = b & 0xffffu;
    let b1 = b >> 16u;
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = p01 + p10;
    let midc = select(0u, 0x10000u, mid < p01);
    let lo = p00 + (mid << 16u);
    let hi = p11 + (mid >> 16u) + midc + select(0u, 1u, lo < p00);
    return vec2<u32>(lo, hi);
}

// The signed 64-bit product of two i32.
fn imul(a: i32, b: i32) -> vec2<u32> {
    var p = umul(bitcast<u32>(a), bitcast<u32>(b));
    if (a < 0) {
        p.y = p.y - bitcast<u32>(b);
    }
    if (b < 0) {
        p.y = p.y - bitcast<u32>(a);
    }
    return p;
}

// The signed 64-bit product of an unsigned weight and an i32.
fn uimul(w: u32, b: i32) -> vec2<u32> {
    var p = umul(w, bitcast<u32>(b));
    if (b < 0) {
        p.y = p.y - w;
    }
    return p;
}

// a * b modulo 2^64, a 64-bit, b 32-bit unsigned.
fn mul64u(a: vec2<u32>, b: u32) -> vec2<u32> {
    var p = umul(a.x, b);
    p.y = p.y + a.y * b;
    return p;
}

// Arithmetic shift right by s (0..63).
fn sar64(a: vec2<u32>, s: u32) -> vec2<u32> {
    let hi = bitcast<i32>(a.y);
    if (s == 0u) {
        return a;
    }
    if (s < 32u) {
        return vec2<u32>((a.x >> s) | (a.y << (32u - s)), bitcast<u32>(hi >> s));
    }
    return vec2<u32>(bitcast<u32>(hi >> (s - 32u)), bitcast<u32>(hi >> 31u));
}

// Logical shift right by s (0..63).
fn shr64(a: vec2<u32>, s: u32) -> vec2<u32> {
    if (s == 0u) {
        return a;
    }
    if (s < 32u) {
        return vec2<u32>((a.x >> s) | (a.y << (32u - s)), a.y >> s);
    }
    return vec2<u32>(a.y >> (s - 32u), 0u);
}

// Shift left by s (0..63).
fn shl64(a: vec2<u32>, s: u32) -> vec2<u32> {
    if (s == 0u) {
        return a;
    }
    if (s < 32u) {
        return vec2<u32>(a.x << s, (a.y << s) | (a.x >> (32u - s)));
    }
    return vec2<u32>(0u, a.x << (s - 32u));
}

fn bitlen32(a: u32) -> u32 {
    return 32u - countLeadingZeros(a);
}

fn bitlen64(a: vec2<u32>) -> u32 {
    if (a.y != 0u) {
        return 64u - countLeadingZeros(a.y);
    }
    return 32u - countLeadingZeros(a.x);
}

// sext16 is C's (int16_t) v: the low 16 bits, sign-extended. The left shift
// is done on u32: a signed left shift that overflows is undefined in MSL (as
// in C++), so a Metal compiler could fold it; the arithmetic right shift of
// the bitcast value is defined everywhere.
fn sext16(v: i32) -> i32 {
    return bitcast<i32>(bitcast<u32>(v) << 16u) >> 16u;
}

// ---- IEEE rounding, in integers --------------------------------------
//
// A non-negative number of up to 96 bits (three words, low first) rounded
// to n significant bits, to nearest, ties to even, as a float conversion or
// a float product rounds it: the result is m * 2^sh with m < 2^n.

struct Rounded {
    m: vec2<u32>,
    sh: u32,
}

fn bit96(p: vec3<u32>, k: u32) -> u32 {
    var q = p;
    return (q[k >> 5u] >> (k & 31u)) & 1u;
}

// Whether any of the bits below k is set.
fn sticky96(p: vec3<u32>, k: u32) -> bool {
    var q = p;
    for (var i = 0u; i < 3u; i = i + 1u) {
        let lo = 32u * i;
        if (k >= lo + 32u) {
            if (q[i] != 0u) {
                return true;
            }
        } else if (k > lo) {
            if ((q[i] & ((1u << (k - lo)) - 1u)) != 0u) {
                return true;
            }
        }
    }
    return false;
}

fn round_bits(p: vec3<u32>, n: u32) -> Rounded {
    var len = 32u - countLeadingZeros(p.x);
    if (p.z != 0u) {
        len = 96u - countLeadingZeros(p.z);
    } else if (p.y != 0u) {
        len = 64u - countLeadingZeros(p.y);
    }
    if (len <= n) {
        return Rounded(p.xy, 0u);
    }
    let sh = len - n;
    var q = p;
    var s = sh;
    while (s >= 32u) {
        q = vec3<u32>(q.y, q.z, 0u);
        s = s - 32u;
    }
    var m = q.xy;
    if (s > 0u) {
        m = vec2<u32>((q.x >> s) | (q.y << (32u - s)), (q.y >> s) | (q.z << (32u - s)));
    }
    if (bit96(p, sh - 1u) == 1u && (sticky96(p, sh - 1u) || (m.x & 1u) == 1u)) {
        m = add64(m, vec2<u32>(1u, 0u));
        if (bitlen64(m) > n) {
            return Rounded(shr64(m, 1u), sh + 1u);
        }
    }
    return Rounded(m, sh);
}

// a * 2^x >= b * 2^y for unsigned a, b.
fn ge_scaled(a: vec2<u32>, x: i32, b: vec2<u32>, y: i32) -> bool {
    if (is_zero64(b)) {
        return true;
    }
    if (is_zero64(a)) {
        return false;
    }
    let la = bitlen64(a);
    let lb = bitlen64(b);
    let ea = i32(la) + x;
    let eb = i32(lb) + y;
    if (ea != eb) {
        return ea > eb;
    }
    return ge64u(shl64(a, 64u - la), shl64(b, 64u - lb));
}
