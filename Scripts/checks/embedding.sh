#!/usr/bin/env bash
# Sprout's resources are found only where Sprout put them (issue 26, item 1), checked as a user
# would meet it:
#  1. `Scripts/install` into a prefix, the installed folder copied elsewhere, the checkout hidden
#     (a mount namespace lays an empty folder over it where unshare is allowed), run from a folder
#     that has `Assets/` and `Shaders/` of its own: it renders a plant on a built-in stage.
#  2. The example program (Examples/GardenPreview, built by Scripts/test) copied with its resource
#     bundle into a folder beside `Assets/` and `Shaders/` of a user's: it still passes.
# Usage: Scripts/checks/embedding.sh (after `swift build` and the example's build).
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/sprout-embedding-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# A user's folders with Sprout's names: an empty Assets/ and shaders that do not compile.
hostile() {
  mkdir -p "$1/Assets/stages" "$1/Shaders"
  printf 'this is not GLSL\n' > "$1/Shaders/lit.vert"
  cp "$1/Shaders/lit.vert" "$1/Shaders/lit.frag"
}

bash Scripts/install --configuration debug --prefix "$work/prefix" > "$work/install.log"
cp -R "$work/prefix/lib/sprout" "$work/moved"
hostile "$work/user"
render=(render sunflower --stage tabletop --size 96x64 --output "$work/user/out.png")
if unshare --mount true 2>/dev/null; then
  (cd "$work/user" && unshare --mount sh -c 'mount -t tmpfs none "$1" && shift && exec "$@"' sh "$root" "$work/moved/sprout" "${render[@]}")
  echo "installed sprout, moved, checkout hidden: rendered from a folder with Assets/ and Shaders/ of its own"
else
  (cd "$work/user" && "$work/moved/sprout" "${render[@]}")
  echo "installed sprout, moved (unshare not allowed here, checkout not hidden): rendered from a folder with Assets/ and Shaders/ of its own"
fi
[ "$(head -c 8 "$work/user/out.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || { echo "no PNG written" >&2; exit 1; }

# Without its bundle the program says where it looked, and fails.
rm -rf "$work/moved/Sprout_SproutApp.resources"
if (cd "$work/user" && "$work/moved/sprout" "${render[@]}" 2> "$work/err.txt"); then
  echo "sprout without its resource bundle rendered: it read Assets/ from somewhere else" >&2; exit 1
fi
grep -q "Sprout_SproutApp.resources/Assets" "$work/err.txt" || { echo "the error does not name where it looked:" >&2; cat "$work/err.txt" >&2; exit 1; }

example="$(swift build --package-path Examples/GardenPreview --show-bin-path)"
hostile "$work/app"
mkdir -p "$work/app/bin"
cp "$example/GardenPreview" "$work/app/bin/"
cp -R "$example/Sprout_SproutApp.resources" "$work/app/bin/"
hostile "$work/app/bin"
(cd "$work/app" && ./bin/GardenPreview "$work/app/garden.png" > "$work/app/out.txt")
grep -q "^PASS" "$work/app/out.txt" || { cat "$work/app/out.txt" >&2; exit 1; }
echo "the example program, beside a user's Assets/ and Shaders/: PASS"
