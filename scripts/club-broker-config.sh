#!/usr/bin/env bash
# The club's Mosquitto configuration (docs/club.md): every board of the round file gets its own
# user and password, and the ACL lets a board write only its own topics (PREFIX/board/NAME/...),
# read only what the hub sends it, and the hub read and write everything under PREFIX.
#
#   scripts/club-broker-config.sh ROUND-FILE PREFIX OUT-DIR [PORT]
#
# Writes OUT-DIR/mosquitto.conf (include it from /etc/mosquitto/conf.d/ or run mosquitto -c it),
# OUT-DIR/passwords (hashed, mosquitto_passwd), OUT-DIR/acl, and OUT-DIR/credentials.txt: each
# board's name and password, and the hub's, to give to `tessera play --publish
# mqtt://NAME:PASSWORD@HOST/PREFIX --board NAME` (keep that file private).
set -euo pipefail
if [[ $# -lt 3 ]]; then
  echo "usage: $0 ROUND-FILE PREFIX OUT-DIR [PORT]" >&2
  exit 2
fi
round=$1 prefix=${2%/} out=$3 port=${4:-1883}
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
listener $port
# With the club's certificate (TLS), boards use mqtts://HOST:8883/$prefix:
#listener 8883
#certfile /etc/mosquitto/certs/hub.crt
#keyfile /etc/mosquitto/certs/hub.key
CONF
echo "wrote $out/mosquitto.conf, passwords, acl and credentials.txt ($(echo $boards | wc -w) boards and the hub)"
