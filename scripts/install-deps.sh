#!/usr/bin/env bash
# Installs the Debian packages reader builds against (needs root or sudo; Debian 12).
set -euo pipefail
packages=(pkg-config libuchardet-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libzip-dev zlib1g-dev libxml2-dev
          libpoppler-glib-dev libpoppler-private-dev libcairo2-dev libsqlite3-dev unzip
          libopencc-dev opencc  # text transforms: OpenCC's library, and its tool for the tests and benchmark
          libwebp-dev libavif-dev epubcheck  # the EPUB exporter: WebP and AVIF pictures to PNG; its tests run epubcheck
          libjpeg62-turbo-dev libpng-dev)  # the OPDS thumbnails: JPEG and PNG covers decoded, thumbnails written as JPEG
packages+=(libdeflate-dev)  # the zip writer deflates with libdeflate
packages+=(liblcms2-dev poppler-utils)  # the PDF cover: lcms2 transforms for ICC-tagged images; its tests compare with pdftoppm
packages+=(libcurl4-openssl-dev)  # FoundationNetworking (the library's WebDAV client) in static release builds
packages+=(python3)  # TestBooks/make-damaged.py, which the damaged-file tests run
packages+=(jing)  # the OPDS catalog's tests validate its OPDS 1.2 feeds against the RELAX NG schema
packages+=(tmux)  # the terminal the `reader read` tests drive (send-keys, capture-pane)
packages+=(chromium fonts-ebgaramond fonts-wqy-microhei)  # the web app's browser test: headless Chromium, a book face, CJK glyphs
packages+=(calibre)  # the OPDS client's test browses a real catalog server: calibre's content server on loopback
packages+=(postgresql)  # the PostgreSQL library store's tests run a server of their own (scripts/test-postgres.sh)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
if ((${#missing[@]})); then
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi
# The WebDAV server the library's backup push/pull tests start on loopback (PyPI).
if ! python3 -c 'import wsgidav, cheroot' 2>/dev/null; then
    python3 -m pip --version >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq python3-pip
    # Debian's own python3 refuses pip installs outside a virtual environment unless told.
    python3 -m pip install --quiet wsgidav cheroot 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages wsgidav cheroot
fi
# The OPDS catalog's tests validate its OPDS 2.0 feeds against the JSON schemas (PyPI).
if ! python3 -c 'import jsonschema, referencing' 2>/dev/null; then
    python3 -m pip --version >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq python3-pip
    python3 -m pip install --quiet jsonschema 2>/dev/null || python3 -m pip install --quiet --break-system-packages jsonschema
fi
# schemathesis (PyPI): the engine API's tests run its `st` against the live server and /openapi.json.
if ! command -v st >/dev/null 2>&1; then
    python3 -m pip --version >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq python3-pip
    python3 -m pip install --quiet schemathesis 2>/dev/null || python3 -m pip install --quiet --break-system-packages schemathesis
fi
