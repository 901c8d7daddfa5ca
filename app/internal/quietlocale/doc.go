// Package quietlocale keeps Fyne from logging an error at start-up on
// machines whose locale is "C" or "POSIX" (servers, CI, containers): Fyne
// parses the locale as a language tag while its packages initialise, and
// "C" is not one. Importing this package first (the command's main does)
// maps those locales to English before any Fyne package initialises: Go
// initialises ready packages in import-path order, and this one needs only
// the standard library.
package quietlocale

import (
	"os"
	"strings"
)

func init() {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		val, ok := os.LookupEnv(v)
		if !ok || val == "" {
			continue
		}
		if val == "C" || val == "POSIX" || strings.HasPrefix(val, "C.") {
			os.Setenv(v, "en_US.UTF-8")
		}
		return // the first one set decides, as for the C library
	}
}
