# Bandscope. `make run` opens the inspector on the embedded demo clip;
# `make test` runs every test. Both install the Debian packages they need.
GO ?= go
export PATH := $(PATH):/usr/local/go/bin

.PHONY: run build test vet vet-portable fmt-check test-race test-full bench golden deps

deps:
	@.ci/deps

build: deps
	$(GO) build -o bandscope ./app

run: build
	./bandscope

vet:
	$(GO) vet ./...

# The engine, kernels and GPU packages build without cgo and on arm64 (the
# Go twins, no assembly); the inspector needs cgo for its OpenGL driver.
vet-portable:
	CGO_ENABLED=0 $(GO) vet ./engine/... ./kernels/... ./gpu
	GOARCH=arm64 CGO_ENABLED=0 $(GO) vet ./engine/... ./kernels/... ./gpu

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# The race detector slows the scalar kernels tenfold, so it runs the short
# suites (one frame per golden case); the full corpus then runs without it.
test-race: deps
	.ci/with-display $(GO) test -race -short -timeout 30m ./...

test-full: deps
	.ci/with-display $(GO) test -timeout 30m ./...

test: deps fmt-check vet vet-portable test-race test-full

# Frames/s of CAMBI and ADM at 1080p and 4K for every kernel set and thread
# count; with VMAF=/path/to/vmaf, libvmaf on the same clips in the same run.
bench: deps
	$(GO) run ./kernels/bench
	$(GO) test -run '^$$' -bench . -benchtime 3x ./kernels/cambi ./kernels/adm
