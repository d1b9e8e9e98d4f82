#!/bin/sh
# Runs a command in the network namespace it is started in (by `unshare -n`): a loopback and one
# veth pair, with a default route so that Chromium gathers WebRTC candidates at all (without one it
# gathers none; docs/ONLINE.md, "How it is tested").
# Every packet stays in the namespace.
set -e
# No IPv6 here: its addresses come a second or so after the links are up (duplicate address
# detection), and Chromium drops the requests under way when the machine's addresses change
# (ERR_NETWORK_CHANGED), which could fail the start of the first page opened.
for setting in /proc/sys/net/ipv6/conf/all/disable_ipv6 /proc/sys/net/ipv6/conf/default/disable_ipv6; do
  if [ -w "$setting" ]; then echo 1 > "$setting"; fi
done
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add 10.77.0.1/24 dev v0
ip addr add 10.77.0.2/24 dev v1
ip link set v0 up
ip link set v1 up
ip route add default via 10.77.0.2 dev v0
# Any address still being checked settles before the command starts (at most 5 s).
tries=0
while [ -n "$(ip addr show tentative)" ] && [ "$tries" -lt 50 ]; do
  sleep 0.1
  tries=$((tries + 1))
done
exec "$@"
