#!/usr/bin/env bash
# Simulates two hosts on one machine (Debian, as root): a load host and a server host, each a
# network namespace, joined by a veth pair (load 10.213.0.1/24, server 10.213.0.2/24), with a
# throwaway sshd in the server namespace pinned to the machine's last core. It is for gauntlet's
# two-host tests and for trying `--server-host` without a second machine:
#
#   bash scripts/two-hosts.sh up DIR     # prints KEY=value lines (SSH_CONFIG, SERVER, ...)
#   ip netns exec gauntlet-load taskset -c 0 ssh -F DIR/ssh_config server true
#   bash scripts/two-hosts.sh down DIR   # stops everything in both namespaces, removes them and DIR
#
# Every key and config it makes lives in DIR. The namespace names come from TWO_HOSTS_PREFIX
# (default gauntlet: gauntlet-load, gauntlet-server), sshd's port from TWO_HOSTS_SSH_PORT
# (default 2222). `up` first tears down what a crashed earlier run with the same prefix left.
set -euo pipefail

prefix="${TWO_HOSTS_PREFIX:-gauntlet}"
port="${TWO_HOSTS_SSH_PORT:-2222}"
load_ns="$prefix-load"
server_ns="$prefix-server"
# Interface names are at most 15 characters.
veth_load="$prefix-l"
veth_server="$prefix-s"
load_address=10.213.0.1
server_address=10.213.0.2

usage() {
  echo "usage: $0 up DIR | down DIR" >&2
  exit 2
}

fail() {
  echo "two-hosts: $*" >&2
  exit 1
}

netns_exists() { ip netns list | awk '{print $1}' | grep -qxF "$1"; }

# Kills every process in namespace $1 (all were started inside it, by us), until none is left
# (bounded: about 2 s).
kill_in_ns() {
  local ns="$1" pids tries=0
  netns_exists "$ns" || return 0
  while pids="$(ip netns pids "$ns" 2>/dev/null)" && [ -n "$pids" ]; do
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
    tries=$((tries + 1))
    [ "$tries" -ge 20 ] && {
      echo "two-hosts: processes still in $ns: $pids" >&2
      return 0
    }
    sleep 0.1
  done
}

down() {
  down_keep_dir "$1"
  if [ -n "$1" ]; then rm -rf "$1"; fi
}

down_keep_dir() {
  local dir="$1" pid
  # The sshd daemon, if it is still the one we started (its pid may have been reused since).
  if [ -n "$dir" ] && [ -f "$dir/sshd.pid" ]; then
    pid="$(cat "$dir/sshd.pid" 2>/dev/null || true)"
    if [[ "$pid" =~ ^[0-9]+$ ]] && [ "$(cat "/proc/$pid/comm" 2>/dev/null || true)" = sshd ]; then
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  kill_in_ns "$server_ns"
  kill_in_ns "$load_ns"
  ip netns del "$server_ns" 2>/dev/null || true
  ip netns del "$load_ns" 2>/dev/null || true
  # A crash between creating the veth pair and moving its ends leaves them in the root namespace.
  ip link del "$veth_load" 2>/dev/null || true
  ip link del "$veth_server" 2>/dev/null || true
}

# The cores this script may use (Cpus_allowed_list, e.g. "0-3" or "0,2-3"), one a line.
allowed_cores() {
  local list part
  list="$(awk '/^Cpus_allowed_list:/ {print $2}' /proc/self/status)"
  IFS=, read -ra parts <<<"$list"
  for part in "${parts[@]}"; do
    if [[ "$part" == *-* ]]; then seq "${part%-*}" "${part#*-}"; else echo "$part"; fi
  done
}

