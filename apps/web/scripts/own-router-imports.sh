#!/usr/bin/env bash
# One-off (issue 13 §1, decision 015): points every import of react-router at the app's own router.
set -euo pipefail
cd "$(dirname "$0")/.."
for f in $(grep -rl "from 'react-router'" src test); do
  dir=$(dirname "$f")
  case "$f" in
    test/*) target=$(realpath --relative-to="$dir" test/memory-router.tsx) ;;
    *) target=$(realpath --relative-to="$dir" src/shared/router/index.ts) ;;
  esac
  [[ $target == .* ]] || target="./$target"
  sed -i "s#from 'react-router'#from '$target'#" "$f"
done
npx prettier --write src test >/dev/null
