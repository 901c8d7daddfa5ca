// Shared by the integer VIF shaders (prepended to each): the filter taps
// and libvmaf's mirrored padding. Every VIF shader's uniform p has fw (the
// filter's length) and taps (kernels/vif Filters[scale], four a vec4).

fn tap(k: u32) -> u32 {
    return p.taps[k >> 2u][k & 3u];
}

// kernels/vif mirror: reflects i into [0, n) about the first and last
// element (-1 -> 1, n -> n-2); kernels/vif Config keeps every scale wider
// and taller than its filter's half width, so one reflection does.
fn mirror(i: i32, n: u32) -> u32 {
    if (i < 0) {
        return u32(-i);
    }
    if (u32(i) >= n) {
        return 2u * (n - 1u) - u32(i);
    }
    return u32(i);
}
