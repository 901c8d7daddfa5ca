// Package inspect is what the inspector reads in one frame's results,
// without a window: every map as a Map (CAMBI's c-values and masks, ADM's
// band coefficients, VIF's, motion's and SpEED's maps, a picture's luma)
// with the top of its colour scale, differences between two maps and the
// statistics of a difference, the stages of two backends' results compared
// bit for bit (CompareStages), ADM's bands in one form whatever the
// backend (ADMOf), the banding boost (Boost), and the maps behind a VMAF
// model's input (MapsFor). Values are compared by their bits, never with a
// tolerance.
package inspect
