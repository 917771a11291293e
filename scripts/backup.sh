#!/usr/bin/env bash
# Backup of a running Fenster CRM: the database (pg_dump, custom format, consistent snapshot while the
# instances keep writing) and the uploaded files (FILES_DIR). Restore with scripts/restore.sh.
#
#   DATABASE_URL=postgres://… FILES_DIR=/srv/fenster/files BACKUP_DIR=/srv/backups scripts/backup.sh
#
# BACKUP_KEEP (default 14): how many backups to keep in BACKUP_DIR; older ones are deleted.
# PG_BIN: folder of pg_dump when it is not on PATH; its major version must be the server's or newer.
# Azure Blob instead of FILES_DIR: copy the container alongside (docs/operations.md, "Backups").
set -euo pipefail

: "${DATABASE_URL:?DATABASE_URL fehlt (die Datenbank, die gesichert wird).}"
: "${FILES_DIR:?FILES_DIR fehlt (der Ordner der hochgeladenen Dateien).}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
BACKUP_KEEP="${BACKUP_KEEP:-14}"
pg_dump="${PG_BIN:+$PG_BIN/}pg_dump"

target="$BACKUP_DIR/fenster-crm-$(date -u +%Y%m%d-%H%M%S)"
partial="$target.partial"
mkdir -p "$partial"

# The database first: pg_dump reads one snapshot, so rows and the files they name belong together as far as
# files are never deleted before their row (uploads write the file first, then the row).
"$pg_dump" --format=custom --no-owner --no-privileges --file="$partial/database.dump" "$DATABASE_URL"
if [ -d "$FILES_DIR" ]; then
  tar -C "$FILES_DIR" -cf "$partial/files.tar" .
else
  tar -cf "$partial/files.tar" --files-from /dev/null
fi
(cd "$partial" && sha256sum database.dump files.tar > SHA256SUMS)
# Only a complete backup gets its final name.
mv "$partial" "$target"
echo "Sicherung erstellt: $target"

# Retention: the newest BACKUP_KEEP complete backups stay.
ls -1d "$BACKUP_DIR"/fenster-crm-* 2>/dev/null | grep -v '\.partial$' | sort -r | tail -n +"$((BACKUP_KEEP + 1))" |
  while read -r old; do rm -rf -- "$old"; echo "Alte Sicherung gelöscht: $old"; done