up() {
  local dir="$1"
  [ "${#veth_load}" -le 15 ] || fail "TWO_HOSTS_PREFIX '$prefix' is too long: interface '$veth_load' would exceed 15 characters"
  [[ "$port" =~ ^[0-9]+$ ]] || fail "TWO_HOSTS_SSH_PORT '$port' is not a port"
  [ "$(id -u)" = 0 ] || fail "must run as root (namespaces, sshd)"

  if [ ! -x /usr/sbin/sshd ]; then
    echo "two-hosts: installing openssh-server" >&2
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server >/dev/null 2>&1; then
      apt-get update -qq >/dev/null
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server >/dev/null
    fi
    # Only our own sshd is wanted. One the package started outside systemd is left alone.
    systemctl disable --now ssh >/dev/null 2>&1 || true
    [ -x /usr/sbin/sshd ] || fail "openssh-server installed, but /usr/sbin/sshd is missing"
  fi

  # What a crashed earlier run with the same prefix left behind.
  if netns_exists "$load_ns" || netns_exists "$server_ns" || ip link show "$veth_load" >/dev/null 2>&1; then
    echo "two-hosts: removing namespaces left by an earlier run ($load_ns, $server_ns)" >&2
    down ""
  fi

  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  # A failed `up` leaves no namespace or sshd behind (DIR stays, with sshd.log, for the caller).
  up_dir="$dir"
  trap 'if [ $? -ne 0 ]; then down_keep_dir "$up_dir"; fi' EXIT

  # Cores: the last allowed one for the server host, the others for the load host.
  local cores last load_cores
  mapfile -t cores < <(allowed_cores)
  last="${cores[${#cores[@]} - 1]}"
  if [ "${#cores[@]}" -gt 1 ]; then
    load_cores="$(
      IFS=,
      echo "${cores[*]:0:${#cores[@]}-1}"
    )"
  else
    load_cores=0
  fi

  # The network: two namespaces, a veth pair between them.
  ip netns add "$load_ns"
  ip netns add "$server_ns"
  ip link add "$veth_load" type veth peer name "$veth_server"
  ip link set "$veth_load" netns "$load_ns"
  ip link set "$veth_server" netns "$server_ns"
  ip -n "$load_ns" addr add "$load_address/24" dev "$veth_load"
  ip -n "$server_ns" addr add "$server_address/24" dev "$veth_server"
  ip -n "$load_ns" link set lo up
  ip -n "$server_ns" link set lo up
  ip -n "$load_ns" link set "$veth_load" up
  ip -n "$server_ns" link set "$veth_server" up

  # Throwaway keys and configs.
  rm -f "$dir/host_key" "$dir/host_key.pub" "$dir/client_key" "$dir/client_key.pub"
  ssh-keygen -q -N '' -t ed25519 -C gauntlet-two-hosts-host -f "$dir/host_key"
  ssh-keygen -q -N '' -t ed25519 -C gauntlet-two-hosts-client -f "$dir/client_key"
  cp "$dir/client_key.pub" "$dir/authorized_keys"
  local known_name="[$server_address]:$port"
  [ "$port" = 22 ] && known_name="$server_address"
  echo "$known_name $(cut -d' ' -f1-2 "$dir/host_key.pub")" >"$dir/known_hosts"

  # No AcceptEnv line: the client's environment is not passed on.
  cat >"$dir/sshd_config" <<EOF
ListenAddress $server_address
Port $port
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
StrictModes no
UsePAM no
PidFile $dir/sshd.pid
LogLevel ERROR
EOF

  cat >"$dir/ssh_config" <<EOF
Host server
  HostName $server_address
  Port $port
  User root
  IdentityFile $dir/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $dir/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
  ConnectTimeout 5
  ServerAliveInterval 2
  ServerAliveCountMax 3
  LogLevel ERROR
EOF

  # sshd's privilege-separation directory.
  mkdir -p /run/sshd
  /usr/sbin/sshd -t -f "$dir/sshd_config" || fail "sshd rejects $dir/sshd_config"
  # It daemonizes; the daemon stays in the namespace, on the last core, and writes its PidFile.
  ip netns exec "$server_ns" taskset -c "$last" /usr/sbin/sshd -f "$dir/sshd_config" -E "$dir/sshd.log" ||
    fail "sshd did not start: $(cat "$dir/sshd.log" 2>/dev/null || true)"

  local deadline=$((SECONDS + 10)) why=""
  until why="$(ip netns exec "$load_ns" ssh -F "$dir/ssh_config" -o ConnectTimeout=2 server true 2>&1)"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "two-hosts: ssh to the server host did not succeed within 10 s: $why" >&2
      [ -s "$dir/sshd.log" ] && echo "two-hosts: sshd log: $(cat "$dir/sshd.log")" >&2
      exit 1
    fi
    sleep 0.2
  done

  trap - EXIT
  echo "SSH_CONFIG=$dir/ssh_config"
  echo "SERVER=server"
  echo "SERVER_ADDRESS=$server_address"
  echo "LOAD_NS=$load_ns"
  echo "SERVER_NS=$server_ns"
  echo "LOAD_CORES=$load_cores"
  echo "SERVER_CORES=$last"
}

[ $# -eq 2 ] || usage
[ -n "$2" ] || usage
case "$1" in
  up) up "$2" ;;
  down) down "$2" ;;
  *) usage ;;
esac
