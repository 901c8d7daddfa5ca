// Finishes the per-row sums of adm_cm.wgsl or adm_den.wgsl as kernels/adm
// does: each row's sum (its chunks added) is rounded and shifted, signed
// (masking) or unsigned (denominator), and the shifted rows are summed.
// One workgroup per band; the 64-bit result lands at acc[out + 2*band].

struct Params {
    rows: u32,
    chunks: u32,
    add_lo: u32,
    add_hi: u32,
    shift: u32,
    is_signed: u32,
    out_off: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> partial: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> acc: array<u32>;

var<workgroup> sums: array<vec2<u32>, 256>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(workgroup_id) wg: vec3<u32>) {
    let b = wg.x;
    var total = vec2<u32>(0u, 0u);
    for (var r = l.x; r < p.rows; r = r + 256u) {
        var inner = vec2<u32>(0u, 0u);
        for (var c = 0u; c < p.chunks; c = c + 1u) {
            inner = add64(inner, partial[(b * p.rows + r) * p.chunks + c]);
        }
        inner = add64(inner, vec2<u32>(p.add_lo, p.add_hi));
        if (p.is_signed == 1u) {
            inner = sar64(inner, p.shift);
        } else {
            inner = shr64(inner, p.shift);
        }
        total = add64(total, inner);
    }
    sums[l.x] = total;
    workgroupBarrier();
    for (var s = 128u; s > 0u; s = s >> 1u) {
        if (l.x < s) {
            sums[l.x] = add64(sums[l.x], sums[l.x + s]);
        }
        workgroupBarrier();
    }
    if (l.x == 0u) {
        acc[p.out_off + 2u * b] = sums[0].x;
        acc[p.out_off + 2u * b + 1u] = sums[0].y;
    }
}
