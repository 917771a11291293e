#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into an EMPTY database and an empty files folder (a new server,
# or the old one after moving its data aside). Stop the app instances first; start them afterwards.
#
#   DATABASE_URL=postgres://…/fenster_crm FILES_DIR=/srv/fenster/files scripts/restore.sh backups/fenster-crm-20260101-020000
#
# PG_BIN: folder of pg_restore when it is not on PATH.
set -euo pipefail

backup="${1:?Welche Sicherung? scripts/restore.sh <Ordner der Sicherung>}"
: "${DATABASE_URL:?DATABASE_URL fehlt (die leere Zieldatenbank).}"
: "${FILES_DIR:?FILES_DIR fehlt (der leere Zielordner der Dateien).}"
pg_restore="${PG_BIN:+$PG_BIN/}pg_restore"
psql="${PG_BIN:+$PG_BIN/}psql"

(cd "$backup" && sha256sum --check --quiet SHA256SUMS) || {
  echo "Die Sicherung $backup ist beschädigt (Prüfsummen stimmen nicht)." >&2
  exit 1
}
tables="$("$psql" "$DATABASE_URL" -Atc "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")"
if [ "$tables" != "0" ]; then
  echo "Die Zieldatenbank ist nicht leer ($tables Tabellen): die Wiederherstellung braucht eine leere Datenbank." >&2
  exit 1
fi
mkdir -p "$FILES_DIR"
if [ -n "$(ls -A "$FILES_DIR")" ]; then
  echo "Der Zielordner $FILES_DIR ist nicht leer." >&2
  exit 1
fi

"$pg_restore" --exit-on-error --no-owner --no-privileges --single-transaction --dbname="$DATABASE_URL" \
  "$backup/database.dump"
tar -C "$FILES_DIR" -xf "$backup/files.tar"
echo "Wiederhergestellt: Datenbank und Dateien aus $backup"
