#!/usr/bin/env bash
# Builds the Dockerfile with podman (no Docker daemon needed) and checks the
# image end to end: /healthz, /readyz, GET /v1/engines (every installed
# engine served), one POST /v1/diff judged by the in-house pair and external
# engines, a small sweep; then virtuoso, deploy/compose.yaml (podman-compose)
# and deploy/k8s (podman play kube) on PostgreSQL. Idempotent: base images
# and the built image are reused when present (REBUILD=1 rebuilds the image);
# every container it starts is removed. Prints each command it runs.
#
#   bash scripts/image-check.sh             # every step (as root, Debian 12)
#   bash scripts/image-check.sh run check   # only the named steps
#
# Base images: when Docker Hub is unreachable, debian:bookworm-slim is made
# with debootstrap and golang:1.26-bookworm from it plus a Go toolchain (the
# host's GOROOT when it is the go.mod version, else the Go proxy's
# golang.org/toolchain module). See deploy/README.md for what was verified.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-sparql-oracle}
PORT=${PORT:-18080}
WORK=${IMAGE_CHECK_WORK:-/tmp/sparql-oracle-image}
NAME=sparql-oracle-check
KUBE_PG=sparql-oracle-check-kube-pg
POSTGRES_IMAGE=${POSTGRES_IMAGE:-localhost/postgres-standin:15}
# The W3C suite (not in the image) is mounted where the image's $W3C_TESTS says.
W3C_DIR=$(cd "${W3C_TESTS:-../shared/w3c/rdf-tests}" 2>/dev/null && pwd || true)
W3C_MOUNT=()
[ -n "$W3C_DIR" ] && W3C_MOUNT=(-v "$W3C_DIR:/opt/w3c/rdf-tests:ro")
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NICE=(nice -n "${NICE_LEVEL:-15}")
GOVERSION=$(awk '/^toolchain go/ {sub("toolchain go", ""); print; exit} /^go / {v=$2} END {if (v) print v}' go.mod | head -1)

log() { printf '\n== %s\n' "$*" >&2; }
run() {
	printf '+ %s\n' "$*" >&2
	"$@"
}
die() {
	printf 'image-check: FAIL: %s\n' "$*" >&2
	exit 1
}

