// Package yuv holds planar YUV pictures as every other Bandscope package sees
// them: one uint16 sample per pixel whatever the bit depth, so that kernels
// have a single code path and readers do the widening once; or, for the
// scoring runs of 8-bit clips whose features all read bytes, one byte per
// sample (packed pictures, Plane.Pix8), so that nothing is widened at all.
package yuv
