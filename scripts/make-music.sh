#!/usr/bin/env bash
# Generates the four short piano-like tracks of the presentation's music (spec §4 Audio), so the product
# ships music that is free to use. Plucked-string synthesis with sox; each track is a slow arpeggio in one key.
# Run once: bash scripts/make-music.sh (needs sox with Ogg Vorbis: apt-get install sox libsox-fmt-all).
set -euo pipefail
out="$(dirname "$0")/../frontend/public/music"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# note name, seconds
play_notes() {
  local file=$1; shift
  local parts=()
  local i=0
  for note in "$@"; do
    sox -n -r 44100 -c 1 "$tmp/n$i.wav" synth 1.6 pluck "$note" fade q 0.01 1.6 1.2 gain -8
    parts+=("$tmp/n$i.wav")
    i=$((i + 1))
  done
  # Overlap notes a little (each starts 0.55 s after the last) for a legato, piano-like line.
  sox "${parts[@]}" "$tmp/line.wav" splice -q $(for _ in $(seq 2 ${#parts[@]}); do printf '1.05,0.5 '; done) 2>/dev/null \
    || sox "${parts[@]}" "$tmp/line.wav"
  sox "$tmp/line.wav" -r 44100 "$file" reverb 45 50 80 gain -n -3 fade t 0.2 0 1.5
}

arpeggio() { # repeats a bar of notes n times
  local n=$1; shift
  for _ in $(seq 1 "$n"); do printf '%s ' "$@"; done
}

play_notes "$tmp/1.wav" $(arpeggio 3 C4 E4 G4 C5 G4 E4 A3 C4 E4 A4 E4 C4 F3 A3 C4 F4 C4 A3 G3 B3 D4 G4 D4 B3)
play_notes "$tmp/2.wav" $(arpeggio 3 D4 F#4 A4 D5 A4 F#4 B3 D4 F#4 B4 F#4 D4 G3 B3 D4 G4 D4 B3 A3 C#4 E4 A4 E4 C#4)
play_notes "$tmp/3.wav" $(arpeggio 3 A3 C4 E4 A4 E4 C4 F3 A3 C4 F4 C4 A3 C3 E3 G3 C4 G3 E3 G3 B3 D4 G4 D4 B3)
play_notes "$tmp/4.wav" $(arpeggio 3 F3 A3 C4 F4 C4 A3 D3 F3 A3 D4 A3 F3 A#3 D4 F4 A#4 F4 D4 C4 E4 G4 C5 G4 E4)

for i in 1 2 3 4; do
  sox "$tmp/$i.wav" -r 22050 -C 0 "$out/piano-$i.ogg"
done
ls -l "$out"
