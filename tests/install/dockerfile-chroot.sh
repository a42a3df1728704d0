#!/usr/bin/env bash
# dockerfile-chroot.sh [-n] DOCKERFILE STAGE ROOT [NAME=DIR ...] [-- ARG ...]
# Replays one stage of DOCKERFILE in the directory ROOT with chroot, for a
# machine with no Docker engine: ROOT stands in for the stage's FROM image (a
# debootstrap --variant=minbase of the same release comes close to
# debian:bookworm). STAGE is the stage's index from 0 or its "AS" name. Each
# NAME=DIR says where `COPY --from=NAME` reads: the root of an earlier stage
# replayed the same way, or a named build context (--build-context NAME=DIR).
# Plain COPY reads the DOCKERFILE's directory, the build context. After the
# stage, with "-- ARG ...", it runs the ENTRYPOINT with those arguments as the
# stage's USER in its WORKDIR, like `docker run IMAGE ARG ...`. With -n it
# replays nothing (no RUN, COPY, WORKDIR or VOLUME), it only reads the stage's
# ENV, USER, WORKDIR and ENTRYPOINT to run again in a ROOT replayed before.
#
# What it does: RUN (shell form, through /bin/sh -c, in WORKDIR, as USER, with
# the ENV set so far), COPY (files, directories' contents, globs; owned by
# root), WORKDIR, ENV (KEY=VALUE ...), USER, VOLUME (creates the directory).
# It mounts /proc, /dev and /sys in ROOT while it runs and unmounts what it
# mounted. It stops at the first failing command, with its status.
#
# Limits, honestly: no image is pulled, so the base is whatever ROOT holds;
# no layers or cache (rerunning a stage runs on top of the last run); no
# isolation beyond chroot (host kernel, host network, real root); RUN in exec
# (JSON) form, heredocs, ARG, ONBUILD, ADD, COPY --chown/--chmod/--link and
# `ENV KEY VALUE` with spaces are not supported and stop the replay; the parser
# directive, FROM, LABEL, EXPOSE, HEALTHCHECK, CMD and STOPSIGNAL are only
# printed; .dockerignore is honoured for plain patterns (no "!" exceptions,
# "**" treated as "*") by tar's --exclude.
set -euo pipefail

usage() { echo "usage: $0 [-n] DOCKERFILE STAGE ROOT [NAME=DIR ...] [-- ARG ...]" >&2; exit 2; }
replay=1
[ "${1:-}" = -n ] && { replay=0; shift; }
[ $# -ge 3 ] || usage
dockerfile=$(realpath "$1")
stage=$2
root=$(realpath "$3")
shift 3
context=$(dirname "$dockerfile")
declare -A from_dir=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	[[ $1 == *=* ]] || usage
	from_dir[${1%%=*}]=$(realpath "${1#*=}")
	shift
done
run_args=()
if [ "${1:-}" = -- ]; then
	shift
	run_args=("$@")
	want_run=1
else
	want_run=0
fi
[ -x "$root/bin/sh" ] || { echo "dockerfile-chroot: $root has no /bin/sh" >&2; exit 2; }

mounted=()
cleanup() {
	local i
	for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[i]}" || true; done
}
trap cleanup EXIT
for m in proc dev sys; do
	mountpoint -q "$root/$m" && continue
	mkdir -p "$root/$m"
	case $m in
	proc) mount -t proc proc "$root/proc" ;;
	dev) mount --bind /dev "$root/dev" ;;
	sys) mount -t sysfs sys "$root/sys" ;;
	esac
	mounted+=("$root/$m")
done

