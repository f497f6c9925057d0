#!/usr/bin/env bash
# `make test-cluster`: starts a real one-node Slurm (slurm-wlm, munge; root), runs the
# example sweep as an array of 3 with scripts/tune-slurm.sh, and compares the merged
# bytes with one machine's. See ../shared/notes/SCALE_OUT_ON_LINUX.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
ocean=$(realpath .build/release/ocean)
command -v slurmctld >/dev/null && command -v munged >/dev/null || {
  apt-get install -y -qq slurm-wlm munge >/dev/null; }
# munge: started once, left running (stop it by its pid, /run/munge/munged.pid).
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  mkdir -p /run/munge; chown munge:munge /run/munge; munged --force 2>/dev/null || true
  for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
fi
dir=$(mktemp -d /tmp/ocean-slurm-XXXXXX)
mkdir -p "$dir/state" "$dir/spool" "$dir/log"
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
OCEAN=$ocean scripts/tune-slurm.sh "$spec" "$dir/slurm.jsonl" 3
end=$(date +%s.%N)
printf 'one machine: %.2f s; slurm array of 3 + merge: %.2f s\n' "$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
cmp "$dir/one-machine.jsonl" "$dir/slurm.jsonl"
echo "test-cluster: the Slurm array's merged output is byte-identical to one machine's ($(wc -l < "$dir/slurm.jsonl") lines, $dir)"
