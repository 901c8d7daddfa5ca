// IEEE 754 binary32 multiplication and addition, round to nearest even,
// in integer arithmetic on the float's bits (u32): the twin of C's and
// Go's float32 `*` and `+` for every finite input, subnormals and signed
// zeros included (inf and NaN inputs give inf or the default NaN; SpEED
// never makes one). WGSL's own f32 operations may be contracted into
// fused multiply-adds, flush subnormals or be reassociated by a driver, so
// SpEED's float stages never use them. Prepended with adm_int64.wgsl
// (umul: the exact 48-bit product of two significands).
//
// Internally a finite value is sign, e and sig with value sig * 2^(e-157):
// a normalised sig has its leading bit at 30, 7 bits below the 24-bit
// significand (bit 0 sticky), e the biased exponent; e = 1 with sig below
// 2^30 is a subnormal's scale.

const F32_SIGN: u32 = 0x80000000u;
const F32_INF: u32 = 0x7f800000u;
const F32_NAN: u32 = 0x7fc00000u;

// shr_jam shifts right by s, ORing every bit shifted out into bit 0.
fn shr_jam(x: u32, s: u32) -> u32 {
    if (s == 0u) {
        return x;
    }
    if (s >= 31u) {
        return select(0u, 1u, x != 0u);
    }
    return (x >> s) | select(0u, 1u, (x << (32u - s)) != 0u);
}

// round_pack rounds sig * 2^(e-157) to nearest even and packs it. sig is
// normalised (bit 30 set) unless e is 1, the subnormal range; e may be 0
// or negative (the result is then subnormal, or zero).
fn round_pack(sign: u32, e_in: i32, sig_in: u32) -> u32 {
    var e = e_in;
    var sig = sig_in;
    if (e < 1) {
        sig = shr_jam(sig, u32(1 - e));
        e = 1;
    }
    if (e >= 255) {
        return sign | F32_INF;
    }
    let rest = sig & 0x7fu;
    sig = (sig + 0x40u) >> 7u;
    if (rest == 0x40u) {
        sig = sig & ~1u; // a tie: to even
    }
    if (sig == 0u) {
        return sign;
    }
    // (e-1) << 23 plus a significand with its leading bit at 23 gives the
    // exponent field e; a rounding carry to 2^24 moves it up by one (to inf
    // from 254), and a subnormal (e = 1, sig below 2^23) packs as itself,
    // or as the smallest normal when it rounds up to 2^23.
    return sign | ((u32(e - 1) << 23u) + sig);
}

fn f32_is_nan(a: u32) -> bool {
    return (a & 0x7fffffffu) > F32_INF;
}

// f32_mul is a * b rounded once.
fn f32_mul(a: u32, b: u32) -> u32 {
    let sign = (a ^ b) & F32_SIGN;
    var ea = i32((a >> 23u) & 0xffu);
    var eb = i32((b >> 23u) & 0xffu);
    var ma = a & 0x7fffffu;
    var mb = b & 0x7fffffu;
    if (f32_is_nan(a) || f32_is_nan(b)) {
        return F32_NAN;
    }
    if (ea == 255 || eb == 255) {
        if ((a & 0x7fffffffu) == 0u || (b & 0x7fffffffu) == 0u) {
            return F32_NAN; // inf * 0
        }
        return sign | F32_INF;
    }
    if ((a & 0x7fffffffu) == 0u || (b & 0x7fffffffu) == 0u) {
        return sign;
    }
    if (ea == 0) {
        let s = countLeadingZeros(ma) - 8u; // ma != 0
        ma = ma << s;
        ea = 1 - i32(s);
    } else {
        ma = ma | 0x800000u;
    }
    if (eb == 0) {
        let s = countLeadingZeros(mb) - 8u;
        mb = mb << s;
        eb = 1 - i32(s);
    } else {
        mb = mb | 0x800000u;
    }
    // p = ma * mb in [2^46, 2^48): value p * 2^(ea+eb-300).
    let p = umul(ma, mb);
    var sig: u32;
    var e: i32;
    if (p.y >= 0x8000u) { // p >= 2^47
        sig = (p.y << 15u) | (p.x >> 17u) | select(0u, 1u, (p.x & 0x1ffffu) != 0u);
        e = ea + eb - 126;
    } else {
        sig = (p.y << 16u) | (p.x >> 16u) | select(0u, 1u, (p.x & 0xffffu) != 0u);
        e = ea + eb - 127;
    }
    return round_pack(sign, e, sig);
}

// f32_add is a + b rounded once (f32_add(a, b ^ F32_SIGN) is a - b).
fn f32_add(a_in: u32, b_in: u32) -> u32 {
    var a = a_in;
    var b = b_in;
    if (f32_is_nan(a) || f32_is_nan(b)) {
        return F32_NAN;
    }
    // Order by magnitude: |a| >= |b| (the bits order finite magnitudes).
    if ((b & 0x7fffffffu) > (a & 0x7fffffffu)) {
        let t = a;
        a = b;
        b = t;
    }
    let sa = a & F32_SIGN;
    let sb = b & F32_SIGN;
    if ((a & 0x7fffffffu) == F32_INF) {
        if ((b & 0x7fffffffu) == F32_INF && sa != sb) {
            return F32_NAN; // inf - inf
        }
        return a;
    }
    if ((b & 0x7fffffffu) == 0u) {
        if ((a & 0x7fffffffu) == 0u && sa != sb) {
            return 0u; // +0 + -0 = +0 when rounding to nearest
        }
        return a; // also -0 + -0 = -0
    }
    var ea = i32((a >> 23u) & 0xffu);
    var eb = i32((b >> 23u) & 0xffu);
    // Significands with 6 guard bits: the hidden bit at 29.
    var ma = (a & 0x7fffffu) << 6u;
    var mb = (b & 0x7fffffu) << 6u;
    if (ea == 0) {
        ea = 1;
    } else {
        ma = ma | 0x20000000u;
    }
    if (eb == 0) {
        eb = 1;
    } else {
        mb = mb | 0x20000000u;
    }
    mb = shr_jam(mb, u32(ea - eb));
    // Value m * 2^(ea-156) = m * 2^((ea+1)-157).
    if (sa == sb) {
        let s = ma + mb; // below 2^31
        if (s >= 0x40000000u) {
            return round_pack(sa, ea + 1, s);
        }
        return round_pack(sa, ea, s << 1u);
    }
    let s = ma - mb; // |a| >= |b|: no borrow
    if (s == 0u) {
        return 0u; // x - x = +0 when rounding to nearest
    }
    // Normalise to bit 30, or as far as the subnormal range allows (e = 1).
    var k = i32(countLeadingZeros(s)) - 1;
    k = min(k, ea);
    return round_pack(sa, ea + 1 - k, s << u32(k));
}
