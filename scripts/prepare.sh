#!/usr/bin/env bash
# Installs dependencies and builds the browser apps, each only when its inputs changed since
# the last time. Expects scripts/bootstrap.sh to have been sourced.
set -euo pipefail
cd "$(dirname "$0")/.."

fingerprint() { # hash of the files under the given paths (missing paths are skipped)
  find "$@" -type f -not -path '*/node_modules/*' -not -path '*/dist/*' -not -path '*/.astro/*' \
    -print0 2>/dev/null | sort -z | xargs -0 sha1sum | sha1sum | cut -c1-40
}

stamp=node_modules/.market-install
want=$(cat pnpm-lock.yaml package.json */package.json packages/*/package.json | sha1sum | cut -c1-40)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "prepare: installing dependencies" >&2
  pnpm install --frozen-lockfile --reporter=silent
  echo "$want" >"$stamp"
fi

build() { # build <package dir> <inputs...>
  local dir=$1; shift
  local sum; sum=$(fingerprint "$dir" shared/src "$@")
  if [ "$(cat "$dir/dist/.market-build" 2>/dev/null)" != "$sum" ]; then
    echo "prepare: building $dir" >&2
    pnpm --silent --filter "./$dir" run build >/dev/null
    echo "$sum" >"$dir/dist/.market-build"
  fi
}
pids=()
build admin console-kit/src console-kit/vite-config.ts scripts/precompress.ts & pids+=($!)
build seller console-kit/src console-kit/vite-config.ts scripts/precompress.ts & pids+=($!)
build storefront scripts/precompress.ts & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
