#!/usr/bin/env bash
# `npm test`: every test — unit and API integration (vitest), then browser e2e (Playwright) —
# after installing and building what is missing. Ends with one plain "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh || exit 1
bash scripts/prepare.sh || exit 1

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "test: installing Debian's chromium for the browser tests" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null || exit 1
  else
    echo "test: /usr/bin/chromium is missing; install Debian's chromium (apt-get install chromium)" >&2
    exit 1
  fi
fi

status=0
failed_checks=0 # typecheck and lint count as one failed test each in the summary
pnpm -r --parallel --no-bail run typecheck || { status=1; failed_checks=$((failed_checks + 1)); }
(pnpm exec eslint . && pnpm exec prettier --check --log-level warn .) || { status=1; failed_checks=$((failed_checks + 1)); }

rm -f .test-report-*.json
pnpm exec vitest run --reporter=default --reporter=json --outputFile=.test-report-vitest.json || status=1
pnpm --filter @market/e2e exec playwright test || status=1

FAILED_CHECKS=$failed_checks node scripts/test-summary.mjs .test-report-vitest.json .test-report-e2e.json || status=1
exit $status
