#!/usr/bin/env bash
# `make test-cluster`: starts a real one-node Slurm (slurm-wlm, munge; root), runs the
# example sweep as an array of 3 tasks of 2 CPUs with scripts/tune-slurm.sh (which
# returns at once; its merge job runs after the array), and as an array with a step
# (`--array=0-4:2`) merged by hand, and compares both merged files' bytes with one
# machine's. Everything it writes is under .build/test-cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
ocean=$(realpath .build/release/ocean)
command -v slurmctld >/dev/null && command -v munged >/dev/null || {
  apt-get update -qq && apt-get install -y -qq slurm-wlm munge >/dev/null; }
# munge: started once, left running (stop it by its pid, /run/munge/munged.pid).
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  mkdir -p /run/munge; chown munge:munge /run/munge; munged --force 2>/dev/null || true
  for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
fi
dir=$(realpath -m .build/test-cluster)
rm -rf "$dir"; mkdir -p "$dir/state" "$dir/spool" "$dir/log"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])'; }
host=$(hostname -s)
cat > "$dir/slurm.conf" <<CONF
ClusterName=oceantest
SlurmctldHost=$host
AuthType=auth/munge
SlurmUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
stop() { scontrol shutdown >/dev/null 2>&1 || true; }
trap stop EXIT
slurmctld -f "$SLURM_CONF"; slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break; sleep 0.1; done
echo "slurm: node $(sinfo -h -o '%N %T %c CPUs')"
spec=assets/tune/example.toml
start=$(date +%s.%N)
"$ocean" tune "$spec" --quiet --out "$dir/one-machine.jsonl"
mid=$(date +%s.%N)
OCEAN=$ocean scripts/tune-slurm.sh --cpus 2 --shards 3 "$spec" "$dir/slurm.jsonl"
returned=$(date +%s.%N)
[ -f "$dir/slurm.jsonl" ] && { echo "test-cluster: tune-slurm.sh held the shell until the merge" >&2; exit 1; }
for _ in $(seq 600); do [ -f "$dir/slurm.jsonl" ] && ! squeue -h | grep -q . && break; sleep 0.5; done
end=$(date +%s.%N)
printf 'one machine: %.2f s; tune-slurm.sh returned after %.2f s; array of 3 × 2 CPUs + merge job: %.2f s\n' \
  "$(echo "$mid - $start" | bc)" "$(echo "$returned - $mid" | bc)" "$(echo "$end - $mid" | bc)"
cmp "$dir/one-machine.jsonl" "$dir/slurm.jsonl"
for i in 0 1 2; do
  grep -q "task $i: 2 CPUs" "$dir/slurm.shards/task-$i.log"
  grep -q "on 2 threads" "$dir/slurm.shards/task-$i.log"
done
[ -f "$dir/slurm.best.toml" ] || { echo "test-cluster: the merge job wrote no best balance" >&2; exit 1; }
echo "test-cluster: the array's merged output is byte-identical to one machine's ($(wc -l < "$dir/slurm.jsonl") lines); each task had 2 CPUs and 2 threads"
# An array with a step: tasks 0, 2, 4 are shards 1, 2, 3.
mkdir -p "$dir/step"
sbatch --wait --array=0-4:2 --cpus-per-task=1 -o "$dir/step/task-%a.log" \
  --wrap "$(printf '%q' "$ocean") tune $spec --shard auto --quiet --out $dir/step/shard-\$SLURM_ARRAY_TASK_ID.jsonl" >/dev/null
"$ocean" tune merge "$dir"/step/shard-{0,2,4}.jsonl --out "$dir/step.jsonl" --quiet
cmp "$dir/one-machine.jsonl" "$dir/step.jsonl"
echo "test-cluster: an array with a step (0-4:2) merges to the same bytes ($dir)"
