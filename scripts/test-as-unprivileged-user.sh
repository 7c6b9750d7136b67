#!/usr/bin/env bash
# Runs the built test binary as an unprivileged user, so that no test passes only because it runs
# as root (trust checks, chmod/chown set-ups, cache permissions). Needs root to create the user;
# run after `swift build --build-tests`. Usage: scripts/test-as-unprivileged-user.sh [BUILD_FOLDER] [FILTER]
# (FILTER: a regular expression of the tests to run, as `swift test --filter` takes; default all).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-.build/debug}"
filter="${2:-}"
user=scene-host-tester

if [ "$(id -u)" != 0 ]; then
  echo "test-as-unprivileged-user: not root, so the tests already ran as an unprivileged user; nothing to do"
  exit 0
fi
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
home="$(getent passwd "$user" | cut -d: -f6)"

# A copy the user can read (the clone may live under a folder only root can enter), owned by root
# and writable by nobody else, so the plugins in it are trusted by the user too.
work="$(mktemp -d /tmp/scene-host-unprivileged-XXXXXX)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir -p "$work/repo/.build/debug"
tar --exclude=./.build --exclude='./.build-*' --exclude='./.build_*' -cf - . | tar -xf - -C "$work/repo"
cp -p "$build"/*.so "$build/scene-host" "$build/scene-host-serve" "$build/scene-host-worker" "$build/scene-host-probe" "$work/repo/.build/debug/"
cp -pr "$build/scene-hostPackageTests.xctest" "$build/Modules" "$work/repo/.build/debug/"
# The test fixtures (a package of their own), built here as root if the root run did not; the user
# reads them through SCENE_HOST_FIXTURES, since it may not build into the copy.
fixtures="$(scripts/build-fixtures.sh)"
mkdir -p "$work/repo/.build/fixtures/debug"
cp -p "$fixtures"/*.so "$work/repo/.build/fixtures/debug/"
# The scene plugins in C and C++ (each built by its own Makefile), read through SCENE_HOST_C_SCENES.
cscenes="$(scripts/build-c-scenes.sh)"
mkdir -p "$work/repo/.build/c-scenes"
cp -p "$cscenes"/*.so "$work/repo/.build/c-scenes/"
# The SDK surface test type-checks snippets against the built modules and the C ABI module map.
mkdir -p "$work/repo/.build/debug/SceneABI.build"
sed "s#$(pwd)/#$work/repo/#g" "$build/SceneABI.build/module.modulemap" >"$work/repo/.build/debug/SceneABI.build/module.modulemap"
chown -R root:root "$work"
chmod -R go-w "$work"

echo "== tests as user $user ($(id -u "$user"))"
runuser -u "$user" -- env -i PATH="/opt/swift/usr/bin:/usr/bin:/bin" HOME="$home" TMPDIR=/tmp LANG=C.UTF-8 \
  SCENE_HOST_FIXTURES="$work/repo/.build/fixtures/debug" SCENE_HOST_C_SCENES="$work/repo/.build/c-scenes" \
  FILTER="$filter" bash -c "cd '$work/repo' && umask 022 && .build/debug/scene-hostPackageTests.xctest --testing-library swift-testing \${FILTER:+--filter \"\$FILTER\"}"
