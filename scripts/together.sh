#!/usr/bin/env bash
# Runs the commands given at once (issue 39: `npm test`'s typecheck, lint and web build share the two cores instead
# of waiting for each other) and prints each one's output whole, in the order given, once it has ended. Fails,
# after every command has ended, when any of them failed, naming which.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pids=()
index=0
for command in "$@"; do
  bash -c "$command" > "$dir/$index.out" 2>&1 &
  pids+=($!)
  index=$((index + 1))
done
failed=()
index=0
for command in "$@"; do
  if wait "${pids[$index]}"; then code=0; else code=$?; fi
  echo "> $command"
  cat "$dir/$index.out"
  [ "$code" -ne 0 ] && failed+=("$command (exit $code)")
  index=$((index + 1))
done
if [ "${#failed[@]}" -ne 0 ]; then
  printf 'failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
