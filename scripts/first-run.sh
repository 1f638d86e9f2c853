#!/usr/bin/env bash
# A clean first run, as a new user does it: clone the committed repo into an empty folder, run
# exactly the README's two commands (`npm install && npm start`), then sign in through Chromium with
# the code from the outbox, finish onboarding and see the dashboard. Run by .ci/run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
port="${FIRST_RUN_PORT:-3300}"
echo "== first run in $work"
git clone -q "$root" "$work/limber"
cd "$work/limber"
set -m
( npm install --no-audit --no-fund && PORT="$port" npm start ) > "$work/first-run.log" 2>&1 &
server=$!
cleanup() {
  kill -- -"$server" 2>/dev/null || true
  sleep 1
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 600); do
  if curl -s -o /dev/null "http://127.0.0.1:$port/api/auth/user"; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then echo "server exited:"; tail -50 "$work/first-run.log"; exit 1; fi
  sleep 1
done
curl -s -o /dev/null "http://127.0.0.1:$port/api/auth/user" || { echo "server did not start:"; tail -50 "$work/first-run.log"; exit 1; }
echo "== server up; signing in through Chromium"
cd "$root"
FIRST_RUN_URL="http://127.0.0.1:$port" FIRST_RUN_DATA_DIR="$work/limber/.data" \
  node node_modules/@playwright/test/cli.js test -c tests/first-run/playwright.config.ts
# The two commands' own output, up to the server's "listening" line, has no warning or error line:
# a new user's first impression (npm's install-script notices, the build's warnings).
noise=$(sed -n '1,/\[start\] listening on/p' "$work/first-run.log" | grep -inE 'warn|error|deprecat' || true)
if [ -n "$noise" ]; then
  echo "== the first run printed warnings or errors:"
  echo "$noise"
  exit 1
fi
echo "== first run: no warning or error lines"
