// Mirrors kernels/adm cm0 (scale0 = 1) and cm123 up to the per-row sums:
// for every coefficient of the scored window, the weighted source
// coefficient (planes src_plane..src_plane+2: restored for the numerator,
// additive for AIM) minus the masking threshold (F's eight neighbours plus
// C at the centre, from the CSF stage), clipped at zero and cubed with the
// CPU's fixed-point rounding. A workgroup covers 256 columns of one row and
// writes its three 64-bit sums to partial[band][row][chunk]; adm_rowsum
// finishes the rows. The sums wrap like the CPU's int64, so their order is
// free. With maps = 1 it also writes the maps kernels/adm keeps (restored,
// additive, threshold per band) as float32 bits, converted in integers.

struct Params {
    bw: u32,
    bh: u32,
    x0: u32,
    y0: u32,
    sw: u32,
    sh: u32,
    chunks: u32,
    scale0: u32,
    src_plane: u32,
    maps: u32,
    wt0: u32,
    wt1: u32,
    wt2: u32,
    sub0: u32,
    sub1: u32,
    sub2: u32,
    sq0: u32,
    sq1: u32,
    sq2: u32,
    cub0: u32,
    cub1: u32,
    cub2: u32,
    addc0: u32,
    addc1: u32,
    addc2: u32,
    xe0: i32, // map exponents: value * 2^-xe
    xe1: i32,
    xe2: i32,
    ae0: i32,
    ae1: i32,
    ae2: i32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<i32>;
@group(0) @binding(2) var<storage, read> fc: array<i32>;
@group(0) @binding(3) var<storage, read> csf: array<i32>;
@group(0) @binding(4) var<storage, read_write> partial: array<vec2<u32>>;
@group(0) @binding(5) var<storage, read_write> maps: array<u32>;

var<workgroup> sums: array<vec2<u32>, 768>;

// float32(v) * 2^-e as bits, for |v| < 2^31 + 1 and no underflow.
fn f32_bits(v: i32, e: i32) -> u32 {
    if (v == 0) {
        return 0u;
    }
    let r = round_bits(vec3<u32>(u32(abs(v)), 0u, 0u), 24u);
    let len = bitlen32(r.m.x);
    let m = r.m.x << (24u - len); // normalised to [2^23, 2^24)
    let ex = i32(r.sh) + i32(len) - 24 - e;
    return select(0u, 0x80000000u, v < 0) | (u32(ex + 150) << 23u) | (m & 0x7fffffu);
}

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(workgroup_id) wg: vec3<u32>) {
    let col = wg.x * 256u + l.x;
    let row = wg.y;
    var t0 = vec2<u32>(0u, 0u);
    var t1 = vec2<u32>(0u, 0u);
    var t2 = vec2<u32>(0u, 0u);
    if (col < p.sw) {
        let n = p.bw * p.bh;
        let i = p.y0 + row;
        let j = p.x0 + col;
        // kernels/adm neighbours: mirrored at the first row and column,
        // repeated at the last.
        var up = i - 1u;
        var down = i + 1u;
        var left = j - 1u;
        var right = j + 1u;
        if (i == 0u) {
            up = 1u;
        }
        if (i == p.bh - 1u) {
            down = p.bh - 1u;
        }
        if (j == 0u) {
            left = 1u;
        }
        if (j == p.bw - 1u) {
            right = p.bw - 1u;
        }
        up = up * p.bw;
        down = down * p.bw;
        let r = i * p.bw;
        let k = r + j;
        let thr = fc[up + left] + fc[up + j] + fc[up + right] + fc[r + left] + fc[r + right] +
            fc[down + left] + fc[down + j] + fc[down + right] + fc[n + k];
        let wts = array<u32, 3>(p.wt0, p.wt1, p.wt2);
        let subs = array<u32, 3>(p.sub0, p.sub1, p.sub2);
        let sqs = array<u32, 3>(p.sq0, p.sq1, p.sq2);
        let cubs = array<u32, 3>(p.cub0, p.cub1, p.cub2);
        let addcs = array<u32, 3>(p.addc0, p.addc1, p.addc2);
        let xes = array<i32, 3>(p.xe0, p.xe1, p.xe2);
        let aes = array<i32, 3>(p.ae0, p.ae1, p.ae2);
        var terms: array<vec2<u32>, 3>;
        for (var b = 0u; b < 3u; b = b + 1u) {
            let s = src[(p.src_plane + b) * n + k];
            var x = 0;
            var t = thr;
            if (p.scale0 == 1u) {
                x = s * bitcast<i32>(wts[b]);
                // Shifted as u32: a signed left shift is undefined in MSL.
                t = bitcast<i32>(bitcast<u32>(thr) << subs[b]);
            } else {
                x = bitcast<i32>(sar64(add64(uimul(wts[b], s), vec2<u32>(1u << 27u, 0u)), 28u).x);
            }
            if (p.maps == 1u) {
                maps[b * n + k] = f32_bits(x, xes[b]);
                maps[(b + 3u) * n + k] = f32_bits(csf[b * n + k], aes[b]);
                maps[(b + 6u) * n + k] = f32_bits(t, xes[b]);
            }
            x = abs(x) - t;
            if (x < 0) {
                x = 0;
            }
            let sq = sar64(add64(imul(x, x), shl64(vec2<u32>(1u, 0u), sqs[b] - 1u)), sqs[b]);
            let xsq = bitcast<i32>(sq.x);
            terms[b] = sar64(add64(imul(xsq, x), vec2<u32>(addcs[b], 0u)), cubs[b]);
        }
        t0 = terms[0];
        t1 = terms[1];
        t2 = terms[2];
    }
    sums[l.x] = t0;
    sums[256u + l.x] = t1;
    sums[512u + l.x] = t2;
    workgroupBarrier();
    for (var s = 128u; s > 0u; s = s >> 1u) {
        if (l.x < s) {
            for (var b = 0u; b < 3u; b = b + 1u) {
                sums[b * 256u + l.x] = add64(sums[b * 256u + l.x], sums[b * 256u + l.x + s]);
            }
        }
        workgroupBarrier();
    }
    if (l.x == 0u) {
        for (var b = 0u; b < 3u; b = b + 1u) {
            partial[(b * p.sh + row) * p.chunks + wg.x] = sums[b * 256u];
        }
    }
}
