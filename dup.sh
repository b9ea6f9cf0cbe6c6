#!/bin/bash
. /tmp/pt5/env.sh
out=$(/work/venv/bin/overlord online new http://127.0.0.1:18510 --scenario two-week --german-as computer)
A=$(echo "$out" | awk '/Allied:/{print $2}'); G=$(echo "$out" | awk '/German:/{print $2}')
/work/venv/bin/overlord online bot "$G" --player classic --orders '{"defence": [[1.5, 7], [1000, 4]], "coastal": 6, "retreat": "computer", "advance": "no"}' > /tmp/pt5/dup.g.log 2>&1 &
p1=$!
/work/venv/bin/overlord online bot "$A" --player classic --seed 1 > /tmp/pt5/dup.a1.log 2>&1 &
p2=$!
/work/venv/bin/overlord online bot "$A" --player classic --seed 2 --orders '{"defence": [[1000, 5]], "retreat": "hold"}' > /tmp/pt5/dup.a2.log 2>&1 &
p3=$!
wait $p1; r1=$?; wait $p2; r2=$?; wait $p3; r3=$?
echo "dup: g=$r1 a1=$r2 a2=$r3"
