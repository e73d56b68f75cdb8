#!/usr/bin/env bash
# Regenerates every picture the README and the guide show, into guide/src/images/ (or the
# folder given): game screenshots by scripted input under Xvfb (the commands of .ci/run),
# the title and campaign screens, a balance chart (`batch --chart`) and a Tiled render
# (`tmxrasterizer`). Each picture is checked not to be blank (at least 200 colours, as in
# .ci/run; the chart and the Tiled render, flat drawings, at least 8).
#   guide/shots.sh [OUT_DIR]
# Needs: xvfb-run, ImageMagick (identify, convert), tmxrasterizer (the `tiled` package),
# a release build (SKIRMISH_BIN=path to use another binary).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-guide/src/images}
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=${SKIRMISH_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release --quiet
  bin=$root/target/release/skirmish
fi
scratch=$(mktemp -d)
export XDG_RUNTIME_DIR=$scratch/xdg
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# Scripted runs (--screenshot) use the default options and leave the player's files alone
# unless SKIRMISH_HOME names a folder for them: the pictures show the defaults.
unset SKIRMISH_HOME
# A 1600×1000 screen: the window opens at its default 1280×800.
screen="-screen 0 1600x1000x24"

# Game pictures are stored at 960 px wide (PNG, a few hundred KB at most).
shoot() { # NAME COMMAND...: runs the command, which writes $scratch/NAME.png, and keeps it
  local name=$1
  shift
  "$@"
  # A first frame that came out blank (software Vulkan on a loaded machine, seen once in
  # twenty shots) is shot once more; the check at the end still fails a picture blank twice.
  if [ "$(identify -format '%k' "$scratch/$name.png")" -lt 200 ]; then
    echo "$name.png came out blank: shooting it again" >&2
    "$@"
  fi
  convert "$scratch/$name.png" -resize '960x>' -strip "$out/$name.png"
}
play() { # NAME SCENARIO INPUT: one battle, driven by the script, then a screenshot
  shoot "$1" xvfb-run -a -s "$screen" "$bin" play "$2" --save-file "$scratch/$1.save" \
    --screenshot "$scratch/$1.png" --input "$3"
}
menus() { # NAME INPUT: the title screen driven by the script, then a screenshot
  shoot "$1" xvfb-run -a -s "$screen" "$bin" title --save-file "$scratch/$1.save" \
    --screenshot "$scratch/$1.png" --input "$2"
}

# The battle screen (the README's first picture): with Kiny selected the cursor rests on
# Warden; the arrow shows the walk to the cell to attack from.
play battle maps/sample.toml "Confirm Point:20,25"
# Confirming there walks and opens the menu on that attack with its forecast.
play attack-menu maps/sample.toml "Confirm Point:20,25 Confirm"
# A traced route, with its cost and the move left.
play traced-path maps/sample.toml "Confirm Down Right Right Up Up"
# The End turn button's question, with Yes and No buttons; the game menu; the battle's log.
play end-turn-question maps/sample.toml "Press:EndTurn"
play game-menu maps/sample.toml "Menu"
play battle-log maps/sample.toml "Confirm Point:20,25 Confirm Confirm EndTurn Yes Press:Close History"
# The enemy phase's summary, which stays until dismissed.
play enemy-summary maps/river.toml "EndTurn Yes EndTurn Yes"
# Objectives: the castle's line and throne, its banner, the river's cells to hold.
play castle-objective maps/castle.toml "Point:33,15"
play castle-banner maps/castle.toml "Snap"
play river-hold maps/river.toml "Point:21,9"
# A scenario of one's own: a seize that wins, a turn limit that loses, a cell to defend
# that a raider can reach next phase (the danger view's warning).
mkdir -p "$scratch/own/maps"
cp -r data "$scratch/own/data"
printf '........\n........\n........\n........\n' > "$scratch/own/maps/end.txt"
cat > "$scratch/own/maps/seize.toml" <<'TOML'
name = "Take the gate"
map = "end.txt"
[objective]
win = "seize"
seize = [[3, 1]]
turn_limit = 2
[[units]]
name = "Kiny"
team = "player"
at = [1, 1]
move = 5
[[units]]
name = "Brute"
team = "enemy"
at = [7, 3]
move = 4
profile = "guard"
TOML
cat > "$scratch/own/maps/hold.toml" <<'TOML'
name = "Hold the well"
map = "end.txt"
[objective]
hold = [[3, 1]]
[[units]]
name = "Kiny"
team = "player"
at = [0, 3]
move = 5
[[units]]
name = "Raider"
team = "enemy"
at = [7, 1]
move = 4
profile = "charger"
TOML
play seized "$scratch/own/maps/seize.toml" "Confirm Point:3,1 Confirm Confirm"
play turn-limit "$scratch/own/maps/seize.toml" "EndTurn Yes EndTurn Yes"
play defend-warning "$scratch/own/maps/hold.toml" "Danger Point:3,1"
# Healers: the river crossing with Lance hurt; Mira's menu offers "Heal Lance 9 → 17".
sed 's/^name = "Lance"$/name = "Lance"\nhp_left = 9/' maps/river.toml > "$scratch/own/maps/river-hurt.toml"
cp maps/river.txt "$scratch/own/maps/river.txt"
play heal-menu "$scratch/own/maps/river-hurt.toml" "Point:6,15 Confirm Confirm Wait Wait"
# Zones of control and canto (the movement rules page), on the fixture tests/game/zones.toml:
# Kiny's range with the held cells outlined, the danger view with them, and Rider's Move /
# Wait menu after striking Brute, with the range its move left.
play zones-range tests/game/zones.toml "Confirm Point:8,5"
play zones-danger tests/game/zones.toml "Danger Point:6,4"
play canto-menu tests/game/zones.toml "Point:3,2 Confirm Point:8,2 Confirm Confirm"
# Fog of war (the fog page): the night raid before and after Lance's move, Kiny's ambush, and
# the danger view under fog.
play fog-before maps/raid.toml "Point:1,7"
play fog-after maps/raid.toml "Point:2,7 Confirm Point:5,4 Confirm Confirm Point:5,4"
play fog-ambush maps/raid.toml "SnapHit Confirm Point:1,2 Confirm"
play fog-danger maps/raid.toml "Point:2,7 Confirm Point:5,4 Confirm Confirm Danger Point:3,6"
# The shipped Tiled scenario in the game, beside Tiled's own render of its map below.
play river-game maps/river-tiled.toml ""

# The menus: the title, the picker on the castle, the options.
menus title ""
menus picker "Down Confirm Down"
menus options "Down Down Down Down Confirm"
# Options → Keys and pad buttons, waiting for the danger view's new key.
menus rebinding "Down Down Down Down Confirm Down Down Down Down Down Down Down Down Confirm Down Down Down Down Down Down Down Down Down Down Down Confirm"
# New campaign's question of chance in combat ("on" highlighted), the shipped campaign's
# first intro (after its difficulty and that question), then a one-unit drill
# campaign whose first chapter ends in a level-up, and the roster after it.
menus campaign-chance "Confirm Confirm Down"
menus campaign-intro "Confirm Confirm Confirm"
mkdir -p "$scratch/drill/maps"
cp -r data "$scratch/drill/data"
printf '........\n........\n........\n........\n' > "$scratch/drill/maps/field.txt"
{
  printf 'name = "The drill"\nmap = "field.txt"\n'
  printf '[[units]]\nname = "Kiny"\nteam = "player"\nat = [2, 1]\nhp = 40\nattack = 30\ndefense = 10\n'
  for foe in Brute:3,1 Grunt:5,1 Thug:5,2 Lout:5,0; do
    printf '[[units]]\nname = "%s"\nteam = "enemy"\nat = [%s]\nprofile = "charger"\nhp = 1\n' "${foe%%:*}" "${foe#*:}"
  done
} > "$scratch/drill/maps/drill.toml"
cat > "$scratch/drill/maps/campaign.toml" <<'TOML'
name = "The drill war"
closing = "The drill is over; Kiny rides home a level wiser."
[[chapters]]
scenario = "drill.toml"
title = "The drill"
intro = "Kiny drills against four raiders."
[[chapters]]
scenario = "drill.toml"
title = "The drill again"
intro = "Once more, with what was learned."
TOML
drill() { # NAME INPUT: the drill campaign from a fresh progress file, then a screenshot
  rm -f "$scratch/$1.progress.json"
  xvfb-run -a -s "$screen" "$bin" campaign "$scratch/drill/maps/campaign.toml" \
    --progress "$scratch/$1.progress.json" --save-file "$scratch/$1.save" \
    --screenshot "$scratch/$1.png" --input "$2"
}
campaign() { # NAME INPUT
  shoot "$1" drill "$1" "$2"
}
chapter1="Confirm Confirm Confirm Confirm Point:3,1 Confirm Confirm EndTurn"
campaign level-up "$chapter1 SnapLevelUp"
campaign roster "$chapter1 Wait Confirm"

# A balance chart: the castle's archers' range, swept (the guide's "Balancing a battle").
( cd "$scratch" && cp -r "$root/data" "$root/maps" . \
  && "$bin" batch maps/castle.toml --runs 200 --set archer.range=2,3,4,5 --chart chart.png >/dev/null )
convert "$scratch/chart.png" -strip "$out/balance-chart.png"
# Tiled's renderer on the shipped .tmx (half size).
QT_QPA_PLATFORM=offscreen tmxrasterizer --scale 0.5 maps/river.tmx "$scratch/river-tiled.png"
convert "$scratch/river-tiled.png" -strip "$out/river-tiled.png"

# None is blank.
for f in "$out"/*.png; do
  colors=$(identify -format '%k' "$f")
  min=200
  case $(basename "$f") in balance-chart.png|river-tiled.png) min=8 ;; esac
  echo "$(basename "$f"): $(identify -format '%wx%h' "$f"), $colors colours, $(( $(stat -c %s "$f") / 1024 )) KB"
  if [ "$colors" -lt "$min" ]; then
    echo "$f is blank (only $colors colours)" >&2
    exit 1
  fi
done
rm -rf "$scratch"
