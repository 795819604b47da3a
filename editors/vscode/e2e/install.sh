#!/bin/sh
# Installs what the real-editor e2e (tests/e2e/test_vscode_client.py) drives: code-server (VS Code's own
# workbench, from npm) and playwright-core, as package-lock.json here pins them, into node_modules here.
# `make vscode-e2e` runs it when node_modules is missing or older than the lock; it reaches the npm registry
# only.
#
# code-server's postinstall runs `npm install` in its lib/vscode and lib/vscode/extensions, where three
# packages would fetch from GitHub, which this machine cannot reach:
# - argon2 and kerberos try a prebuilt binary first: npm_config_build_from_source builds them from their
#   sources at once (kerberos needs the gssapi headers: Debian's libkrb5-dev);
# - @vscode/ripgrep downloads the rg binary and has no build of its own; it takes a cached download from
#   $TMPDIR/vscode-ripgrep-cache-<version>/ when one is there, so this script lays Debian's rg (the ripgrep
#   package) there under the asset's name;
# - node-pty's postinstall runs `npx node-gyp`, which asks before it installs unless npm_config_yes is set.
# As root, npm runs the postinstall only with npm_config_unsafe_perm set.
set -eu

here=$(cd "$(dirname "$0")" && pwd)

# @vscode/ripgrep 1.15.11 (code-server 4.100.3's) asks for ripgrep v13.0.0-10; bump both with code-server.
RIPGREP_NPM=1.15.11
RIPGREP_RELEASE=v13.0.0-10

rg=$(command -v rg || true)
if [ -z "$rg" ]; then
  echo "$0: rg is missing: install Debian's ripgrep package (make vscode-e2e-tools does as root)" >&2
  exit 1
fi
case $(uname -m) in
  x86_64) target=x86_64-unknown-linux-musl ;;
  aarch64 | arm64) target=aarch64-unknown-linux-musl ;;
  *) echo "$0: no ripgrep asset name known for $(uname -m)" >&2; exit 1 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/stage" "$tmp/vscode-ripgrep-cache-$RIPGREP_NPM"
cp "$rg" "$tmp/stage/rg"
tar -czf "$tmp/vscode-ripgrep-cache-$RIPGREP_NPM/ripgrep-$RIPGREP_RELEASE-$target.tar.gz" -C "$tmp/stage" rg

TMPDIR=$tmp npm_config_unsafe_perm=true npm_config_yes=true npm_config_build_from_source=true \
  npm ci --prefix "$here" --no-audit --no-fund --loglevel=error

vscode="$here/node_modules/code-server/lib/vscode"
for made in "$vscode/node_modules.asar" "$vscode/node_modules/@vscode/ripgrep/bin/rg" \
  "$vscode/node_modules/node-pty/build/Release/pty.node" "$vscode/extensions/node_modules"; do
  if [ ! -e "$made" ]; then
    echo "$0: code-server's install left no $made" >&2
    exit 1
  fi
done
