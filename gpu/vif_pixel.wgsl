// Mirrors kernels/vif Pixel (libvmaf's per-pixel body of vif_statistic,
// its log2_32/log2_64 and the gain computed in double), bit for bit.
// Prepended with adm_int64.wgsl and vif_exact.wgsl; the shader including
// it provides three hooks:
//
//   vif_log2_entry(i)   the log2 table at 32768 + i (kernels/vif Log2Table)
//   vif_eps_units(l)    k such that double(s1) + Eps = s1 + k * 2^(l-53)
//                       for every s1 of bit length l (18..31); the host
//                       computes it from kernels/vif Eps with Go's doubles
//   vif_gain_limit()    vif_enhn_gain_limit as an F64
//
// The doubles are exact integer operations rounded once each (round53):
//
//   d   = s1 + Eps             D = s1 << (53-l) + k: a 53-bit integer
//   g   = s12 / d              55 quotient bits by restoring division,
//                              the remainder as the sticky bit
//   p   = g * s12              53 x 31 bits, exact, rounded
//   x   = s2 - p               scaled by 2^64 (p's bits below 2^-64 go to
//                              the sticky bit: p < 2^-12 there, so x has
//                              more than 53 bits and they only break ties)
//   sv  = (int32) x            floor (x >= 0 here; x <= 0 gives sv 0
//                              whatever the truncation, as C clips it)
//   g2  = g * g                106 bits, rounded
//   q   = g2 * s1              rounded, then truncated to int64
//
// The exponents stay in the normal range (g lies in [2^-31, 2^15)).

const VIF_SIGMA_NSQ: i32 = 131072;

// Pixel's terms: num and den are the Q11 log terms where isLog, else
// sigma2_sq (clipped at 0) and 1.
struct VifPixel {
    num: i32,
    den: i32,
    is_log: bool,
}

// libvmaf's log2_32: v >= 2^17; the top 16 bits index the table.
fn vif_log2_32(v: u32) -> i32 {
    let k = 16u - countLeadingZeros(v);
    return i32(vif_log2_entry((v >> k) - 32768u)) + 2048 * i32(k);
}

// libvmaf's log2_64: v >= 2^17.
fn vif_log2_64(v: vec2<u32>) -> i32 {
    if (v.y == 0u) {
        return vif_log2_32(v.x);
    }
    let k = 48u - countLeadingZeros(v.y);
    return i32(vif_log2_entry(shr64(v, k).x - 32768u)) + 2048 * i32(k);
}

// The gain g = s12 / (s1 + Eps) in double, s1 >= 2^17 and s12 > 0.
fn vif_gain(s1: u32, s12: u32) -> F64 {
    let l = bitlen32(s1);
    let d = add64(shl64(vec2<u32>(s1, 0u), 53u - l), vec2<u32>(vif_eps_units(l), 0u));
    let ls = bitlen32(s12);
    let a = shl64(vec2<u32>(s12, 0u), 53u - ls);
    // a and d both lie in [2^52, 2^53): a * 2^54 / d has 54 or 55 bits.
    var r = a;
    var q = vec2<u32>(0u, 0u);
    if (ge64u(r, d)) {
        r = add64(r, neg64(d));
        q = vec2<u32>(1u, 0u);
    }
    for (var i = 0u; i < 54u; i = i + 1u) {
        r = shl64(r, 1u);
        q = shl64(q, 1u);
        if (ge64u(r, d)) {
            r = add64(r, neg64(d));
            q.x = q.x | 1u;
        }
    }
    return round53(u128(q), i32(ls) - i32(l) - 54, !is_zero64(r));
}

// C's (int32_t)(s2 - g * s12), clipped at 0 as libvmaf clips sv_sq.
fn vif_sv(s2: u32, s12: u32, g: F64) -> u32 {
    let p = round53(mul128(g.m, vec2<u32>(s12, 0u)), g.e, false);
    if (ge_f64(p, F64(vec2<u32>(s2, 0u), 0))) {
        return 0u;
    }
    // Here p < s2 < 2^31.
    if (p.e >= 0) {
        return s2 - shl64(p.m, u32(p.e)).x;
    }
    let f = u32(-p.e);
    var pp: vec4<u32>;
    var sticky = false;
    if (f <= 64u) {
        pp = shl128(u128(p.m), 64u - f);
    } else {
        pp = shr128(u128(p.m), f - 64u);
        sticky = any_below128(u128(p.m), f - 64u);
    }
    var x = sub128(vec4<u32>(0u, 0u, s2, 0u), pp);
    if (sticky) {
        x = sub128(x, vec4<u32>(1u, 0u, 0u, 0u));
    }
    return floor64(round53(x, -64, sticky)).x;
}

// C's (int64_t) of a non-negative double (x86-64: INT64_MIN when 2^63 or
// more).
fn vif_trunc64(a: F64) -> vec2<u32> {
    if (a.e >= 0 && bitlen64(a.m) + u32(a.e) > 63u) {
        return vec2<u32>(0u, 0x80000000u);
    }
    return floor64(a);
}

fn vif_pixel(s1: i32, s2in: i32, s12: i32) -> VifPixel {
    let s2 = max(s2in, 0);
    if (s1 < VIF_SIGMA_NSQ) {
        return VifPixel(s2, 1, false);
    }
    // uint32(SigmaNsq + s1): the int32 sum wraps like the u32 one.
    let den = vif_log2_32(bitcast<u32>(s1) + 131072u) - 2048 * 17;
    var num = 0;
    if (s12 > 0 && s2 > 0) {
        var g = vif_gain(u32(s1), u32(s12));
        let sv = vif_sv(u32(s2), u32(s12), g);
        let gl = vif_gain_limit();
        if (ge_f64(g, gl)) {
            g = gl;
        }
        let numer1 = sv + 131072u;
        let g2 = round53(mul128(g.m, g.m), 2 * g.e, false);
        let q = round53(mul128(g2.m, vec2<u32>(u32(s1), 0u)), g2.e, false);
        let tmp = add64(vif_trunc64(q), vec2<u32>(numer1, 0u));
        num = vif_log2_64(tmp) - vif_log2_32(numer1);
    }
    return VifPixel(num, den, true);
}