# tools installs podman and what it needs here (Debian 12, as root).
tools() {
	log "tools: podman, runc, debootstrap"
	local missing=()
	for p in podman podman-compose runc debootstrap uidmap slirp4netns fuse-overlayfs curl jq python3-yaml; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" = 0 ] || die "need root to apt-get install ${missing[*]}"
	run apt-get update -qq
	run "${NICE[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# hostconf works around two limits of nested VMs like the one this was
# verified on (cgroup v1/v2 hybrid, capped RLIMIT_NPROC): crun refuses hybrid
# cgroups, and podman's default ulimits exceed the caps. runc and ulimits at
# or under the host's own pass. Skipped when CONTAINERS_CONF is already set.
hostconf() {
	mkdir -p "$WORK"
	if [ -n "${CONTAINERS_CONF:-}" ] && [ "$CONTAINERS_CONF" != "$WORK/containers.conf" ]; then
		return 0
	fi
	local nofile
	nofile=$(ulimit -Hn)
	[ "$nofile" = unlimited ] && nofile=1048576
	cat >"$WORK/containers.conf" <<-EOF
		[containers]
		default_ulimits = ["nofile=$nofile:$nofile", "nproc=4096:4096"]
		[engine]
		runtime = "runc"
		cgroup_manager = "cgroupfs"
	EOF
	export CONTAINERS_CONF=$WORK/containers.conf
	log "hostconf: CONTAINERS_CONF=$CONTAINERS_CONF (runc, nofile=$nofile, nproc=4096)"
}

has_image() { podman image exists "$1"; }

# debian_image provides debian:bookworm-slim: pulled, else debootstrapped
# (minbase, dpkg told to skip docs like the official slim image).
debian_image() {
	log "base image debian:bookworm-slim"
	has_image docker.io/library/debian:bookworm-slim && return 0
	if run timeout 60 podman pull -q docker.io/library/debian:bookworm-slim; then
		return 0
	fi
	local root=$WORK/rootfs
	if [ ! -x "$root/usr/bin/apt-get" ]; then
		rm -rf "$root"
		run "${NICE[@]}" debootstrap --variant=minbase bookworm "$root" "$MIRROR"
	fi
	rm -f "$root/etc/apt/sources.list"
	cat >"$root/etc/apt/sources.list.d/debian.sources" <<-EOF
		Types: deb
		URIs: $MIRROR
		Suites: bookworm bookworm-updates
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

		Types: deb
		URIs: ${MIRROR}-security
		Suites: bookworm-security
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
	EOF
	cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<-'EOF'
		path-exclude /usr/share/doc/*
		path-include /usr/share/doc/*/copyright
		path-exclude /usr/share/man/*
		path-exclude /usr/share/info/*
		path-exclude /usr/share/locale/*
	EOF
	rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
	extra_cas "$root"
	printf '%s\n' "tar -C $root -c . | podman import - docker.io/library/debian:bookworm-slim" >&2
	tar -C "$root" -c . | podman import -q --change 'CMD ["bash"]' - docker.io/library/debian:bookworm-slim >/dev/null
}

# extra_cas copies the host's local CA certificates (EXTRA_CA_DIR) into the
# rootfs: where egress goes through a TLS-intercepting proxy, the build's
# go mod download, npm ci, pip and mvn trust it once the Dockerfile installs
# ca-certificates (its update-ca-certificates picks up these files).
extra_cas() {
	local dir=${EXTRA_CA_DIR:-/usr/local/share/ca-certificates}
	mkdir -p "$1/usr/local/share/ca-certificates"
	[ -d "$dir" ] || return 0
	find "$dir" -maxdepth 1 -name '*.crt' -exec cp {} "$1/usr/local/share/ca-certificates/" \;
	ls "$1/usr/local/share/ca-certificates" >&2
}

# goroot prints a Go toolchain of the go.mod version: the host's, else one
# unpacked from the Go proxy's golang.org/toolchain module.
goroot() {
	local host
	host=$(go env GOROOT 2>/dev/null || true)
	if [ -n "$host" ] && [ "$("$host/bin/go" env GOVERSION 2>/dev/null)" = "go$GOVERSION" ]; then
		echo "$host"
		return 0
	fi
	local mod="v0.0.1-go$GOVERSION.linux-amd64" dir=$WORK/toolchain
	if [ ! -x "$dir/go/bin/go" ]; then
		run curl -fsSL -o "$WORK/toolchain.zip" "https://proxy.golang.org/golang.org/toolchain/@v/$mod.zip"
		rm -rf "$dir" && mkdir -p "$dir"
		python3 - "$WORK/toolchain.zip" "$dir" "golang.org/toolchain@$mod/" <<-'EOF'
			import os, stat, sys, zipfile
			zf, dest, prefix = zipfile.ZipFile(sys.argv[1]), sys.argv[2], sys.argv[3]
			for info in zf.infolist():
			    name = "go/" + info.filename[len(prefix):]
			    path = os.path.join(dest, name)
			    if info.is_dir():
			        continue
			    os.makedirs(os.path.dirname(path), exist_ok=True)
			    with open(path, "wb") as f:
			        f.write(zf.read(info))
			    mode = (info.external_attr >> 16) & 0o777
			    os.chmod(path, mode or 0o644)
		EOF
	fi
	echo "$dir/go"
}

# golang_image provides golang:1.26-bookworm: pulled, else debian plus Go.
golang_image() {
	local tag="golang:${GOVERSION%.*}-bookworm"
	log "base image $tag"
	has_image "docker.io/library/$tag" && return 0
	if run timeout 60 podman pull -q "docker.io/library/$tag"; then
		return 0
	fi
	local ctx=$WORK/golang-context src
	src=$(goroot)
	rm -rf "$ctx" && mkdir -p "$ctx"
	run cp -a "$src" "$ctx/go"
	rm -rf "$ctx/go/pkg/obj" "$ctx/go/pkg/tool/"*/{race,}.a 2>/dev/null || true
	cat >"$ctx/Containerfile" <<-'EOF'
		FROM docker.io/library/debian:bookworm-slim
		RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends ca-certificates git \
		 && rm -rf /var/lib/apt/lists/*
		COPY go /usr/local/go
		ENV GOPATH=/go PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
		WORKDIR /go
	EOF
	run "${NICE[@]}" podman build ${BUILD_NETWORK:+--network "$BUILD_NETWORK"} -q -t "docker.io/library/$tag" "$ctx"
}

# postgres_image makes $POSTGRES_IMAGE, a stand-in for compose's
# postgres:16-bookworm when Docker Hub is unreachable: Debian's PostgreSQL
# 15 with the official image's interface (POSTGRES_USER, POSTGRES_PASSWORD,
# POSTGRES_DB, data in /var/lib/postgresql/data, pg_isready).
postgres_image() {
	log "stand-in image $POSTGRES_IMAGE"
	has_image "$POSTGRES_IMAGE" && return 0
	local ctx=$WORK/postgres-context
	rm -rf "$ctx" && mkdir -p "$ctx"
	cat >"$ctx/entrypoint.sh" <<-'EOF'
		#!/bin/sh
		set -eu
		bin=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
		export PGDATA=/var/lib/postgresql/data
		mkdir -p "$PGDATA" /var/run/postgresql
		chown -R postgres:postgres "$PGDATA" /var/run/postgresql
		if [ ! -s "$PGDATA/PG_VERSION" ]; then
			printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pw
			chown postgres /tmp/pw
			runuser -u postgres -- "$bin/initdb" -U "$POSTGRES_USER" --pwfile=/tmp/pw -A scram-sha-256 >/dev/null
			rm /tmp/pw
			echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
			runuser -u postgres -- "$bin/pg_ctl" -w -o "-c listen_addresses=''" start >/dev/null
			[ "$POSTGRES_DB" = postgres ] || PGPASSWORD=$POSTGRES_PASSWORD runuser -u postgres -- psql -q -U "$POSTGRES_USER" -d postgres -c "CREATE DATABASE \"$POSTGRES_DB\""
			runuser -u postgres -- "$bin/pg_ctl" -w stop >/dev/null
		fi
		exec runuser -u postgres -- "$bin/postgres" -c listen_addresses='*'
	EOF
	cat >"$ctx/Containerfile" <<-'EOF'
		FROM docker.io/library/debian:bookworm-slim
		RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql \
		 && rm -rf /var/lib/apt/lists/*
		COPY entrypoint.sh /entrypoint.sh
		ENV POSTGRES_USER=postgres POSTGRES_DB=postgres
		EXPOSE 5432
		ENTRYPOINT ["sh", "/entrypoint.sh"]
	EOF
	run "${NICE[@]}" podman build -q -t "$POSTGRES_IMAGE" "$ctx"
}

# build builds the repository's Dockerfile, timing it.
build() {
	log "build $IMAGE"
	if has_image "$IMAGE" && [ "${REBUILD:-0}" != 1 ]; then
		echo "image $IMAGE exists (REBUILD=1 to rebuild)" >&2
	else
		local t0=$SECONDS
		# --jobs 2: the engine stage (mostly downloads) runs beside the Go build.
		run "${NICE[@]}" podman build --jobs 2 ${BUILD_NETWORK:+--network "$BUILD_NETWORK"} -t "$IMAGE" -f Dockerfile .
		has_image "$IMAGE" || die "podman build made no image $IMAGE"
		echo "build time: $((SECONDS - t0)) s" >&2
	fi
	podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' "$IMAGE" >&2
}

# run starts the image as a detached container serving 127.0.0.1:$PORT:
# port mapping first, host networking when RUN_NETWORK=host.
run_container() {
	log "run $IMAGE on 127.0.0.1:$PORT"
	podman rm -f -i "$NAME" >/dev/null
	if [ "${RUN_NETWORK:-}" = host ]; then
		run podman run -d --name "$NAME" --network host "${W3C_MOUNT[@]}" "$IMAGE" \
			serve --addr "127.0.0.1:$PORT" --db /var/lib/oracle/oracle.db
	else
		run podman run -d --name "$NAME" -p "127.0.0.1:$PORT:8080" "${W3C_MOUNT[@]}" "$IMAGE"
	fi
}

# wait_ready polls /readyz until it answers 200 (up to 120 s).
wait_ready() {
	local i
	for i in $(seq 120); do
		curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null && return 0
		podman container exists "$NAME" && [ "$(podman inspect -f '{{.State.Running}}' "$NAME")" = true ] ||
			{ podman logs "$NAME" >&2; die "container stopped"; }
		sleep 1
	done
	podman logs "$NAME" >&2
	die "/readyz not ready after 120 s"
}

# check runs the HTTP checks against the running container.
check() {
	log "check http://127.0.0.1:$PORT"
	wait_ready
	run curl -fsS "http://127.0.0.1:$PORT/healthz" && echo
	run curl -fsS "http://127.0.0.1:$PORT/readyz" && echo
	engines
	diff_case
	sweep
}

# engines checks that GET /v1/engines serves every expected engine with a
# version (a sidecar answered), and prints `oracle engines` run in the
# container (available, reason) for every known engine.
engines() {
	local out want missing=()
	out=$(run curl -fsS "http://127.0.0.1:$PORT/v1/engines")
	echo "$out" | jq -r '.engines[] | "  \(.name) \(.version) \(.role)"' >&2
	for want in ${EXPECT_ENGINES:-reference engine attean comunica jena oxigraph oxilite pyoxigraph rasqal rdflib rdfquery}; do
		echo "$out" | jq -e --arg n "$want" '[.engines[] | select(.name == $n and .version != "" and .version != "unknown")] | length == 1' >/dev/null ||
			missing+=("$want")
	done
	[ ${#missing[@]} -eq 0 ] || die "engines not served: ${missing[*]}"
	run podman exec "$NAME" oracle engines --format table --timeout 60s >&2
}

# diff_case posts one JSON case and requires verdicts from the in-house
# pair and at least two external engines.
diff_case() {
	local body out n
	body='{"name":"image-check","query":"PREFIX : <http://example.org/> SELECT ?s ?o WHERE { ?s :p ?o } ORDER BY ?s",'
	body+='"dataset":{"default":"@prefix : <http://example.org/> . :a :p 1 . :b :p \"x\" ."}'
	body+="${DIFF_ENGINES:+,\"engines\":$DIFF_ENGINES}}"
	out=$(run curl -fsS -X POST -H 'Content-Type: application/json' --data "$body" "http://127.0.0.1:$PORT/v1/diff")
	echo "$out" | jq -c '{kind, judge, verdicts: [.verdicts[] | {engine, outcome, elapsed_ms, error}]}' >&2
	# The reference is the judge (no verdict of its own); engine is its twin.
	echo "$out" | jq -e '.judge == "reference" and .judge_error == null' >/dev/null || die "not judged by the reference"
	echo "$out" | jq -e '[.verdicts[] | select(.engine == "engine" and .outcome == "correct")] | length == 1' >/dev/null ||
		die "no correct verdict from engine"
	n=$(echo "$out" | jq '[.verdicts[] | select(.engine != "reference" and .engine != "engine" and (.outcome == "correct" or .outcome == "wrong"))] | length')
	[ "$n" -ge 2 ] || die "only $n external engines judged"
	echo "externals judged: $n" >&2
}

# sweep runs a small sweep (regression corpus, 5 generated seeds, one W3C
# manifest when the suite is mounted) on the in-house pair and waits for it.
sweep() {
	local spec id state i
	spec='{"name":"image-check","regress":true,"generated":{"from":0,"to":5}'
	[ -n "$W3C_DIR" ] && spec+=',"w3c":{"manifests":["sparql11/bind/manifest.ttl"]}'
	spec+='}'
	id=$(run curl -fsS -X POST -H 'Content-Type: application/json' ${TOKEN:+-H "Authorization: Bearer $TOKEN"} \
		--data "$spec" "http://127.0.0.1:$PORT/v1/sweeps" | jq -r .id)
	for i in $(seq 300); do
		state=$(curl -fsS "http://127.0.0.1:$PORT/v1/sweeps/$id" | jq -r .state)
		case $state in done | failed | cancelled) break ;; esac
		sleep 1
	done
	curl -fsS "http://127.0.0.1:$PORT/v1/sweeps/$id" | jq -c '{id, state, error, total, done, diverged, failed}' >&2
	[ "$state" = done ] || die "sweep $id: $state"
}

# virtuoso checks the one installed engine `serve` runs only when named:
# a second container with --engines virtuoso and the example config.
# --deadline 60s: virtuoso-t starts on the first query, within that query's
# deadline (adapters/virtuoso), and its start took over 10 s under load here.
virtuoso() {
	local name=$NAME-virtuoso port=$((PORT + 1)) i out
	log "virtuoso on 127.0.0.1:$port"
	podman rm -f -i "$name" >/dev/null
	# A token: without one serve listens on loopback only, and 0.0.0.0 is refused.
	run podman run -d --name "$name" -p "127.0.0.1:$port:8080" -e ORACLE_CONFIG=/etc/oracle/engines.json -e ORACLE_TOKEN=virtuoso-check-token \
		-v "$PWD/deploy/engines.example.json:/etc/oracle/engines.json:ro" "$IMAGE" \
		serve --addr 0.0.0.0:8080 --db /var/lib/oracle/oracle.db --engines virtuoso --deadline 60s
	for i in $(seq 120); do
		curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null && break
		sleep 1
	done
	out=$(run curl -fsS -X POST -H 'Content-Type: application/json' -H 'Authorization: Bearer virtuoso-check-token' \
		--data '{"query":"SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }","dataset":{"default":"<http://example.org/a> <http://example.org/p> 1 ."}}' \
		"http://127.0.0.1:$port/v1/diff") || { podman logs "$name" >&2; die "virtuoso diff failed"; }
	echo "$out" | jq -c '[.verdicts[] | {engine, outcome, error}]' >&2
	podman rm -f "$name" >/dev/null
	echo "$out" | jq -e '[.verdicts[] | select(.engine == "virtuoso" and .outcome == "correct")] | length == 1' >/dev/null ||
		die "virtuoso not correct"
}

# compose runs deploy/compose.yaml's postgres and oracle services with
# podman-compose (Prometheus and Grafana need Docker Hub images), then the
# same HTTP checks against the oracle on PostgreSQL with a token.
compose() {
	log "compose: postgres + oracle (podman-compose)"
	postgres_image
	local PORT=${COMPOSE_PORT:-18090} TOKEN=image-check-token
	export POSTGRES_IMAGE ORACLE_PORT=$PORT ORACLE_TOKEN=$TOKEN
	[ -n "$W3C_DIR" ] && export W3C_TESTS=$W3C_DIR
	local NAME
	# compose.yaml's seccomp profile is podman's own plus the rule the
	# engines' bubblewrap needs (deploy/README.md): merge it first.
	run go run ./deploy/seccompmerge -base /usr/share/containers/seccomp.json -o deploy/seccomp-merged.json
	run podman-compose -f deploy/compose.yaml -p sparql-oracle-check down -v >/dev/null 2>&1
	# podman-compose 1.0.3 ignores depends_on's service_healthy: wait here.
	run podman-compose -f deploy/compose.yaml -p sparql-oracle-check up -d postgres >/dev/null
	local pg i
	pg=$(podman ps --format '{{.Names}}' | grep -m1 'sparql-oracle-check.*postgres')
	for i in $(seq 60); do
		podman exec "$pg" pg_isready -q -U oracle -d oracle && break
		sleep 1
	done
	run podman-compose -f deploy/compose.yaml -p sparql-oracle-check up -d oracle >/dev/null
	NAME=$(podman ps --format '{{.Names}}' | grep -m1 'sparql-oracle-check.*oracle')
	wait_ready
	run curl -fsS "http://127.0.0.1:$PORT/readyz" && echo
	[ "$(curl -s -o /dev/null -w '%{http_code}' -X POST --data '{}' "http://127.0.0.1:$PORT/v1/sweeps")" = 401 ] ||
		die "write without the token was not refused"
	sweep
	podman logs "$NAME" 2>&1 | tail -3 >&2
	run podman-compose -f deploy/compose.yaml -p sparql-oracle-check down -v >/dev/null
}

# kube runs deploy/k8s's API and worker deployments with `podman play kube`
# on a PostgreSQL stand-in, then a sweep through the API (which only
# enqueues, --workers -1) that the worker pod must run. podman 4.3 does not
# expand $(VAR) in args, take kustomize's configMapGenerator or pull
# alpine/git, so kube_manifests rewrites a copy: one replica each, $(VAR)
# expanded, files/ as a ConfigMap, the W3C suite mounted from the host.
kube() {
	log "kube: deploy/k8s with podman play kube"
	postgres_image
	local dir=$WORK/kube pg=$KUBE_PG ip i PORT=${KUBE_PORT:-18100} TOKEN=kube-token
	mkdir -p "$dir"
	kube_down
	run podman run -d --name "$pg" -e POSTGRES_USER=oracle -e POSTGRES_PASSWORD=kube -e POSTGRES_DB=oracle "$POSTGRES_IMAGE" >/dev/null
	for i in $(seq 60); do
		podman exec "$pg" pg_isready -q -U oracle -d oracle && break
		sleep 1
	done
	ip=$(podman inspect -f '{{.NetworkSettings.IPAddress}}' "$pg")
	kube_manifests "$dir" "postgres://oracle:kube@$ip:5432/oracle?sslmode=disable" "$TOKEN" "$PORT"
	run podman secret create oracle-secrets "$dir/secret.json" >/dev/null
	for i in api worker; do
		run podman play kube --configmap "$dir/files.yaml" --configmap "$dir/config.yaml" "$dir/$i.yaml" >/dev/null
	done
	local NAME=oracle-worker-pod-0-oracle
	PORT=$((PORT + 1)) wait_ready
	NAME=oracle-api-pod-0-oracle
	wait_ready
	run curl -fsS "http://127.0.0.1:$PORT/readyz" && echo
	run curl -fsS "http://127.0.0.1:$((PORT + 1))/readyz" && echo
	sweep
	podman logs oracle-worker-pod-0-oracle 2>&1 | tail -2 >&2
	kube_down
}

kube_down() {
	local dir=$WORK/kube
	local f
	for f in "$dir/api.yaml" "$dir/worker.yaml"; do
		[ ! -f "$f" ] || podman play kube --down "$f" >/dev/null 2>&1 || true
	done
	podman secret rm oracle-secrets >/dev/null 2>&1 || true
	podman rm -f -i "$KUBE_PG" >/dev/null
}

# kube_manifests DIR DATABASE_URL TOKEN PORT writes podman-ready copies.
kube_manifests() {
	python3 - deploy/k8s "$@" "$W3C_DIR" <<-'EOF'
		import base64, json, os, re, sys, yaml
		src, out, dsn, token, port, w3c = sys.argv[1:7]
		env = yaml.safe_load(open(os.path.join(src, "config.yaml")))["data"]
		env.update(DATABASE_URL=dsn, ORACLE_TOKEN=token)
		secret = {"database-url": dsn, "token": token}
		json.dump({k: base64.b64encode(v.encode()).decode() for k, v in secret.items()},
		          open(os.path.join(out, "secret.json"), "w"))
		files = {n: open(os.path.join(src, "files", n)).read() for n in sorted(os.listdir(os.path.join(src, "files")))}
		for cm, data in (("files", files), ("config", env)):
		    yaml.safe_dump({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "oracle-" + cm}, "data": data},
		                   open(os.path.join(out, cm + ".yaml"), "w"))
		for i, name in enumerate(["api", "worker"]):
		    docs = [d for d in yaml.safe_load_all(open(os.path.join(src, name + ".yaml"))) if d["kind"] == "Deployment"]
		    for d in docs:
		        d["spec"]["replicas"] = 1
		        pod = d["spec"]["template"]["spec"]
		        pod.pop("initContainers", None)
		        for v in pod.get("volumes", []):
		            if v["name"] == "w3c" and w3c:
		                v.pop("emptyDir", None)
		                v["hostPath"] = {"path": os.path.dirname(w3c), "type": "Directory"}
		        for c in pod["containers"]:
		            c["args"] = [re.sub(r"\$\((\w+)\)", lambda m: env[m.group(1)], a) for a in c["args"]]
		            for p in c.get("ports", []):
		                p["hostPort"] = int(port) + i
		    yaml.safe_dump_all(docs, open(os.path.join(out, name + ".yaml"), "w"))
	EOF
}

# stop removes the check container.
stop() {
	log "stop $NAME"
	run podman rm -f -i "$NAME" >/dev/null
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(tools debian_image golang_image build run_container check stop virtuoso compose kube)
hostconf_done=0
for s in "${steps[@]}"; do
	[ "$s" = run ] && s=run_container
	declare -F "$s" >/dev/null || die "unknown step $s"
	# Every podman call needs the host configuration.
	[ $hostconf_done = 1 ] || { [ "$s" = tools ] || { hostconf; hostconf_done=1; }; }
	"$s"
done
echo "image-check: OK (${steps[*]})" >&2
