// Exact arithmetic of the integer VIF shaders (prepended after
// adm_int64.wgsl, whose 64-bit pairs it extends): 128-bit unsigned
// integers as vec4<u32> (x the lowest word), and IEEE double rounding done
// in integers. libvmaf's per-pixel gain (vif_statistic's g, sv_sq and
// g*g*sigma1_sq) is double arithmetic; WGSL has no double, and its f32
// may be approximate or contracted, so every double here is an exact
// integer mantissa m < 2^53 with a power-of-two exponent, and each double
// operation forms the exact result in integers and rounds it once to 53
// bits, to nearest, ties to even, as x86-64's SSE2 does. Nothing here
// rounds except round53.

fn add128(a: vec4<u32>, b: vec4<u32>) -> vec4<u32> {
    var r = vec4<u32>(0u);
    var c = 0u;
    for (var i = 0u; i < 4u; i = i + 1u) {
        let s = a[i] + b[i];
        let t = s + c;
        c = select(0u, 1u, s < a[i]) + select(0u, 1u, t < s);
        r[i] = t;
    }
    return r;
}

// a - b modulo 2^128.
fn sub128(a: vec4<u32>, b: vec4<u32>) -> vec4<u32> {
    return add128(add128(a, ~b), vec4<u32>(1u, 0u, 0u, 0u));
}

fn u128(a: vec2<u32>) -> vec4<u32> {
    return vec4<u32>(a, 0u, 0u);
}

// Logical shift right by any s (128 and more give 0).
fn shr128(a: vec4<u32>, s: u32) -> vec4<u32> {
    var q = a;
    var n = s;
    while (n >= 32u && any(q != vec4<u32>(0u))) {
        q = vec4<u32>(q.y, q.z, q.w, 0u);
        n = n - 32u;
    }
    if (n >= 32u) {
        return vec4<u32>(0u);
    }
    if (n > 0u) {
        q = vec4<u32>((q.x >> n) | (q.y << (32u - n)), (q.y >> n) | (q.z << (32u - n)),
            (q.z >> n) | (q.w << (32u - n)), q.w >> n);
    }
    return q;
}

// Shift left by s < 128 (bits above 127 are lost).
fn shl128(a: vec4<u32>, s: u32) -> vec4<u32> {
    var q = a;
    var n = s;
    while (n >= 32u) {
        q = vec4<u32>(0u, q.x, q.y, q.z);
        n = n - 32u;
    }
    if (n > 0u) {
        q = vec4<u32>(q.x << n, (q.y << n) | (q.x >> (32u - n)),
            (q.z << n) | (q.y >> (32u - n)), (q.w << n) | (q.z >> (32u - n)));
    }
    return q;
}

fn bitlen128(a: vec4<u32>) -> u32 {
    if (a.w != 0u) {
        return 128u - countLeadingZeros(a.w);
    }
    if (a.z != 0u) {
        return 96u - countLeadingZeros(a.z);
    }
    if (a.y != 0u) {
        return 64u - countLeadingZeros(a.y);
    }
    return 32u - countLeadingZeros(a.x);
}

// Whether any of the bits below k (k <= 128) is set.
fn any_below128(a: vec4<u32>, k: u32) -> bool {
    var q = a;
    for (var i = 0u; i < 4u; i = i + 1u) {
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

// The full 128-bit product of two 64-bit values.
fn mul128(a: vec2<u32>, b: vec2<u32>) -> vec4<u32> {
    let p00 = umul(a.x, b.x);
    let p01 = umul(a.x, b.y);
    let p10 = umul(a.y, b.x);
    let p11 = umul(a.y, b.y);
    var r = vec4<u32>(p00, p11);
    r = add128(r, vec4<u32>(0u, p01, 0u));
    return add128(r, vec4<u32>(0u, p10, 0u));
}

// F64 is a non-negative double: m * 2^e with m < 2^53 (m = 0 for zero).
struct F64 {
    m: vec2<u32>,
    e: i32,
}

// round53 is the double nearest (ties to even) to (p + t) * 2^e, where t
// is 0 when sticky is false and some 0 < t < 1 when it is true; a sticky
// p must have more than 53 bits (then t only breaks ties). The exponent
// range of VIF's values keeps every double normal.
fn round53(p: vec4<u32>, e: i32, sticky: bool) -> F64 {
    let len = bitlen128(p);
    if (len <= 53u) {
        return F64(p.xy, e);
    }
    let sh = len - 53u;
    var m = shr128(p, sh).xy;
    let half = (shr128(p, sh - 1u).x & 1u) == 1u;
    if (half && (sticky || any_below128(p, sh - 1u) || (m.x & 1u) == 1u)) {
        m = add64(m, vec2<u32>(1u, 0u));
        if (m.y == 0x200000u) { // 2^53: one more bit
            return F64(vec2<u32>(0u, 0x100000u), e + i32(sh) + 1);
        }
    }
    return F64(m, e + i32(sh));
}

// floor of a non-negative double as a 64-bit integer; the caller checks
// it is below 2^64 (x86-64's truncations are checked there too).
fn floor64(a: F64) -> vec2<u32> {
    if (a.e >= 0) {
        return shl64(a.m, u32(a.e));
    }
    if (a.e <= -64) {
        return vec2<u32>(0u, 0u);
    }
    return shr64(a.m, u32(-a.e));
}

// a >= b for doubles.
fn ge_f64(a: F64, b: F64) -> bool {
    return ge_scaled(a.m, a.e, b.m, b.e);
}
