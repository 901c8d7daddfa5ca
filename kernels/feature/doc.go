// Package feature holds what every feature extractor shares with the command
// line and the output writers: libvmaf's "--feature name=opt=val:opt=val"
// syntax, typed option tables with names, aliases, defaults and ranges, and
// the option-suffixed metric names libvmaf prints.
package feature
