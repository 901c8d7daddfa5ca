// Package assets embeds the files the binary carries: the demo clip that
// `bandscope` opens with no arguments (a 720p AV1 CRF 50 encode of a
// gradient, which bands visibly, and its source), the application icon and
// libvmaf's built-in VMAF models (models/, read by engine/model).
// It imports no user interface package, so the command line can use it.
package assets
