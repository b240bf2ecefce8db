#!/usr/bin/env bash
# Installs (Debian, as root) the real tools the tests and the optional features use: taskset
# for pinning, Chromium for the HTML report's browser test, wrk and h2load for the engines,
# redis-server for the saas store variant and Moleculer's Redis transporter, nats-server and
# mosquitto for the services suite's brokers. Only what is missing is installed.
set -euo pipefail
# Debian puts nats-server and mosquitto in /usr/sbin, which a non-root PATH may lack.
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/local/sbin/$1" ]; }
need=()
have taskset || need+=(util-linux)
have chromium || need+=(chromium)
have wrk || need+=(wrk)
have h2load || need+=(nghttp2-client)
have redis-server || need+=(redis-server)
have openssl || need+=(openssl)
have nats-server || need+=(nats-server)
have mosquitto || need+=(mosquitto)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  # gauntlet starts its own brokers on free ports: the system-wide daemons a package may have
  # started (mosquitto on 1883 under systemd) are not needed.
  for service in mosquitto nats-server redis-server; do
    case " ${need[*]} " in *" $service "*) systemctl disable --now "$service" >/dev/null 2>&1 || true ;; esac
  done
  echo "installed: ${need[*]}"
else
  echo "every tool is already installed"
fi
