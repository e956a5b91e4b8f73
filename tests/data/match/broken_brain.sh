#!/bin/sh
# A deliberately broken Gomocup brain for the match runner's tests (POSIX sh, no python needed).
#
#   sh broken_brain.sh MODE [GOOD]
#
# It answers GOOD (default 2) move requests legally (the first free point scanning from the
# top-left corner, away from where real engines play), then misbehaves according to MODE:
#   occupied  answers the opponent's last move (an occupied point)
#   offboard  answers 99,99
#   garbage   answers "hello" (not a move)
#   sleep     sleeps 3 s before answering (a timeout under any short time control)
#   exit      exits with status 3 (a crash mid-game)
#   error     answers "ERROR out of ideas"
mode=$1
good=${2:-2}
size=15
taken=" "
last=""
moves=0

answer() {
  moves=$((moves + 1))
  if [ "$moves" -gt "$good" ]; then
    case "$mode" in
      occupied) if [ -n "$last" ]; then echo "$last"; return; fi ;;
      offboard) echo "99,99"; return ;;
      garbage) echo "hello"; return ;;
      sleep) sleep 3 ;;
      exit) exit 3 ;;
      error) echo "ERROR out of ideas"; return ;;
    esac
  fi
  y=0
  while [ "$y" -lt "$size" ]; do
    x=0
    while [ "$x" -lt "$size" ]; do
      case "$taken" in
        *" $x,$y "*) ;;
        *) taken="$taken$x,$y "; echo "$x,$y"; return ;;
      esac
      x=$((x + 1))
    done
    y=$((y + 1))
  done
  echo "ERROR board full"
}

while IFS= read -r line; do
  line=$(printf '%s' "$line" | tr -d '\r')
  case "$line" in
    START\ *) size=${line#START }; taken=" "; last=""; echo OK ;;
    RESTART) taken=" "; last=""; echo OK ;;
    INFO*) ;;
    BEGIN) answer ;;
    TURN\ *) last=${line#TURN }; taken="$taken$last "; answer ;;
    BOARD)
      taken=" "
      while IFS= read -r stone; do
        stone=$(printf '%s' "$stone" | tr -d '\r')
        [ "$stone" = DONE ] && break
        p=${stone%,*}
        taken="$taken$p "
        last=$p
      done
      answer ;;
    ABOUT) echo 'name="broken", version="1"' ;;
    END) exit 0 ;;
    *) echo "UNKNOWN $line" ;;
  esac
done
