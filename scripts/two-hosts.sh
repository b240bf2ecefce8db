#!/usr/bin/env bash
# Simulates two hosts on one machine (Debian, as root): a load host and a server host, each a
# network namespace, joined by a veth pair (load 10.213.0.1/24, server 10.213.0.2/24), with a
# throwaway sshd in the server namespace pinned to the machine's last core. It is for gauntlet's
# two-host tests and for trying `--server-host` without a second machine:
#
#   bash scripts/two-hosts.sh up DIR     # prints KEY=value lines (SSH_CONFIG, SERVER, ...)
#   ip netns exec gauntlet-load taskset -c 0 ssh -F DIR/ssh_config server true
#   bash scripts/two-hosts.sh down DIR   # stops everything in the namespaces, removes them and DIR
#
# Every key and config it makes lives in DIR. The namespace names come from TWO_HOSTS_PREFIX
# (default gauntlet: gauntlet-load, gauntlet-server), sshd's port from TWO_HOSTS_SSH_PORT
# (default 2222). `up` first tears down what a crashed earlier run with the same prefix left.
#
# TWO_HOSTS_LOAD_HOSTS=2 adds a second load host, for `--load-hosts`: a third namespace
# <prefix>-load2 (10.213.0.3). So that all three reach each other, the server namespace then holds
# a bridge carrying 10.213.0.2/24, with a veth pair from each load namespace enslaved to it. Each
# load namespace also gets an sshd on its own address, pinned to the load cores, reachable as
# `load1` (10.213.0.1) and `load2` in the ssh_config; `up` then also prints LOAD_HOSTS=load1,load2
# and LOAD2_NS. gauntlet itself still runs in <prefix>-load. `down` removes either setup.
set -euo pipefail

prefix="${TWO_HOSTS_PREFIX:-gauntlet}"
port="${TWO_HOSTS_SSH_PORT:-2222}"
load_hosts="${TWO_HOSTS_LOAD_HOSTS:-1}"
load_ns="$prefix-load"
load2_ns="$prefix-load2"
server_ns="$prefix-server"
# Interface names are at most 15 characters.
veth_load="$prefix-l"
veth_server="$prefix-s"
veth_load2="$prefix-m"
veth_load2_server="$prefix-t"
bridge="$prefix-b"
load_address=10.213.0.1
server_address=10.213.0.2
load2_address=10.213.0.3
# The sshd daemons `up` may start, by name: their configs, pid files and logs are DIR/<name>*.
# `down` does not know which mode `up` ran in, so it tries them all.
sshd_names=(sshd load1.sshd load2.sshd)

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
  local dir="$1" pid name ns link
  # The sshd daemons, if still the ones we started (a pid may have been reused since).
  for name in "${sshd_names[@]}"; do
    if [ -n "$dir" ] && [ -f "$dir/$name.pid" ]; then
      pid="$(cat "$dir/$name.pid" 2>/dev/null || true)"
      if [[ "$pid" =~ ^[0-9]+$ ]] && [ "$(cat "/proc/$pid/comm" 2>/dev/null || true)" = sshd ]; then
        kill -KILL "$pid" 2>/dev/null || true
      fi
    fi
  done
  for ns in "$server_ns" "$load_ns" "$load2_ns"; do kill_in_ns "$ns"; done
  for ns in "$server_ns" "$load_ns" "$load2_ns"; do ip netns del "$ns" 2>/dev/null || true; done
  # A crash between creating a veth pair and moving its ends leaves them in the root namespace.
  # The bridge is made inside the server namespace; deleting it here is only a safeguard.
  for link in "$veth_load" "$veth_server" "$veth_load2" "$veth_load2_server" "$bridge"; do
    ip link del "$link" 2>/dev/null || true
  done
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

# A load namespace $1 with loopback up, joined to the server namespace by a veth pair ($2 on its
# side, $3 on the server's), its end at address $4.
load_namespace() {
  local ns="$1" veth="$2" peer="$3" address="$4"
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  ip link add "$veth" type veth peer name "$peer"
  ip link set "$veth" netns "$ns"
  ip link set "$peer" netns "$server_ns"
  ip -n "$ns" addr add "$address/24" dev "$veth"
  ip -n "$ns" link set "$veth" up
}

