#!/usr/bin/env bash
# A rolling update of the web replicas of docker-compose.yml, one at a time, with no failed
# request: `bash deploy/rolling-update.sh` after building or pulling the new image
# (`docker compose build web` or `docker compose pull web`). For each running replica: start one
# more with the new image, wait until its GET /api/ready answers 200 (HAProxy finds it through
# Docker's DNS and puts it in rotation after two good checks), then stop an old one with SIGTERM:
# it answers 503 at once, HAProxy takes it out within two checks while it keeps serving for
# SHUTDOWN_GRACE_SECONDS, then it drains and exits (README, Running several instances).
# The worker is replaced the same way with `bash deploy/rolling-update.sh worker` (its jobs take
# leases, so the old and the new one may overlap).
set -euo pipefail
cd "$(dirname "$0")/.."
SERVICE="${1:-web}"
# More than SHUTDOWN_GRACE_SECONDS + SHUTDOWN_DRAIN_SECONDS (compose's stop_grace_period).
STOP_SECONDS="${STOP_SECONDS:-40}"
READY_TIMEOUT="${READY_TIMEOUT:-300}"

ids() { docker compose ps -q "$SERVICE" | sort; }

ready() {
  docker exec "$1" node -e \
    "fetch('http://127.0.0.1:8080/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
}

old="$(ids)"
count="$(printf '%s\n' "$old" | grep -c . || true)"
if [ "$count" -eq 0 ]; then
  echo "no $SERVICE container is running: docker compose up -d first" >&2
  exit 1
fi
known="$old"
for id in $old; do
  docker compose up -d --no-deps --no-recreate --scale "$SERVICE=$((count + 1))" "$SERVICE"
  new="$(comm -13 <(printf '%s\n' "$known") <(ids) | head -n 1)"
  if [ -z "$new" ]; then
    echo "no new $SERVICE container started" >&2
    exit 1
  fi
  echo "started ${new:0:12}; waiting for it to be ready"
  deadline=$((SECONDS + READY_TIMEOUT))
  until ready "$new"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "${new:0:12} not ready after ${READY_TIMEOUT} s: stopping it, the old replicas stay" >&2
      docker stop --time "$STOP_SECONDS" "$new" >/dev/null
      docker rm "$new" >/dev/null
      exit 1
    fi
    sleep 2
  done
  echo "stopping ${id:0:12} (SIGTERM: out of rotation, grace, drain)"
  docker stop --time "$STOP_SECONDS" "$id" >/dev/null
  docker rm "$id" >/dev/null
  known="$(printf '%s\n%s\n' "$known" "$new" | grep -v -x -F "$id" | sort)"
done
echo "$SERVICE: $count replicas replaced"
