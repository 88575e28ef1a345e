#!/usr/bin/env bash
# The shell script a user might write instead of emotions, with jq: the same job, done as durably.
#
#   reference.sh [--journal] [--file PATH] tap EMOTION... | add EMOTION N | stats --json
#
# Same file, location rules and output as emotions for these commands; an update holds flock(1) on
# <file>.lock, writes the new file with jq into a mktemp file in the same folder, syncs it, mv's it
# over the file, removes leftover temporary files and syncs the folder. Left out: keeping a data
# file's permissions other than 0600, and counts above 2^53, which jq 1.6 reads as doubles.
#
# With --journal, the update emotions makes since it keeps a history: under the lock, read the
# file and its "journal" position, check that <file>.journal (not a link) is as long as recorded,
# append one JSON line per change and sync -d it (fdatasync: the commit point), then write the
# file with jq into a mktemp file and mv it into place, with no sync of either. The first update
# starts the journal with its header line, durably. `stats --json` also checks the journal's size.
# Times come from bash's EPOCHREALTIME and printf, ids' random bits from SRANDOM (bash 5.1). Like
# the C floor, this refuses (65) a journal longer than the data file records rather than rolling
# it forward.
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

journaled=
if [[ ${1-} == --journal ]]; then journaled=1; shift; fi
file=
if [[ ${1-} == --file && $# -ge 2 ]]; then file=$2; shift 2; fi
if [[ -z $file ]]; then
    if [[ -n ${EMOTIONS_FILE-} ]]; then file=$EMOTIONS_FILE
    elif [[ ${XDG_CONFIG_HOME-} == /* ]]; then file=$XDG_CONFIG_HOME/emotions/emotions.json
    else file=$HOME/.config/emotions/emotions.json
    fi
fi
usage="usage: reference.sh [--journal] [--file PATH] (tap EMOTION... | add EMOTION N | stats --json)"
counts='[.counts.happy, .counts.smile, .counts.neutral, .counts.upset, .counts.sad] | map(. // 0)'

journal=$file.journal
# Checks that the journal, if any, is as long as the data file records ($1: its recorded bytes, or "none").
check_journal() {
    [[ -e $journal || -L $journal ]] || return 0
    if [[ -L $journal || ! -f $journal || ! -e $file || $1 != "$(stat -c %s -- "$journal")" ]]; then
        fail 65 "The journal $journal does not end where the data file says; this script does not roll it forward."
    fi
}

if [[ $# -eq 2 && $1 == stats && $2 == --json ]]; then
    if [[ -n $journaled ]]; then
        recorded=none
        [[ ! -e $file ]] || recorded=$(jq -r '.journal.bytes // "none"' "$file")
        check_journal "$recorded"
    fi
    filter="$counts"' | "{\"counts\": {\"happy\": \(.[0]), \"smile\": \(.[1]), \"neutral\": \(.[2]), \"upset\": \(.[3]), \"sad\": \(.[4])}, \"total\": \(add)}"'
    if [[ -e $file ]]; then jq -r "$filter" "$file"; else jq -rn "$filter"; fi
    exit 0
fi

names=() amounts=()
command=${1-}
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
journal=$file.journal
folder=${file%/*}
name=${file##*/}
mkdir -p -- "$folder"
exec 9<>"$file.lock"
flock 9

h=0 s=0 n=0 u=0 d=0 seq=none bytes=none latest=none
if [[ -e $file ]]; then
    read -r h s n u d seq bytes latest < <(jq -r "($counts) + [.journal.seq, .journal.bytes, .journal.latest | . // \"none\"] | @tsv" "$file")
    for value in "$h" "$s" "$n" "$u" "$d"; do
        [[ $value =~ ^[0-9]+$ ]] || fail 65 "The data file $file cannot be used: a count is not a whole number from 0 up. Fix or move the file; nothing was changed."
    done
fi
declare -A count=([happy]=$h [smile]=$s [neutral]=$n [upset]=$u [sad]=$d)
[[ -z $journaled ]] || check_journal "$bytes"

changes=() changed=()
for i in "${!names[@]}"; do
    old=${count[${names[i]}]}
    new=$((old + amounts[i]))
    # Bash arithmetic wraps around at 2^63 rather than failing.
    if ((new < 0 || (amounts[i] > 0 && new < old))); then
        fail 64 "Cannot add ${amounts[i]} to ${names[i]}: its count is $old. Nothing was changed."
    fi
    ((new == old)) || changes+=("${names[i]}: $old → $new") changed+=("${names[i]} $old $new")
    count[${names[i]}]=$new
done
((${#changes[@]} > 0)) || exit 0

# $1 milliseconds since 1970 as emotions writes times: local time, or UTC if $2 is set, with the offset.
rfc3339() {
    local seconds=$(($1 / 1000)) stamp offset
    if [[ -n ${2-} ]]; then stamp=$(TZ=UTC0 printf '%(%Y-%m-%dT%H:%M:%S)T' "$seconds") offset=+0000
    else printf -v stamp '%(%Y-%m-%dT%H:%M:%S)T' "$seconds"; printf -v offset '%(%z)T' "$seconds"
    fi
    printf -v time '%s.%03d%s:%s' "$stamp" $(($1 % 1000)) "${offset:0:3}" "${offset:3:2}"
}

if [[ -n $journaled ]]; then
    now=${EPOCHREALTIME/./}
    now=$((now / 1000))
    rfc3339 "$now"
    at=$time
    if [[ ! -e $journal ]]; then
        # The first update: the header, durably, so that a journal is either absent or has it.
        header="{\"history\":1,\"at\":\"$at\",\"before\":{\"happy\":$h,\"smile\":$s,\"neutral\":$n,\"upset\":$u,\"sad\":$d}}"
        temporary=$(mktemp -- "$folder/.$name.journal.tmp-XXXXXXXXXX")
        trap 'rm -f -- "$temporary"' EXIT
        printf '%s\n' "$header" >"$temporary"
        sync -- "$temporary"
        mv -f -- "$temporary" "$journal"
        trap - EXIT
        sync -- "$folder"
        seq=0 bytes=$((${#header} + 1)) latest=$now
    fi
    # The clock was set back since an earlier event was recorded: say so, for backwards scans.
    later=
    if ((latest > now)); then rfc3339 "$latest" utc; later=",\"latest\":\"$time\""; fi
    alphabet=0123456789ABCDEFGHJKMNPQRSTVWXYZ
    lines= group=
    for i in "${!changed[@]}"; do
        read -r emotion old new <<<"${changed[i]}"
        # 48 bits of the time in ten characters, then 80 random bits in sixteen.
        id=
        for ((k = 45; k >= 0; k -= 5)); do id+=${alphabet:$(((now >> k) & 31)):1}; done
        for ((k = 0; k < 16; k++)); do id+=${alphabet:$((SRANDOM & 31)):1}; done
        group=${group:-$id}
        lines+="{\"id\":\"$id\",\"at\":\"$at\",\"command\":\"$command\",\"emotion\":\"$emotion\",\"old\":$old,\"new\":$new,\"seq\":$((seq + i + 1)),\"group\":\"$group\"$later}"$'\n'
    done
    # The commit point: the lines appended and flushed (sync -d: fdatasync). If that fails, cut them off.
    if ! { printf '%s' "$lines" >>"$journal" && sync -d -- "$journal"; }; then
        truncate -s "$bytes" -- "$journal"
        fail 74 "Cannot append to the journal $journal."
    fi
    length=${#lines}  # Bytes: every character of a line is ASCII.
    position="{\"seq\": $((seq + ${#changed[@]})), \"bytes\": $((bytes + length)), \"latest\": $((latest > now ? latest : now))}"
fi

temporary=$(mktemp -- "$folder/.$name.tmp-XXXXXXXXXX")
trap 'rm -f -- "$temporary"' EXIT
update='{version: 1} + . | .version = 1
    | .counts = {happy: $h, smile: $s, neutral: $n, upset: $u, sad: $d} + ((.counts // {}) | del(.happy, .smile, .neutral, .upset, .sad))'
arguments=(--indent 2 --argjson h "${count[happy]}" --argjson s "${count[smile]}" --argjson n "${count[neutral]}"
    --argjson u "${count[upset]}" --argjson d "${count[sad]}")
if [[ -n $journaled ]]; then
    # jq would spread the position over five lines; emotions writes it on one.
    update+=' | .journal = "JOURNAL POSITION"'
    if [[ -e $file ]]; then document=$(jq "${arguments[@]}" "$update" "$file"); else document=$(jq -n "${arguments[@]}" '{} | '"$update"); fi
    printf '%s\n' "${document/'"JOURNAL POSITION"'/$position}" >"$temporary"
    # Past the commit point: neither flushed nor its rename synced; the journal makes it again.
    mv -f -- "$temporary" "$file"
else
    if [[ -e $file ]]; then jq "${arguments[@]}" "$update" "$file" >"$temporary"; else jq -n "${arguments[@]}" '{} | '"$update" >"$temporary"; fi
    sync -- "$temporary"
    mv -f -- "$temporary" "$file"
fi
trap - EXIT
# We hold the lock, so any other temporary file is a killed process's leftover.
leftovers=("$folder/.$name.tmp-"*)
((${#leftovers[@]} == 0)) || rm -f -- "${leftovers[@]}"
[[ -n $journaled ]] || sync -- "$folder"
exec 9>&-
printf '%s\n' "${changes[@]}"
