// Mirrors kernels/adm Decouple0 (scale0 = 1) and Decouple123: splits each
// distorted detail coefficient into the part restored from the reference
// and the additive impairment. The CPU's float and double steps (the
// one-degree angle test and the enhancement gain limit) are evaluated
// exactly in integers: each float conversion and each double product is
// rounded with round_bits the way IEEE rounds it, and the comparisons are
// made on the rounded values. With exact (Barten, DecoupleExact0/123) the
// restored part is t clipped to [0, o] instead of the 15-bit ratio times o.
// Output planes: restored h, v, d, additive h, v, d.

struct Params {
    bw: u32,
    bh: u32,
    scale0: u32,
    cos_m: u32, // cos^2(1 degree) as a float32: cos_m * 2^cos_e
    cos_e: i32,
    egl_lo: u32, // adm_enhn_gain_limit as a double: egl_m * 2^-egl_q
    egl_hi: u32,
    egl_q: u32,
    exact: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> ref_bands: array<i32>;
@group(0) @binding(2) var<storage, read> dis_bands: array<i32>;
@group(0) @binding(3) var<storage, read_write> out: array<i32>;

fn abs64(a: vec2<u32>) -> vec2<u32> {
    return select(a, neg64(a), is_neg64(a));
}

// float32 of a 64-bit magnitude: m * 2^sh.
fn to_f32(a: vec2<u32>) -> Rounded {
    return round_bits(vec3<u32>(a, 0u), 24u);
}

// kernels/adm angleFlag.
fn angle_flag(oh: i32, ov: i32, th: i32, tv: i32) -> bool {
    let dp = add64(imul(oh, th), imul(ov, tv));
    if (is_neg64(dp)) {
        return false; // float32(dp)/4096 < 0
    }
    let om = add64(imul(oh, oh), imul(ov, ov));
    let tm = add64(imul(th, th), imul(tv, tv));
    // Both sides carry 2^-24 from the divisions by 4096, which are exact.
    if (is_zero64(om) || is_zero64(tm) || is_neg64(om) != is_neg64(tm)) {
        return true; // d*d >= 0 >= rhs
    }
    let fd = to_f32(dp);
    let fo = to_f32(abs64(om));
    let ft = to_f32(abs64(tm));
    // cos * om: two 24-bit mantissas, exact in double; times tm: one
    // rounding to 53 bits.
    let c = umul(p.cos_m, fo.m.x);
    let lo = umul(c.x, ft.m.x);
    let hi = umul(c.y, ft.m.x);
    let mid = lo.y + hi.x;
    let prod = vec3<u32>(lo.x, mid, hi.y + select(0u, 1u, mid < lo.y));
    let r = round_bits(prod, 53u);
    // d*d: a 24-bit mantissa squared, exact.
    let dd = umul(fd.m.x, fd.m.x);
    return ge_scaled(dd, 2 * i32(fd.sh), r.m, i32(r.sh) + p.cos_e + i32(fo.sh) + i32(ft.sh));
}

// kernels/adm gainLimit for pos or neg (the caller checks one holds):
// min(rst*egl, t) or max(rst*egl, t) in double, truncated.
fn gain_limit(rst: i32, t: i32, pos: bool) -> i32 {
    var tm = s64(t);
    if (!pos) {
        tm = neg64(tm);
    }
    if (is_neg64(tm) || is_zero64(tm)) {
        return t;
    }
    // |rst| * egl_m, up to 85 bits, rounded to a double's 53.
    let r = u32(abs(rst)); // abs(i32 min) stays 2^31 as u32
    let lo = umul(r, p.egl_lo);
    let hi = umul(r, p.egl_hi);
    let mid = lo.y + hi.x;
    let a = round_bits(vec3<u32>(lo.x, mid, hi.y + select(0u, 1u, mid < lo.y)), 53u);
    // |rst*egl| = a.m * 2^(a.sh - q)
    if (ge_scaled(a.m, i32(a.sh), tm, i32(p.egl_q))) {
        return t;
    }
    // Here |rst*egl| < |t| < 2^32 and q > a.sh: floor it.
    let f = bitcast<i32>(shr64(a.m, p.egl_q - a.sh).x);
    return select(-f, f, pos);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.bw || g.y >= p.bh) {
        return;
    }
    let n = p.bw * p.bh;
    let k = g.y * p.bw + g.x;
    let flag = angle_flag(ref_bands[n + k], ref_bands[2u * n + k], dis_bands[n + k], dis_bands[2u * n + k]);
    for (var b = 0u; b < 3u; b = b + 1u) {
        let o = ref_bands[(b + 1u) * n + k];
        let t = dis_bands[(b + 1u) * n + k];
        if (p.exact == 1u) {
            // Between 0 and t, so t - rst cannot wrap.
            var r = 0;
            if (o > 0) {
                r = clamp(t, 0, o);
            } else if (o < 0) {
                r = clamp(t, o, 0);
            }
            if (flag && r != 0) {
                r = gain_limit(r, t, r > 0);
            }
            out[b * n + k] = r;
            out[(b + 3u) * n + k] = t - r;
            continue;
        }
        var kk = 32768;
        var rst = 0;
        if (p.scale0 == 1u) {
            if (o != 0) {
                let dv = select(1, -1, o < 0) * i32((1u << 30u) / u32(abs(o)));
                kk = bitcast<i32>(sar64(add64(imul(dv, t), vec2<u32>(16384u, 0u)), 15u).x);
            }
            kk = clamp(kk, 0, 32768);
            rst = sext16((kk * o + 16384) >> 15u);
        } else {
            var k64 = vec2<u32>(32768u, 0u);
            if (o != 0) {
                var ab = u32(abs(o));
                var sh = 0u;
                if (ab >= 32768u) {
                    sh = 17u - countLeadingZeros(ab);
                    ab = (ab + (1u << (sh - 1u))) >> sh;
                }
                let dv = i32((1u << 30u) / ab);
                var prod = imul(dv, t);
                if (o < 0) {
                    prod = neg64(prod);
                }
                k64 = sar64(add64(prod, shl64(vec2<u32>(1u, 0u), 14u + sh)), 15u + sh);
            }
            if (is_neg64(k64)) {
                kk = 0;
            } else if (k64.y != 0u || k64.x > 32768u) {
                kk = 32768;
            } else {
                kk = i32(k64.x);
            }
            rst = bitcast<i32>(sar64(add64(imul(kk, o), vec2<u32>(16384u, 0u)), 15u).x);
        }
        if (flag && kk > 0 && o != 0) {
            rst = gain_limit(rst, t, o > 0);
            if (p.scale0 == 1u) {
                rst = sext16(rst);
            }
        }
        var a = t - rst;
        if (p.scale0 == 1u) {
            a = sext16(a);
        }
        out[b * n + k] = rst;
        out[(b + 3u) * n + k] = a;
    }
}
