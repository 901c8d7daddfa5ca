// SpEED chroma's per-sample stages, from the samples to the operating-size
// planes, for the four pictures of a frame at once (z: plane U or V times
// reference or distorted, z = 2*plane + picture): the twin of
// kernels/speed's picture_copy (Config.load, the sampleTable), prescaler
// (scalePlane, through its ScaleTap tables), antialias filter with the
// decimation by 16 (filterDownscaleFast: the vertical pass at the kept
// rows and the kept columns, the horizontal pass at the kept columns) and
// the local mean subtraction (localMean), bit for bit. Prepended with
// adm_int64.wgsl and speed_float32.wgsl.
//
// Exactness: libvmaf does all of this in float. Here every float
// operation is speed_float32.wgsl's f32_mul or f32_add on the values'
// bits, in the CPU's order (each product rounded, the sums left to right
// from +0), so no WGSL float arithmetic is involved anywhere and a driver
// can neither fuse nor reorder it. Everything the CPU computes in double
// or through libm (the Gaussian taps, the prescaler's coordinates and
// weights, picture_copy's floats) is a per-configuration table built on
// the host by kernels/speed's own code (Config.Downscale) and uploaded.
//
// antialias_v: vert[z][i][c] = sum_k aa[k] * x[mirror(16 i - r + k)][kept[c]]
// antialias_h: dec[z][i][j] = sum_k aa[k] * vert[z][i][col[mirror(16 j - r + k)]]
// local_v:     tmp[z][i][j] = sum_k loc[k] * dec[z][mirror(i - r + k)][j]
// local_h:     out[z][i][j] = dec[z][i][j] - sum_k loc[k] * tmp[z][i][mirror(j - r + k)]
//
// where x is picture_copy's float of the sample (no prescaling), or the
// prescaler's output at that sample computed where it is read (nearest,
// bilinear or bicubic from the tables).

struct P {
    plane_w: u32,   // the chroma area read
    plane_h: u32,
    scaled_w: u32,  // after the prescaler
    scaled_h: u32,
    op_w: u32,      // after the decimation by 16
    op_h: u32,
    n_kept: u32,    // columns of vert
    n_aa: u32,      // antialias taps
    n_loc: u32,     // local mean taps
    mode: u32,      // SPEED_MODE, which the host prepends as a constant: 0 no prescaling, 1 nearest, 2 bilinear, 3 bicubic
    plane_words: u32, // words per packed plane
    off_loc: u32,   // consts offsets: local taps, kept columns, column map, X and Y tables
    off_kept: u32,
    off_col: u32,
    off_x: u32,
    off_y: u32,
}

@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> samples: array<u32>; // two samples a word, four planes
@group(0) @binding(2) var<storage, read> lut: array<u32>;     // picture_copy's float bits per sample value
@group(0) @binding(3) var<storage, read> consts: array<u32>;  // taps, kept columns, tables
@group(0) @binding(4) var<storage, read_write> vert: array<u32>;
@group(0) @binding(5) var<storage, read_write> dec: array<u32>;
@group(0) @binding(6) var<storage, read_write> tmp: array<u32>;
@group(0) @binding(7) var<storage, read_write> outp: array<u32>;

// kernels/speed mirrorIdx: reflect about the first and last sample
// (one reflection: every radius is below the size).
fn mirror(i: i32, n: i32) -> u32 {
    if (i < 0) {
        return u32(-i);
    }
    if (i >= n) {
        return u32(2 * n - i - 2);
    }
    return u32(i);
}

// copied is picture_copy's float (bits) of picture z's sample (x, y).
fn copied(z: u32, x: u32, y: u32) -> u32 {
    let i = y * p.plane_w + x;
    let word = samples[z * p.plane_words + (i >> 1u)];
    return lut[(word >> ((i & 1u) * 16u)) & 0xffffu];
}

// A ScaleTap table entry: 8 words, Idx[0..3] then W[0..3] (float bits).
fn tap_idx(off: u32, e: u32, i: u32) -> u32 {
    return consts[off + 8u * e + i];
}

fn tap_w(off: u32, e: u32, i: u32) -> u32 {
    return consts[off + 8u * e + 4u + i];
}

const F32_ONE: u32 = 0x3f800000u;

