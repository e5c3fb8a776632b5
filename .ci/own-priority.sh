#!/usr/bin/env bash
# Keeps this CI run's own processes (the descendants of the given process) at the front of the
# scheduler: with the kernel's autogroups, every session is weighed as one, so a machine with
# many busy sessions of other services would leave the tests a small share. It writes the
# autogroup priority of this run's own processes only, touches no other process, and ends when
# the process it follows ends (or when stopped by its PID).
set -u
root="$1"
[ -w "/proc/$root/autogroup" ] || exit 0
while kill -0 "$root" 2>/dev/null; do
  declare -A children=()
  for stat in /proc/[0-9]*/stat; do
    { read -r line <"$stat"; } 2>/dev/null || continue
    rest="${line##*) }"
    set -- $rest
    pid="${stat#/proc/}"; pid="${pid%/stat}"
    children[$2]+="$pid "
  done
  queue=("$root")
  while [ ${#queue[@]} -gt 0 ]; do
    pid="${queue[0]}"; queue=("${queue[@]:1}")
    group="/proc/$pid/autogroup"
    if [ -w "$group" ] && ! grep -q "nice -20" "$group" 2>/dev/null; then echo -20 > "$group" 2>/dev/null || true; fi
    for child in ${children[$pid]:-}; do queue+=("$child"); done
  done
  unset children
  sleep 5
done
