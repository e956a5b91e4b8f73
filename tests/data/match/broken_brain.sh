#!/bin/sh
# A deliberately broken Gomocup brain for the match runner's tests (POSIX sh, no python needed).
#
#   sh broken_brain.sh MODE [GOOD]
#   sh broken_brain.sh gtp MODE [GOOD]     (the same, speaking gridmind's GTP on a 15x15 board)
#
# It answers GOOD (default 2) move requests legally (the first free point scanning from the
# top-left corner, away from where real engines play), then misbehaves according to MODE:
#   occupied  answers the opponent's last move (an occupied point)
#   offboard  answers 99,99
#   garbage   answers "hello" (not a move)
#   sleep     sleeps 3 s before answering (a timeout under any short time control); a subshell
#             does the sleeping and then creates the file named by the third argument, if any,
#             so a test can tell whether killing the brain also killed its children
#   exit      exits with status 3 (a crash mid-game)
#   error     answers "ERROR out of ideas"
#   script    sh broken_brain.sh script "7,7 8,8": plays exactly these moves, in order, whatever
#             the board (to reach a chosen point, e.g. a renju-forbidden one)
gtp=""
if [ "$1" = gtp ]; then gtp=1; shift; fi
mode=$1
good=${2:-2}
script=${2:-}
mark=${3:-}
size=15
taken=" "
last=""
moves=0

answer() {
  if [ "$mode" = script ]; then
    first=${script%% *}
    script=${script#"$first"}
    script=${script# }
    echo "${first:-ERROR script exhausted}"
    return
  fi
  moves=$((moves + 1))
  if [ "$moves" -gt "$good" ]; then
    case "$mode" in
      occupied) if [ -n "$last" ]; then echo "$last"; return; fi ;;
      offboard) echo "99,99"; return ;;
      garbage) echo "hello"; return ;;
      sleep) ( sleep 3; if [ -n "$mark" ]; then : > "$mark"; fi ) ;;
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

# GTP: vertices are kept as typed (lower case); good moves come from the top row, a15 b15 ...
gtp_answer() {
  if [ "$mode" = script ]; then
    first=${script%% *}
    script=${script#"$first"}
    script=${script# }
    echo "${first:-ERROR script exhausted}"
    return
  fi
  moves=$((moves + 1))
  if [ "$moves" -gt "$good" ]; then
    case "$mode" in
      occupied) if [ -n "$last" ]; then echo "= $last"; echo; return; fi ;;
      offboard) echo "= z99"; echo; return ;;
      garbage) echo "= hello"; echo; return ;;
      sleep) sleep 3 ;;
      exit) exit 3 ;;
      error) echo "? out of ideas"; echo; return ;;
    esac
  fi
  for v in a15 b15 c15 d15 e15 f15 g15 h15 j15 k15 l15 m15 n15 o15 p15; do
    case "$taken" in
      *" $v "*) ;;
      *) taken="$taken$v "; echo "= $v"; echo; return ;;
    esac
  done
  echo "? board full"; echo
}

if [ -n "$gtp" ]; then
  while IFS= read -r line; do
    line=$(printf '%s' "$line" | tr -d '\r' | tr 'A-Z' 'a-z')
    case "$line" in
      clear_board|game\ *) taken=" "; last=""; echo "= "; echo ;;
      play\ *) last=${line##* }; taken="$taken$last "; echo "= "; echo ;;
      genmove\ *) gtp_answer ;;
      quit) echo "= "; echo; exit 0 ;;
      *) echo "= "; echo ;;
    esac
  done
  exit 0
fi

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
