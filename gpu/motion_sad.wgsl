// Integer motion's frame SAD: the twin of kernels/motion SAD (VerticalRow
// then HorizontalRow per row, their absolute values summed per row in
// uint32 as libvmaf's row_sad wraps them, the rows summed in uint64), bit
// for bit. Prepended with adm_int64.wgsl (s64, add64, sar64).
//
// vertical: v = (sum_k Taps[k] * (prev - cur)[mirror(y-2+k)][x] + 2^(bpc-1)) >> bpc.
// horizontal: h = (sum_k Taps[k] * v[y][mirror(x-2+k)] + 2^15) >> 16;
// diff[y][x] = h (the SAD map, read back only when it is kept);
// rowsum[y] += |h| (mod 2^32).
// total: the row sums added in a 64-bit pair, the one result read back.
//
// libvmaf filters the difference of the two pictures, not each picture, so
// the stage keeps the pictures themselves on the device (gpu/motion.go):
// each frame uploads only its own picture.
//
// Every product fits i32 (taps < 2^15, |prev - cur| and |v| < 2^16); the
// five-term sums can reach 2^32, so they are 64-bit pairs. libvmaf skips
// the second pass of all-zero rows; filtering zeros gives zeros, so this
// twin does not.

struct P {
    w: u32,
    h: u32,
    bpc: u32,
    pad: u32,
}

@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> prev: array<u32>; // two samples a word
@group(0) @binding(2) var<storage, read> cur: array<u32>;
@group(0) @binding(3) var<storage, read_write> vrows: array<i32>;
@group(0) @binding(4) var<storage, read_write> rowsum: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> diff: array<i32>;
@group(0) @binding(6) var<storage, read_write> total: array<u32>; // low, high word

var<workgroup> partial: atomic<u32>;
var<workgroup> sums: array<vec2<u32>, 256>;

fn sample16(buf_prev: bool, i: u32) -> i32 {
    var word: u32;
    if (buf_prev) {
        word = prev[i >> 1u];
    } else {
        word = cur[i >> 1u];
    }
    return i32((word >> ((i & 1u) * 16u)) & 0xffffu);
}

// kernels/motion mirror: -1 -> 1, n -> n-2 (n >= 3).
fn mirror(i: i32, n: i32) -> u32 {
    if (i < 0) {
        return u32(-i);
    }
    if (i >= n) {
        return u32(2 * n - i - 2);
    }
    return u32(i);
}

@compute @workgroup_size(256)
fn vertical(@builtin(global_invocation_id) g: vec3<u32>) {
    let x = g.x;
    let y = g.y;
    if (x == 0u) {
        atomicStore(&rowsum[y], 0u); // the horizontal pass runs after this one
    }
    if (x >= p.w) {
        return;
    }
    var taps = array<i32, 5>(3571, 16004, 26386, 16004, 3571); // kernels/motion Taps
    var acc = vec2<u32>(0u, 0u);
    for (var k = 0; k < 5; k++) {
        let r = mirror(i32(y) - 2 + k, i32(p.h));
        let i = r * p.w + x;
        let d = sample16(true, i) - sample16(false, i);
        acc = add64(acc, s64(taps[k] * d));
    }
    acc = add64(acc, vec2<u32>(1u << (p.bpc - 1u), 0u));
    vrows[y * p.w + x] = bitcast<i32>(sar64(acc, p.bpc).x);
}

@compute @workgroup_size(256)
fn horizontal(@builtin(global_invocation_id) g: vec3<u32>, @builtin(local_invocation_index) t: u32) {
    let x = g.x;
    let y = g.y;
    if (t == 0u) {
        atomicStore(&partial, 0u);
    }
    workgroupBarrier();
    if (x < p.w) {
        var taps = array<i32, 5>(3571, 16004, 26386, 16004, 3571);
        var acc = vec2<u32>(0u, 0u);
        for (var k = 0; k < 5; k++) {
            let c = mirror(i32(x) - 2 + k, i32(p.w));
            acc = add64(acc, s64(taps[k] * vrows[y * p.w + c]));
        }
        let h = bitcast<i32>(sar64(add64(acc, vec2<u32>(1u << 15u, 0u)), 16u).x);
        diff[y * p.w + x] = h;
        // |h| < 2^16: abs cannot meet INT_MIN.
        atomicAdd(&partial, u32(abs(h)));
    }
    workgroupBarrier();
    if (t == 0u) {
        atomicAdd(&rowsum[y], atomicLoad(&partial));
    }
}

// One workgroup: each invocation adds every 256th row sum, then a tree
// adds the 256 partial sums (integers: the order changes no bit).
@compute @workgroup_size(256)
fn reduce(@builtin(local_invocation_index) t: u32) {
    var acc = vec2<u32>(0u, 0u);
    for (var y = t; y < p.h; y += 256u) {
        acc = add64(acc, vec2<u32>(atomicLoad(&rowsum[y]), 0u));
    }
    sums[t] = acc;
    workgroupBarrier();
    for (var s = 128u; s > 0u; s >>= 1u) {
        if (t < s) {
            sums[t] = add64(sums[t], sums[t + s]);
        }
        workgroupBarrier();
    }
    if (t == 0u) {
        total[0] = sums[0].x;
        total[1] = sums[0].y;
    }
}
