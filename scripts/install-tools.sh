#!/usr/bin/env bash
# Installs (Debian, as root) the real tools the tests and the optional features use: taskset
# for pinning, Chromium for the HTML report's browser test, wrk and h2load for the engines,
# redis-server for the saas store variant. Only what is missing is installed.
set -euo pipefail
need=()
command -v taskset >/dev/null 2>&1 || need+=(util-linux)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v h2load >/dev/null 2>&1 || need+=(nghttp2-client)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  echo "installed: ${need[*]}"
else
  echo "every tool is already installed"
fi
