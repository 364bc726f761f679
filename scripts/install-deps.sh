#!/usr/bin/env bash
# Installs the Debian packages reader builds against (needs root or sudo; Debian 12).
set -euo pipefail
packages=(pkg-config libuchardet-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libzip-dev zlib1g-dev libxml2-dev
          libpoppler-glib-dev libpoppler-private-dev libcairo2-dev libsqlite3-dev unzip
          libcurl4-openssl-dev)  # libcurl4-openssl-dev: FoundationNetworking (the library's WebDAV client) in static release builds
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]})); then
    sudo_cmd=()
    [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi
# The WebDAV server the library's backup push/pull tests start on loopback (PyPI).
python3 -c 'import wsgidav, cheroot' 2>/dev/null || python3 -m pip install --quiet wsgidav cheroot
