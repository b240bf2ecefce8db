#!/usr/bin/env bash
# Installs (Debian, as root) the real tools the tests and the optional features use: taskset
# for pinning, Chromium for the HTML report's browser test, wrk and h2load for the engines,
# redis-server for the saas store variant and Moleculer's Redis transporter, nats-server and
# mosquitto for the services suite's brokers, valgrind for `--cost instructions`, ssh for
# `--server-host`, and k6 for the ramp and rate load profiles. Only what is missing is installed.
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
have valgrind || need+=(valgrind)
have ssh || need+=(openssh-client)
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

# k6 is not packaged for Debian or npm: built from the Go module proxy (several minutes on 2
# cores) and kept in gauntlet's cache, where gauntlet looks for it; skipped when a k6 is found.
K6_VERSION=v1.8.1
k6_cache="${GAUNTLET_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gauntlet/bin}"
gopath_k6=""
if command -v go >/dev/null 2>&1; then gopath_k6="$(go env GOPATH)/bin/k6"; fi
if [ -n "${GAUNTLET_K6:-}" ] && [ -x "${GAUNTLET_K6}" ]; then
  echo "k6: ${GAUNTLET_K6} (GAUNTLET_K6)"
elif command -v k6 >/dev/null 2>&1; then
  echo "k6: $(command -v k6)"
elif [ -x "$k6_cache/k6" ]; then
  echo "k6: $k6_cache/k6 (cached)"
else
  if [ -z "$gopath_k6" ] || [ ! -x "$gopath_k6" ]; then
    if ! command -v go >/dev/null 2>&1; then
      # Debian 12's golang-go is 1.19, too old for k6 1.8 (Go >= 1.25; a Go >= 1.21 fetches the newer toolchain itself).
      echo "k6: not installed: no Go toolchain (install Go >= 1.21 from https://go.dev/dl/, then rerun); the k6 tests skip without it" >&2
      [ -n "${CI:-}" ] && exit 1
      exit 0
    fi
    echo "building k6 ${K6_VERSION} with go install (several minutes)"
    go install "go.k6.io/k6@${K6_VERSION}"
    gopath_k6="$(go env GOPATH)/bin/k6"
  fi
  mkdir -p "$k6_cache"
  cp "$gopath_k6" "$k6_cache/k6"
  echo "k6: $k6_cache/k6 ($("$k6_cache/k6" version | head -n 1))"
fi
