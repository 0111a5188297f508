#!/usr/bin/env bash
# Builds mediasoup's C++ worker (the `mediasoup-worker` binary) from the npm package's own
# source against Debian 12's system libraries, with no network access at all.
#
# Usage: scripts/build-mediasoup-worker.sh [MEDIASOUP_PKG_DIR] [OUT_BIN]
#   MEDIASOUP_PKG_DIR  the installed mediasoup package (default: the one the media workspace
#                      resolves, e.g. node_modules/mediasoup)
#   OUT_BIN            where to put the binary (default: <repo>/.setup/mediasoup-worker)
# Env:
#   MEDIASOUP_WORKER_FORCE=1        rebuild even if OUT_BIN is up to date
#   MEDIASOUP_WORKER_JOBS=N         ninja parallelism (default 2)
#   MEDIASOUP_WORKER_LIBURING=1|0   build io_uring sends in (default 1; mediasoup >= 3.14). The
#                                   worker still checks the running kernel and falls back to
#                                   libuv sends without io_uring; MEDIASOUP_DISABLE_LIBURING=1
#                                   switches them off at run time without a rebuild.
# Run mediasoup with MEDIASOUP_WORKER_BIN=<OUT_BIN> to use the result.
#
# Why this exists: mediasoup's postinstall builds the worker with a pip-installed meson and
# downloads every dependency (openssl, libuv, libsrtp3, usrsctp, abseil, flatbuffers, liburing,
# catch2) from GitHub/wrapdb. None of that is reachable here. mediasoup's meson.build pulls each
# dependency in with `subproject('<name>')` and `get_variable(...)`, and meson uses a
# subproject that already sits in `subprojects/<directory named by its .wrap>` without
# downloading. So we drop a tiny "shim" meson project there per dependency that hands the
# system library (found with pkg-config) to mediasoup under the variable names it expects.
#
# Why a patch: mediasoup 3.19 targets libsrtp3, which encrypts from one buffer into another,
# while Debian 12 ships libsrtp2, which works in place; and it calls three liburing 2.4 helpers
# that Debian's liburing 2.3 lacks. scripts/mediasoup-worker/<version>.patch holds exactly those
# changes (and the explicit io_uring choice below). It is applied to our build copy, never to
# node_modules. The same script still builds 3.12.16 (no patch; nlohmann_json in place of
# flatbuffers), which the SFU benchmark keeps as its baseline.
#
# Needs (Debian 12): meson ninja-build pkg-config g++ patch libuv1-dev libssl-dev libsrtp2-dev
#   libabsl-dev libusrsctp-dev flatbuffers-compiler libflatbuffers-dev liburing-dev, and
#   nlohmann-json3-dev for 3.12 only (scripts/setup.mjs installs them).
set -euo pipefail

# Bump when the recipe below changes in a way that should rebuild existing binaries.
RECIPE_REV=2

log() { echo "[mediasoup-worker] $*"; }
die() {
  echo "[mediasoup-worker] ERROR: $*" >&2
  exit 1
}

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# --- tools ------------------------------------------------------------------------------------
DEBIAN_PKGS="meson ninja-build pkg-config g++ patch libuv1-dev libssl-dev libsrtp2-dev libabsl-dev libusrsctp-dev flatbuffers-compiler libflatbuffers-dev liburing-dev nlohmann-json3-dev"
missing_tools=()
for tool in meson ninja pkg-config c++ cc node patch; do
  command -v "$tool" >/dev/null 2>&1 || missing_tools+=("$tool")