# Logical lines: comments dropped (also inside continuations, as Docker does),
# backslash continuations joined.
lines=()
cur=""
while IFS= read -r line || [ -n "$line" ]; do
	[[ $line =~ ^[[:space:]]*# ]] && continue
	if [[ $line =~ ^(.*)\\[[:space:]]*$ ]]; then
		cur+="${BASH_REMATCH[1]} "
		continue
	fi
	cur+=$line
	[[ $cur =~ ^[[:space:]]*$ ]] || lines+=("$cur")
	cur=""
done < "$dockerfile"
[ -z "$cur" ] || lines+=("$cur")

# The stage's instructions.
index=-1
selected=()
for l in "${lines[@]}"; do
	read -r instr rest <<< "$l"
	if [ "${instr^^}" = FROM ]; then
		index=$((index + 1))
		name=""
		[[ $rest =~ [[:space:]][Aa][Ss][[:space:]]+([^[:space:]]+) ]] && name=${BASH_REMATCH[1]}
		if [ "$stage" = "$index" ] || [ "$stage" = "$name" ]; then
			selected=("$l")
			in_stage=1
		else
			in_stage=0
		fi
		continue
	fi
	[ "${in_stage:-0}" = 1 ] && selected+=("$l")
done
[ ${#selected[@]} -gt 0 ] || { echo "dockerfile-chroot: no stage $stage in $dockerfile" >&2; exit 2; }

excludes=()
if [ -f "$context/.dockerignore" ]; then
	while IFS= read -r p || [ -n "$p" ]; do
		p=${p%%#*}
		p=${p//[[:space:]]/}
		[ -n "$p" ] || continue
		[[ $p == !* ]] && { echo "dockerfile-chroot: .dockerignore exceptions (!) are not supported" >&2; exit 2; }
		p=${p%/}
		p=${p#/}
		p=${p#./}
		excludes+=("--exclude=./${p//\*\*/*}")
	done < "$context/.dockerignore"
fi

workdir=/
user=root
envs=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root)
entrypoint=()

userspec() {
	local pw
	[ "$user" = root ] && { echo 0:0; return; }
	pw=$(chroot "$root" getent passwd "${user%%:*}") || { echo "dockerfile-chroot: no user $user in $root" >&2; return 1; }
	IFS=: read -r _ _ uid gid _ <<< "$pw"
	echo "$uid:$gid"
}
home_of() {
	[ "$user" = root ] && { echo /root; return; }
	chroot "$root" getent passwd "${user%%:*}" | cut -d: -f6
}
in_root() { # in_root COMMAND...: as USER (and only its group), in WORKDIR, with ENV
	local spec
	spec=$(userspec) || return 1
	# shellcheck disable=SC2016 # expanded by the chroot's shell
	chroot --userspec="$spec" --groups="${spec#*:}" "$root" /usr/bin/env -i "${envs[@]}" HOME="$(home_of)" \
		/bin/sh -c 'cd "$0" && exec "$@"' "$workdir" "$@"
}
abs() { [[ $1 == /* ]] && echo "$1" || echo "${workdir%/}/$1"; }
exec_form() { # ["a", "b"] -> a NUL b NUL
	local s=${1#*[}
	s=${s%]*}
	s=${s//\", \"/$'\x1f'}
	s=${s//\",\"/$'\x1f'}
	s=${s#*\"}
	s=${s%\"*}
	tr '\037' '\0' <<< "$s" | head -c -1
}

for l in "${selected[@]}"; do
	read -r instr rest <<< "$l"
	instr=${instr^^}
	if [ "$replay" = 0 ]; then
		case $instr in
		WORKDIR | ENV | USER | ENTRYPOINT) ;;
		*) continue ;;
		esac
	fi
	echo "==> $instr $rest" >&2
	case $instr in
	FROM) echo "    (base image: the contents of $root)" >&2 ;;
	RUN)
		[[ $rest == \[* ]] && { echo "dockerfile-chroot: RUN in exec form is not supported" >&2; exit 2; }
		[[ $rest == *"<<"[A-Za-z\'\"-]* ]] && { echo "dockerfile-chroot: heredocs are not supported" >&2; exit 2; }
		status=0
		in_root /bin/sh -c "$rest" || status=$?
		[ "$status" = 0 ] || { echo "dockerfile-chroot: RUN failed with status $status" >&2; exit "$status"; }
		;;
	WORKDIR)
		workdir=$(abs "$rest")
		[ "$replay" = 0 ] || mkdir -p "$root$workdir"
		;;
	ENV)
		for kv in $rest; do
			[[ $kv == *=* ]] || { echo "dockerfile-chroot: only ENV KEY=VALUE is supported" >&2; exit 2; }
			envs+=("$kv")
		done
		;;
	USER) user=$rest ;;
	VOLUME)
		for v in $(tr -d '[]",' <<< "$rest"); do mkdir -p "$root$v"; done
		;;
	COPY)
		read -r -a words <<< "$rest"
		src_root=$context
		ignore=("${excludes[@]}")
		while [[ ${words[0]} == --* ]]; do
			case ${words[0]} in
			--from=*)
				key=${words[0]#--from=}
				[ -n "${from_dir[$key]:-}" ] || { echo "dockerfile-chroot: COPY --from=$key: pass $key=DIR" >&2; exit 2; }
				src_root=${from_dir[$key]}
				ignore=()
				;;
			*) echo "dockerfile-chroot: COPY ${words[0]} is not supported" >&2; exit 2 ;;
			esac
			words=("${words[@]:1}")
		done
		n=${#words[@]}
		[ "$n" -ge 2 ] || { echo "dockerfile-chroot: COPY needs a source and a destination" >&2; exit 2; }
		dest=$(abs "${words[n - 1]}")
		sources=()
		for s in "${words[@]:0:n-1}"; do
			s=${s#/}
			mapfile -t found < <(cd "$src_root" && { compgen -G "${s:-.}" || true; })
			[ ${#found[@]} -gt 0 ] || { echo "dockerfile-chroot: COPY: nothing matches $s in $src_root" >&2; exit 1; }
			sources+=("${found[@]}")
		done
		if [[ ${words[n - 1]} == */ ]] || [ ${#sources[@]} -gt 1 ] || [ -d "$src_root/${sources[0]}" ]; then
			mkdir -p "$root$dest"
			for s in "${sources[@]}"; do
				if [ -d "$src_root/$s" ]; then
					tar -C "$src_root/$s" --anchored "${ignore[@]}" -cf - . | tar -C "$root$dest" --no-same-owner -xf -
				else
					install -m "$(stat -c %a "$src_root/$s")" "$src_root/$s" "$root$dest/"
				fi
			done
		else
			mkdir -p "$(dirname "$root$dest")"
			install -m "$(stat -c %a "$src_root/${sources[0]}")" "$src_root/${sources[0]}" "$root$dest"
		fi
		;;
	ENTRYPOINT)
		[[ $rest == \[* ]] || { echo "dockerfile-chroot: only ENTRYPOINT in exec form is supported" >&2; exit 2; }
		mapfile -d '' -t entrypoint < <(exec_form "$rest")
		;;
	CMD | LABEL | EXPOSE | HEALTHCHECK | STOPSIGNAL | SHELL | MAINTAINER) echo "    (not replayed)" >&2 ;;
	*) echo "dockerfile-chroot: $instr is not supported" >&2; exit 2 ;;
	esac
done
[ "$replay" = 0 ] || echo "dockerfile-chroot: stage $stage replayed in $root" >&2
if [ "$want_run" = 1 ]; then
	[ ${#entrypoint[@]} -gt 0 ] || { echo "dockerfile-chroot: the stage has no ENTRYPOINT" >&2; exit 2; }
	echo "==> run as $user in $workdir: ${entrypoint[*]} ${run_args[*]}" >&2
	in_root "${entrypoint[@]}" "${run_args[@]}"
fi
