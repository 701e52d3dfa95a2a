#!/bin/sh
# build-master.sh SNAPSHOT DEST: builds roqet from a snapshot of Rasqal's git
# master (rasqal-master-COMMIT.tar.gz with its submodules) into DEST/bin/roqet
# and writes DEST/VERSION ("master COMMIT"): the engine rasqal@master beside
# Debian 12's 0.9.33, for `oracle bisect`. `oracle engines install
# rasqal@master` runs it (internal/install, the descriptor's snapshot-release
# step, which installs the build dependencies first and finds the snapshot).
#
# The snapshot is built in a temporary folder, never in the checkout.
# librasqal is linked statically (--disable-shared): a shared master build has
# Debian's soname (librasqal.so.3), and any roqet that found the system's
# library first would silently be 0.9.33 again; raptor2 and the rest are the
# system's, configured as Debian configures 0.9.33 (gmp decimals, POSIX regex,
# mhash digests, libuuid). Only roqet is built (utils/rasqal-compare does not
# link statically at this commit: librasqal.a holds a main of its own).
set -eu
tar=${1:?usage: build-master.sh SNAPSHOT DEST}
dest=${2:?usage: build-master.sh SNAPSHOT DEST}
case $dest in /*) ;; *) dest=$PWD/$dest ;; esac
commit=$(grep -o '[0-9a-f]\{40\}' "$(dirname "$tar")/PROVENANCE.txt" 2>/dev/null | head -1) || true
[ -n "$commit" ] || commit=$(basename "$tar" .tar.gz | sed 's/^rasqal-master-//')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$tar" -C "$work"
cd "$work"/rasqal*
echo "build-master.sh: building roqet from $tar (30 s to 4 min on 2 cores)" >&2
{
	NOCONFIGURE=1 ./autogen.sh &&
		./configure -q --prefix="$dest" --enable-maintainer-mode --disable-shared --enable-static \
			--disable-gtk-doc --with-decimal=gmp --with-regex-library=posix \
			--with-digest-library=mhash --with-uuid-library=libuuid &&
		for sub in libsv libmtwist getopt src; do make -j"$(nproc)" -C "$sub" || exit 1; done &&
		make -C utils roqet
} >"$work/build.log" 2>&1 || {
	tail -40 "$work/build.log" >&2
	exit 1
}
install -D -m 0755 utils/roqet "$dest/bin/roqet"
printf 'master %s\n' "$commit" >"$dest/VERSION"
