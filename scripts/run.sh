#!/usr/bin/env bash
# `npm run build|lint|typecheck|bench` with the project's own Node and pnpm.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
case "$1" in
  build) bash scripts/prepare.sh ;;
  lint) pnpm exec eslint . && pnpm exec prettier --check . ;;
  typecheck) pnpm -r --parallel run typecheck ;;
  # Every benchmark and one table of figures (server/bench/run-all.ts; `-- --quick` for short runs).
  bench) shift; bash scripts/prepare.sh && node server/bench/run-all.ts "$@" ;;
  *) echo "unknown task $1" >&2; exit 2 ;;
esac