done
if ((${#missing_tools[@]})); then
  die "missing tool(s): ${missing_tools[*]}. Install the Debian packages first (npm run setup does it):
    apt-get install -y --no-install-recommends $DEBIAN_PKGS"
fi

# --- arguments --------------------------------------------------------------------------------
PKG_DIR="${1:-}"
if [[ -z "$PKG_DIR" ]]; then
  # 3.19's package.json "exports" hides ./package.json, so resolve the entry point and walk up.
  PKG_DIR="$(cd "$REPO_ROOT" && node -e "let d = path.dirname(require.resolve('mediasoup', { paths: ['media'] }));
    while (!fs.existsSync(path.join(d, 'package.json'))) d = path.dirname(d);
    console.log(d)" 2>/dev/null)" ||
    die "cannot resolve the mediasoup package from $REPO_ROOT/media (run npm ci first, or pass MEDIASOUP_PKG_DIR)"
fi
[[ -f "$PKG_DIR/package.json" && -f "$PKG_DIR/worker/meson.build" ]] ||
  die "$PKG_DIR does not look like the mediasoup npm package (no package.json or worker/meson.build)"
PKG_DIR="$(cd "$PKG_DIR" && pwd)"

OUT_BIN="${2:-$REPO_ROOT/.setup/mediasoup-worker}"
mkdir -p "$(dirname "$OUT_BIN")"
OUT_BIN="$(cd "$(dirname "$OUT_BIN")" && pwd)/$(basename "$OUT_BIN")"
STAMP="$OUT_BIN.stamp"

MS_VERSION="$(node -p "require(process.argv[1]).version" "$PKG_DIR/package.json")"
PATCH_FILE="$REPO_ROOT/scripts/mediasoup-worker/$MS_VERSION.patch"
PATCH_SUM="none"
[[ -f "$PATCH_FILE" ]] && PATCH_SUM="$(sha256sum "$PATCH_FILE" | cut -c1-16)"
has_wrap() { [[ -f "$PKG_DIR/worker/subprojects/$1.wrap" ]]; }

# io_uring is an explicit choice here. Upstream decides from the build machine's kernel (>= 6),
# which says nothing about the kernel the worker will run on; our patch removes that test.
LIBURING="${MEDIASOUP_WORKER_LIBURING:-1}"
[[ "$LIBURING" == 0 || "$LIBURING" == 1 ]] || die "MEDIASOUP_WORKER_LIBURING must be 0 or 1, not '$LIBURING'"
has_wrap liburing || LIBURING=0
STAMP_TEXT="mediasoup=$MS_VERSION recipe=$RECIPE_REV patch=$PATCH_SUM liburing=$LIBURING"

# --- idempotence ------------------------------------------------------------------------------
if [[ "${MEDIASOUP_WORKER_FORCE:-0}" != 1 && -x "$OUT_BIN" && -f "$STAMP" && "$(cat "$STAMP")" == "$STAMP_TEXT" ]]; then
  log "$OUT_BIN is already built for mediasoup $MS_VERSION; skipping"
  exit 0
fi

# --- system libraries -------------------------------------------------------------------------
needed_mods="openssl libuv libsrtp2 usrsctp absl_flat_hash_map absl_strings absl_optional"
has_wrap nlohmann_json && needed_mods+=" nlohmann_json"
has_wrap flatbuffers && needed_mods+=" flatbuffers"
((LIBURING)) && needed_mods+=" liburing"
missing_libs=()
for mod in $needed_mods; do
  pkg-config --exists "$mod" || missing_libs+=("$mod")
done
if has_wrap flatbuffers && ! command -v flatc >/dev/null 2>&1; then missing_libs+=("flatc"); fi
if ((${#missing_libs[@]})); then
  die "cannot find: ${missing_libs[*]}. Install the Debian packages first:
    apt-get install -y --no-install-recommends $DEBIAN_PKGS"
fi

MESON_VERSION="$(meson --version)"
version_lt() { [[ "$1" != "$2" && "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" == "$1" ]]; }
version_lt "$MESON_VERSION" 1.0.0 && die "meson $MESON_VERSION is too old (need >= 1.0.0; Debian 12 ships 1.0.1)"

# --- source copy ------------------------------------------------------------------------------
BUILD_ROOT="$REPO_ROOT/.setup/mediasoup-build"
mkdir -p "$BUILD_ROOT"
# One build at a time (setup may be started twice in parallel).
exec 9>"$BUILD_ROOT/.lock"
flock 9

SRC_DIR="$BUILD_ROOT/worker-$MS_VERSION"
BUILD_DIR="$BUILD_ROOT/build-$MS_VERSION"
log "building mediasoup $MS_VERSION worker from $PKG_DIR/worker"
log "build dir: $BUILD_ROOT (log lines from meson/ninja follow)"
rm -rf "$SRC_DIR" "$BUILD_DIR"
cp -R "$PKG_DIR/worker" "$SRC_DIR"
# Never reuse anything a previous (postinstall) build may have left in the package.
rm -rf "$SRC_DIR/out"

if [[ -f "$PATCH_FILE" ]]; then
  log "applying ${PATCH_FILE#"$REPO_ROOT"/} (libsrtp2 and liburing 2.3 glue)"
  patch --batch --forward --silent -d "$SRC_DIR" -p2 <"$PATCH_FILE" ||
    die "$PATCH_FILE does not apply to mediasoup $MS_VERSION's worker"
fi

# mediasoup >= 3.12.x declares `meson_version: '>= 1.1.0'` only because its pinned pip meson is
# newer; it uses no 1.1 feature (it still ships meson_options.txt, not meson.options) and builds
# fine with Debian 12's meson 1.0.1. Relax the check in our copy only (never in node_modules).
required_meson="$(sed -n "s/.*meson_version *: *'>= *\([0-9.]*\)'.*/\1/p" "$SRC_DIR/meson.build" | head -n1)"
if [[ -n "$required_meson" ]] && version_lt "$MESON_VERSION" "$required_meson"; then
  log "relaxing meson_version '>= $required_meson' to '>= $MESON_VERSION' in the build copy"
  sed -i "s/meson_version *: *'>= *$required_meson'/meson_version: '>= $MESON_VERSION'/" "$SRC_DIR/meson.build"
fi

# --- shim subprojects -------------------------------------------------------------------------
SUBPROJECTS="$SRC_DIR/subprojects"

# The directory meson looks in for a subproject: the .wrap's `directory =`, else its name
# (3.19's wraps name versioned directories such as abseil-cpp-20240722.0).
shim_dir() {
  local wrap="$SUBPROJECTS/$1.wrap" dir=""
  [[ -f "$wrap" ]] && dir="$(sed -n 's/^directory *= *//p' "$wrap" | head -n1 | tr -d '[:space:]')"
  echo "$SUBPROJECTS/${dir:-$1}"
}

# write_shim NAME: meson.build from stdin, plus an empty C file for the placeholder libraries
# that mediasoup's meson.build lists in link_whole (it only links those into the optional
# libmediasoup-worker library, which we never build; the executable links via the *_dep's).
write_shim() {
  local dir
  dir="$(shim_dir "$1")"
  rm -rf "$dir"
  mkdir -p "$dir"
  cat >"$dir/meson.build"
  echo "/* placeholder: the real library is the Debian system one, linked through pkg-config */
int riffroom_mediasoup_shim_$(echo "$1" | tr -c 'a-zA-Z0-9\n' '_')(void) { return 0; }" >"$dir/shim.c"
  echo "$dir"
}

# Refuse to build a mediasoup whose dependency set we have not shimmed.
known="openssl nlohmann_json libuv libsrtp2 libsrtp3 usrsctp abseil-cpp catch2 flatbuffers liburing wingetopt"
for wrap in "$SUBPROJECTS"/*.wrap; do
  name="$(basename "$wrap" .wrap)"
  [[ " $known " == *" $name "* ]] ||
    die "mediasoup $MS_VERSION needs subproject '$name', which this script has no system-library shim for"
done

d="$(write_shim openssl <<'EOF'
project('openssl', 'c', version: 'system')
libcrypto_dep = dependency('libcrypto', version: '>= 3.0.0')
libssl_dep = dependency('libssl', version: '>= 3.0.0')
openssl_dep = declare_dependency(dependencies: [libssl_dep, libcrypto_dep])
libcrypto_lib = static_library('shim_libcrypto', 'shim.c', build_by_default: false)
libssl_lib = static_library('shim_libssl', 'shim.c', build_by_default: false)
EOF
)"

if has_wrap nlohmann_json; then
  d="$(write_shim nlohmann_json <<'EOF'
project('nlohmann_json', 'c', version: 'system')
nlohmann_json_dep = dependency('nlohmann_json', version: '>= 3.10.0')
EOF
  )"
fi

d="$(write_shim libuv <<'EOF'
project('libuv', 'c', version: 'system')
libuv_dep = dependency('libuv', version: '>= 1.44.0')
libuv = static_library('shim_libuv', 'shim.c', build_by_default: false)
EOF
)"
cat >"$d/meson_options.txt" <<'EOF'
option('build_tests', type: 'boolean', value: false)
option('build_benchmarks', type: 'boolean', value: false)
EOF

# 3.12 asks for libsrtp2 and 3.19 for libsrtp3: both get Debian's libsrtp2 (the patch adapts 3.19).
for srtp in libsrtp2 libsrtp3; do
  has_wrap "$srtp" || continue
  d="$(write_shim "$srtp" <<EOF
project('$srtp', 'c', version: 'system')
# Debian installs srtp.h under <includedir>/srtp2 while mediasoup does #include <srtp.h>.
_srtp = dependency('libsrtp2', version: '>= 2.4.0')
${srtp}_dep = declare_dependency(
  dependencies: _srtp,
  compile_args: ['-I' + _srtp.get_variable(pkgconfig: 'includedir') / 'srtp2'],
)
$srtp = static_library('shim_$srtp', 'shim.c', build_by_default: false)
EOF
  )"
  cat >"$d/meson_options.txt" <<'EOF'
option('crypto-library', type: 'combo', choices: ['none', 'openssl', 'nss', 'mbedtls'], value: 'openssl')
option('crypto-library-kdf', type: 'feature', value: 'disabled')
option('tests', type: 'feature', value: 'disabled')
EOF
done

d="$(write_shim usrsctp <<'EOF'
project('usrsctp', 'c', version: 'system')
usrsctp_dep = dependency('usrsctp')
usrsctp = static_library('shim_usrsctp', 'shim.c', build_by_default: false)
EOF
)"
cat >"$d/meson_options.txt" <<'EOF'
option('sctp_build_programs', type: 'boolean', value: false)
EOF

d="$(write_shim abseil-cpp <<'EOF'
project('abseil-cpp', 'c', version: 'system')
absl_container_dep = declare_dependency(dependencies: [
  dependency('absl_flat_hash_map'),
  dependency('absl_flat_hash_set'),
  dependency('absl_node_hash_map'),
  dependency('absl_node_hash_set'),
  dependency('absl_btree'),
  dependency('absl_inlined_vector'),
  dependency('absl_fixed_array'),
  dependency('absl_memory'),
])
absl_strings_dep = declare_dependency(dependencies: [
  dependency('absl_strings'),
  dependency('absl_str_format'),
])
absl_types_dep = declare_dependency(dependencies: [
  dependency('absl_optional'),
  dependency('absl_variant'),
  dependency('absl_span'),
  dependency('absl_any'),
])
absl_container_lib = static_library('shim_absl_container', 'shim.c', build_by_default: false)
EOF
)"

# FlatBuffers (3.13+): the library from Debian's libflatbuffers-dev. flatc itself is taken from
# PATH by fbs/meson.build's find_program('flatc'); a shim that override_find_program()s it makes
# meson stop with "already been found".
if has_wrap flatbuffers; then
  d="$(write_shim flatbuffers <<'EOF'
project('flatbuffers', 'c', version: 'system')
flatbuffers_dep = dependency('flatbuffers', version: '>= 2.0.0')
flatbuffers_lib = static_library('shim_flatbuffers', 'shim.c', build_by_default: false)
EOF
  )"
fi

# liburing (3.14+): only read when the worker is built with io_uring (LIBURING above).
if has_wrap liburing; then
  d="$(write_shim liburing <<'EOF'
project('liburing', 'c', version: 'system')
uring = dependency('liburing', version: '>= 2.3')
liburing = static_library('shim_liburing', 'shim.c', build_by_default: false)
EOF
  )"
fi

# Only the C++ unit tests and fuzzers (never built here) use catch2: an empty dependency is enough.
d="$(write_shim catch2 <<'EOF'
project('catch2', 'c', version: 'none')
catch2_dep = declare_dependency()
catch2_with_main_dep = declare_dependency()
EOF
)"
# wingetopt is Windows-only; mediasoup never asks for it on Linux, so it gets no shim.

# --- configure and build ----------------------------------------------------------------------
# --wrap-mode=nodownload: meson must fail rather than try the network if a shim is missing.
# There is no "tests" option in mediasoup; its test/fuzzer targets are not built by default
# and we only build the mediasoup-worker target.
meson_args=()
if grep -q ms_disable_liburing "$SRC_DIR/meson_options.txt"; then
  if ((LIBURING)); then meson_args+=(-Dms_disable_liburing=false); else meson_args+=(-Dms_disable_liburing=true); fi
  log "io_uring sends: $( ((LIBURING)) && echo built in || echo left out) (MEDIASOUP_WORKER_LIBURING=$LIBURING)"
fi
log "meson setup (meson $MESON_VERSION, buildtype release)"
meson setup \
  --wrap-mode=nodownload \
  --buildtype release \
  -Db_ndebug=true \
  -Db_pie=true \
  -Db_staticpic=true \
  "${meson_args[@]}" \
  "$BUILD_DIR" "$SRC_DIR"

JOBS="${MEDIASOUP_WORKER_JOBS:-2}"
started=$SECONDS
# The worker's sources include the headers flatc generates, but upstream's meson.build does not
# make their compiles wait for that step: generate them first.
if [[ -f "$SRC_DIR/fbs/meson.build" ]]; then
  log "ninja fbs/FBS (FlatBuffers headers, $(flatc --version))"
  ninja -C "$BUILD_DIR" fbs/FBS
fi
log "ninja -j$JOBS mediasoup-worker (3.12: about 3.5 minutes on 2 cores; 3.19: about 7.5)"
ninja -C "$BUILD_DIR" -j"$JOBS" mediasoup-worker
log "compiled in $((SECONDS - started))s"

BUILT="$BUILD_DIR/mediasoup-worker"
[[ -x "$BUILT" ]] || die "ninja finished but $BUILT is missing"
if ldd "$BUILT" | grep -q 'not found'; then
  ldd "$BUILT" >&2
  die "$BUILT links to missing shared libraries"
fi

cp "$BUILT" "$OUT_BIN.tmp.$$"
chmod 755 "$OUT_BIN.tmp.$$"
mv -f "$OUT_BIN.tmp.$$" "$OUT_BIN"
echo "$STAMP_TEXT" >"$STAMP"
log "installed $OUT_BIN (mediasoup $MS_VERSION); use it with MEDIASOUP_WORKER_BIN=$OUT_BIN"
