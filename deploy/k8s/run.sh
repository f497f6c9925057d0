#!/usr/bin/env bash
# Runs a rendered sweep (`make k8s`) on the cluster kubectl points at: the Indexed Job,
# then, once it has completed, the merge Job; prints the merge's log (the report).
#   deploy/k8s/run.sh [.build/k8s] [TIMEOUT, default 2h]
set -euo pipefail
dir=${1:-.build/k8s}; timeout=${2:-2h}
kubectl apply -f "$dir/tune.yaml"
kubectl wait --for=condition=complete --timeout="$timeout" job/ocean-tune
kubectl apply -f "$dir/merge.yaml"
kubectl wait --for=condition=complete --timeout="$timeout" job/ocean-tune-merge
kubectl logs job/ocean-tune-merge
