#!/bin/sh
# Runs a command in the network namespace it is started in (by `unshare -n`): a loopback and one
# veth pair, with a default route so that Chromium gathers WebRTC candidates at all (without one it
# gathers none; README, "Playing a friend online").
# Every packet stays in the namespace.
set -e
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add 10.77.0.1/24 dev v0
ip addr add 10.77.0.2/24 dev v1
ip link set v0 up
ip link set v1 up
ip route add default via 10.77.0.2 dev v0
exec "$@"
