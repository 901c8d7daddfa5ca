package assets

import "embed"

// Models holds libvmaf's built-in integer VMAF models, models/<version>.json
// (see models/README.md and models/LICENSE): the JSON files as upstream
// ships them. engine/model parses them.
//
//go:embed models/*.json
var Models embed.FS
