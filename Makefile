# Bandscope. `make run` opens the inspector on the embedded demo clip;
# `make test` runs every test. Both install the Debian packages they need.
GO ?= go
export PATH := $(PATH):/usr/local/go/bin

.PHONY: run build test vet vet-portable fmt-check staticcheck test-race test-full test-purego test-arm64 bench golden deps package install uninstall

deps:
	@.ci/deps

# Two builds of ./app: bandscope, the headless CLI (-tags nogui: Fyne's
# packages, linked in, would cost every run about 7 ms and 16 MB before
# main), and bandscope-inspector, the same commands with the inspector;
# bandscope with no subcommand becomes the bandscope-inspector next to it.
build: deps
	$(GO) build -tags nogui -o bandscope ./app
	$(GO) build -o bandscope-inspector ./app

run: build
	./bandscope

vet:
	$(GO) vet ./...

# The engine, kernels and GPU packages build without cgo, on arm64, and
# with -tags purego (the Go twins: no package may keep a .s file); the
# inspector needs cgo for its OpenGL driver.
vet-portable:
	CGO_ENABLED=0 $(GO) vet ./engine/... ./kernels/... ./gpu
	GOARCH=arm64 CGO_ENABLED=0 $(GO) vet ./engine/... ./kernels/... ./gpu
	CGO_ENABLED=0 $(GO) vet -tags purego ./engine/... ./kernels/... ./gpu
	@asm=$$($(GO) list -tags purego -f '{{if .SFiles}}{{.ImportPath}} {{.SFiles}}{{end}}' ./...); \
	if [ -n "$$asm" ]; then echo "assembly under -tags purego:"; echo "$$asm"; exit 1; fi
	$(GO) vet -tags nogui ./app

# staticcheck (honnef.co/go/tools) at a fixed version, fetched through the
# module proxy by go run: nothing to install, nothing in go.mod.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
staticcheck: deps
	$(GO) run $(STATICCHECK) ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# The race detector slows the scalar kernels tenfold, so it runs the short
# suites (one frame per golden case); the full corpus then runs without it.
test-race: deps
	.ci/with-display $(GO) test -race -short -timeout 30m ./...

test-full: deps
	.ci/with-display $(GO) test -timeout 30m ./...

# The NEON twins, cross-compiled for arm64 and proven bit for bit against
# the Go twins under QEMU user emulation (.ci/test-arm64 lists the tests).
test-arm64: deps
	.ci/test-arm64

# The portable build (-tags purego: the Go twins, no assembly), short suites.
test-purego: deps
	$(GO) test -short -tags purego ./kernels/... ./engine/...

test: deps fmt-check vet vet-portable staticcheck test-race test-full test-purego test-arm64

# Every feature and the VMAF models on real reference/distorted pairs at 1080p
# and 4K, 1 and 2 threads, as whole processes; with VMAF=/path/to/vmaf,
# libvmaf on the same files in the same run, alternating with Bandscope.
bench: deps
	$(GO) run ./app/bench
	$(GO) test -run '^$$' -bench . -benchtime 3x ./kernels/cambi ./kernels/adm

# A Linux desktop package, by hand: the binary, a .desktop entry and the
# icon under a usr-style tree, in a tar.xz with a Makefile that installs
# it. (`fyne package` wants the main package and FyneApp.toml in one folder;
# ours are ./app and the root, and its output is the same tree.) Name,
# version, ID and the entry's text come from FyneApp.toml.
toml = $(shell sed -n 's/^ *$(1) = "\(.*\)"/\1/p' FyneApp.toml | head -1)
APP_NAME := $(call toml,Name)
APP_ID := $(call toml,ID)
VERSION := $(call toml,Version)
ARCH := $(shell $(GO) env GOARCH 2>/dev/null || echo amd64)
PKG := bandscope-$(VERSION)-linux-$(ARCH)
DIST := dist/$(PKG)
# install: ~/.local for a user, /usr/local for root; PREFIX=... overrides.
PREFIX ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)

define DESKTOP
[Desktop Entry]
Type=Application
Name=$(APP_NAME)
GenericName=$(call toml,GenericName)
Comment=$(call toml,Comment)
Exec=bandscope-inspector %F
Icon=$(APP_ID)
Terminal=false
Categories=AudioVideo;Video;
Keywords=video;banding;vmaf;cambi;
MimeType=video/x-raw-yuv;video/x-matroska;video/mp4;video/webm;
StartupWMClass=$(APP_NAME)
endef
export DESKTOP

define PKG_MAKEFILE
# Installs $(APP_NAME): make install (PREFIX=~/.local for a user,
# /usr/local as root); make uninstall removes it.
PREFIX ?= $$(if $$(filter 0,$$(shell id -u)),/usr/local,$$(HOME)/.local)
install:
	install -Dm755 bin/bandscope $$(DESTDIR)$$(PREFIX)/bin/bandscope
	install -Dm755 bin/bandscope-inspector $$(DESTDIR)$$(PREFIX)/bin/bandscope-inspector
	install -Dm644 share/applications/$(APP_ID).desktop $$(DESTDIR)$$(PREFIX)/share/applications/$(APP_ID).desktop
	install -Dm644 share/icons/hicolor/512x512/apps/$(APP_ID).png $$(DESTDIR)$$(PREFIX)/share/icons/hicolor/512x512/apps/$(APP_ID).png
	sed -i 's|^Exec=bandscope-inspector|Exec=$$(PREFIX)/bin/bandscope-inspector|' $$(DESTDIR)$$(PREFIX)/share/applications/$(APP_ID).desktop
	-update-desktop-database -q $$(DESTDIR)$$(PREFIX)/share/applications 2>/dev/null
	-gtk-update-icon-cache -q -t $$(DESTDIR)$$(PREFIX)/share/icons/hicolor 2>/dev/null
uninstall:
	rm -f $$(DESTDIR)$$(PREFIX)/bin/bandscope $$(DESTDIR)$$(PREFIX)/bin/bandscope-inspector $$(DESTDIR)$$(PREFIX)/share/applications/$(APP_ID).desktop $$(DESTDIR)$$(PREFIX)/share/icons/hicolor/512x512/apps/$(APP_ID).png
.PHONY: install uninstall
endef
export PKG_MAKEFILE

package: build
	rm -rf $(DIST) && mkdir -p $(DIST)/bin $(DIST)/share/applications $(DIST)/share/icons/hicolor/512x512/apps
	install -m755 bandscope $(DIST)/bin/bandscope
	install -m755 bandscope-inspector $(DIST)/bin/bandscope-inspector
	printf '%s\n' "$$DESKTOP" > $(DIST)/share/applications/$(APP_ID).desktop
	install -m644 assets/icon.png $(DIST)/share/icons/hicolor/512x512/apps/$(APP_ID).png
	printf '%s\n' "$$PKG_MAKEFILE" > $(DIST)/Makefile
	cp README.md $(DIST)/ 2>/dev/null || true
	tar -C dist -cJf dist/$(PKG).tar.xz $(PKG)
	@echo "dist/$(PKG).tar.xz: tar xf it, then make -C $(PKG) install"

install: package
	$(MAKE) -C $(DIST) install PREFIX=$(PREFIX)

uninstall:
	$(MAKE) -C $(DIST) uninstall PREFIX=$(PREFIX)
