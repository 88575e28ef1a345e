#!/usr/bin/env bash
# The shell script a user might write instead of emotions, with jq: the same job, done as durably.
#
#   reference.sh [--file PATH] tap EMOTION... | add EMOTION N | stats --json
#
# Same file, location rules and output as emotions for these commands; an update holds flock(1) on
# <file>.lock, writes the new file with jq into a mktemp file in the same folder, syncs it, mv's it
# over the file, removes leftover temporary files and syncs the folder. Left out: keeping a data
# file's permissions other than 0600, and counts above 2^53, which jq 1.6 reads as doubles.
set -euo pipefail
shopt -s nullglob
umask 077

fail() { echo "Error: $2" >&2; exit "$1"; }

# Sets emotion to the canonical name of $1, a name or alias in any case.
canonical() {
    case ${1,,} in
        happy | very-happy | veryhappy) emotion=happy ;;
        smile | moderate-smile | moderatesmile) emotion=smile ;;
        neutral) emotion=neutral ;;
        upset | slightly-upset | slightlyupset) emotion=upset ;;
        sad | very-sad | verysad) emotion=sad ;;
        *) fail 64 "Unknown emotion '$1'." ;;
    esac
}

file=
if [[ ${1-} == --file && $# -ge 2 ]]; then file=$2; shift 2; fi
if [[ -z $file ]]; then
    if [[ -n ${EMOTIONS_FILE-} ]]; then file=$EMOTIONS_FILE
    elif [[ ${XDG_CONFIG_HOME-} == /* ]]; then file=$XDG_CONFIG_HOME/emotions/emotions.json
    else file=$HOME/.config/emotions/emotions.json
    fi
fi
usage="usage: reference.sh [--file PATH] (tap EMOTION... | add EMOTION N | stats --json)"
counts='[.counts.happy, .counts.smile, .counts.neutral, .counts.upset, .counts.sad] | map(. // 0)'

if [[ $# -eq 2 && $1 == stats && $2 == --json ]]; then
    filter="$counts"' | "{\"counts\": {\"happy\": \(.[0]), \"smile\": \(.[1]), \"neutral\": \(.[2]), \"upset\": \(.[3]), \"sad\": \(.[4])}, \"total\": \(add)}"'
    if [[ -e $file ]]; then jq -r "$filter" "$file"; else jq -rn "$filter"; fi
    exit 0
fi

names=() amounts=()
if [[ $# -ge 2 && $1 == tap ]]; then
    shift
    for word; do canonical "$word"; names+=("$emotion") amounts+=(1); done
elif [[ $# -eq 3 && $1 == add ]]; then
    canonical "$2"
    # Without its leading zeros, which bash would read as octal; at most 18 digits, which bash cannot overflow.
    [[ $3 =~ ^([+-]?)0*([0-9]{1,18})$ ]] || fail 64 "'$3' is not a whole number of at most 18 digits."
    names=("$emotion") amounts=("${BASH_REMATCH[1]}${BASH_REMATCH[2]}")
else
    fail 64 "$usage"
fi

file=$(realpath -m -- "$file")
folder=${file%/*}
name=${file##*/}
mkdir -p -- "$folder"
exec 9<>"$file.lock"
flock 9

h=0 s=0 n=0 u=0 d=0
if [[ -e $file ]]; then
    read -r h s n u d < <(jq -r "$counts | @tsv" "$file")
    for value in "$h" "$s" "$n" "$u" "$d"; do
        [[ $value =~ ^[0-9]+$ ]] || fail 65 "The data file $file cannot be used: a count is not a whole number from 0 up. Fix or move the file; nothing was changed."
    done
fi
declare -A count=([happy]=$h [smile]=$s [neutral]=$n [upset]=$u [sad]=$d)

changes=()
for i in "${!names[@]}"; do
    old=${count[${names[i]}]}
    new=$((old + amounts[i]))
    # Bash arithmetic wraps around at 2^63 rather than failing.
    if ((new < 0 || (amounts[i] > 0 && new < old))); then
        fail 64 "Cannot add ${amounts[i]} to ${names[i]}: its count is $old. Nothing was changed."
    fi
    ((new == old)) || changes+=("${names[i]}: $old → $new")
    count[${names[i]}]=$new
done
((${#changes[@]} > 0)) || exit 0

temporary=$(mktemp -- "$folder/.$name.tmp-XXXXXXXXXX")
trap 'rm -f -- "$temporary"' EXIT
update='{version: 1} + . | .version = 1
    | .counts = {happy: $h, smile: $s, neutral: $n, upset: $u, sad: $d} + ((.counts // {}) | del(.happy, .smile, .neutral, .upset, .sad))'
arguments=(--indent 2 --argjson h "${count[happy]}" --argjson s "${count[smile]}" --argjson n "${count[neutral]}"
    --argjson u "${count[upset]}" --argjson d "${count[sad]}")
if [[ -e $file ]]; then jq "${arguments[@]}" "$update" "$file" >"$temporary"; else jq -n "${arguments[@]}" '{} | '"$update" >"$temporary"; fi
sync -- "$temporary"
mv -f -- "$temporary" "$file"
trap - EXIT
# We hold the lock, so any other temporary file is a killed process's leftover.
leftovers=("$folder/.$name.tmp-"*)
((${#leftovers[@]} == 0)) || rm -f -- "${leftovers[@]}"
sync -- "$folder"
exec 9>&-
printf '%s\n' "${changes[@]}"
