# Shared by the benchmark scripts (sourced, not run): the interleaved wall-clock loop and the
# summary statistics. Commands live in the caller's associative array CMD, by name.

# Runs each named command once unmeasured (a failure stops the run with its name) and empties
# its timing file OUT/NAME.t.
warm_up() { # OUT names...
  local out="$1"; shift
  for name in "$@"; do
    ${CMD[$name]} >/dev/null 2>&1 || { echo "$name failed: ${CMD[$name]}" >&2; exit 1; }
    : > "$out/$name.t"
  done
}

# RUNS rounds of every named command in turn (interleaved, so drift hits all alike), each
# round's wall seconds appended to OUT/NAME.t.
time_interleaved() { # OUT RUNS names...
  local out="$1" runs="$2"; shift 2
  for _ in $(seq "$runs"); do
    for name in "$@"; do
      local start end
      start=$(date +%s.%N); ${CMD[$name]} >/dev/null 2>&1; end=$(date +%s.%N)
      awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f\n", b - a }' >> "$out/$name.t"
    done
  done
}

# "median (min-max)" of a file of numbers, with DECIMALS places (default 3).
stats() { # FILE [DECIMALS]
  local d="${2:-3}"
  sort -g "$1" | awk -v d="$d" '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; f="%." d "f"; printf f " (" f "-" f ")", m, a[1], a[NR]}'
}

median() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }

calc() { awk "BEGIN { printf \"$1\", $2 }"; }
