#!/usr/bin/env bash
# Backup of a running Fenster CRM: the database (pg_dump, custom format, one consistent snapshot while the
# instances keep writing) and every folder the app writes: the uploaded files (FILES_DIR, or the blob container
# with FILE_STORE=azure), the Dateien (DOWNLOADS_DIR) and the ERP import folder (IMPORT_DIR). Restore with
# scripts/restore.sh. Everything it writes is readable by its owner only (0600, folders 0700).
#
# On a server (the instances' settings, so the folders are the app's; docs/operations.md, "Backups"):
#   set -a; . /etc/fenster-crm/fenster-crm.env; set +a
#   BACKUP_DIR=/srv/backups scripts/backup.sh
# With docker compose (deploy/compose.yaml: pg_dump of the postgres container, the folders of app1's):
#   BACKUP_VIA=compose BACKUP_DIR=/srv/backups scripts/backup.sh
#
# BACKUP_AGE_RECIPIENTS: a file of age public keys (age-keygen; Debian's package `age`): every part is
#   encrypted for them as it is written (nothing unencrypted on disk); the restore needs one of the private keys.
# BACKUP_KEEP (14): how many backups to keep in BACKUP_DIR; older ones are deleted.
# PG_BIN: folder of pg_dump when it is not on PATH; its major version must be the server's or newer.
# COMPOSE_FILE (deploy/compose.yaml), DOCKER (docker): with BACKUP_VIA=compose.
set -euo pipefail
umask 077

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
BACKUP_KEEP="${BACKUP_KEEP:-14}"
BACKUP_VIA="${BACKUP_VIA:-host}"
recipients="${BACKUP_AGE_RECIPIENTS:-}"

if [ -n "$recipients" ]; then
  command -v age >/dev/null || { echo "age fehlt (apt-get install age) für BACKUP_AGE_RECIPIENTS." >&2; exit 1; }
  [ -s "$recipients" ] || { echo "BACKUP_AGE_RECIPIENTS: $recipients ist leer oder fehlt." >&2; exit 1; }
fi

case "$BACKUP_VIA" in
  host)
    : "${DATABASE_URL:?DATABASE_URL fehlt (die Datenbank, die gesichert wird).}"
    dump_database() {
      "${PG_BIN:+$PG_BIN/}pg_dump" --format=custom --no-owner --no-privileges "$DATABASE_URL"
    }
    # Folders relative to the project, as the app resolves them.
    in_app() { (cd "$ROOT" && sh -c "$1"); }
    ;;
  compose)
    compose=("${DOCKER:-docker}" compose -f "${COMPOSE_FILE:-$ROOT/deploy/compose.yaml}")
    # PostgreSQL 17's own pg_dump, in its container (the host's may be older than the server).
    dump_database() {
      "${compose[@]}" exec -T postgres pg_dump -U fenster --format=custom --no-owner --no-privileges fenster_crm
    }
    in_app() { "${compose[@]}" exec -T app1 sh -c "$1"; }
    ;;
  *) echo "BACKUP_VIA: host oder compose (ist: $BACKUP_VIA)." >&2; exit 1 ;;
esac

# What the app writes, each as a tar on standard output, run with the app's settings (its environment, its
# folder), so the defaults are the app's (server/platform/config/env.ts). Half-written uploads (*.part) are
# left out; a file deleted while tar reads is no failure (tar's exit code 1).
FOLDER_TAR='folder_tar() {
  if [ ! -d "$1" ]; then tar -cf - --files-from /dev/null; return; fi
  tar -C "$1" --exclude="*.part" --warning=no-file-changed --warning=no-file-removed -cf - . || [ $? -eq 1 ]
}'
UPLOADS="$FOLDER_TAR"'
if [ "${FILE_STORE:-ordner}" = azure ]; then
  t="$(mktemp -d)" && node dist-server/server/platform/files/blobTransferCli.js export "$t" >&2 &&
    tar -C "$t" -cf - .; rc=$?; rm -rf "$t"; exit $rc
fi
folder_tar "${FILES_DIR:-${DATA_DIR:-data}/files}"'
DOWNLOADS="$FOLDER_TAR"'
if [ "${DOWNLOADS_SOURCE:-ordner}" = sharepoint ]; then tar -cf - --files-from /dev/null; exit; fi
folder_tar "${DOWNLOADS_DIR:-${DATA_DIR:-data}/downloads}"'
IMPORTS="$FOLDER_TAR"'
folder_tar "${IMPORT_DIR:-${DATA_DIR:-data}/import}"'

target="$BACKUP_DIR/fenster-crm-$(date -u +%Y%m%d-%H%M%S)"
partial="$target.partial"
mkdir -p "$partial"

# Writes what the command prints to $partial/<name>, encrypted (<name>.age) when recipients are given.
save() {
  local name="$1"
  shift
  if [ -n "$recipients" ]; then
    "$@" | age -R "$recipients" -o "$partial/$name.age"
  else
    "$@" > "$partial/$name"
  fi
}

# The database first: pg_dump reads one snapshot, so rows and the files they name belong together as far as
# files are never deleted before their row (uploads write the file first, then the row).
save database.dump dump_database
save files.tar in_app "$UPLOADS"
save downloads.tar in_app "$DOWNLOADS"
save import.tar in_app "$IMPORTS"
(cd "$partial" && sha256sum -- * > SHA256SUMS)
# Only a complete backup gets its final name.
mv "$partial" "$target"
echo "Sicherung erstellt: $target${recipients:+ (verschlüsselt mit age)}"

# Retention: the newest BACKUP_KEEP complete backups stay.
ls -1d "$BACKUP_DIR"/fenster-crm-* 2>/dev/null | grep -v '\.partial$' | sort -r | tail -n +"$((BACKUP_KEEP + 1))" |
  while read -r old; do rm -rf -- "$old"; echo "Alte Sicherung gelöscht: $old"; done