// scaled is the prescaled plane's value at (x, y), as scalePlane computes
// it, or picture_copy's float without prescaling.
fn scaled(z: u32, x: u32, y: u32) -> u32 {
    switch (SPEED_MODE) {
        case 1u: {
            return copied(z, tap_idx(p.off_x, x, 0u), tap_idx(p.off_y, y, 0u));
        }
        case 2u: {
            let x1 = tap_idx(p.off_x, x, 0u);
            let x2 = tap_idx(p.off_x, x, 1u);
            let dx = tap_w(p.off_x, x, 0u);
            let y1 = tap_idx(p.off_y, y, 0u);
            let y2 = tap_idx(p.off_y, y, 1u);
            let dy = tap_w(p.off_y, y, 0u);
            let odx = f32_add(F32_ONE, dx ^ F32_SIGN);
            let ody = f32_add(F32_ONE, dy ^ F32_SIGN);
            let a = f32_mul(f32_mul(ody, odx), copied(z, x1, y1));
            let b = f32_mul(f32_mul(ody, dx), copied(z, x2, y1));
            let c = f32_mul(f32_mul(dy, odx), copied(z, x1, y2));
            let d = f32_mul(f32_mul(dy, dx), copied(z, x2, y2));
            return f32_add(f32_add(f32_add(a, b), c), d);
        }
        case 3u: {
            var v = 0u;
            for (var j = 0u; j < 4u; j++) {
                let yi = tap_idx(p.off_y, y, j);
                let wy = tap_w(p.off_y, y, j);
                for (var i = 0u; i < 4u; i++) {
                    let wgt = f32_mul(tap_w(p.off_x, x, i), wy);
                    v = f32_add(v, f32_mul(copied(z, tap_idx(p.off_x, x, i), yi), wgt));
                }
            }
            return v;
        }
        default: {
            return copied(z, x, y);
        }
    }
}

@compute @workgroup_size(64)
fn antialias_v(@builtin(global_invocation_id) g: vec3<u32>) {
    let c = g.x;
    let i = g.y;
    let z = g.z;
    if (c >= p.n_kept || i >= p.op_h) {
        return;
    }
    let x = consts[p.off_kept + c];
    let r = i32(p.n_aa / 2u);
    var acc = 0u;
    for (var k = 0u; k < p.n_aa; k++) {
        let y = mirror(i32(16u * i) - r + i32(k), i32(p.scaled_h));
        acc = f32_add(acc, f32_mul(consts[k], scaled(z, x, y)));
    }
    vert[(z * p.op_h + i) * p.n_kept + c] = acc;
}

@compute @workgroup_size(64)
fn antialias_h(@builtin(global_invocation_id) g: vec3<u32>) {
    let j = g.x;
    let i = g.y;
    let z = g.z;
    if (j >= p.op_w || i >= p.op_h) {
        return;
    }
    let r = i32(p.n_aa / 2u);
    let row = (z * p.op_h + i) * p.n_kept;
    var acc = 0u;
    for (var k = 0u; k < p.n_aa; k++) {
        let x = mirror(i32(16u * j) - r + i32(k), i32(p.scaled_w));
        acc = f32_add(acc, f32_mul(consts[k], vert[row + consts[p.off_col + x]]));
    }
    dec[(z * p.op_h + i) * p.op_w + j] = acc;
}

@compute @workgroup_size(64)
fn local_v(@builtin(global_invocation_id) g: vec3<u32>) {
    let j = g.x;
    let i = g.y;
    let z = g.z;
    if (j >= p.op_w || i >= p.op_h) {
        return;
    }
    let r = i32(p.n_loc / 2u);
    var acc = 0u;
    for (var k = 0u; k < p.n_loc; k++) {
        let y = mirror(i32(i) - r + i32(k), i32(p.op_h));
        acc = f32_add(acc, f32_mul(consts[p.off_loc + k], dec[(z * p.op_h + y) * p.op_w + j]));
    }
    tmp[(z * p.op_h + i) * p.op_w + j] = acc;
}

@compute @workgroup_size(64)
fn local_h(@builtin(global_invocation_id) g: vec3<u32>) {
    let j = g.x;
    let i = g.y;
    let z = g.z;
    if (j >= p.op_w || i >= p.op_h) {
        return;
    }
    let r = i32(p.n_loc / 2u);
    let row = (z * p.op_h + i) * p.op_w;
    var acc = 0u;
    for (var k = 0u; k < p.n_loc; k++) {
        let x = mirror(i32(j) - r + i32(k), i32(p.op_w));
        acc = f32_add(acc, f32_mul(consts[p.off_loc + k], tmp[row + x]));
    }
    outp[row + j] = f32_add(dec[row + j], acc ^ F32_SIGN);
}
