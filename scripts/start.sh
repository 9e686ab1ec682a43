#!/usr/bin/env bash
# `npm start`: gets Node 22 and pnpm if missing, installs, builds what changed, runs the marketplace
# (`npm start -- --instances N`: cluster mode, N web processes and a worker; README).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
bash scripts/prepare.sh
exec node server/src/main.ts "$@"
