#!/usr/bin/env bash
# syncthing-conflict.sh WORK A B: two Syncthing instances on loopback share folders A and B (each a
# copy of the same vault); with syncing paused on both, the daily file 2026-11-22.md is edited
# differently on each side (read done in A, walk done in B); on resume Syncthing itself makes a
# .sync-conflict- copy. Exits 0 once A holds such a copy and both are idle; the instances are
# stopped. Everything listens on 127.0.0.1 only: no discovery, relays, NAT or upgrades.
set -euo pipefail
work=$1 a=$2 b=$3
key=brain-test-key
mkdir -p "$work"
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

declare -A id gui sync
for side in a b; do
  syncthing generate --home="$work/$side" --no-default-folder >"$work/$side.generate.log" 2>&1 \
    || syncthing generate --home="$work/$side" >"$work/$side.generate.log" 2>&1
  id[$side]=$(syncthing serve --home="$work/$side" --device-id)
  gui[$side]=$(port)
  sync[$side]=$(port)
done
folder() { if [ "$1" = a ]; then echo "$a"; else echo "$b"; fi; }
for side in a b; do
  printf '/.brain/cache\n' >"$(folder $side)/.stignore"
  cat >"$work/$side/config.xml" <<XML
<configuration version="36">
  <folder id="vault" label="vault" path="$(folder $side)" type="sendreceive" rescanIntervalS="3600" fsWatcherEnabled="false" autoNormalize="true">
    <device id="${id[a]}"></device>
    <device id="${id[b]}"></device>
    <minDiskFree unit="%">0</minDiskFree>
    <maxConflicts>10</maxConflicts>
  </folder>
  <device id="${id[a]}" name="a" compression="metadata" introducer="false"><address>tcp://127.0.0.1:${sync[a]}</address></device>
  <device id="${id[b]}" name="b" compression="metadata" introducer="false"><address>tcp://127.0.0.1:${sync[b]}</address></device>
  <gui enabled="true" tls="false"><address>127.0.0.1:${gui[$side]}</address><apikey>$key</apikey></gui>
  <options>
    <listenAddress>tcp://127.0.0.1:${sync[$side]}</listenAddress>
    <globalAnnounceEnabled>false</globalAnnounceEnabled>
    <localAnnounceEnabled>false</localAnnounceEnabled>
    <relaysEnabled>false</relaysEnabled>
    <natEnabled>false</natEnabled>
    <urAccepted>-1</urAccepted>
    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
    <crashReportingEnabled>false</crashReportingEnabled>
    <startBrowser>false</startBrowser>
    <minHomeDiskFree unit="%">0</minHomeDiskFree>
    <reconnectionIntervalS>1</reconnectionIntervalS>
  </options>
</configuration>
XML
  STNORESTART=1 STNOUPGRADE=1 syncthing serve --home="$work/$side" --no-browser --no-upgrade --no-restart \
    >"$work/$side.log" 2>&1 &
  pids+=($!)
done

api() { local side=$1 method=$2 path=$3; shift 3
  curl -sf -X "$method" -H "X-API-Key: $key" "$@" "http://127.0.0.1:${gui[$side]}$path"; }
# wait_for SECONDS WHAT COMMAND…: polls every 0.2 s.
wait_for() { local limit=$1 what=$2; shift 2
  local end=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $end ]; then echo "timed out waiting for $what" >&2; tail -n 20 "$work/a.log" "$work/b.log" >&2; exit 1; fi
    sleep 0.2
  done; }
idle() { api "$1" GET "/rest/db/status?folder=vault" | grep -q '"state": *"idle"'; }
connected() { api a GET /rest/system/connections | python3 -c 'import json,sys; d=json.load(sys.stdin)["connections"]; sys.exit(0 if any(c["connected"] for c in d.values()) else 1)'; }
# A dial that found the other not yet listening is tried again after reconnectionIntervalS (1 s
# here; 60 s by default). Generous limits: on a loaded machine start-up takes a while.
for side in a b; do wait_for 40 "syncthing $side to answer" api $side GET /rest/system/ping; done
wait_for 40 "the two instances to connect" connected
for side in a b; do wait_for 20 "$side to scan" idle $side; done

# With syncing paused (each side pauses the other device: the folder keeps scanning, so each side
# records its own edit before they meet), each side checks off another habit in the same day.
other() { if [ "$1" = a ]; then echo "${id[b]}"; else echo "${id[a]}"; fi; }
pause() { api $1 PATCH "/rest/config/devices/$(other $1)" -H 'Content-Type: application/json' -d "{\"paused\": $2}"; }
for side in a b; do pause $side true; done
day=daily/2026-11-22.md
sed -i 's/^- \[ \] \[\[read\]\]/- [x] [[read]]/' "$a/$day"
sleep 1.1
sed -i 's/^- \[ \] \[\[walk\]\]/- [x] [[walk]]/' "$b/$day"
for side in a b; do api $side POST "/rest/db/scan?folder=vault"; done
for side in a b; do wait_for 20 "$side to scan its edit" idle $side; done
for side in a b; do pause $side false; done
copy() { ls "$a/daily" | grep -q '^2026-11-22\.sync-conflict-[0-9]\{8\}-[0-9]\{6\}-[A-Z2-7]*\.md$'; }
wait_for 40 "a .sync-conflict- copy in $a/daily" copy
for side in a b; do wait_for 20 "$side to settle" idle $side; done
ls "$a/daily" | grep sync-conflict
