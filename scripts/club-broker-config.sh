#!/usr/bin/env bash
# The club's Mosquitto configuration (docs/club.md): every board of the round file gets its own
# user and password, and the ACL lets a board write only its own topics (PREFIX/board/NAME/...),
# read only what the hub sends it, and the hub read and write everything under PREFIX.
#
#   scripts/club-broker-config.sh ROUND-FILE PREFIX OUT-DIR [PORT [CERT-FILE KEY-FILE [TLS-PORT]]]
#
# With the broker's certificate and key (PEM) it also writes a TLS listener on TLS-PORT (8883), for
# boards and hub on mqtts://HOST:8883/PREFIX (with --ca-file for a club's own CA), and the plain
# PORT then listens on 127.0.0.1 only (a hub on the broker's own machine may use it): passwords do
# not cross the Wi-Fi in clear.
#
# Writes OUT-DIR/mosquitto.conf (include it from /etc/mosquitto/conf.d/ or run mosquitto -c it),
# OUT-DIR/passwords (hashed, mosquitto_passwd), OUT-DIR/acl, and OUT-DIR/credentials.txt: each
# board's name and password, and the hub's, to give to `tessera play --publish
# mqtt://NAME:PASSWORD@HOST/PREFIX --board NAME` (keep that file private).
set -euo pipefail
if [[ $# -lt 3 || $# -eq 5 || $# -gt 7 ]]; then
  echo "usage: $0 ROUND-FILE PREFIX OUT-DIR [PORT [CERT-FILE KEY-FILE [TLS-PORT]]]" >&2
  exit 2
fi
round=$1 prefix=${2%/} out=$3 port=${4:-1883} cert=${5:-} key=${6:-} tls_port=${7:-8883}
if [[ -n $cert ]]; then
  for f in "$cert" "$key"; do
    [[ -r $f ]] || { echo "$0: cannot read '$f' (the broker's certificate and its key, PEM files)" >&2; exit 1; }
  done
  grep -q "BEGIN CERTIFICATE" "$cert" || { echo "$0: '$cert' is not a PEM certificate" >&2; exit 1; }
  grep -q "PRIVATE KEY" "$key" || { echo "$0: '$key' is not a PEM private key" >&2; exit 1; }
  cert=$(cd "$(dirname "$cert")" && pwd)/$(basename "$cert")
  key=$(cd "$(dirname "$key")" && pwd)/$(basename "$key")
fi
command -v mosquitto_passwd >/dev/null || { echo "$0: mosquitto_passwd is missing (apt-get install mosquitto)" >&2; exit 1; }
[[ -r $round ]] || { echo "$0: cannot read the round file '$round'" >&2; exit 1; }
case $prefix in *[+#]*|"") echo "$0: the prefix '$prefix' may not be empty or hold + or #" >&2; exit 2;; esac
mkdir -p "$out/data"
out=$(cd "$out" && pwd)
umask 077
password() { head -c 18 /dev/urandom | base64 | tr -d '/+=' | head -c 20; }

: > "$out/passwords"
: > "$out/credentials.txt"
add_user() {
  local name=$1 secret
  secret=$(password)
  mosquitto_passwd -b "$out/passwords" "$name" "$secret"
  echo "$name $secret" >> "$out/credentials.txt"
}
add_user hub
boards=$(sed -n 's/^[[:space:]]*board[[:space:]]\+\([A-Za-z0-9_-]\+\)[[:space:]]*=.*/\1/p' "$round")
[[ -n $boards ]] || { echo "$0: no 'board NAME = ...' line in $round" >&2; exit 1; }
for b in $boards; do add_user "$b"; done

cat > "$out/acl" <<ACL
# The hub follows every board, pushes the pairings and asks for what it misses.
user hub
topic readwrite $prefix/#

# A board (its user name is its board name, %u) writes its own topics only, and reads what the
# hub sends it. Anything else it publishes is dropped by the broker ("Denied PUBLISH" in its log).
pattern write $prefix/board/%u/header
pattern write $prefix/board/%u/action
pattern write $prefix/board/%u/state
pattern write $prefix/board/%u/online
pattern read $prefix/board/%u/resend
pattern read $prefix/board/%u/pairing
ACL

cat > "$out/mosquitto.conf" <<CONF
# Tessera club night: boards and hub under '$prefix' (scripts/club-broker-config.sh, docs/club.md).
per_listener_settings false
allow_anonymous false
password_file $out/passwords
acl_file $out/acl
persistence true
persistence_location $out/data/
autosave_interval 10
max_queued_messages 10000
CONF
if [[ -n $cert ]]; then
  cat >> "$out/mosquitto.conf" <<CONF
# The plain port for a hub on this machine only; boards use TLS: mqtts://HOST:$tls_port/$prefix
listener $port 127.0.0.1
listener $tls_port
certfile $cert
keyfile $key
CONF
else
  cat >> "$out/mosquitto.conf" <<CONF
listener $port
# For TLS, make the configuration with CERT-FILE KEY-FILE (docs/club.md, "TLS"; new passwords too).
CONF
fi
echo "wrote $out/mosquitto.conf, passwords, acl and credentials.txt ($(echo $boards | wc -w) boards and the hub)"