up() {
  local dir="$1"
  [ "${#veth_load}" -le 15 ] || fail "TWO_HOSTS_PREFIX '$prefix' is too long: interface '$veth_load' would exceed 15 characters"
  [[ "$port" =~ ^[0-9]+$ ]] || fail "TWO_HOSTS_SSH_PORT '$port' is not a port"
  [[ "$load_hosts" =~ ^[12]$ ]] || fail "TWO_HOSTS_LOAD_HOSTS '$load_hosts' is neither 1 nor 2"
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
  if netns_exists "$load_ns" || netns_exists "$server_ns" || netns_exists "$load2_ns" ||
    ip link show "$veth_load" >/dev/null 2>&1 || ip link show "$veth_load2" >/dev/null 2>&1; then
    echo "two-hosts: removing namespaces left by an earlier run ($load_ns, $server_ns, $load2_ns)" >&2
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

  # The network: a veth pair from the load namespace to the server one.
  ip netns add "$server_ns"
  ip -n "$server_ns" link set lo up
  load_namespace "$load_ns" "$veth_load" "$veth_server" "$load_address"
  if [ "$load_hosts" = 1 ]; then
    ip -n "$server_ns" addr add "$server_address/24" dev "$veth_server"
  else
    # A veth pair from each load namespace, their server ends on one bridge, so that the load
    # hosts reach each other too. No STP: ports forward at once.
    load_namespace "$load2_ns" "$veth_load2" "$veth_load2_server" "$load2_address"
    ip -n "$server_ns" link add "$bridge" type bridge stp_state 0 forward_delay 0
    ip -n "$server_ns" link set "$veth_server" master "$bridge"
    ip -n "$server_ns" link set "$veth_load2_server" master "$bridge"
    ip -n "$server_ns" addr add "$server_address/24" dev "$bridge"
    ip -n "$server_ns" link set "$veth_load2_server" up
    ip -n "$server_ns" link set "$bridge" up
  fi
  ip -n "$server_ns" link set "$veth_server" up

  # Throwaway keys and configs.
  rm -f "$dir/host_key" "$dir/host_key.pub" "$dir/client_key" "$dir/client_key.pub"
  ssh-keygen -q -N '' -t ed25519 -C gauntlet-two-hosts-host -f "$dir/host_key"
  ssh-keygen -q -N '' -t ed25519 -C gauntlet-two-hosts-client -f "$dir/client_key"
  cp "$dir/client_key.pub" "$dir/authorized_keys"
  local host_key
  host_key="$(cut -d' ' -f1-2 "$dir/host_key.pub")"
  # Every sshd here uses the one host key.
  known_host "$server_address" "$host_key" >"$dir/known_hosts"
  sshd_config_text "$dir" sshd "$server_address" >"$dir/sshd_config"
  ssh_host_block server "$server_address" "$dir" >"$dir/ssh_config"
  if [ "$load_hosts" = 2 ]; then
    known_host "$load_address" "$host_key" >>"$dir/known_hosts"
    known_host "$load2_address" "$host_key" >>"$dir/known_hosts"
    sshd_config_text "$dir" load1.sshd "$load_address" >"$dir/load1.sshd_config"
    sshd_config_text "$dir" load2.sshd "$load2_address" >"$dir/load2.sshd_config"
    ssh_host_block load1 "$load_address" "$dir" >>"$dir/ssh_config"
    ssh_host_block load2 "$load2_address" "$dir" >>"$dir/ssh_config"
  fi

  # sshd's privilege-separation directory.
  mkdir -p /run/sshd
  # Each daemonizes; the daemon stays in its namespace, on its cores, and writes its PidFile.
  start_sshd "$dir" sshd "$server_ns" "$last"
  if [ "$load_hosts" = 2 ]; then
    start_sshd "$dir" load1.sshd "$load_ns" "$load_cores"
    start_sshd "$dir" load2.sshd "$load2_ns" "$load_cores"
  fi

  wait_for_ssh "$dir" server sshd
  if [ "$load_hosts" = 2 ]; then
    wait_for_ssh "$dir" load1 load1.sshd
    wait_for_ssh "$dir" load2 load2.sshd
  fi

  trap - EXIT
  echo "SSH_CONFIG=$dir/ssh_config"
  echo "SERVER=server"
  echo "SERVER_ADDRESS=$server_address"
  echo "LOAD_NS=$load_ns"
  echo "SERVER_NS=$server_ns"
  echo "LOAD_CORES=$load_cores"
  echo "SERVER_CORES=$last"
  if [ "$load_hosts" = 2 ]; then
    echo "LOAD_HOSTS=load1,load2"
    echo "LOAD2_NS=$load2_ns"
  fi
}

# A known_hosts line for the sshd at address $1, host key $2 ("type base64").
known_host() {
  local name="[$1]:$port"
  [ "$port" = 22 ] && name="$1"
  echo "$name $2"
}

# The config of the sshd named $2 (its pid file DIR/$2.pid), listening on address $3.
sshd_config_text() {
  local dir="$1" name="$2" address="$3"
  # No AcceptEnv line: the client's environment is not passed on.
  cat <<EOF
ListenAddress $address
Port $port
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
StrictModes no
UsePAM no
PidFile $dir/$name.pid
LogLevel ERROR
EOF
}

# The ssh_config block for host alias $1 at address $2.
ssh_host_block() {
  local alias="$1" address="$2" dir="$3"
  cat <<EOF
Host $alias
  HostName $address
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
}

# Starts the sshd named $2 (config DIR/$2_config, log DIR/$2.log) in namespace $3 on cores $4.
start_sshd() {
  local dir="$1" name="$2" ns="$3" cores="$4"
  /usr/sbin/sshd -t -f "$dir/${name}_config" || fail "sshd rejects $dir/${name}_config"
  ip netns exec "$ns" taskset -c "$cores" /usr/sbin/sshd -f "$dir/${name}_config" -E "$dir/$name.log" ||
    fail "sshd did not start in $ns: $(cat "$dir/$name.log" 2>/dev/null || true)"
}

# Waits until ssh from the load namespace to host alias $2 succeeds (its sshd named $3).
wait_for_ssh() {
  local dir="$1" alias="$2" name="$3" deadline=$((SECONDS + 10)) why=""
  until why="$(ip netns exec "$load_ns" ssh -F "$dir/ssh_config" -o ConnectTimeout=2 "$alias" true 2>&1)"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "two-hosts: ssh to $alias did not succeed within 10 s: $why" >&2
      [ -s "$dir/$name.log" ] && echo "two-hosts: sshd log: $(cat "$dir/$name.log")" >&2
      exit 1
    fi
    sleep 0.2
  done
}

[ $# -eq 2 ] || usage
[ -n "$2" ] || usage
case "$1" in
  up) up "$2" ;;
  down) down "$2" ;;
  *) usage ;;
esac
