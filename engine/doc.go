// Package engine ties Bandscope together without any user interface: it
// opens a reference and a distorted clip, builds the requested features
// (CAMBI, integer ADM) on the requested backend, scores frames one at a time
// (keeping every intermediate map, for the inspector) or a whole clip (for
// `bandscope score`), and pools and writes the results in libvmaf's formats.
package engine
