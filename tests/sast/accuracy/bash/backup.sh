#!/bin/sh
# Nightly backup of the uploads directory to the backup host.
set -e

BACKUP_HOST=backup.internal
UPLOADS=/var/www/uploads
STAMP=$(date +%Y%m%d)

# expect: bash.predictable-temp-file
LIST="/tmp/backup-list-$RANDOM.txt"
find "$UPLOADS" -type f -mtime -1 > "$LIST"

# ok: bash.predictable-temp-file
ARCHIVE=$(mktemp /tmp/uploads.XXXXXX)
tar czf "$ARCHIVE" -T "$LIST"

# expect: bash.password-on-command-line
sshpass -p 'B4ckup!Night' scp "$ARCHIVE" "backup@${BACKUP_HOST}:/backups/uploads-${STAMP}.tgz"

# ok: bash.password-on-command-line
SSHPASS="$BACKUP_PASS" sshpass -e scp "$ARCHIVE" "backup@${BACKUP_HOST}:/backups/uploads-${STAMP}-copy.tgz"

# ok: bash.ssh-host-key-checking-disabled
ssh -o StrictHostKeyChecking=accept-new "backup@${BACKUP_HOST}" "ls -1 /backups | tail -n 7"

# ok: bash.curl-wget-insecure-tls
curl -fsS -X POST "https://monitor.internal/ping/backup" --data "status=ok"

# expect: bash.chmod-world-writable
chmod o+w "$UPLOADS/incoming"

# ok: bash.rm-rf-unquoted-positional
rm -f "$ARCHIVE" "$LIST"
